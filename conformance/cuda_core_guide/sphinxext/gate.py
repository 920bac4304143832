# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker as a documentation build gate.

Findings become Sphinx warnings located at ``path:line``, so a build with
``-W`` fails on them and prints where they are. The build also warns when
the checker implements a rule that no guide chapter documents.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from cuda_core_guide.checker.config import Config, ConfigError, load_config
from cuda_core_guide.checker.config_resolution import ConfigResolver
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.checker.runner import check_paths
from cuda_core_guide.sphinxext.domain import GuideDomain

__all__ = ["check_rule_coverage", "run_checker"]

_logger = logging.getLogger(__name__)


def run_checker(app: Sphinx) -> None:
    """Check the paths named by ``cuda_core_guide_check`` and warn for each finding.

    Parameters
    ----------
    app : Sphinx
        The application; its ``cuda_core_guide_check`` paths are relative
        to the configuration directory.
    """
    paths = [Path(app.confdir) / path for path in app.config.cuda_core_guide_check]
    if not paths:
        return
    try:
        config = _config(app)
        findings = check_paths(paths, config)
    except ConfigError as exc:
        # A configuration of the wrong type is a located warning, not an extension error.
        location = f"{exc.path}:1" if exc.path is not None else None
        _logger.warning(
            "cuda-core-guide cannot check the configured paths: %s", exc, location=location, type="cuda-core-guide"
        )
        return
    except FileNotFoundError as exc:
        _logger.warning("cuda-core-guide cannot check the configured paths: %s", exc, type="cuda-core-guide")
        return
    for finding in findings:
        _logger.warning(
            "%s %s",
            finding.rule,
            finding.message,
            location=f"{_shown(finding.path)}:{finding.line}",
            type="cuda-core-guide",
            subtype=finding.rule,
        )
    checked = ", ".join(_shown(str(p)) for p in paths)
    _logger.info("cuda-core-guide: %d finding(s) in %s", len(findings), checked)


def check_rule_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn for every rule the checker implements but no chapter defines (when asked to).

    Parameters
    ----------
    app : Sphinx
        The application, whose configuration says whether every rule must be defined.
    env : BuildEnvironment
        The environment, after all documents are read.
    """
    if not app.config.cuda_core_guide_require_all_rules:
        return
    domain: GuideDomain = env.get_domain("guide")  # type: ignore[assignment]
    for code, rule in all_rules().items():
        if code not in domain.rules:
            location = _source_file(type(rule))
            _logger.warning("the checker implements %s but no guide chapter defines it", code, location=f"{location}:1")


def _source_file(cls: type) -> str:
    """Return the file that defines a rule's class (its module's, if the module was unloaded)."""
    try:
        return inspect.getsourcefile(cls) or cls.__module__
    except TypeError:
        spec = importlib.util.find_spec(cls.__module__)
        return spec.origin if spec is not None and spec.origin else cls.__module__


def _config(app: Sphinx) -> Config | ConfigResolver:
    """Return the configuration named by ``cuda_core_guide_config``, else each file's own, as the command finds it."""
    name = app.config.cuda_core_guide_config
    if not name:
        return ConfigResolver()
    # Normalised, so that a warning about the file is located at it rather than at "docs/../pyproject.toml".
    return load_config(Path(os.path.normpath(Path(app.confdir) / name)))


def _shown(path: str) -> str:
    """Return a path relative to the working directory when it lies below it."""
    absolute = os.path.abspath(path)
    relative = os.path.relpath(absolute)
    return absolute if relative.startswith("..") else relative
