# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Read the guide's rules from its MyST chapters: the source every other view is built from.

Each rule is written once, as a ``rule`` directive in a guide chapter: its
code, title, level, rationale and examples. The Sphinx extension renders
these directives and the pytest plugin tests their examples, both straight
from the chapters; the checker's packaged catalog
(:mod:`cuda_core_guide.guide.catalog`) is built from them when the package is
built.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable
from pathlib import Path

from cuda_core_guide.findings import Level
from cuda_core_guide.guide.markup import check_markup
from cuda_core_guide.guide.myst import Directive, MystError, first_heading, parse_directives, role_targets

__all__ = [
    "CHAPTER_PREFIXES",
    "EXAMPLE_KINDS",
    "Example",
    "RuleDoc",
    "chapter_rules",
    "checkout_guide",
    "examples_of",
    "include_root",
    "read_chapter",
    "read_guide",
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
    "SYN": "the checker itself",
}
"""Rule-code prefixes and the chapter each one belongs to."""

EXAMPLE_KINDS = ("avoid", "prefer", "runnable")
"""The directives that hold an example."""


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
        The example's own text (empty for an ``include``).
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
        """The file name the example is checked as (its ``filename`` option; else by its language or included file)."""
        python = self.language != "cython" or self.options.get("include", "").endswith(".py")
        default = "example.py" if python else "example.pyx"
        return self.options.get("filename", default)

    @property
    def digest(self) -> str:
        """A stable identifier: the chapter and a digest of the kind and the code.

        It changes when the example changes, not when lines above it do;
        trailing whitespace does not count.
        """
        code = "\n".join(line.rstrip() for line in self.code.strip("\n").splitlines())
        digest = hashlib.sha256(f"{self.kind}\0{code}".encode()).hexdigest()[:12]
        return f"{Path(self.path).stem}:{digest}"

    @property
    def fragment(self) -> str | None:
        """Why the example cannot stand alone as a module (its ``fragment`` option), if it cannot."""
        return self.options.get("fragment")

    @property
    def compile_error(self) -> str | None:
        """Why Cython must reject the example (its ``compile-error`` option), if it must."""
        return self.options.get("compile-error")

    @property
    def breaks(self) -> tuple[str, ...]:
        """The rules a preferred example may break: the codes before the colon of its ``breaks`` option."""
        codes, _, _ = self.options.get("breaks", "").partition(":")
        return tuple(code.strip().upper() for code in codes.replace(",", " ").split())

    @property
    def upstream_difference(self) -> str | None:
        """The deliberate difference that makes upstream ``cuda.core`` fail the example (``upstream``)."""
        return self.options.get("upstream")

    @property
    def timeout(self) -> float:
        """How many seconds a runnable example may take (its ``timeout`` option; 60 by default)."""
        return float(self.options.get("timeout", 60))

    @property
    def compiled(self) -> bool:
        """Whether the test suite compiles the example: its own Cython text, not a fragment."""
        return self.language == "cython" and "include" not in self.options and self.fragment is None


@dataclasses.dataclass(frozen=True)
class RuleDoc:
    """One rule of the guide, as its chapter writes it.

    Parameters
    ----------
    code : str
        The rule code, such as ``IMP001``.
    title : str
        A one-line statement of the rule, in MyST inline markup.
    level : Level
        ``required`` or ``recommended``.
    chapter : str
        The chapter's file stem (``imports``).
    chapter_title : str
        The chapter's first heading, in MyST inline markup.
    body : str
        The rule's MyST body: rationale and examples.
    path : str
        The chapter file.
    line : int
        The line of the rule directive.
    body_line : int
        The chapter line that ``body`` starts on.
    examples : tuple of Example
        Its examples.
    references : tuple of str
        The rule codes its body links to with ``{rule}`` roles, in order.
    unchecked : str
        Why the checker cannot enforce the rule (its ``:unchecked:``
        option); empty for a checked rule.
    """

    code: str
    title: str
    level: Level
    chapter: str
    chapter_title: str
    body: str
    path: str
    line: int
    body_line: int
    examples: tuple[Example, ...] = ()
    references: tuple[str, ...] = ()
    unchecked: str = ""

    @property
    def prefix(self) -> str:
        """The code's chapter prefix (``IMP``)."""
        return self.code[:3]


def checkout_guide() -> Path | None:
    """Return the ``guide/`` folder of the source checkout this package runs from, if any.

    Returns
    -------
    Path or None
        The folder, when the package is imported from a checkout (an
        editable install, or ``conformance/`` on the path); ``None`` for an
        installed wheel.
    """
    guide = Path(__file__).resolve().parents[3] / "guide"
    return guide if (guide / "index.md").is_file() else None


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


def read_guide(directory: Path) -> dict[str, RuleDoc]:
    """Return every rule the chapters in ``directory`` define, by code.

    Parameters
    ----------
    directory : Path
        The folder of the guide's chapters; every ``*.md`` file in it is read.

    Returns
    -------
    dict of str to RuleDoc
        The rules, ordered by code.

    Raises
    ------
    MystError
        If a rule directive is malformed or a code is defined twice.
    """
    rules: dict[str, RuleDoc] = {}
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
    """Return the rules one chapter defines, refusing a chapter with broken markup.

    Parameters
    ----------
    path : Path
        The chapter's file, in MyST; its markup is checked before its rules are read.

    Returns
    -------
    list of RuleDoc
        Its rules, in order.

    Raises
    ------
    MystError
        If the chapter's markup is broken (:mod:`cuda_core_guide.guide.markup`)
        or a rule directive is malformed.
    """
    text = path.read_text(encoding="utf-8")
    check_markup(text, str(path))
    return chapter_rules(text, path)


def chapter_rules(text: str, path: Path) -> list[RuleDoc]:
    """Return the rules of a chapter's text, without checking the rest of its markup.

    Parameters
    ----------
    text : str
        The chapter's Markdown.
    path : Path
        The chapter's file, which examples' ``:include:`` paths are relative to the parent of.

    Returns
    -------
    list of RuleDoc
        Its rules, in order.

    Raises
    ------
    MystError
        If a rule directive is malformed.
    """
    title = first_heading(text) or path.stem
    return [_rule(d, path, title) for d in parse_directives(text, str(path)) if d.name == "rule"]


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


def _rule(directive: Directive, path: Path, chapter_title: str) -> RuleDoc:
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
    references = tuple(dict.fromkeys(t.upper() for t in role_targets(directive.body, "rule") if t.upper() != code))
    return RuleDoc(
        code,
        title,
        level,
        path.stem,
        chapter_title,
        directive.body,
        where,
        directive.line,
        directive.body_line,
        tuple(examples_of(directive.children, where, code)),
        references,
        " ".join(directive.options.get("unchecked", "").split()),
    )
