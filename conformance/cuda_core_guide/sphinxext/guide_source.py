# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide as the site needs it before any page is read: its chapters, in order, and their rules.

The rule pages, the rule index and the chapter list are built from the
chapters' sources, read with the checker's own MyST reader, so that they
do not depend on the order in which Sphinx reads documents. The chapters
are the documents that the toctrees of the folder's ``index.md`` list, in
that order; without such toctrees, every ``.md`` file of the folder. Each
may carry a one-line ``summary`` in its front matter.

A page of the folder whose markup is broken (:mod:`cuda_core_guide.guide.markup`),
or whose rule directives cannot be read, does not stop the build: the
problems are kept with the source, and :func:`report_problems` warns for
each at its document and line when the builder starts, so ``-W`` fails.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import yaml
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.guide.chapters import RuleDoc, chapter_rules, examples_of
from cuda_core_guide.guide.markup import markup_problems
from cuda_core_guide.guide.myst import MystError, first_heading, iter_directives, markdown_parser, parse_directives

__all__ = ["Chapter", "GuideSource", "chapters_folder", "guide_source", "read_guide_data", "report_problems"]

_T = TypeVar("_T")

_logger = logging.getLogger(__name__)

_INDEX = "index.md"


@dataclasses.dataclass(frozen=True)
class GuideSource:
    """The chapters of the guide and their rules.

    Parameters
    ----------
    chapters : tuple of Chapter
        Every chapter, in reading order.
    example_documents : dict of str to str
        The document of every example of the folder's pages, the index
        included, by the example's identifier.
    problems : tuple of MystError
        What is wrong with the markup of the folder's pages, in file and
        line order. A chapter whose rule directives cannot be read is listed
        without rules.
    """

    chapters: tuple[Chapter, ...]
    example_documents: dict[str, str] = dataclasses.field(default_factory=dict)
    problems: tuple[MystError, ...] = ()

    def chapter_of(self, code: str) -> Chapter:
        """Return the chapter that defines a rule.

        Parameters
        ----------
        code : str
            A rule code of :attr:`rules`.

        Returns
        -------
        Chapter
            Its chapter.
        """
        return next(chapter for chapter in self.chapters if any(rule.code == code for rule in chapter.rules))

    def referrers(self, code: str) -> tuple[str, ...]:
        """Return the codes of the rules whose text links to a rule.

        Parameters
        ----------
        code : str
            The code of the rule that others may link to with ``{rule}``.

        Returns
        -------
        tuple of str
            The referring rules, in code order.
        """
        return tuple(other for other, rule in self.rules.items() if code in rule.references)

    @functools.cached_property
    def rules(self) -> dict[str, RuleDoc]:
        """Every rule, by code, in code order."""
        return dict(sorted((rule.code, rule) for chapter in self.chapters for rule in chapter.rules))


@dataclasses.dataclass(frozen=True)
class Chapter:
    """One chapter of the guide.

    Parameters
    ----------
    docname : str
        Its Sphinx document name (``guide/imports``).
    path : Path
        Its file.
    title : str
        Its first heading, in MyST inline markup.
    summary : str
        The ``summary`` of its front matter, in MyST inline markup, or ``""``.
    rules : tuple of RuleDoc
        The rules it defines, in order.
    """

    docname: str
    path: Path
    title: str
    summary: str
    rules: tuple[RuleDoc, ...]

    @property
    def prefixes(self) -> tuple[str, ...]:
        """The code prefixes of its rules, in order of first use."""
        return tuple(dict.fromkeys(rule.prefix for rule in self.rules))


def chapters_folder(env: BuildEnvironment) -> Path:
    """Return the folder of the guide's chapters: ``cuda_core_guide_chapters`` under the source folder.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment, whose ``srcdir`` the folder is under.

    Returns
    -------
    Path
        The folder (not resolved, so that document names stay right under
        a symbolic link).
    """
    return Path(env.srcdir) / env.config.cuda_core_guide_chapters


