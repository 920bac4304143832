# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The rule catalog: every rule the guide defines, read from its MyST chapters.

Each rule is written once, as a ``rule`` directive in a guide chapter: its
code, title, level, rationale and examples. The checker takes titles and
levels from here, ``cuda-core-guide rule CODE`` prints the documentation,
and the Sphinx site renders the same directives.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.resources
from collections.abc import Iterable
from pathlib import Path

from cuda_core_guide.findings import Level
from cuda_core_guide.myst import Directive, MystError, parse_directives

__all__ = [
    "BUILTIN_RULES",
    "CHAPTER_PREFIXES",
    "Example",
    "RuleDoc",
    "examples_of",
    "guide_directory",
    "include_root",
    "load_catalog",
    "read_chapter",
]

CHAPTER_PREFIXES = {
    "HDR": "copyright header",
    "FIL": "file structure",
    "PKG": "package layout",
    "IMP": "imports",
    "CLS": "class and function definitions",
    "NAM": "naming",
    "TYP": "type annotations",
    "DOC": "docstrings",
    "ERR": "errors and warnings",
    "MEM": "memory management",
    "THR": "thread safety",
    "CYT": "Cython-specific features",
    "CON": "constants",
    "CMT": "comments",
    "PRF": "performance",
    "API": "API design",
    "CUD": "CUDA-specific patterns",
    "DEV": "development lifecycle",
}
"""Rule-code prefixes and the chapter each one belongs to."""

EXAMPLE_KINDS = ("avoid", "prefer", "runnable")


@dataclasses.dataclass(frozen=True)
class Example:
    """A code example in the guide.

    Parameters
    ----------
    kind : str
        ``"avoid"``, ``"prefer"`` or ``"runnable"``.
    rule : str or None
        The rule it illustrates: its own argument, else the enclosing rule.
    language : str
        ``"cython"`` or ``"python"``.
    code : str
        The example's text (for an ``include``, the text it includes).
    options : dict of str to str
        The directive's options.
    path : str
        The chapter file.
    line : int
        The 1-based line of the directive in the chapter.
    """

    kind: str
    rule: str | None
    language: str
    code: str
    options: dict[str, str]
    path: str
    line: int

    @property
    def filename(self) -> str:
        """The file name the example is checked as (its ``filename`` option)."""
        default = "example.pyx" if self.language == "cython" else "example.py"
        return self.options.get("filename", default)


@dataclasses.dataclass(frozen=True)
class RuleDoc:
    """One rule of the guide.

    Parameters
    ----------
    code : str
        The rule code, such as ``IMP001``.
    title : str
        A one-line statement of the rule.
    level : Level
        ``required`` or ``recommended``.
    chapter : str
        The chapter's file stem (``imports``).
    body : str
        The rule's MyST body: rationale and examples.
    path : str
        The chapter file.
    line : int
        The line of the rule directive.
    examples : tuple of Example
        Its examples.
    """

    code: str
    title: str
    level: Level
    chapter: str
    body: str
    path: str
    line: int
    examples: tuple[Example, ...] = ()

    @property
    def prefix(self) -> str:
        """The code's chapter prefix (``IMP``)."""
        return self.code[:3]


BUILTIN_RULES = {
    "SYN001": RuleDoc(
        "SYN001",
        "The file can be decoded and parsed",
        Level.REQUIRED,
        "checker",
        "A file that is not valid UTF-8, or that Cython's parser rejects, cannot be "
        "checked. The finding points at the parser's location; the other files are "
        "still checked.\n",
        "<builtin>",
        0,
    ),
    "SYN002": RuleDoc(
        "SYN002",
        "Every rule can finish checking the file",
        Level.REQUIRED,
        "checker",
        "A rule that fails on a file is a bug in the checker. The finding names the "
        "rule and the error instead of printing a traceback; please report it with "
        "the file that triggers it.\n",
        "<builtin>",
        0,
    ),
}
"""Rules of the checker itself rather than of the guide."""


