# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Unit tests of the chapter helpers behind the ``FIL``, ``IMP`` and ``PKG`` rules."""

from __future__ import annotations

import textwrap
from pathlib import Path

import hypothesis
import pytest
from hypothesis import strategies as st

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules.fil.layout import principal_definition, required_before
from cuda_core_guide.checker.rules.imp.ordering import has_blank_line_between, misplaced, subgroup
from cuda_core_guide.checker.runner import check_paths
from cuda_core_guide.source import SourceFile, load_source
from cuda_core_guide.source.definitions import top_level_definitions
from cuda_core_guide.source.imports import ImportStatement


def parse(text: str, name: str) -> SourceFile:
    """Parse dedented text as the file ``name``."""
    return load_source(name, text=textwrap.dedent(text).lstrip("\n"))


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ([1, 2, 3], []),
        ([], []),
        ([2, 1], [(1, 0, "after")]),
        ([5, 2, 3, 4], [(0, 1, "before")]),
        ([1, 3, 2, 4], [(2, 1, "after")]),
        ([2, 2, 3, 4, 3, 5, 3], [(4, 3, "after"), (6, 5, "after")]),
    ],
)
def test_misplaced_keeps_the_longest_ordered_run(keys: list[int], expected: list[tuple[int, int, str]]) -> None:
    """Check that only the items outside the longest ordered run are reported."""
    assert [(m.index, m.other, m.relation) for m in misplaced(keys)] == expected


def _misplaced_by_every_pair(keys: list[int]) -> list[tuple[int, int, str]]:
    """Compute what :func:`misplaced` promises, comparing every pair (the definition, in n squared)."""
    count = len(keys)
    longest = [1] * count
    for i in range(count - 2, -1, -1):
        longest[i] = 1 + max((longest[j] for j in range(i + 1, count) if keys[j] >= keys[i]), default=0)
    kept, remaining, last = [False] * count, max(longest, default=0), None
    for i in range(count):
        if remaining and longest[i] == remaining and (last is None or keys[i] >= keys[last]):
            kept[i], last, remaining = True, i, remaining - 1
    result = []
    for i in (i for i in range(count) if not kept[i]):
        before = [j for j in range(i) if kept[j] and keys[j] > keys[i]]
        if before:
            result.append((i, before[-1], "after"))
            continue
        after = [j for j in range(i + 1, count) if kept[j] and keys[j] < keys[i]]
        result.append((i, after[0] if after else i, "before"))
    return result


@hypothesis.settings(max_examples=400, deadline=None)
@hypothesis.given(st.lists(st.integers(min_value=0, max_value=12), max_size=40))
def test_misplaced_agrees_with_comparing_every_pair(keys: list[int]) -> None:
    """Check the n log n search against the definition, on short sequences with many ties."""
    assert [(m.index, m.other, m.relation) for m in misplaced(keys)] == _misplaced_by_every_pair(keys)


def test_misplaced_scales_to_a_reversed_sequence_of_ten_thousand() -> None:
    """Check that a fully reversed long sequence keeps one item and names its nearest kept neighbour."""
    keys = list(range(10_000, 0, -1))
    found = misplaced(keys)
    assert len(found) == 9_999
    assert (found[0].index, found[0].other, found[0].relation) == (1, 0, "after")


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ([2, 1], [(1, 0, "before")]),
        ([1, 3, 2, 4], [(2, 1, "before")]),
        ([5, 2, 3, 4], [(0, 3, "after")]),
        ([1, 5, 6, 2, 7, 3], [(3, 1, "before"), (5, 1, "before")]),
    ],
)
def test_misplaced_names_where_each_item_belongs(keys: list[int], expected: list[tuple[int, int, str]]) -> None:
    """Check that each item goes before the first kept item with a greater key, else after the last kept one."""
    assert [(m.index, m.target, m.place) for m in misplaced(keys)] == expected


def test_has_blank_line_between() -> None:
    """Check that comment lines do not count as blank."""
    lines = ["import a", "", "import b", "# comment", "import c"]
    assert has_blank_line_between(lines, 1, 3)
    assert not has_blank_line_between(lines, 3, 5)
    assert not has_blank_line_between(lines, 1, 2)


@pytest.mark.parametrize(
    ("module", "is_cimport", "expected"),
    [
        ("libc.stdint", True, 0),
        ("cuda.bindings", True, 1),
        ("os.path", False, 0),
        ("numpy", False, 1),
        ("cuda.core._device", False, 0),
        ("._device", False, 1),
        ("cuda.core._device", True, 0),
    ],
)
def test_subgroup(module: str, is_cimport: bool, expected: int) -> None:
    """Check which part of its group an import belongs to."""
    statement = ImportStatement(1, 1, module, ("x",), is_cimport, True)
    assert subgroup(statement, ("cuda.core",)) == expected


def test_principal_from_file_name_and_configuration() -> None:
    """Check finding the principal from the configuration and from the file name."""
    text = """
    def launch():
        pass

    class LaunchConfig:
        pass

    class _DeviceMemoryResource:
        pass
    """
    source = parse(text, "_launcher.py")
    definitions = top_level_definitions(source)
    assert principal_definition(source, Config(), definitions) is None
    assert principal_definition(source, Config(principal={"_launcher.py": "launch"}), definitions).name == "launch"
    assert principal_definition(source, Config(principal={"_launcher": "LaunchConfig"}), definitions).name == (
        "LaunchConfig"
    )
    assert principal_definition(source, Config(principal={"_launcher": "missing"}), definitions) is None
    config_source = parse(text, "_launch_config.py")
    assert principal_definition(config_source, Config(), top_level_definitions(config_source)).name == "LaunchConfig"
    init = parse(text, "__init__.py")
    assert principal_definition(init, Config(), top_level_definitions(init)) is None


def test_principal_prefers_a_class() -> None:
    """Check that a class named after the file wins over a function."""
    source = parse("def device():\n    pass\n\nclass Device:\n    pass\n", "_device.py")
    assert principal_definition(source, Config(), top_level_definitions(source)).name == "Device"


def test_required_before_follows_definitions_transitively() -> None:
    """Check that import-time needs are followed through definitions, not bodies."""
    source = parse(
        """
        def _decorate(cls):
            return cls

        class _Base:
            pass

        class Middle(_Base):
            pass

        @_decorate
        class Buffer(Middle):
            def method(self):
                return _unrelated()

        def _unrelated():
            pass
        """,
        "_buffer.py",
    )
    definitions = top_level_definitions(source)
    buffer = next(x for x in definitions if x.name == "Buffer")
    needed = required_before(source, definitions, [buffer.node])
    assert {"_decorate", "Middle", "_Base"} <= needed
    assert "_unrelated" not in needed


def test_star_imported_submodule_that_does_not_parse_is_skipped(tmp_path: Path) -> None:
    """Check that PKG004 skips a submodule that does not parse."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from ._broken import *  # noqa: F403\nfrom ._plain import *  # noqa: F403\n")
    (package / "_broken.py").write_text("def broken(:\n")
    (package / "_plain.py").write_text("x = 1\n")
    findings = check_paths([package / "__init__.py"], Config(select=("PKG004",), root=tmp_path), jobs=1)
    assert [(f.line, f.rule) for f in findings] == [(2, "PKG004")]
