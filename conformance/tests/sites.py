# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Small Sphinx sites that the extension's tests write, build and read back as text."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html.parser import HTMLParser
from pathlib import Path

import pytest

__all__ = ["build", "built_text", "images", "page_text", "write_site"]


def write_site(
    root: Path, settings: Mapping[str, str], pages: Mapping[str, str], data: Mapping[str, object | None]
) -> Path:
    """Write a site under ``root`` that uses the extension; return its documentation folder.

    Parameters
    ----------
    root : Path
        The folder to write ``docs/`` into.
    settings : mapping of str to str
        Configuration values of the extension, by name.
    pages : mapping of str to str
        Each page's MyST, by document name, in the order the index lists them.
    data : mapping of str to object
        Each data file under ``docs/_data/``, by file name, written as JSON; ``None`` writes no file.

    Returns
    -------
    Path
        The ``docs`` folder.
    """
    docs = root / "docs"
    (docs / "_data").mkdir(parents=True)
    lines = ['extensions = ["myst_parser", "cuda_core_guide.sphinxext"]', "nitpicky = True"]
    lines += [f"{name} = {value!r}" for name, value in settings.items()]
    (docs / "conf.py").write_text("\n".join(lines) + "\n")
    (docs / "index.md").write_text("# Site\n\n```{toctree}\n" + "".join(f"{page}\n" for page in pages) + "```\n")
    for page, text in pages.items():
        (docs / f"{page}.md").write_text(text)
    for name, value in data.items():
        if value is not None:
            (docs / "_data" / name).write_text(json.dumps(value))
    return docs


def build(docs: Path, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    """Build a site with -W and -n, assert that it succeeds, and return what it printed."""
    from sphinx.cmd.build import build_main

    status = build_main(["-W", "--keep-going", "-q", "-n", *options, "-b", "html", str(docs), str(docs / "_build")])
    captured = capsys.readouterr()
    output = captured.out + captured.err
    assert status == 0, output
    return output


def images(docs: Path, page: str) -> list[Path]:
    """Return the wide drawing of each chart of a built page, checking that both drawings exist and are inline."""
    html = (docs / "_build" / f"{page}.html").read_text()
    sources = re.findall(r'<a class="guide-plot-full" href="([^"]+\.svg)"', html)
    files = [(docs / "_build" / source).resolve() for source in sources]
    for file in files:
        narrow = file.with_name(f"{file.stem}-narrow.svg")
        for drawing in (file, narrow):
            assert drawing.is_file(), drawing
            assert drawing.read_text().lstrip().startswith("<?xml")
    assert html.count('class="guide-plot-svg"') == html.count("<svg ") == 2 * len(files)
    return files


def built_text(docs: Path, page: str) -> str:
    """Return the text of a built page of a site, whitespace runs collapsed."""
    return page_text((docs / "_build" / f"{page}.html").read_text())


def page_text(html: str) -> str:
    """Return the text of an HTML page, whitespace runs collapsed."""
    parser = _TextParser()
    parser.feed(html)
    return " ".join("".join(parser.parts).split())


class _TextParser(HTMLParser):
    """Collect the character data of an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
