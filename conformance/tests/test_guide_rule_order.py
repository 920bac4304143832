# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Rules are easy to find: each chapter lists its rules up front, and then defines them in code order.

The table at the top of a chapter is the ``chapter-rules`` directive, which
the site renders from the chapter's own rules, so it cannot disagree with
them; this test checks that every chapter with rules has the table, before
its first rule, and that the rules follow in the order of their codes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cuda_core_guide.guide.chapters import read_chapter
from cuda_core_guide.guide.myst import parse_directives

GUIDE = Path(__file__).resolve().parents[2] / "guide"
CHAPTERS = sorted(path for path in GUIDE.glob("*.md") if read_chapter(path))


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.name)
def test_rules_appear_in_code_order(chapter: Path) -> None:
    codes = [rule.code for rule in read_chapter(chapter)]
    assert codes == sorted(codes), f"{chapter.name} defines its rules in the order {codes}"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda path: path.name)
def test_chapter_opens_with_its_table_of_rules(chapter: Path) -> None:
    directives = parse_directives(chapter.read_text(encoding="utf-8"), str(chapter))
    names = [directive.name for directive in directives]
    assert names.count("chapter-rules") == 1, f"{chapter.name} needs one chapter-rules table"
    assert names.index("chapter-rules") < names.index("rule"), f"{chapter.name} lists its rules after the first one"
