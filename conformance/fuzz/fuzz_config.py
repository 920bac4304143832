# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Configurations for the fuzzer: TOML values of every type at every depth, their text, and a model of the schema.

:data:`CONFIGURATIONS` draws ``[tool.cuda-core-guide]`` tables. Most are
valid but for one value, put at one of :data:`SITES` (every key, every
sub-key, every array's items, every table's keys): a value of one of
:data:`KINDS`, each TOML type as likely as another (strings, integers,
floats with ``nan`` and ``inf``, booleans, date-times, dates, times,
arrays, tables and arrays of tables, nested a few levels), or a string the
schema may refuse. The others may be wrong anywhere, unknown keys too.
:func:`document` writes a table as TOML, choosing for each table between
an inline table, dotted keys and a ``[header]`` (``[[header]]`` for an
array of tables). :func:`faults` is a model of the schema written apart
from the checker's: it names the dotted keys at fault, one of which the
command's error must name.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import random
import re
from collections.abc import Callable

from hypothesis import strategies as st

__all__ = [
    "CONFIGURATIONS",
    "KINDS",
    "SCHEMA",
    "SITES",
    "TABLE",
    "Place",
    "document",
    "dotted",
    "faults",
    "same",
    "toml_key",
]

Place = tuple[str | int, ...]
"""Where a value lies in the table: its keys, and the indices of array items."""

TABLE = "[tool.cuda-core-guide]"
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_URL_SCHEMES = ("https://", "http://", "file://")
_UNKNOWN_KEYS = ["unknown-key", "select.x", "Select", ""]
_ITEM, _ENTRY, _KEY = "[item]", "[entry]", "[key]"
"""Steps of a site: an array's item, a table's entry (its value), a table's key."""

_ANY_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)  # TOML holds no lone surrogates
_STRINGS = (
    st.sampled_from(
        ["ALL", "DOC", "DOC001", "doc001", " DOC001 ", "NOPE", "NOPE001", "", " ", "required", "recommended"]
        + ["https://x.org/", "ftp://x", "tests/*", "*.pyx", "_device.pyx", "cuda.core", "launch", "not a name"]
        + ["a.b", "\u2019", "\x00", "\x7f", "a\nb"]
    )
    | _ANY_TEXT
)
_TABLE_KEYS = (
    st.sampled_from(
        ["DOC001", "doc001", "ERR005", "NOPE001", "ALL", "DOC", "", " ", "tests/*", "_device.pyx", "_launcher", "a.b"]
        + ["x y", '"', "\\", "a\nb", "\u2028", "k", "1"]
    )
    | _ANY_TEXT
)
"""Keys of nested tables: rule codes, globs and file names, and keys that TOML must quote."""

_OFFSETS = st.integers(-(23 * 60 + 59), 23 * 60 + 59).map(
    lambda minutes: datetime.timezone(datetime.timedelta(minutes=minutes))
)
_SCALARS: dict[str, st.SearchStrategy[object]] = {
    "string": _STRINGS,
    "integer": st.integers(-(2**63), 2**63 - 1),
    "float": st.floats(),
    "boolean": st.booleans(),
    "offset date-time": st.datetimes(timezones=_OFFSETS),
    "local date-time": st.datetimes(),
    "local date": st.dates(),
    "local time": st.times(),
}
_ANY_VALUE = st.recursive(
    st.one_of(*_SCALARS.values()),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(_TABLE_KEYS, inner, max_size=3)
        | st.lists(st.dictionaries(_TABLE_KEYS, inner, max_size=3), min_size=1, max_size=2)
    ),
    max_leaves=6,
)
"""Any TOML value: a scalar, an array, a table or an array of tables, nested a few levels."""

KINDS: dict[str, st.SearchStrategy[object]] = {
    **_SCALARS,
    "array": st.lists(_ANY_VALUE, max_size=3),
    "table": st.dictionaries(_TABLE_KEYS, _ANY_VALUE, max_size=3),
    "array of tables": st.lists(st.dictionaries(_TABLE_KEYS, _ANY_VALUE, max_size=3), min_size=1, max_size=2),
}
"""Values of each TOML type, by the type's name."""


@dataclasses.dataclass(frozen=True)
class _Leaf:
    """A single value: what the schema accepts there, values it accepts, and strings it may refuse."""

    accepts: Callable[[object, frozenset[str]], bool]
    valid: st.SearchStrategy[object]
    near: st.SearchStrategy[object]


@dataclasses.dataclass(frozen=True)
class _Array:
    """An array whose every item is ``item``."""

    item: _Leaf


@dataclasses.dataclass(frozen=True)
class _Table:
    """A table whose keys ``key`` accepts and whose values are ``value``."""

    key: _Leaf
    value: _Leaf | _Array


