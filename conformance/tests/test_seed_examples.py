# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker agrees with the guide's sources: on their own code examples it reports only what is accounted for.

The sources (the current developer guide, the older style guide and the
error-handling audit) live outside this repository, in ``../shared/seeds``
beside the checkout, or wherever ``CUDA_CORE_GUIDE_SEEDS`` points; CI has
none, and the tests that need them skip, saying so. :mod:`seed_blocks`
finds their code blocks and says how each is checked; each block is
checked with every rule, as a preferred example of the guide is (a block
without the SPDX header is a snippet, not held to the rules about the top
of a file), and a missing docstring of a definition whose body the source
leaves out is not counted: the docstring is part of what is left out.

``data/seed_examples.toml`` lists, per example, the findings that are
expected: a departure of the guide from its sources, by the anchor of its
entry in ``guide/index.md``, or a violation that the sources' own text
admits, with the reason. Anything else the checker reports on an example
of the sources is a rule that contradicts them, and fails the test.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.runner import check_source
from cuda_core_guide.examples.check import SNIPPET_EXEMPT, is_snippet
from cuda_core_guide.guide.catalog import load_catalog

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
seed_blocks = importlib.import_module("seed_blocks")

ROOT = HERE.parents[1]
SEEDS = Path(os.environ.get("CUDA_CORE_GUIDE_SEEDS") or ROOT.parent / "shared" / "seeds")
SOURCES = ("developer-guide.md", "style-guide-experimental.md", "error-handling-audit.txt")
ALLOWED = tomllib.loads((HERE / "data" / "seed_examples.toml").read_text(encoding="utf-8"))["example"]
INDEX = ROOT / "guide" / "index.md"

needs_seeds = pytest.mark.skipif(
    not all((SEEDS / name).is_file() for name in SOURCES),
    reason=f"the guide's sources are not at {SEEDS} (CI has none; set CUDA_CORE_GUIDE_SEEDS to their folder)",
)


def expected_codes(entry: dict) -> set[str]:
    """Return the rule codes an allow-list entry accounts for."""
    return set(entry.get("departures", {})) | set(entry.get("admitted", {}))


def block_findings(block: object) -> dict[str, list[str]]:
    """Return the checker's findings on a source's block, by rule code, as the module docstring says."""
    code = block.checked_code
    exempt = set(SNIPPET_EXEMPT) if is_snippet(code) else set()
    found: dict[str, list[str]] = defaultdict(list)
    for finding in check_source(block.filename, code, Config(select=("ALL",))):
        if finding.rule in exempt:
            continue
        if finding.rule == "DOC001" and finding.line in block.elided_definitions:
            continue
        found[finding.rule].append(f"line {finding.line}: {finding.message}")
    return dict(found)


def all_blocks() -> list:
    """Return the code blocks of every source, in order."""
    return [block for name in SOURCES for block in seed_blocks.seed_blocks(SEEDS / name)]


def test_the_allow_list_names_real_rules_and_departures() -> None:
    anchors = set(re.findall(r"^\((departure-[\w-]+)\)=$", INDEX.read_text(encoding="utf-8"), re.MULTILINE))
    codes = set(load_catalog())
    problems = []
    seen = set()
    for entry in ALLOWED:
        where = f"{entry['source']}:{entry['line']}"
        if entry["source"] not in SOURCES or not re.fullmatch(r"[0-9a-f]{12}", entry["digest"]):
            problems.append(f"{where}: needs a source of {SOURCES} and a 12-digit digest")
        if (entry["source"], entry["line"]) in seen:
            problems.append(f"{where}: listed twice")
        seen.add((entry["source"], entry["line"]))
        if not expected_codes(entry):
            problems.append(f"{where}: lists no finding")
        problems += [f"{where}: {code} is no rule" for code in expected_codes(entry) - codes]
        for code, anchor in entry.get("departures", {}).items():
            if anchor not in anchors:
                problems.append(f"{where}: {code}'s departure {anchor!r} has no entry in guide/index.md")
        for code, reason in entry.get("admitted", {}).items():
            if len(reason.split()) < 6 or '"' in reason:
                problems.append(f"{where}: {code} needs a reason in our own words, without quotation")
    assert problems == []


