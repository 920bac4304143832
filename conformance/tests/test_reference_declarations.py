# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The reference's declarations have their bodies: every ``cdef class`` a ``.pxd`` declares, its ``.pyx`` defines.

Cython compiles a class that a ``.pxd`` declares and its ``.pyx`` leaves
out: it becomes a class with the declared attributes and no methods, with
no warning. On 2026-11-28 an edit dropped ``_GraphBox`` and
``_NodeRecord`` that way; the build passed, and graphs were never
destroyed (no ``__dealloc__``), which only the GPU suite saw.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from Cython.Compiler import Nodes

from cuda_core_guide.source import load_source

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "reference_impl" / "cuda" / "core"
DECLARATIONS = sorted(path for path in PACKAGE.rglob("*.pxd") if path.with_suffix(".pyx").exists())


def cdef_classes(path: Path) -> set[str]:
    """Return the names of the ``cdef class`` statements at the top level of a Cython file."""
    source = load_source(path)
    return {node.class_name for node in source.body if isinstance(node, Nodes.CClassDefNode)}


def test_the_reference_has_declared_classes() -> None:
    graph_box = PACKAGE / "graph" / "_graph_box.pxd"
    assert graph_box in DECLARATIONS
    assert {"_GraphBox", "_NodeRecords"} <= cdef_classes(graph_box)


@pytest.mark.parametrize("declaration", DECLARATIONS, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_every_declared_class_is_defined(declaration: Path) -> None:
    missing = cdef_classes(declaration) - cdef_classes(declaration.with_suffix(".pyx"))
    assert not missing, f"{declaration.with_suffix('.pyx').name} does not define {sorted(missing)}"