_Node = _Leaf | _Array | _Table


def _quoted(text: str) -> str:
    """Return a TOML basic string, with every character that does not print escaped."""
    escaped = []
    for char in text:
        if char in _ESCAPES:
            escaped.append(_ESCAPES[char])
        elif char.isprintable():
            escaped.append(char)
        else:
            escaped.append(f"\\u{ord(char):04X}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08X}")
    return '"' + "".join(escaped) + '"'


def toml_key(name: str) -> str:
    """Return a key as TOML writes it: bare if it can be, else quoted.

    Parameters
    ----------
    name : str
        A key.

    Returns
    -------
    str
        ``DOC001`` as it is; ``"tests/*"`` quoted, with escapes.
    """
    return name if _BARE.fullmatch(name) else _quoted(name)


def dotted(place: Place) -> str:
    """Return the dotted key of a place, as the checker's messages write it.

    Parameters
    ----------
    place : Place
        Keys and indices from ``[tool.cuda-core-guide]`` down.

    Returns
    -------
    str
        ``levels.DOC001``, ``per-path-ignores."tests/*"[0]``.
    """
    first, *rest = place
    parts = [toml_key(str(first))]
    parts.extend(f"[{part}]" if isinstance(part, int) else f".{toml_key(part)}" for part in rest)
    return "".join(parts)


# --- a model of the schema ---------------------------------------------------------------------------------------


def _code(value: object, known: frozenset[str]) -> bool:
    """Accept a rule code or prefix that names a rule, or ``ALL``."""
    if not isinstance(value, str) or not value.strip():
        return False
    code = value.strip().upper()
    return code == "ALL" or any(name.startswith(code) for name in known)


def _exact_code(value: object, known: frozenset[str]) -> bool:
    """Accept the code of a rule."""
    return isinstance(value, str) and value.strip().upper() in known


def _level(value: object, known: frozenset[str]) -> bool:
    """Accept a level."""
    return value in ("required", "recommended")


def _text(value: object, known: frozenset[str]) -> bool:
    """Accept a string with more than blanks."""
    return isinstance(value, str) and bool(value.strip())


def _identifier(value: object, known: frozenset[str]) -> bool:
    """Accept the name of a Python definition."""
    return isinstance(value, str) and value.isidentifier()


def _seconds(value: object, known: frozenset[str]) -> bool:
    """Accept a number of seconds under a day (not a boolean)."""
    return not isinstance(value, bool) and isinstance(value, int | float) and 0 <= value < 86400


def _boolean(value: object, known: frozenset[str]) -> bool:
    """Accept ``true`` or ``false`` only (not 0 or 1)."""
    return isinstance(value, bool)


def _url(value: object, known: frozenset[str]) -> bool:
    """Accept an http(s) or file address, or nothing."""
    return isinstance(value, str) and (value == "" or value.startswith(_URL_SCHEMES))


def _any_key(value: object, known: frozenset[str]) -> bool:
    """Accept any key (a glob, a file name)."""
    return True


def faults(table: dict[str, object], known: frozenset[str]) -> tuple[list[str], list[Place]]:
    """Return the table's unknown keys, and the places whose value (or key) the schema refuses.

    Parameters
    ----------
    table : dict
        A ``[tool.cuda-core-guide]`` table as TOML gives it.
    known : frozenset of str
        The rule codes that exist.

    Returns
    -------
    tuple
        The unknown keys, and the places at fault: a value of the wrong type
        or form is at fault itself, a table entry with a refused key at the
        entry.
    """
    unknown = [key for key in table if key not in SCHEMA]
    found: list[Place] = []
    for key, value in table.items():
        if key in SCHEMA:
            _faults(SCHEMA[key], value, (key,), known, found)
    return unknown, found


def _faults(node: _Node, value: object, place: Place, known: frozenset[str], found: list[Place]) -> None:
    """Add the places at fault in ``value``, which lies at ``place`` and should be a ``node``."""
    if isinstance(node, _Leaf):
        if not node.accepts(value, known):
            found.append(place)
    elif isinstance(node, _Array):
        if not isinstance(value, list):
            found.append(place)
            return
        for index, item in enumerate(value):
            _faults(node.item, item, (*place, index), known, found)
    elif not isinstance(value, dict):
        found.append(place)
    else:
        for name, item in value.items():
            if not node.key.accepts(name, known):
                found.append((*place, name))
            _faults(node.value, item, (*place, name), known, found)


# --- drawing tables ----------------------------------------------------------------------------------------------


