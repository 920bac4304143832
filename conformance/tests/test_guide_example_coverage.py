# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide's examples cover what the guide promises: runnable examples of every public class, compiled Cython.

- at least 40 runnable examples, which together use every public class of
  the reference implementation;
- at least 100 Cython examples compiled as modules of their own, and at most
  30% of the Cython examples (those that quote the reference implementation
  included) marked as fragments.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cuda_core_guide.guide.chapters import Example, examples_of
from cuda_core_guide.guide.myst import parse_directives

GUIDE = Path(__file__).resolve().parents[2] / "guide"
MIN_RUNNABLE = 40
MIN_COMPILED = 100
MAX_FRAGMENT_SHARE = 0.30

REACHED_THROUGH = {
    "DeviceProperties": "properties",
    "Context": "context",
    "KernelAttributes": "attributes",
    "ParamInfo": "arguments_info",
    "KernelOccupancy": "occupancy",
    "MaxPotentialBlockSizeOccupancyResult": "max_potential_block_size",
    "DeviceResources": "resources",
    "SMResource": "sm",
    "AccessedBySetProxy": "accessed_by",
    "PeerAccessibleBySetProxy": "peer_accessible_by",
    "GraphMemoryResourceAttributes": "attributes",
    "IPCEventDescriptor": "ipc_descriptor",
    "IPCBufferDescriptor": "ipc_descriptor",
    "IPCAllocationHandle": "allocation_handle",
    "TensorMapInterleave": "interleave",
    "TensorMapSwizzle": "swizzle",
    "TensorMapL2Promotion": "l2_promotion",
    "TensorMapOOBFill": "oob_fill",
    "TensorMapDataType": "data_type",
}
"""Classes whose objects an example reaches through an attribute (``device.properties``), not by name."""

WITHOUT_RUNNABLE_EXAMPLE = {
    "GraphicsResource": "it registers an OpenGL buffer or texture, and the guide's examples run where no OpenGL "
    "context can be made; conformance/api_suite/test_graphics.py makes one with EGL where it can",
}
"""Public classes that no runnable example can use, with the reason."""


def guide_examples() -> list[Example]:
    """Return every example of every chapter."""
    return [
        example
        for chapter in sorted(GUIDE.glob("*.md"))
        for example in examples_of(parse_directives(chapter.read_text(encoding="utf-8"), str(chapter)), str(chapter))
    ]


def names_in(code: str) -> set[str]:
    """Return the identifiers and attribute names that Python code uses."""
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.alias):
            names.add(node.name.rpartition(".")[2])
    return names


def test_there_are_enough_runnable_examples() -> None:
    runnable = [example for example in guide_examples() if example.kind == "runnable"]
    assert len(runnable) >= MIN_RUNNABLE, f"{len(runnable)} runnable examples"


def test_runnable_examples_use_every_public_class() -> None:
    core = pytest.importorskip("cuda.core", reason="the reference implementation is not installed")
    classes = sorted(name for name in core.__all__ if isinstance(getattr(core, name), type))
    assert set(WITHOUT_RUNNABLE_EXAMPLE) <= set(classes), "an exempted class is no longer public"
    used = set().union(*(names_in(e.code) for e in guide_examples() if e.kind == "runnable"))
    assert not set(WITHOUT_RUNNABLE_EXAMPLE) & used, "an exempted class now has a runnable example: drop its exemption"
    unused = [
        name
        for name in classes
        if name not in used and REACHED_THROUGH.get(name) not in used and name not in WITHOUT_RUNNABLE_EXAMPLE
    ]
    assert not unused, f"no runnable example uses {unused}"


def test_enough_cython_examples_are_compiled_and_few_are_fragments() -> None:
    cython = [example for example in guide_examples() if example.language == "cython"]
    compiled = [example for example in cython if example.compiled]
    fragments = [example for example in cython if example.fragment]
    assert len(compiled) >= MIN_COMPILED, f"{len(compiled)} compiled Cython examples"
    share = len(fragments) / len(cython)
    assert share <= MAX_FRAGMENT_SHARE, f"{len(fragments)} of {len(cython)} Cython examples are fragments"
