# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Sphinx extension: the guide's rules, their examples, and the checker as a build gate.

Add ``"cuda_core_guide.sphinxext"`` to ``extensions``. It provides

- the ``rule`` directive and the ``{rule}`` role (``{rule}`IMP001```);
- the ``avoid``, ``prefer`` and ``runnable`` example directives;
- the ``rule-index`` directive, a table of every rule;
- the checker as a gate: set ``cuda_core_guide_check`` to a list of paths
  (relative to the configuration directory) and every finding becomes a
  warning at its ``path:line``, so ``sphinx-build -W`` fails on it
  (``cuda_core_guide_config`` names the ``pyproject.toml`` to configure it);
- with ``cuda_core_guide_require_all_rules = True``, a warning for every
  rule the checker implements that no ``rule`` directive defines.
"""

from __future__ import annotations

from sphinx.application import Sphinx

from cuda_core_guide import __version__
from cuda_core_guide.sphinxext.domain import GuideDomain, RuleRole
from cuda_core_guide.sphinxext.examples import ExampleDirective
from cuda_core_guide.sphinxext.gate import check_rule_coverage, run_checker
from cuda_core_guide.sphinxext.rule_directive import RuleDirective
from cuda_core_guide.sphinxext.rule_index import RuleIndexDirective, render_rule_indexes

__all__ = ["setup"]


def setup(app: Sphinx) -> dict[str, object]:
    """Register the extension with Sphinx.

    Parameters
    ----------
    app : Sphinx
        The application.

    Returns
    -------
    dict
        Extension metadata: parallel reading and writing are safe.
    """
    app.add_config_value("cuda_core_guide_check", [], "env", types=[list])
    app.add_config_value("cuda_core_guide_config", "", "env", types=[str])
    app.add_config_value("cuda_core_guide_require_all_rules", False, "env", types=[bool])
    app.add_domain(GuideDomain)
    app.add_role("rule", RuleRole())
    app.add_directive("rule", RuleDirective)
    for kind in ("avoid", "prefer", "runnable"):
        app.add_directive(kind, ExampleDirective)
    app.add_directive("rule-index", RuleIndexDirective)
    app.connect("builder-inited", run_checker)
    app.connect("env-check-consistency", check_rule_coverage)
    app.connect("doctree-resolved", render_rule_indexes)
    app.add_css_file("cuda-core-guide.css")
    app.connect("builder-inited", _add_static_path)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


def _add_static_path(app: Sphinx) -> None:
    """Serve the extension's stylesheet."""
    from pathlib import Path

    app.config.html_static_path.append(str(Path(__file__).parent / "static"))