def _sites(node: _Node, site: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Return every place of a node where a value can go: itself, its items, its entries' keys and values."""
    if isinstance(node, _Array):
        return [site, *_sites(node.item, (*site, _ITEM))]
    if isinstance(node, _Table):
        return [site, (*site, _KEY), *_sites(node.value, (*site, _ENTRY))]
    return [site]


def _valid_for(node: _Node) -> st.SearchStrategy[object]:
    """Return values the schema accepts at ``node``."""
    if isinstance(node, _Leaf):
        return node.valid
    if isinstance(node, _Array):
        return st.lists(_valid_for(node.item), max_size=3)
    return st.dictionaries(node.key.valid, _valid_for(node.value), max_size=3)


def _values_for(node: _Node) -> st.SearchStrategy[object]:
    """Return values of the node's shape that may be wrong anywhere: a near miss, or any TOML value in its place."""
    if isinstance(node, _Leaf):
        return st.one_of(*[node.valid] * 6, node.near, _ANY_VALUE)
    if isinstance(node, _Array):
        shaped = st.lists(_values_for(node.item), max_size=3)
    else:
        shaped = st.dictionaries(node.key.valid | node.key.near, _values_for(node.value), max_size=3)
    return st.one_of(*[shaped] * 7, _ANY_VALUE)


@st.composite
def _one_wrong_value(draw: st.DrawFn) -> dict[str, object]:
    """Return a valid table with one value of any type put at one key or sub-key (it may happen to be valid).

    The place and the type are drawn first: drawn after the table, they
    would lean to the first ones, hypothesis reusing its earlier choices.
    """
    site = draw(st.sampled_from(SITES))
    kind = draw(st.sampled_from([*KINDS, "near miss"]))
    table = draw(_VALID_TABLES)
    key = site[0]
    if key not in SCHEMA:
        name = draw(st.sampled_from(_UNKNOWN_KEYS) | _TABLE_KEYS.filter(lambda name: name not in SCHEMA))
        table[name] = draw(KINDS.get(kind, _ANY_VALUE))
        return table
    node = SCHEMA[key]
    table[key] = _put(node, table[key] if key in table else draw(_valid_for(node)), site[1:], kind, draw)
    return table


def _put(node: _Node, value: object, site: tuple[str, ...], kind: str, draw: st.DrawFn) -> object:
    """Return ``value`` (valid at ``node``) with a value of the ``kind`` put at ``site`` below it."""
    if not site:
        return draw(node.near if kind not in KINDS and isinstance(node, _Leaf) else KINDS.get(kind, _ANY_VALUE))
    step, rest = site[0], site[1:]
    if isinstance(node, _Array):
        assert isinstance(value, list)
        assert step == _ITEM
        items = list(value)
        wrong = _put(node.item, draw(_valid_for(node.item)), rest, kind, draw)
        items.insert(draw(st.integers(0, len(items))), wrong)
        return items
    assert isinstance(node, _Table)
    assert isinstance(value, dict)
    table = dict(value)
    if step == _KEY:
        table[draw(node.key.near)] = draw(_valid_for(node.value))
        return table
    name = draw(st.sampled_from(sorted(table)) | node.key.valid) if table else draw(node.key.valid)
    table[name] = _put(node.value, table[name] if name in table else draw(_valid_for(node.value)), rest, kind, draw)
    return table


# --- the TOML text ----------------------------------------------------------------------------------------------


def _scalar(value: object) -> str:
    """Write a TOML scalar."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return repr(value)  # integers; floats as TOML spells them, nan and inf included


def _inline(value: object) -> str:
    """Write a value as an inline TOML value."""
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    if isinstance(value, dict):
        entries = ", ".join(f"{toml_key(name)} = {_inline(item)}" for name, item in value.items())
        return "{ " + entries + " }" if entries else "{}"
    return _scalar(value)


def _is_array_of_tables(value: object) -> bool:
    """Return whether a value can be written as ``[[header]]`` blocks."""
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _dotted_lines(prefix: str, table: dict[str, object]) -> list[str]:
    """Write a non-empty table's entries as dotted keys (``levels.DOC001 = ...``)."""
    lines = []
    for name, value in table.items():
        key = f"{prefix}.{toml_key(name)}"
        lines.extend(_dotted_lines(key, value) if isinstance(value, dict) and value else [f"{key} = {_inline(value)}"])
    return lines


def _block(header: str, table: dict[str, object], rnd: random.Random, *, item: bool = False) -> list[str]:
    """Write a table under ``[header]`` (``[[header]]`` for an array's item): its own lines, then its sub-tables."""
    lines = [f"[[{header}]]" if item else f"[{header}]"]
    later = []
    for name, value in table.items():
        key = toml_key(name)
        style = rnd.random()
        if isinstance(value, dict) and style < 0.4:
            later.extend(_block(f"{header}.{key}", value, rnd))
        elif _is_array_of_tables(value) and style < 0.5:
            for entry in value:
                later.extend(_block(f"{header}.{key}", entry, rnd, item=True))
        elif isinstance(value, dict) and value and style < 0.6:
            lines.extend(_dotted_lines(key, value))
        else:
            lines.append(f"{key} = {_inline(value)}")
    return lines + later


def document(table: dict[str, object], rnd: random.Random, prefix: str = "") -> str:
    """Return a ``pyproject.toml`` holding ``table`` as ``[tool.cuda-core-guide]``, its tables written in any form.

    Parameters
    ----------
    table : dict
        The table.
    rnd : random.Random
        Chooses, table by table, between inline, dotted keys and headers.
    prefix : str, optional
        Text before the table (``[tool]``).

    Returns
    -------
    str
        The file's text.
    """
    return prefix + "\n".join(_block("tool.cuda-core-guide", table, rnd)) + "\n"


def same(left: object, right: object) -> bool:
    """Return whether two TOML values are equal, ``nan`` equal to ``nan`` and booleans unequal to integers.

    Parameters
    ----------
    left, right : object
        Values as TOML gives them.

    Returns
    -------
    bool
        Whether they are the same value of the same type.
    """
    if isinstance(left, float) and isinstance(right, float) and math.isnan(left) and math.isnan(right):
        return True
    if type(left) is not type(right):
        return False
    if isinstance(left, list):
        return len(left) == len(right) and all(same(a, b) for a, b in zip(left, right, strict=True))
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(same(item, right[name]) for name, item in left.items())
    return left == right


# Built from the model's classes and functions above.
_CODE = _Leaf(
    _code,
    st.sampled_from(["ALL", "DOC", "doc00", " IMP ", "HDR001", "ERR005", "CMT"]),
    st.sampled_from(["NOPE", "DOC9", "", " "]) | _STRINGS,
)
_TEXT = _Leaf(_text, st.sampled_from(["cuda.core", "build", "tests/*", "generated/"]), st.sampled_from(["", " ", "\t"]))
_GLOB = _Leaf(_any_key, _TABLE_KEYS, _TABLE_KEYS)
SCHEMA: dict[str, _Node] = {
    "select": _Array(_CODE),
    "ignore": _Array(_CODE),
    "extend-ignore": _Array(_CODE),
    "per-path-ignores": _Table(_GLOB, _Array(_CODE)),
    "levels": _Table(
        _Leaf(
            _exact_code,
            st.sampled_from(["DOC001", "doc001", " ERR005 ", "HDR001", "IMP003"]),
            st.sampled_from(["NOPE001", "DOC", "ALL", "", " "]) | _TABLE_KEYS,
        ),
        _Leaf(
            _level, st.sampled_from(["required", "recommended"]), st.sampled_from(["Required", "high", "", "required "])
        ),
    ),
    "first-party": _Array(_TEXT),
    "exclude": _Array(_TEXT),
    "respect-gitignore": _Leaf(_boolean, st.booleans(), st.sampled_from([0, 1, "true", "false", ""])),
    "principal": _Table(
        _GLOB,
        _Leaf(
            _identifier,
            st.sampled_from(["launch", "Device", "_private"]),
            st.sampled_from(["not a name", "1x", "", "a.b"]) | _STRINGS,
        ),
    ),
    "copyright-holder": _TEXT,
    "license": _TEXT,
    "time-limit": _Leaf(
        _seconds,
        st.integers(0, 86_399) | st.floats(0, 86_399.5),
        st.sampled_from([-1, 86_400, 1e300, math.nan, math.inf, True, False]),
    ),
    "docs-url": _Leaf(
        _url,
        st.sampled_from(["", "https://example.org/guide/", "http://x", "file:///tmp/site/"]),
        st.sampled_from(["ftp://x", "x.org", " https://x"]) | _STRINGS,
    ),
}
"""What each key of ``[tool.cuda-core-guide]`` accepts, written apart from the checker's schema."""

SITES = [site for key, node in SCHEMA.items() for site in _sites(node, (key,))] + [("unknown key",)]
"""Every key and sub-key of the schema (``levels``, a key of ``levels``, a value of ``levels``), and an unknown key."""

_VALID_TABLES = st.fixed_dictionaries({}, optional={key: _valid_for(node) for key, node in SCHEMA.items()})
_FREE = st.lists(st.sampled_from([*SCHEMA, *_UNKNOWN_KEYS]), unique=True, max_size=4).flatmap(
    lambda keys: st.fixed_dictionaries({key: _values_for(SCHEMA[key]) if key in SCHEMA else _ANY_VALUE for key in keys})
)
CONFIGURATIONS = st.one_of(_one_wrong_value(), _one_wrong_value(), _one_wrong_value(), _FREE)
"""``[tool.cuda-core-guide]`` tables.

Three in four are valid but for one value of any type (or a near miss) at
one key or sub-key; the others may be wrong anywhere, unknown keys included.
"""
