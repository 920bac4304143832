# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the checker over a guide example, the same way for the tests and for the site.

The pytest plugin asserts what the checker says about each example; the
rule pages of the site print it under the example. Both take the example's
code and its findings from here, so the page shows what the test saw.

A preferred example is checked against every rule, except the ones its
``breaks`` option names with a reason. An example that is a snippet rather
than a whole file (it does not start with the SPDX header) is not held to
:data:`SNIPPET_EXEMPT`, the rules about the top of a file or the whole of it, which a snippet
does not show.
"""

from __future__ import annotations

from pathlib import Path

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.runner import check_source
from cuda_core_guide.findings import Finding
from cuda_core_guide.guide.chapters import CHAPTER_PREFIXES, Example
from cuda_core_guide.guide.differences import Difference
from cuda_core_guide.guide.includes import quote_include

__all__ = [
    "SNIPPET_EXEMPT",
    "ExampleFailure",
    "example_code",
    "example_findings",
    "example_problems",
    "is_snippet",
    "preferred_findings",
]

SNIPPET_EXEMPT = ("HDR001", "HDR002", "HDR003", "HDR004", "FIL001", "TYP003", "PKG008")
"""Rules about the top of a file (header, module docstring, ``__future__`` import) or the whole of it (PKG008, a
``.pyx`` that uses nothing from Cython), which a snippet does not show."""

_HEADER_START = ("# SPDX-FileCopyrightText:", "<!-- SPDX-FileCopyrightText:")


class ExampleFailure(AssertionError):
    """Say why a guide example does not behave as its kind and options promise."""


def example_code(example: Example, root: Path) -> str:
    """Return an example's code, taking an ``include`` from the repository.

    Parameters
    ----------
    example : Example
        An example, quoting a file of the repository when it has an ``include`` option.
    root : Path
        The directory that ``include`` paths are relative to.

    Returns
    -------
    str
        The code.

    Raises
    ------
    cuda_core_guide.guide.excerpts.ExcerptError
        If the included file or symbol does not exist, or the file lies
        outside ``root`` (:class:`~cuda_core_guide.guide.includes.IncludeOutsideRoot`).
    """
    include = example.options.get("include")
    if include is None:
        return example.code
    return quote_include(root, include, example.options.get("symbol")).text


def is_snippet(code: str) -> bool:
    """Return whether an example's code is a snippet rather than a whole file.

    Parameters
    ----------
    code : str
        The example's code.

    Returns
    -------
    bool
        True unless its first non-blank line starts the SPDX header.
    """
    first = next((line for line in code.splitlines() if line.strip()), "")
    return not first.startswith(_HEADER_START)


def preferred_findings(example: Example, root: Path, code: str | None = None) -> list[Finding]:
    """Return what the checker reports on a preferred example that it must not.

    Parameters
    ----------
    example : Example
        A preferred example.
    root : Path
        The directory that ``include`` and ``filename`` paths are relative to.
    code : str, optional
        The example's code, if already read.

    Returns
    -------
    list of Finding
        The findings of every rule, except the ones the example's
        ``breaks`` option names and, for a snippet, :data:`SNIPPET_EXEMPT`.
    """
    text = example_code(example, root) if code is None else code
    exempt = set(example.breaks) | (set(SNIPPET_EXEMPT) if is_snippet(text) else set())
    return [f for f in example_findings(example, root, ("ALL",), text) if f.rule not in exempt]


def example_problems(example: Example, differences: dict[str, Difference]) -> list[str]:
    """Return what is wrong with an example's options, if anything.

    Parameters
    ----------
    example : Example
        The example.
    differences : dict of str to Difference
        The guide's deliberate differences from upstream, by ID.

    Returns
    -------
    list of str
        One message per problem; empty when the options are sound.
    """
    problems = []
    options = example.options
    for option in ("fragment", "compile-error"):
        if option in options and not options[option].strip():
            problems.append(f":{option}: needs a reason")
    if "fragment" in options and "compile-error" in options:
        problems.append(":fragment: and :compile-error: exclude each other")
    if ("fragment" in options or "compile-error" in options) and example.language != "cython":
        problems.append(":fragment: and :compile-error: apply to Cython examples only")
    if "breaks" in options:
        codes = example.breaks
        reason = options["breaks"].partition(":")[2].strip()
        if example.kind != "prefer":
            problems.append(":breaks: applies to preferred examples only")
        if not codes or not reason:
            problems.append(":breaks: reads 'CODE[, CODE]: reason'")
        problems.extend(f":breaks: names {code!r}, not a rule code" for code in codes if not _is_code(code))
    if "upstream" in options:
        if example.kind != "runnable":
            problems.append(":upstream: applies to runnable examples only")
        elif options["upstream"] not in differences:
            problems.append(f":upstream: names {options['upstream']!r}, which the table of differences does not list")
    if "timeout" in options:
        try:
            if float(options["timeout"]) <= 0:
                raise ValueError
        except ValueError:
            problems.append(f":timeout: {options['timeout']!r} is not a positive number of seconds")
    return problems


def _is_code(text: str) -> bool:
    """Return whether a string is a rule code: a chapter prefix and three digits."""
    return len(text) == 6 and text[:3] in CHAPTER_PREFIXES and text[3:].isdigit()


def example_findings(example: Example, root: Path, select: tuple[str, ...], code: str | None = None) -> list[Finding]:
    """Return the checker's findings on an example, for the selected rules.

    A ``:filename:`` with a directory part names a place in the repository
    (rules that read sibling files need a real location); a bare file name
    only sets the suffix and the module name.

    Parameters
    ----------
    example : Example
        The example.
    root : Path
        The directory that ``include`` and ``filename`` paths are relative to.
    select : tuple of str
        The codes or prefixes to report.
    code : str, optional
        The example's code, if already read.

    Returns
    -------
    list of Finding
        Sorted findings; their path is the example's file name.

    Raises
    ------
    cuda_core_guide.guide.excerpts.ExcerptError
        If the included file or symbol does not exist.
    """
    filename = example.filename
    if "/" in filename:
        filename = str(root / filename)
    text = example_code(example, root) if code is None else code
    return check_source(filename, text, Config(select=select))