def read_guide_data(
    directive: SphinxDirective, names: Sequence[str], read: Callable[[Path], _T]
) -> tuple[_T | None, list[nodes.Node]]:
    """Read the guide's data for a directive, whose page is then read again when a data file changes.

    Parameters
    ----------
    directive : SphinxDirective
        The directive that renders the data.
    names : sequence of str
        The data files ``read`` reads, relative to the chapters' folder.
    read : callable
        Reads the data from the chapters' folder (``read_differences``).

    Returns
    -------
    tuple
        The data, and no nodes; or ``None`` and a warning at the directive,
        when the data is malformed.
    """
    guide = chapters_folder(directive.env)
    for name in names:
        directive.env.note_dependency(str(guide / name))
    try:
        return read(guide), []
    except MystError as exc:
        return None, [directive.state.document.reporter.warning(str(exc), line=directive.lineno)]


def guide_source(env: BuildEnvironment) -> GuideSource:
    """Return the guide's chapters and rules, read again only when a chapter changed.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment, whose configuration names the chapters' folder.

    Returns
    -------
    GuideSource
        The chapters of :func:`chapters_folder`, and the problems of their
        markup.
    """
    folder = chapters_folder(env)
    files = sorted(folder.glob("*.md"))
    stamp = tuple((path.name, path.stat().st_mtime_ns, path.stat().st_size) for path in files)
    return _read(str(folder), str(env.srcdir), stamp)


def report_problems(app: Sphinx) -> None:
    """Warn for every markup problem of the guide's pages, at its document and line.

    Parameters
    ----------
    app : Sphinx
        The application.
    """
    for problem in guide_source(app.env).problems:
        docname = app.env.path2doc(problem.path)
        _logger.warning(
            "%s",
            problem.message,
            location=(docname, problem.line) if docname else f"{problem.path}:{problem.line}",
            type="cuda-core-guide",
            subtype="markup",
        )


@functools.lru_cache(maxsize=4)
def _read(folder: str, srcdir: str, stamp: tuple) -> GuideSource:
    """Read the chapters of a folder (``stamp`` keys the cache to their state)."""
    directory = Path(folder)
    problems: dict[str, MystError] = {}
    documents = {}
    for path in sorted(directory.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        problems.update((str(problem), problem) for problem in markup_problems(text, str(path)))
        docname = path.relative_to(srcdir).with_suffix("").as_posix()
        try:
            documents.update(
                (example.digest, docname) for example in examples_of(parse_directives(text, str(path)), str(path))
            )
        except MystError as exc:
            problems[str(exc)] = exc
    try:
        listed = _toctree_entries(directory / _INDEX)
    except MystError as exc:
        problems[str(exc)] = exc
        listed = []
    if listed:
        paths = [directory / f"{entry}.md" for entry in listed if (directory / f"{entry}.md").is_file()]
    else:
        paths = sorted(directory.glob("*.md"))
    chapters = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        docname = path.relative_to(srcdir).with_suffix("").as_posix()
        try:
            rules = tuple(chapter_rules(text, path))
        except MystError as exc:
            problems[str(exc)] = exc
            rules = ()
        matter = _front_matter(text)
        chapters.append(Chapter(docname, path, first_heading(text) or path.stem, str(matter.get("summary", "")), rules))
    ordered = sorted(problems.values(), key=lambda problem: (problem.path, problem.line))
    return GuideSource(tuple(chapters), documents, tuple(ordered))


def _toctree_entries(index: Path) -> list[str]:
    """Return the documents an index page's toctrees list, in order (``Title <name>`` gives ``name``)."""
    if not index.is_file():
        return []
    entries = []
    for directive in iter_directives(index.read_text(encoding="utf-8"), str(index)):
        if directive.name == "toctree":
            for line in directive.body.splitlines():
                if line.strip():
                    entries.append(line.strip().rpartition("<")[2].rstrip(">").strip())
    return list(dict.fromkeys(entries))


def _front_matter(text: str) -> dict:
    """Return a document's YAML front matter, or an empty mapping."""
    tokens = markdown_parser().parse(text)
    if tokens and tokens[0].type == "front_matter":
        data = yaml.safe_load(tokens[0].content)
        return data if isinstance(data, dict) else {}
    return {}
