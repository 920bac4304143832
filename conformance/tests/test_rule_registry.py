# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What the documents say about the rules agrees with the registry: the counts, and the retired codes.

The registry is the guide's chapters (every rule's directive), the
checker's rules (:func:`~cuda_core_guide.checker.rules.all_rules`) and the
retired codes (``guide/_data/retired_rules.toml``). A count written by
hand in the README or the changelog is checked against it, so a new rule
cannot leave it stale.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cuda_core_guide.checker.rules import CHECKER_CODES, all_rules
from cuda_core_guide.guide.chapters import read_guide
from cuda_core_guide.guide.retired import read_retired

REPO = Path(__file__).resolve().parents[2]
DOCUMENTS = ("README.md", "CHANGELOG.md")
GUIDE = read_guide(REPO / "guide")
CONVENTIONS = {code for code in GUIDE if code not in CHECKER_CODES}
COUNTS = {
    r"(\d+) coded conventions": len(CONVENTIONS),
    r"conventions in (\d+) families": len({code[:3] for code in CONVENTIONS}),
    r"the checker's (\d+) diagnostics": len(CHECKER_CODES),
    r"enforces (\d+) of the conventions": len(all_rules()),
}
"""Each phrase that states a count of rules, and the count the registry gives."""

COUNTED = re.compile(r"\b(\d+) (?:[a-z]+ )?(?:rules|conventions|diagnostics|families|codes)\b")
"""A number that counts rules, which one of :data:`COUNTS` must cover."""


def text_of(document: str) -> str:
    """Return a document's text with its line breaks folded, so that a phrase may span lines."""
    return " ".join((REPO / document).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("phrase", sorted(COUNTS))
def test_each_count_of_rules_is_the_registry_s(phrase: str) -> None:
    found = [(document, int(match[1])) for document in DOCUMENTS for match in re.finditer(phrase, text_of(document))]
    assert found, f"no document says {phrase!r} any more: update COUNTS"
    assert found == [(document, COUNTS[phrase]) for document, _ in found]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_count_of_rules_is_checked(document: str) -> None:
    text = text_of(document)
    checked = {match.start(1) for phrase in COUNTS for match in re.finditer(phrase, text)}
    unchecked = [match[0] for match in COUNTED.finditer(text) if match.start(1) not in checked]
    assert unchecked == [], f"{document} counts rules where no test checks the count: add the phrase to COUNTS"


def test_a_retired_code_is_never_used_again() -> None:
    retired = read_retired(REPO / "guide")
    assert set(retired).isdisjoint(GUIDE), "a chapter defines a retired code"
    assert set(retired).isdisjoint(all_rules()), "a checker rule has a retired code"
