# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find a file's docstrings and read them with numpydoc's parser, statically.

Docstrings come from Cython's tree (``node.doc``), never from importing the
module: numpydoc's runtime validation imports objects and misreads Cython
ones (``embedsignature`` lines look like summaries, ``cdef class``
constructors hide their parameters). The text is cleaned as
:func:`inspect.getdoc` would and parsed with
:class:`numpydoc.docscrape.NumpyDocString`; the warnings numpydoc emits while
parsing are recorded instead of printed, and its errors become
:attr:`ParsedDocstring.error`. Section headers are also located line by line,
so that findings point at the offending line.

Findings inside a docstring cannot carry a ``# noqa`` comment on their own
line, so the DOC rules also honour one on the definition's header line
(``def``/``class``), or after a docstring's closing quotes.
"""

from __future__ import annotations

import bisect
import contextlib
import dataclasses
import functools
import inspect
import itertools
import tokenize
import warnings
from collections.abc import Callable, Iterator

from numpydoc import docscrape
from numpydoc.docscrape import NumpyDocString, ParseError
from numpydoc.validate import ALLOWED_SECTIONS

from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.visibility import (
    Definition,
    definitions,
    docstring_token,
    header_line,
    module_docstring_token,
)

__all__ = [
    "SECTION_ORDER",
    "Docstring",
    "Header",
    "ParsedDocstring",
    "docstrings",
    "has_sections",
    "normalized_title",
    "numpydoc_sections",
    "parse_docstring",
]

SECTION_ORDER = tuple(
    section for name in ALLOWED_SECTIONS for section in ((name, "Receives") if name == "Yields" else (name,))
)
"""numpydoc's section names in numpydoc's order (``numpydoc.validate``'s, plus ``Receives``)."""

_MAX_TITLE_LENGTH = 40


def docstrings(source: SourceFile) -> Iterator[Docstring]:
    """Yield every docstring of a file: the module's, then each definition's.

    Parameters
    ----------
    source : SourceFile
        The file whose module, classes and functions are read for docstrings.

    Yields
    ------
    Docstring
        Docstrings of the module, classes, functions (of any kind, nested
        ones included) and properties.
    """
    text = nodes.docstring(source.tree)
    if text is not None:
        token = module_docstring_token(source)
        yield Docstring(None, text, token, token.start[0] if token is not None else 1)
    for definition in definitions(source):
        text = nodes.docstring(definition.node)
        if text is not None and not definition.is_prototype:
            yield Docstring(definition, text, docstring_token(source, definition), header_line(source, definition))


@dataclasses.dataclass(frozen=True)
class Header:
    """A section header found in a docstring's text.

    Parameters
    ----------
    title : str
        The header text, stripped (``Parameters``).
    index : int
        Its line in the cleaned docstring (0 is the summary line).
    underline : str or None
        The stripped line of dashes (or ``=``) under it, or ``None`` when a
        known section name stands alone without one.
    """

    title: str
    index: int
    underline: str | None


@dataclasses.dataclass(frozen=True)
class ParsedDocstring:
    """What numpydoc and a line scan make of a docstring.

    Parameters
    ----------
    lines : tuple of str
        The cleaned docstring (:func:`inspect.cleandoc`), line by line.
    offset : int
        How many leading lines cleaning removed: cleaned line ``i`` is
        line ``i + offset`` of the docstring as written.
    summary : tuple of str
        numpydoc's ``Summary``: the lines of the first paragraph (that
        paragraph itself if numpydoc fails, or reads it as a signature).
    parameters : tuple of tuple
        ``(name, index)`` for each name documented under ``Parameters`` or
        ``Other Parameters`` (``x, y : int`` documents two; ``x: int``, a
        common slip, documents ``x``), with the cleaned line of its entry.
        Entries that are no identifier (``None``, stray reST) are skipped.
    headers : tuple of Header
        The section headers, in order.
    error : str or None
        The message numpydoc raised, if it could not parse the docstring.
    warnings : tuple of str
        The warnings numpydoc emitted while parsing.
    """

    lines: tuple[str, ...]
    offset: int
    summary: tuple[str, ...]
    parameters: tuple[tuple[str, int], ...]
    headers: tuple[Header, ...]
    error: str | None
    warnings: tuple[str, ...]

    def section_of(self, index: int) -> Header | None:
        """Return the header of the section that cleaned line ``index`` is in.

        Parameters
        ----------
        index : int
            A cleaned line.

        Returns
        -------
        Header or None
            The last header at or before ``index``; ``None`` in the summary
            and extended summary.
        """
        found = None
        for header in self.headers:
            if header.index > index:
                break
            found = header
        return found

    @property
    def has_parameters_section(self) -> bool:
        """Whether numpydoc reads a ``Parameters`` section (its underline is long enough)."""
        return any(
            h.title.lower() == "parameters" and h.underline is not None and len(h.underline) >= len(h.title)
            for h in self.headers
        )


@dataclasses.dataclass(frozen=True)
class Docstring:
    """One docstring of a file, where it is, and what it documents.

    Parameters
    ----------
    definition : Definition or None
        The class, function or property it documents; ``None`` for the
        module docstring.
    text : str
        The docstring's value.
    token : tokenize.TokenInfo or None
        Its first string token, when it could be located.
    anchor : int
        The line its findings may be suppressed on: the definition's
        header line, or the docstring's first line for a module.
    """

    definition: Definition | None
    text: str
    token: tokenize.TokenInfo | None
    anchor: int

    def line_of(self, index: int) -> int:
        """Return the source line of cleaned docstring line ``index``.

        Parameters
        ----------
        index : int
            A line of :attr:`ParsedDocstring.lines`.

        Returns
        -------
        int
            The 1-based source line, exact unless the docstring spells line
            breaks as ``\\n`` escapes.
        """
        return min(self.first_line + index + self.parsed.offset, self.last_line)

    def position(self, source: SourceFile, index: int) -> tuple[int, int]:
        """Return the line and 1-based column of cleaned docstring line ``index``.

        Parameters
        ----------
        source : SourceFile
            The file.
        index : int
            A line of :attr:`ParsedDocstring.lines`.

        Returns
        -------
        tuple of int
            The line, and the column of its first character (of the
            opening quotes on the docstring's first line).
        """
        line = self.line_of(index)
        if self.token is not None and line == self.token.start[0]:
            return line, self.token.start[1] + 1
        text = source.line_text(line)
        return line, len(text) - len(text.lstrip()) + 1

    def is_suppressed(self, source: SourceFile, code: str) -> bool:
        """Return whether a ``# noqa`` for ``code`` sits on the anchor or closing line.

        Parameters
        ----------
        source : SourceFile
            The file.
        code : str
            The rule code.

        Returns
        -------
        bool
            True if the header line, or the line of the closing quotes,
            carries a suppression that covers ``code``.
        """
        for line in (self.anchor, self.last_line):
            suppression = source.suppression(line)
            if suppression is not None and suppression.covers(code):
                return True
        return False

    @functools.cached_property
    def parsed(self) -> ParsedDocstring:
        """The parsed docstring.

        Kept on the docstring: every position a rule reports reads it, and
        finding the text in :func:`parse_docstring`'s cache compares it
        whole unless it is the very string cached.
        """
        return parse_docstring(self.text)

    @property
    def label(self) -> str:
        """How messages name the docstring (``docstring of `Buffer.close```)."""
        if self.definition is None:
            return "module docstring"
        return f"docstring of `{self.definition.qualified_name}`"

    @property
    def first_line(self) -> int:
        """The line the docstring's opening quotes are on."""
        return self.token.start[0] if self.token is not None else self.anchor + 1

    @property
    def last_line(self) -> int:
        """The line the docstring's closing quotes are on."""
        return self.token.end[0] if self.token is not None else self.first_line


@functools.lru_cache(maxsize=4096)
def parse_docstring(text: str) -> ParsedDocstring:
    """Parse a docstring with numpydoc, and locate its section headers.

    Parameters
    ----------
    text : str
        The docstring as written (not yet cleaned).

    Returns
    -------
    ParsedDocstring
        The parse; never raises, whatever the text.
    """
    raw_lines = text.expandtabs().split("\n")
    cleaned = inspect.cleandoc(text)
    lines = tuple(cleaned.split("\n")) if cleaned else ()
    offset = 0
    while offset < len(raw_lines) and not raw_lines[offset].strip():
        offset += 1
    error = None
    with warnings.catch_warnings(record=True) as caught, _linear_reader():
        warnings.simplefilter("always")
        try:
            parsed = NumpyDocString(cleaned)
        except (ParseError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            # numpydoc raises ValueError (its ParseError among them) on
            # malformed sections, and can trip over odd text in other ways.
            parsed = None
            error = str(exc.args[0]) if exc.args else type(exc).__name__
    summary: tuple[str, ...] = ()
    params: list[tuple[str, int]] = []
    headers = tuple(_headers(lines))
    if parsed is not None and not parsed["Signature"]:
        summary = tuple(line.strip() for line in parsed["Summary"] if line.strip())
    elif not headers or headers[0].index > 0:
        # numpydoc failed, or took the first paragraph for a call signature.
        summary = tuple(itertools.takewhile(str.strip, (line.strip() for line in lines)))
    if parsed is not None and (parsed["Parameters"] or parsed["Other Parameters"]):
        entry_lines = _entry_lines(lines)
        for section in ("Parameters", "Other Parameters"):
            start = _section_start(headers, section)
            for entry in parsed[section]:
                index = _entry_index(entry_lines, start, entry.name)
                for name in entry.name.partition(":")[0].split(", "):
                    documented = _documented_name(name)
                    if documented is not None:
                        params.append((documented, index))
    return ParsedDocstring(
        lines,
        offset,
        summary,
        tuple(params),
        headers,
        error,
        tuple(str(w.message) for w in caught),
    )


@functools.lru_cache(maxsize=4096)
def numpydoc_sections(text: str) -> NumpyDocString | None:
    """Return numpydoc's reading of a docstring, for the entries of its sections.

    Parameters
    ----------
    text : str
        The docstring as written; numpydoc cleans it.

    Returns
    -------
    numpydoc.docscrape.NumpyDocString or None
        The parse (``result["Raises"]`` lists that section's entries);
        ``None`` when numpydoc cannot read the docstring.
    """
    with warnings.catch_warnings(), _linear_reader():
        warnings.simplefilter("ignore")
        try:
            return NumpyDocString(inspect.cleandoc(text))
        except (ParseError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None


def has_sections(parsed: ParsedDocstring) -> bool:
    """Return whether a docstring has a numpydoc section: a known name, underlined.

    Parameters
    ----------
    parsed : ParsedDocstring
        A docstring, parsed by :func:`parse_docstring`.

    Returns
    -------
    bool
        False for a docstring that is a summary, with or without a
        description: the brief form the guide allows for simple APIs.
    """
    return any(header.underline is not None and header.title in SECTION_ORDER for header in parsed.headers)


class _LinearReader(docscrape.Reader):
    """A numpydoc line reader that reads on from the current line without copying the lines after it.

    numpydoc's own reader copies every remaining line each time it reads an
    entry or a paragraph, which costs quadratic time on a long section (a
    thousand parameters); these two methods return exactly what its own do.
    """

    def seek_next_non_empty_line(self) -> None:
        """Move to the next line that is not blank (or to the end)."""
        lines = self._str
        while self._l < len(lines) and not lines[self._l].strip():
            self._l += 1

    def read_to_condition(self, condition_func: Callable[[str], object]) -> list[str]:
        """Return the lines up to the first one that meets the condition, and move there.

        Parameters
        ----------
        condition_func : callable
            Called with each line from the current one.

        Returns
        -------
        list of str
            The lines read: up to the matching line (excluded), or to the
            end; empty if already at the end.
        """
        lines, start = self._str, self._l
        while self._l < len(lines):
            if condition_func(lines[self._l]):
                return lines[start : self._l]
            self._l += 1
            if self.eof():
                return lines[start : self._l + 1]
        return []


@contextlib.contextmanager
def _linear_reader() -> Iterator[None]:
    """Have numpydoc read docstrings with :class:`_LinearReader` while the block runs.

    numpydoc builds its readers by name, in its parser and in its parameter
    lists; the reader given instead reads the same lines, so even a parse in
    another thread meanwhile would come out the same.
    """
    saved = docscrape.Reader
    docscrape.Reader = _LinearReader
    try:
        yield
    finally:
        docscrape.Reader = saved


def normalized_title(title: str) -> str:
    """Return a section title the way numpydoc reads it.

    Parameters
    ----------
    title : str
        A header as written (``see also``, ``Returns:``).

    Returns
    -------
    str
        Each word capitalised and a trailing colon dropped (``See Also``,
        ``Returns``), so that a misspelt header can be matched to a section.
    """
    return " ".join(word.capitalize() for word in title.rstrip(":").split())


def _headers(lines: tuple[str, ...]) -> Iterator[Header]:
    """Yield the section headers of a cleaned docstring.

    A header is a line at the docstring's own indentation, after a blank
    line, with a line of at least three dashes or equals signs under it (as
    numpydoc recognises sections), or with any such line under it if the
    header is a numpydoc section name. A numpydoc section name alone on a
    line with text right under it is a header that lacks its underline.
    """
    for index, line in enumerate(lines):
        title = line.strip()
        if not title or line[0].isspace() or (index > 0 and lines[index - 1].strip()):
            continue
        if len(title) > _MAX_TITLE_LENGTH or title.startswith((">>>", "..", "-", "=")):
            continue
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        is_rule = bool(following) and (set(following) == {"-"} or set(following) == {"="})
        if is_rule and (len(following) >= 3 or title in SECTION_ORDER):
            yield Header(title, index, following)
        elif index > 0 and title in SECTION_ORDER and following:
            yield Header(title, index, None)


def _documented_name(entry: str) -> str | None:
    """Return the parameter name an entry documents (``*args`` keeps its stars), if any."""
    name = entry.replace("\\", "").strip()
    core = name.lstrip("*")
    if not core.isidentifier() or core == "None" or len(name) - len(core) > 2:
        return None
    return name


def _section_start(headers: tuple[Header, ...], section: str) -> int:
    """Return the cleaned line of a section's first underlined header, or 0 if it has none."""
    return next((h.index for h in headers if h.title.lower() == section.lower() and h.underline), 0)


def _entry_lines(lines: tuple[str, ...]) -> dict[str, list[int]]:
    """Return, for each name an unindented line could document, the cleaned lines that do, in order.

    A line ``x : int`` documents ``x``, and so does a bare ``x`` or ``x :``.
    Indexing every line once lets each entry be found by bisection, where
    scanning the lines per entry cost quadratic time on long sections.
    """
    found: dict[str, list[int]] = {}
    for index, line in enumerate(lines):
        if not line or line[0].isspace():
            continue
        for name in dict.fromkeys((line.split(" : ")[0].strip(), line.strip().removesuffix(" :"))):
            found.setdefault(name, []).append(index)
    return found


def _entry_index(entry_lines: dict[str, list[int]], start: int, entry: str) -> int:
    """Return the cleaned line of a parameter entry, or of its section header.

    Parameters
    ----------
    entry_lines : dict of str to list of int
        What :func:`_entry_lines` returns for the docstring.
    start : int
        The line of the section's header (0 if it has none).
    entry : str
        The entry as numpydoc reads it (``x, y``).

    Returns
    -------
    int
        The first line documenting ``entry`` from two lines below ``start``
        (past the underline), else ``start``.
    """
    candidates = entry_lines.get(entry, [])
    position = bisect.bisect_left(candidates, start + 2)
    return candidates[position] if position < len(candidates) else start
