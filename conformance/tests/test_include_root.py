# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Examples quote files of their repository only: an ``:include:`` that leads outside it is refused.

The site's side (a located warning, nothing quoted) is tested with the
Sphinx extension; here, the readers outside Sphinx: the rule catalog that
``cuda-core-guide rule CODE`` prints and the wheel carries, and the code
the pytest plugin tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cuda_core_guide.checker.cli import main
from cuda_core_guide.examples.check import example_code
from cuda_core_guide.guide import chapters
from cuda_core_guide.guide.catalog import build_catalog, load_catalog
from cuda_core_guide.guide.chapters import examples_of, include_root
from cuda_core_guide.guide.includes import IncludeOutsideRoot, include_path
from cuda_core_guide.guide.myst import MystError, parse_directives

SECRET = "SECRET_OUTSIDE_THE_REPOSITORY = 1\n"
CHAPTER = """\
# Headers

````{rule} HDR001
:title: Begin every file with the SPDX copyright line
:level: required

Why.

```{prefer}
:include: INCLUDE
```
````
"""
LINE = CHAPTER.splitlines().index("```{prefer}") + 1
"""The line of the example that quotes the file."""
OUTSIDE = ["../secret.py", "../../secret.py", "src/link.py", "SECRET_ABSOLUTE"]
"""Includes that lead outside the repository: up, further up, through a link, and absolute."""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """Return a repository with a guide and a module, beside a file that lies outside it."""
    (tmp_path / "secret.py").write_text(SECRET)
    repo = tmp_path / "repo"
    (repo / "guide").mkdir(parents=True)
    (repo / "src").mkdir()
    (repo / "src" / "module.py").write_text("def scale(value):\n    return 2 * value\n")
    (repo / "src" / "link.py").symlink_to(tmp_path / "secret.py")
    (repo / "src" / "inner.py").symlink_to(repo / "src" / "module.py")
    return repo


@pytest.fixture
def catalog_from(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make the command read its catalog from the checkout that ``chapters.checkout_guide`` names."""
    load_catalog.cache_clear()
    yield
    monkeypatch.undo()
    load_catalog.cache_clear()


def _include(include: str, repo: Path) -> str:
    return str(repo.parent / "secret.py") if include == "SECRET_ABSOLUTE" else include


@pytest.mark.parametrize("include", OUTSIDE)
def test_include_path_refuses_a_file_outside_the_root(repo: Path, include: str) -> None:
    with pytest.raises(IncludeOutsideRoot, match="outside the include root"):
        include_path(repo, _include(include, repo))


def test_include_path_follows_links_that_stay_inside(repo: Path) -> None:
    assert include_path(repo, "src/inner.py") == repo / "src" / "module.py"
    assert include_path(repo, "guide/../src/module.py") == repo / "src" / "module.py"


@pytest.mark.parametrize("include", OUTSIDE)
def test_catalog_refuses_the_include_at_the_example(repo: Path, include: str) -> None:
    chapter = repo / "guide" / "headers.md"
    chapter.write_text(CHAPTER.replace("INCLUDE", _include(include, repo)))
    with pytest.raises(MystError, match="outside the include root") as caught:
        build_catalog(repo / "guide")
    assert (caught.value.path, caught.value.line) == (str(chapter), LINE)


@pytest.mark.parametrize("include", OUTSIDE)
def test_rule_command_reports_the_include_as_an_error(
    repo: Path, include: str, catalog_from: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "guide" / "headers.md").write_text(CHAPTER.replace("INCLUDE", _include(include, repo)))
    monkeypatch.setattr(chapters, "checkout_guide", lambda: repo / "guide")
    status = main(["rule", "HDR001"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.startswith(f"cuda-core-guide: error: {repo / 'guide' / 'headers.md'}:{LINE}: :include: ")
    assert "outside the include root" in captured.err
    assert "SECRET_OUTSIDE" not in captured.out + captured.err


def test_rule_command_still_quotes_an_include_inside(
    repo: Path, catalog_from: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "guide" / "headers.md").write_text(CHAPTER.replace("INCLUDE", "src/module.py"))
    monkeypatch.setattr(chapters, "checkout_guide", lambda: repo / "guide")
    assert main(["rule", "HDR001"]) == 0
    assert "    def scale(value):" in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("include", OUTSIDE)
def test_tested_example_code_is_not_read_from_outside(repo: Path, include: str) -> None:
    chapter = repo / "guide" / "headers.md"
    text = CHAPTER.replace("INCLUDE", _include(include, repo))
    (example,) = examples_of(parse_directives(text, str(chapter)), str(chapter))
    with pytest.raises(IncludeOutsideRoot):
        example_code(example, include_root(chapter))