def guide_directory() -> Path:
    """Return the directory of the guide's MyST chapters.

    Returns
    -------
    Path
        The chapters packaged with :mod:`cuda_core_guide`, or the ``guide/``
        folder of the source checkout the package runs from.

    Raises
    ------
    FileNotFoundError
        If neither exists.
    """
    try:
        packaged = importlib.resources.files("cuda_core_guide.guide")
        if packaged.is_dir():
            return Path(str(packaged))
    except ModuleNotFoundError:
        pass
    checkout = Path(__file__).resolve().parents[2] / "guide"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError("the guide's chapters are neither packaged nor in a source checkout")


def include_root(chapter: Path) -> Path:
    """Return the directory that a chapter's ``:include:`` paths are relative to.

    Parameters
    ----------
    chapter : Path
        A guide chapter (symbolic links are followed).

    Returns
    -------
    Path
        The repository root: the parent of the guide's folder.
    """
    return Path(chapter).resolve().parent.parent


@functools.cache
def load_catalog(directory: Path | None = None) -> dict[str, RuleDoc]:
    """Return every rule of the guide, by code.

    Parameters
    ----------
    directory : Path, optional
        The guide's chapter folder; :func:`guide_directory` by default.

    Returns
    -------
    dict of str to RuleDoc
        The rules, the checker's built-in ones included, ordered by code.

    Raises
    ------
    MystError
        If a rule directive is malformed or a code is defined twice.
    """
    directory = directory or guide_directory()
    rules = dict(BUILTIN_RULES)
    for chapter in sorted(directory.glob("*.md")):
        for rule in read_chapter(chapter):
            if rule.code in rules:
                first = rules[rule.code]
                raise MystError(
                    rule.path, rule.line, f"rule {rule.code} is already defined at {first.path}:{first.line}"
                )
            rules[rule.code] = rule
    return dict(sorted(rules.items()))


def read_chapter(path: Path) -> list[RuleDoc]:
    """Return the rules one chapter defines.

    Parameters
    ----------
    path : Path
        A MyST chapter.

    Returns
    -------
    list of RuleDoc
        Its rules, in order.

    Raises
    ------
    MystError
        If a rule directive is malformed.
    """
    text = path.read_text(encoding="utf-8")
    return [_rule(d, path) for d in parse_directives(text, str(path)) if d.name == "rule"]


def examples_of(directives: Iterable[Directive], path: str, rule: str | None = None) -> list[Example]:
    """Return the examples among ``directives`` and their nested directives.

    Parameters
    ----------
    directives : iterable of Directive
        Directives of one chapter.
    path : str
        The chapter file.
    rule : str, optional
        The code of the enclosing rule.

    Returns
    -------
    list of Example
        The examples in document order.
    """
    result = []
    for directive in directives:
        if directive.name == "rule":
            result.extend(examples_of(directive.children, path, directive.argument.split()[0]))
        elif directive.name in EXAMPLE_KINDS:
            result.append(
                Example(
                    directive.name,
                    directive.argument or rule,
                    directive.options.get("lang", "cython" if directive.name != "runnable" else "python"),
                    directive.body,
                    directive.options,
                    path,
                    directive.line,
                )
            )
        else:
            result.extend(examples_of(directive.children, path, rule))
    return result


def _rule(directive: Directive, path: Path) -> RuleDoc:
    """Build a :class:`RuleDoc` from a ``rule`` directive, validating it."""
    code = directive.argument
    where = str(path)
    if len(code) != 6 or code[:3] not in CHAPTER_PREFIXES or not code[3:].isdigit():
        raise MystError(where, directive.line, f"rule code {code!r} is not a chapter prefix and three digits")
    title = directive.options.get("title", "").strip()
    if not title:
        raise MystError(where, directive.line, f"rule {code} has no :title:")
    try:
        level = Level(directive.options.get("level", ""))
    except ValueError:
        raise MystError(
            where,
            directive.line,
            f"rule {code} has level {directive.options.get('level')!r}; use required or recommended",
        ) from None
    return RuleDoc(
        code,
        title,
        level,
        path.stem,
        directive.body,
        where,
        directive.line,
        tuple(examples_of(directive.children, where, code)),
    )
