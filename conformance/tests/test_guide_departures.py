# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Every departure of the guide from its sources is listed once, and linked from the rules it concerns.

``guide/index.md`` lists the departures under "Where the guide departs from
its sources", each under an anchor of its own (``(departure-...)=``) and
naming its rules with ``{rule}`` roles. A rule's page is generated from its
directive, so the link back must be in the directive's text: a ``{ref}`` to
the entry's anchor. A departure is ``recommended`` unless its entry says
that following the source would be a bug.
"""

from __future__ import annotations

import re
from pathlib import Path

from cuda_core_guide.guide.chapters import read_guide

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "guide" / "index.md"
ANCHOR = re.compile(r"^\((departure-[\w-]+)\)=$", re.MULTILINE)
RULE_ROLE = re.compile(r"\{rule\}`([A-Z]{3}\d{3})`")
BUG = re.compile(r"is a bug, so the rule is `required`")


def departures() -> dict[str, str]:
    """Return each departure's anchor and the text of its entry."""
    text = INDEX.read_text(encoding="utf-8")
    section = text[text.index("(departures)=") : text.index("## How the guide is enforced")]
    parts = ANCHOR.split(section)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_each_departure_has_an_anchor_a_heading_and_a_reason() -> None:
    entries = departures()
    assert len(entries) >= 10
    for anchor, entry in entries.items():
        assert entry.lstrip().startswith("### "), f"{anchor} has no heading of its own"
        assert "*Source:*" in entry, anchor
        assert "*Guide:*" in entry, anchor
        assert "*Why" in entry, anchor


def test_each_rule_of_a_departure_links_to_its_entry() -> None:
    rules = read_guide(ROOT / "guide")
    missing = []
    for anchor, entry in departures().items():
        for code in RULE_ROLE.findall(entry.split("*Why", 1)[0]):
            if f"`{anchor}`" not in rules[code].body and f"<{anchor}>`" not in rules[code].body:
                missing.append(f"{code} -> {anchor}")
    assert missing == []


def test_a_required_departure_gives_a_bug_as_its_reason() -> None:
    rules = read_guide(ROOT / "guide")
    wrong = []
    for anchor, entry in departures().items():
        for code in set(RULE_ROLE.findall(entry.split("*Why", 1)[0])):
            if str(rules[code].level) == "required" and not BUG.search(" ".join(entry.split())):
                wrong.append(f"{code} ({anchor}) is required, but its entry names no bug")
    assert wrong == []
