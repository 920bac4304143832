# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Markup that MyST renders without a word but wrong is an error at its line when the guide is read.

The site warns for each of these (tested with the Sphinx extension); here,
the readers outside Sphinx: the rules of a chapter, the rule catalog that
``cuda-core-guide rule CODE`` prints, and the plugin that tests the examples.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cuda_core_guide.checker.cli import main
from cuda_core_guide.guide import chapters
from cuda_core_guide.guide.catalog import load_catalog
from cuda_core_guide.guide.chapters import read_chapter
from cuda_core_guide.guide.markup import markup_problems
from cuda_core_guide.guide.myst import MystError

CHAPTER = """\
# Headers

````{rule} HDR001
:title: Begin every file with the `SPDX` copyright line
:level: required

Why, and see {rule}`HDR002`.

```{avoid}
x = 1
```
````

````{rule} HDR002
:title: Name the contributors
:level: required

Text
over two lines, {rule}`HDR001`.

```{prefer}
x = 1
```
````
"""

BROKEN = {
    "unclosed example in its rule": (
        CHAPTER.replace("```{prefer}\nx = 1\n```\n````\n", "```{prefer}\nx = 1\n````\n"),
        "```{prefer}",
        "the {prefer} directive opened here with ``` is never closed",
    ),
    "unclosed rule": (CHAPTER[: CHAPTER.rindex("````")], "````{rule} HDR002", "the {rule} directive opened here"),
    "unclosed code fence": (CHAPTER + "\n```python\nx = 1\n", "```python", "the code fence opened here"),
    "empty rule role": (CHAPTER.replace("{rule}`HDR001`", "{rule}``"), "over two lines, {rule}``.", "{rule} role"),
    "blank rule role": (CHAPTER.replace("{rule}`HDR002`", "{rule}`` ``"), "Why, and see {rule}`` ``.", "{rule} role"),
    "unclosed rule role": (CHAPTER.replace("{rule}`HDR002`", "{rule}`HDR002"), "Why, and see {rule}`HDR002.", "role"),
    "nested rule": (
        CHAPTER.replace("Why, and", "```{rule} HDR003\n:title: Inside\n:level: required\n\nText.\n```\n\nWhy, and"),
        "```{rule} HDR003",
        "rule HDR003 is nested in rule HDR001",
    ),
    "title with an unclosed backtick": (
        CHAPTER.replace("the `SPDX` copyright", "the `SPDX copyright"),
        "````{rule} HDR001",
        "the :title: of rule HDR001 has an unclosed backtick",
    ),
    "title with an empty role": (
        CHAPTER.replace(":title: Name the", ":title: Follow {rule}`` and name the"),
        "````{rule} HDR002",
        "{rule} role",
    ),
}


def test_sound_chapter_has_no_problems() -> None:
    assert markup_problems(CHAPTER) == []


@pytest.mark.parametrize(("text", "marker", "message"), BROKEN.values(), ids=BROKEN)
def test_problem_is_found_at_its_line(text: str, marker: str, message: str) -> None:
    (problem,) = markup_problems(text, "headers.md")
    assert (problem.path, problem.line) == ("headers.md", text.splitlines().index(marker) + 1)
    assert message in problem.message


def test_fences_in_code_and_closed_at_the_last_line_are_sound() -> None:
    assert markup_problems("```markdown\n````{rule} HDR001\n{rule}``\n```") == []
    assert markup_problems("Write `{rule}`` ` as code.\n") == []


@pytest.mark.parametrize(("text", "marker", "message"), BROKEN.values(), ids=BROKEN)
def test_reading_a_chapter_refuses_it(tmp_path: Path, text: str, marker: str, message: str) -> None:
    chapter = tmp_path / "headers.md"
    chapter.write_text(text)
    with pytest.raises(MystError) as caught:
        read_chapter(chapter)
    assert caught.value.line == text.splitlines().index(marker) + 1
    assert message in caught.value.message


@pytest.fixture
def guide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Return a guide folder that the command reads its catalog from."""
    folder = tmp_path / "guide"
    folder.mkdir()
    monkeypatch.setattr(chapters, "checkout_guide", lambda: folder)
    load_catalog.cache_clear()
    yield folder
    monkeypatch.undo()
    load_catalog.cache_clear()


@pytest.mark.parametrize(("text", "marker", "message"), BROKEN.values(), ids=BROKEN)
def test_rule_command_reports_the_problem(
    guide: Path, capsys: pytest.CaptureFixture[str], text: str, marker: str, message: str
) -> None:
    (guide / "headers.md").write_text(text)
    status = main(["rule", "HDR001"])
    err = capsys.readouterr().err
    assert status == 2
    line = text.splitlines().index(marker) + 1
    assert err.startswith(f"cuda-core-guide: error: {guide / 'headers.md'}:{line}: ")
    assert message in err
