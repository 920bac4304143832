# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide carries the published headings, and its rule catalog is complete.

``data/required_headings.json`` maps each chapter file to its ``title``, the
published chapter title that must be the file's first heading and its only
level-1 heading, and to its ``sections``, the published section titles that
must each be a heading of level 2 or deeper in that file. Headings are read
with the checker's own MyST reader (markdown-it-py, the parser MyST builds
on) and compared by their Markdown source text, so inline code such as
``__all__`` keeps its backticks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuda_core_guide.guide.chapters import RuleDoc, read_guide
from cuda_core_guide.guide.myst import markdown_parser

GUIDE = Path(__file__).resolve().parents[2] / "guide"
REQUIRED: dict[str, dict] = json.loads(
    (Path(__file__).parent / "data" / "required_headings.json").read_text(encoding="utf-8")
)

MIN_RULES = 60
MIN_PREFIXES = 16

RULES_WITHOUT_EXAMPLES: dict[str, str] = {
    "SYN002": "it reports a bug in the checker: no file written for the guide can show it",
    "SYN003": "it reports a file too slow to check: an example short enough to read is checked in milliseconds",
}
"""Rules that may have neither an avoid nor a prefer example, each with the reason.

Every rule about code shows it; a rule belongs here only when no piece of
code can show it being broken or followed.
"""


def headings(path: Path) -> list[tuple[int, str]]:
    """Return the level and the Markdown source text of every heading of a chapter.

    Parameters
    ----------
    path : Path
        A MyST chapter.

    Returns
    -------
    list of tuple of (int, str)
        The headings in document order; directives' bodies are not searched.
    """
    tokens = markdown_parser().parse(path.read_text(encoding="utf-8"))
    return [
        (int(token.tag[1:]), tokens[index + 1].content.strip())
        for index, token in enumerate(tokens)
        if token.type == "heading_open"
    ]


def guide_rules() -> dict[str, RuleDoc]:
    """Return the rules the guide's chapters define, the checker's own ``SYN`` rules included."""
    return read_guide(GUIDE)


@pytest.mark.parametrize("chapter", sorted(REQUIRED))
def test_chapter_title_is_its_only_top_heading(chapter: str) -> None:
    """Check that a chapter opens with its published title, its only level-1 heading."""
    found = headings(GUIDE / chapter)
    assert found, f"{chapter} has no headings"
    assert found[0] == (1, REQUIRED[chapter]["title"]), f"{chapter} starts with {found[0]}"
    extra = [text for level, text in found[1:] if level == 1]
    assert not extra, f"{chapter} has more than one level-1 heading: {extra}"


@pytest.mark.parametrize("chapter", sorted(REQUIRED))
def test_chapter_has_published_sections(chapter: str) -> None:
    """Check that a chapter has a heading for each of its published sections."""
    present = {text for level, text in headings(GUIDE / chapter) if level >= 2}
    missing = [title for title in REQUIRED[chapter]["sections"] if title not in present]
    assert not missing, f"{chapter} lacks the headings {missing}"


def test_guide_defines_enough_rules() -> None:
    """Check that the chapters define at least 60 rules across at least 16 prefixes."""
    rules = guide_rules()
    prefixes = {rule.prefix for rule in rules.values()}
    assert len(rules) >= MIN_RULES, f"only {len(rules)} rules are defined"
    assert len(prefixes) >= MIN_PREFIXES, f"only {len(prefixes)} chapter prefixes have rules: {sorted(prefixes)}"


def test_every_rule_has_avoid_and_prefer_examples() -> None:
    """Check that each rule has an avoid and a prefer example, unless it is allowlisted."""
    problems = []
    for code, rule in guide_rules().items():
        kinds = {example.kind for example in rule.examples}
        if code in RULES_WITHOUT_EXAMPLES:
            if kinds & {"avoid", "prefer"}:
                problems.append(f"{code} has examples now; remove it from RULES_WITHOUT_EXAMPLES")
            continue
        lacking = [kind for kind in ("avoid", "prefer") if kind not in kinds]
        if lacking:
            problems.append(f"{code} ({rule.path}:{rule.line}) has no {' and no '.join(lacking)} example")
    assert not problems, "\n".join(problems)


def test_rules_without_examples_are_justified() -> None:
    """Check that each allowlisted rule exists and comes with a reason."""
    rules = guide_rules()
    for code, reason in RULES_WITHOUT_EXAMPLES.items():
        assert code in rules, f"RULES_WITHOUT_EXAMPLES names {code}, which no chapter defines"
        assert reason.strip(), f"RULES_WITHOUT_EXAMPLES gives no reason for {code}"
