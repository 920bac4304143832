# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The module paths of the flat layout, kept working, with a deprecation warning, until 0.2.

The package's modules once sat side by side in its top folder; they now
live in a subpackage per product (:mod:`cuda_core_guide.checker`,
:mod:`cuda_core_guide.guide`, :mod:`cuda_core_guide.examples`,
:mod:`cuda_core_guide.reports`). An old path still works whichever way it
is used: ``import cuda_core_guide.runner``, ``from cuda_core_guide.config
import Config``, ``pytest -p cuda_core_guide.api_coverage_plugin`` or
``python -m cuda_core_guide.conformance_report``. Each warns
:class:`DeprecationWarning` naming the new path, and gives the module at its
new path: the same module object, so its classes are the same classes.

The package installs :class:`MovedFinder` when it is imported; it imports
no module of the package until an old path is used.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
import types
import warnings

__all__ = ["MOVED", "MovedFinder", "install", "new_name"]

MOVED = {
    "cache": "checker.cache",
    "cache_key": "checker.cache_key",
    "cli": "checker.cli",
    "config": "checker.config",
    "config_resolution": "checker.config_resolution",
    "config_schema": "checker.config_schema",
    "config_text": "checker.config_text",
    "fixes": "checker.fixes",
    "fixing": "checker.fixing",
    "formats": "checker.formats",
    "rules": "checker.rules",
    "runner": "checker.runner",
    "time_limit": "checker.time_limit",
    "catalog": "guide.catalog",
    "differences": "guide.differences",
    "excerpts": "guide.excerpts",
    "guide_markup": "guide.markup",
    "guide_rules": "guide.chapters",
    "includes": "guide.includes",
    "myst": "guide.myst",
    "plaintext": "guide.plaintext",
    "rule_text": "guide.rule_text",
    "example_build": "examples.build",
    "example_check": "examples.check",
    "api_coverage": "reports.api_coverage",
    "api_coverage_plugin": "reports.api_coverage_plugin",
    "bad_arguments": "reports.bad_arguments",
    "bad_arguments_report": "reports.bad_arguments_report",
    "bench_profile": "reports.bench_profile",
    "bench_report": "reports.bench_report",
    "bench_stats": "reports.bench_stats",
    "conformance_report": "reports.conformance_report",
    "provenance": "reports.provenance",
    "report_file": "reports.report_file",
    "speed_targets": "reports.speed_targets",
    "upstream_releases": "reports.upstream_releases",
    "upstream_report": "reports.upstream_report",
}
"""Each old module name, relative to the package, and its new one; a moved package's submodules follow it."""

_PACKAGE = "cuda_core_guide"
_IMPORT_MACHINERY = ("<frozen ", os.path.dirname(importlib.__file__), __file__)


class MovedFinder:
    """Find a module by its old path, and load it as the module at its new path.

    An entry of :data:`sys.meta_path` needs only :meth:`find_spec`; not deriving
    from :mod:`importlib.abc`, which imports :mod:`importlib.resources`, keeps
    the package's import short, and with it the moment before the command
    line can take Ctrl-C as it documents.
    """

    def find_spec(
        self, fullname: str, path: object = None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """Return a spec that loads the moved module, or ``None`` for any other name.

        Parameters
        ----------
        fullname : str
            The module's full dotted name.
        path : object, optional
            The parent package's search path (unused: the new path decides).
        target : module, optional
            The module being reloaded (unused).

        Returns
        -------
        ModuleSpec or None
            A spec under the old name whose loader gives the new module.
        """
        new = new_name(fullname)
        if new is None:
            return None
        real = importlib.util.find_spec(new)
        if real is None:
            return None
        spec = importlib.machinery.ModuleSpec(
            fullname,
            _MovedLoader(new, real),
            origin=real.origin,
            is_package=real.submodule_search_locations is not None,
        )
        return spec


class _MovedLoader:
    """Load an old path as the module at its new path, warning once per import."""

    def __init__(self, new: str, real: importlib.machinery.ModuleSpec) -> None:
        self._new = new
        self._real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        """Let the import system create the placeholder module that :meth:`exec_module` replaces."""
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        """Put the module at the new path in the old name's place in ``sys.modules``."""
        _warn(module.__name__, self._new)
        sys.modules[module.__name__] = importlib.import_module(self._new)

    def get_code(self, fullname: str) -> types.CodeType | None:
        """Return the new module's code, for ``python -m`` with the old path."""
        _warn(fullname, self._new)
        return self._real.loader.get_code(self._new)


def new_name(fullname: str) -> str | None:
    """Return the new path of a module of the flat layout, or ``None`` for any other name.

    Parameters
    ----------
    fullname : str
        A dotted module name (``cuda_core_guide.rules.cud.tree``).

    Returns
    -------
    str or None
        The module's new name (``cuda_core_guide.checker.rules.cud.tree``).
    """
    package, _, rest = fullname.partition(".")
    if package != _PACKAGE or not rest:
        return None
    head, dot, tail = rest.partition(".")
    moved = MOVED.get(head)
    return None if moved is None else f"{_PACKAGE}.{moved}{dot}{tail}"


def install() -> None:
    """Put :class:`MovedFinder` first on :data:`sys.meta_path`, once."""
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())


def _warn(old: str, new: str) -> None:
    """Warn that ``old`` is deprecated, at the first frame outside the import machinery.

    :func:`warnings.warn` does not count the frames of ``importlib._bootstrap``
    in ``stacklevel``, so neither does this.
    """
    level = 1
    frame = sys._getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not ("importlib" in filename and "_bootstrap" in filename):
            level += 1
            if not filename.startswith(_IMPORT_MACHINERY):
                break
        frame = frame.f_back
    warnings.warn(f"{old} is deprecated: it moved to {new}", DeprecationWarning, stacklevel=level)
