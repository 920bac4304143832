# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Compile-time ``IF``/``ELIF``/``ELSE``: every branch is checked, at its own lines."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import hypothesis
from hypothesis import strategies as st

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.runner import check_paths
from cuda_core_guide.source.compile_time import branch_chains, variants
from cuda_core_guide.source.tokens import TokenView

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n"
    "# SPDX-License-Identifier: Apache-2.0\n\n"
    '"""Compile-time branches."""\n\n'
    "from cuda.bindings cimport cydriver\n\n"
)

NESTED = textwrap.dedent(
    """\
    IF CUDA_CORE_BUILD_MAJOR >= 13:
        cdef int f13() except -1:
            cydriver.cuCtxSynchronize()
            return 0
    ELIF CUDA_CORE_BUILD_MAJOR >= 12:
        cdef int f12() except -1:
            IF NESTED:
                cydriver.cuInit(0)
            ELSE:
                cydriver.cuDriverGetVersion(NULL)
            return 0
    ELSE:
        cdef int f11() except -1:
            cydriver.cuCtxSynchronize()
            return 0
    """
)


def check(tmp_path: Path, body: str, select: str = "CUD001") -> list[tuple[int, str]]:
    """Check ``body`` after the header in a ``.pyx`` file; return the selected findings' lines and messages."""
    module = tmp_path / "module.pyx"
    module.write_text(HEADER + body)
    findings = check_paths([module], Config(select=(select,), root=tmp_path), jobs=1)
    return [(finding.line - HEADER.count("\n"), finding.message) for finding in findings]


def test_a_driver_call_with_the_gil_is_reported_in_every_branch(tmp_path: Path) -> None:
    """Check that the CUDA 13 branch, which Cython's parser drops, is reported like its ELSE twin."""
    found = check(tmp_path, NESTED)
    assert [line for line, _ in found] == [3, 8, 10, 14]
    assert "`f13`" in found[0][1]
    assert "`f11`" in found[3][1]


def test_each_finding_is_reported_once(tmp_path: Path) -> None:
    """Check that a finding outside the branches is not repeated by each text that takes a branch."""
    found = check(tmp_path, "cdef int g() except -1:\n    cydriver.cuInit(0)\n    return 0\n\n\n" + NESTED)
    assert [line for line, _ in found] == [2, 8, 13, 15, 19]


def test_a_branch_that_cannot_be_parsed_taken_is_a_located_finding(tmp_path: Path) -> None:
    """Check that a branch that only fails when taken (its DEF is evaluated then) is reported, not passed over."""
    found = check(tmp_path, "IF X:\n    DEF BAD = 1 / 0\nELSE:\n    DEF GOOD = 1\n", select="SYN001")
    assert len(found) == 1
    line, message = found[0]
    assert line == 2
    assert message.startswith("with the compile-time branch at line ")
    assert "ZeroDivisionError" in message


def test_conditions_are_replaced_in_place() -> None:
    """Check that every line and every column outside the conditions stays where it was."""
    text = HEADER + NESTED
    chains = branch_chains(TokenView(text))
    assert [len(chain.branches) for chain in chains] == [3, 2]
    for variant in variants(text, chains):
        assert len(variant.text) == len(text)
        differing = [i for i, (a, b) in enumerate(zip(text, variant.text, strict=True)) if a != b]
        assert all(text[i] not in "\n:" for i in differing)


def test_a_condition_over_several_lines_leaves_the_file_to_the_default_parse() -> None:
    text = "IF (A and\n    B):\n    x = 1\n"
    assert branch_chains(TokenView(text)) == []


def test_ordinary_if_statements_are_not_compile_time_branches() -> None:
    text = "if x:\n    y = 1\nelse:\n    y = 2\n"
    assert branch_chains(TokenView(text)) == []


@st.composite
def nested_chains(draw: st.DrawFn, depth: int = 0) -> str:
    """Draw a block of compile-time chains, nested up to three deep."""
    lines = []
    for number in range(draw(st.integers(1, 3))):
        branches = draw(st.integers(1, 4))
        has_else = draw(st.booleans())
        for index in range(branches + has_else):
            keyword = "IF" if index == 0 else ("ELSE" if has_else and index == branches else "ELIF")
            head = f"{keyword}:" if keyword == "ELSE" else f"{keyword} N{depth}_{number}_{index}:"
            lines.append(head)
            lines.append(f"    x{depth}_{number}_{index} = 1")
            if depth < 2 and draw(st.booleans()):
                inner = draw(nested_chains(depth=depth + 1))
                lines += ["    " + line for line in inner.splitlines()]
    return "\n".join(lines) + "\n"


@hypothesis.settings(max_examples=150, deadline=None)
@hypothesis.given(nested_chains())
def test_every_branch_is_taken_by_some_text(text: str) -> None:
    """Check that the texts take every branch, nested ones included, each taking at least one new branch."""
    chains = branch_chains(TokenView(text))
    every = {branch for chain in chains for branch in chain.branches}
    texts = variants(text, chains)
    assert set(itertools.chain.from_iterable(v.taken for v in texts)) == every
    assert len(texts) <= len(every)
    seen: set = set()
    for variant in texts:
        assert not set(variant.taken) <= seen
        seen |= set(variant.taken)


def test_python_files_have_no_compile_time_branches(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(HEADER.replace("from cuda.bindings cimport cydriver\n", "") + "IF = 1\n")
    assert not [f for f in check_paths([module], Config(root=tmp_path), jobs=1) if f.rule == "SYN001"]


def test_imports_in_a_branch_are_not_sorted_with_the_import_section(tmp_path: Path) -> None:
    """Check that a branch's cimport, which Cython puts in the IF's place, is a block of its own, like an `if`."""
    body = (
        "from cuda.core._utils.version cimport cy_driver_version\n\n\n"
        "IF CUDA_CORE_BUILD_MAJOR >= 13:\n"
        "    from cuda.core._resource_handles cimport has_memcpy_with_attributes_async\n"
    )
    assert check(tmp_path, body, select="IMP") == []
