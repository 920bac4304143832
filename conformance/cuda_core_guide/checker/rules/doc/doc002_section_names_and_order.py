# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""DOC002: docstrings use numpydoc's section names, in numpydoc's order, once each.

A header (a line underlined with dashes) must name a numpydoc section exactly
(``Parameters``, not ``parameters``, ``Args`` or ``Example``); sections must
follow :data:`~cuda_core_guide.checker.rules.doc.docstrings.SECTION_ORDER`, the order
``numpydoc.validate`` checks (GL06, GL07). A section that appears twice, and
a docstring numpydoc cannot parse at all, are reported too, and so is an
unknown section that numpydoc warns about where the line scan sees no header
(an indented one). Underlines are
DOC003's concern; ``Args:``-style lines are DOC007's.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cuda_core_guide.checker.rules import Violation
from cuda_core_guide.checker.rules.doc.docstring_rule import DocstringRule
from cuda_core_guide.checker.rules.doc.docstrings import SECTION_ORDER, Docstring, Header, normalized_title
from cuda_core_guide.source import SourceFile

__all__ = ["SectionNamesAndOrder"]

_UNKNOWN_SECTION = "Unknown section "
_ALIASES = {
    "Args": "Parameters",
    "Arguments": "Parameters",
    "Params": "Parameters",
    "Parameter": "Parameters",
    "Keyword Arguments": "Other Parameters",
    "Return": "Returns",
    "Yield": "Yields",
    "Raise": "Raises",
    "Exceptions": "Raises",
    "Warn": "Warns",
    "Warning": "Warnings",
    "Example": "Examples",
    "Note": "Notes",
    "Reference": "References",
    "Attribute": "Attributes",
    "Method": "Methods",
    "Seealso": "See Also",
}


class SectionNamesAndOrder(DocstringRule):
    """Check docstring section headers: known names, numpydoc order, no repeats."""

    code = "DOC002"

    def check_docstring(self, source: SourceFile, docstring: Docstring) -> Iterator[Violation]:
        """Yield violations for unknown, repeated and misordered sections."""
        parsed = docstring.parsed
        headers = [h for h in parsed.headers if h.underline is not None]
        known = {h.title for h in headers}
        order = ", ".join(s for s in SECTION_ORDER if s in known)
        seen: dict[str, int] = {}
        latest: str | None = None
        for header in headers:
            position = docstring.position(source, header.index)
            title = header.title
            if title not in SECTION_ORDER:
                yield Violation(*position, f"{docstring.label} has unknown section {title!r}{_suggest(title)}")
            elif title in seen:
                yield Violation(*position, f"{docstring.label} repeats section {title!r} (first on line {seen[title]})")
            else:
                seen[title] = position[0]
                if latest is not None and SECTION_ORDER.index(title) < SECTION_ORDER.index(latest):
                    yield Violation(
                        *position,
                        f"{docstring.label} puts section {title!r} after {latest!r}; numpydoc's order is {order}",
                    )
                else:
                    latest = title
        yield from _numpydoc_unknown_sections(source, docstring, headers)
        normalized = [normalized_title(h.title) for h in headers]
        repeated = len(set(normalized)) < len(normalized)
        if parsed.error is not None and not repeated:
            # A repeated section (in any spelling) is what numpydoc
            # rejects most often; it is reported above already.
            yield Violation(
                *docstring.position(source, 0),
                f"numpydoc cannot parse the {docstring.label}: {_first_sentence(parsed.error)}",
            )


def _numpydoc_unknown_sections(source: SourceFile, docstring: Docstring, headers: list[Header]) -> Iterator[Violation]:
    """Yield the unknown sections numpydoc warned about that the header scan did not see.

    numpydoc also reads indented headers, which the scan (headers at the
    docstring's own indentation) leaves out; its warning has no line, so the
    finding points at the docstring.
    """
    spelled = {" ".join(word.capitalize() for word in h.title.split(" ")) for h in headers}
    for message in docstring.parsed.warnings:
        if message.startswith(_UNKNOWN_SECTION):
            name = message[len(_UNKNOWN_SECTION) :].strip()
            if name not in spelled:
                yield Violation(
                    *docstring.position(source, 0), f"numpydoc finds unknown section {name!r} in the {docstring.label}"
                )


def _suggest(title: str) -> str:
    """Return ``; use 'Examples'``-style advice for an unknown section title."""
    normalized = normalized_title(title)
    candidate = normalized if normalized in SECTION_ORDER else _ALIASES.get(normalized)
    if candidate is None:
        close = difflib.get_close_matches(normalized, SECTION_ORDER, n=1, cutoff=0.75)
        candidate = close[0] if close else None
    if candidate is None:
        return "; use a numpydoc section (Parameters, Returns, Raises, Notes, Examples...)"
    return f"; use {candidate!r}"


def _first_sentence(message: str) -> str:
    """Return the first line of a numpydoc error, without the docstring it quotes."""
    line = message.strip().splitlines()[0] if message.strip() else message
    return line.split(" in  ")[0].strip()
