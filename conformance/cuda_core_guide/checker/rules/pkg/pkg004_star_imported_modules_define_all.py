# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PKG004: every submodule that a package ``__init__`` star-imports defines ``__all__``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.source import ParseFailure, SourceFile, load_source, nodes
from cuda_core_guide.source.definitions import logical_line_containing, module_bindings
from cuda_core_guide.source.import_section import describe_statement

__all__ = ["StarImportedModulesDefineAll"]

_SOURCE_SUFFIXES = (".pyx", ".py")


class StarImportedModulesDefineAll(Rule):
    """Check the submodules behind ``from ._x import *`` in an ``__init__`` for ``__all__``.

    The submodule is looked up beside the ``__init__`` (``_x.pyx``, then
    ``_x.py``, then ``_x/__init__.py``) and parsed, never imported. Absolute
    imports of the package's own submodules (``from cuda.core._device import
    *`` in ``cuda/core/__init__.py``) are followed too. A submodule without
    source (a compiled extension) or one that does not parse is skipped.
    """

    code = "PKG004"
    kinds = frozenset({"py", "pyx"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each star import of a submodule that does not assign ``__all__``."""
        if not source.is_package_init:
            return
        package = Path(source.path).resolve().parent
        for stat in source.body:
            if not isinstance(stat, Nodes.FromImportStatNode) or not any(name == "*" for name, _ in stat.items):
                continue
            module = "." * (stat.module.level or 0) + stat.module.module_name.value
            target = _submodule_file(package, module)
            if target is None or _defines_all(target):
                continue
            logical = logical_line_containing(source, nodes.line_of(stat))
            line = logical.start if logical is not None else nodes.line_of(stat)
            relative = target.relative_to(package).as_posix()
            yield Violation(
                line,
                1,
                f"`{describe_statement(stat)}` star-imports `{relative}`, which does not define `__all__`",
            )


def _submodule_file(package: Path, module: str) -> Path | None:
    """Return the source file of a star-imported submodule of ``package``, if there is one."""
    parts = _parts_below(package, module)
    if not parts:
        return None
    target = package.joinpath(*parts)
    candidates = [target.parent / (target.name + suffix) for suffix in _SOURCE_SUFFIXES]
    candidates += [target / ("__init__" + suffix) for suffix in (".py", ".pyx")]
    return next((c for c in candidates if c.is_file()), None)


def _parts_below(package: Path, module: str) -> list[str]:
    """Return the path of ``module`` below the package directory, as name parts; empty if it is not below."""
    if module.startswith("."):
        level = len(module) - len(module.lstrip("."))
        rest = module.lstrip(".")
        if level != 1 or not rest:
            return []
        return rest.split(".")
    parts = module.split(".")
    chain = [directory.name for directory in reversed([package, *package.parents][: len(parts)])]
    for size in range(min(len(parts) - 1, len(chain)), 0, -1):
        if parts[:size] == chain[len(chain) - size :]:
            return parts[size:]
    return []


def _defines_all(path: Path) -> bool:
    """Return whether the module at ``path`` binds ``__all__`` at module level (unparsable: assume so)."""
    try:
        submodule = load_source(path)
    except (ParseFailure, OSError, RuntimeError):
        # RuntimeError: Cython's parser raises it for an ``include`` it cannot resolve.
        return True
    return "__all__" in module_bindings(submodule)
