# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The package is built in layers: each part imports only the parts below it, and no import goes round.

The parts are the modules of the package's top folder and its
subpackages; :data:`LAYERS` orders them, lowest first. A part may import
the parts of lower layers, never one of its own layer or above. The
imports are read from the source (every ``import`` statement, those inside
functions included), so a lazy import counts as much as one at the top.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cuda_core_guide"
NAME = PACKAGE.name
MOST_TOP_MODULES = 12
LAYERS = (
    ("_moved", "findings", "gpu", "implementation", "spawned", "testing"),
    ("__init__",),
    ("source",),
    ("guide",),
    ("checker",),
    ("examples", "reports", "surface"),
    ("pytest_plugin", "sphinxext"),
    ("__main__",),
)
"""The parts of the package, lowest layer first; ``__init__`` is the package itself."""

LAYER_OF = {part: index for index, layer in enumerate(LAYERS) for part in layer}


def module_files() -> dict[str, Path]:
    """Return every module of the package (the rules' fixtures are not), by dotted name."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if "fixtures" in parts:
            continue
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


MODULES = module_files()


def imported_modules(name: str, path: Path) -> Iterator[str]:
    """Yield the package's modules that one module imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        yield from (_known(target) for target in targets if target.split(".")[0] == NAME)


def _known(name: str) -> str:
    """Return the module a dotted import name refers to: itself, or the package that holds its attribute."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def part_of(module: str) -> str:
    """Return the part of the package a module belongs to (``checker`` for ``cuda_core_guide.checker.cli``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


IMPORTS = {name: sorted(set(imported_modules(name, path))) for name, path in MODULES.items()}


def test_the_top_folder_holds_at_most_twelve_modules() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= MOST_TOP_MODULES, top


def test_every_part_has_a_layer() -> None:
    assert {part_of(module) for module in MODULES} == set(LAYER_OF)


@pytest.mark.parametrize("part", sorted(part for part in LAYER_OF if (PACKAGE / part).is_dir()))
def test_every_subpackage_says_what_it_is_for_and_what_it_may_import(part: str) -> None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / part / "__init__.py").read_text(encoding="utf-8")))
    assert docstring, f"{part}/__init__.py has no docstring"
    assert "may import" in docstring, f"the docstring of {part} does not say what it may import"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_part_imports_only_lower_layers(module: str) -> None:
    part = part_of(module)
    upward = [
        target for target in IMPORTS[module] if part_of(target) != part and LAYER_OF[part_of(target)] >= LAYER_OF[part]
    ]
    assert upward == [], f"{module} ({part}, layer {LAYER_OF[part]}) imports a part of its own layer or above"


def test_no_import_goes_round() -> None:
    assert _cycles(IMPORTS) == []


def test_an_upward_import_and_a_cycle_are_found() -> None:
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert part_of(f"{NAME}.checker.rules.cud.tree") == "checker"
    assert LAYER_OF["checker"] > LAYER_OF["guide"] > LAYER_OF["source"]
    assert f"{NAME}.guide.catalog" in IMPORTS[f"{NAME}.checker.config"]


def _cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Return the strongly connected components of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, []):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