@needs_seeds
def test_every_entry_names_an_example_of_the_sources() -> None:
    blocks = {(block.source, block.line): block for block in all_blocks()}
    stale = []
    for entry in ALLOWED:
        block = blocks.get((entry["source"], entry["line"]))
        if block is None or block.digest != entry["digest"]:
            stale.append(f"{entry['source']}:{entry['line']} ({entry['digest']})")
    assert stale == [], "the sources changed: review these entries"


@needs_seeds
def test_the_checker_reports_only_departures_and_admitted_violations() -> None:
    allowed = {(entry["source"], entry["line"]): expected_codes(entry) for entry in ALLOWED}
    unexpected, vanished = [], []
    for block in all_blocks():
        found = block_findings(block)
        expected = allowed.get((block.source, block.line), set())
        where = f"{block.source}:{block.line} (checked as {block.filename})"
        unexpected += [f"{where} {code} {message}" for code in sorted(set(found) - expected) for message in found[code]]
        vanished += [f"{where} {code}" for code in sorted(expected - set(found))]
    assert unexpected == [], "rules that contradict the sources, or new departures to list"
    assert vanished == [], "listed findings the checker no longer reports: remove them"


@needs_seeds
def test_the_sources_type_alias_example_is_clean() -> None:
    # The developer guide's file layout documents DevicePointerT as a type alias and keeps it out of
    # __all__; NAM007 reported it as a private name without an underscore.
    layouts = [block for block in all_blocks() if "DevicePointerT" in block.code and "__all__" in block.code]
    assert len(layouts) == 2  # the layout example of each guide
    for block in layouts:
        assert "NAM007" not in block_findings(block)


@needs_seeds
def test_the_audit_has_no_code_blocks() -> None:
    # The audit names code inline; as plain text, its only possible code blocks are indented ones.
    assert seed_blocks.seed_blocks(SEEDS / "error-handling-audit.txt") == []


def test_markdown_blocks_carry_the_paragraph_before_them() -> None:
    text = "Intro.\n\n`_buffer.pxd`:\n```python\ncdef class Buffer:\n    pass\n```\n\nText.\n\n    indented = 1\n"
    blocks = seed_blocks.markdown_blocks(text, "doc.md")
    assert [(b.line, b.label, b.filename) for b in blocks] == [
        (4, "`_buffer.pxd`:", "_buffer.pxd"),
        (11, "Text.", "example.py"),
    ]


def test_plain_text_blocks_are_its_indented_runs() -> None:
    text = "A finding about `Event.is_done`:\n\n    event.query()\n    event.sync()\n\nMore prose.\n"
    blocks = seed_blocks.text_blocks(text, "audit.txt")
    assert [(b.line, b.code) for b in blocks] == [(3, "event.query()\nevent.sync()\n")]


def test_blocks_are_checked_as_python_or_cython_by_what_parses() -> None:
    python = seed_blocks.SeedBlock("doc.md", 1, "x: int = 1\n", "")
    cython = seed_blocks.SeedBlock("doc.md", 1, "cdef int x = 1\n", "")
    named = seed_blocks.SeedBlock("doc.md", 1, "# _device.pyx\n__all__ = []\n", "")
    assert (python.filename, cython.filename, named.filename) == ("example.py", "example.pyx", "_device.pyx")


def test_elided_code_becomes_an_ellipsis() -> None:
    code = (
        "cdef class Buffer:\n"
        '    """Hold memory."""\n'
        "    # ...\n"
        "\n"
        "def allocate(self, size_t size,\n"
        "        stream=None) -> Buffer:\n"
        "    # ... implementation ...\n"
        "\n"
        "cdef void helper():\n"
        "    # Only a comment.\n"
        "\n"
        "def shown():\n"
        "    return 1\n"
    )
    filled, elided = seed_blocks.fill_elisions(code)
    assert filled.splitlines() == [
        "cdef class Buffer:",
        '    """Hold memory."""',
        "    ...",
        "",
        "def allocate(self, size_t size,",
        "        stream=None) -> Buffer:",
        "    ...",
        "",
        "cdef void helper():",
        "    # Only a comment.",
        "    ...",
        "",
        "def shown():",
        "    return 1",
    ]
    assert elided == (5, 9)
