# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The keys of ``[tool.cuda-core-guide]``: each one's type, default and meaning, and its validation.

:data:`SETTINGS` is the one description of the configuration. The loader
validates a table against it (:func:`validate_table`), and the guide's
chapter "The Checker" renders it as its table of keys, so the documented
types are the checked ones.

Every value is checked at every depth, and checked for its type before it
is used: an array and a table are opened only by ``_items`` and
``_entries``, which refuse any other value and give each item or entry the
dotted key it has in the file (``levels.DOC001``,
``per-path-ignores."tests/*"[0]``); the checks of single values
(``_Check.code``, ``.text``, ``.choice`` and ``.name``) refuse anything but
a string before they look at it. Whatever TOML holds, the outcome is a
value or one :class:`ConfigError`.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from cuda_core_guide.findings import Level

__all__ = ["SETTINGS", "ConfigError", "Setting", "validate_table"]

_TABLE = "[tool.cuda-core-guide]"
_SHOWN = 60
_SHOWN_DEPTH = 4
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_LEVELS = tuple(member.value for member in Level)


class ConfigError(ValueError):
    """Report a configuration the checker cannot use, naming the file and key.

    Parameters
    ----------
    message : str
        The whole message, starting with the file.
    path : Path, optional
        The configuration file.
    key : str, optional
        The dotted key at fault, as TOML writes it (``levels.DOC001``).
    """

    def __init__(self, message: str, path: Path | None = None, key: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.key = key


@dataclasses.dataclass(frozen=True)
class _Check:
    """What a validator needs besides the value: where it comes from, and which rules exist.

    ``key`` is the dotted key of the value in the file, as TOML writes it:
    ``levels.DOC001``, ``principal."_device.pyx"``, ``select[2]`` for an
    array's item.
    """

    path: Path
    key: str
    known_codes: frozenset[str] | None

    def entry(self, name: str) -> _Check:
        """Return the check of a table's entry ``name``."""
        return dataclasses.replace(self, key=f"{self.key}.{_toml_key(name)}")

    def item(self, index: int) -> _Check:
        """Return the check of an array's item at ``index``."""
        return dataclasses.replace(self, key=f"{self.key}[{index}]")

    def fail(self, expected: str, value: object) -> ConfigError:
        """Return the error for a value of the wrong type or form."""
        return ConfigError(
            f"{self.path}: {_TABLE} {self.key} must be {expected}, not {_kind(value)} {_shown(value)}",
            self.path,
            self.key,
        )

    def code(self, value: object, *, exact: bool = False) -> str:
        """Return a rule code or prefix (``ALL`` too unless ``exact``), checked against the known rules."""
        expected = "a rule code" if exact else "a rule code or prefix"
        if not isinstance(value, str) or not value.strip():
            raise self.fail(expected, value)
        code = value.strip().upper()
        if self.known_codes is not None and not (not exact and code == "ALL"):
            known = code in self.known_codes if exact else any(known.startswith(code) for known in self.known_codes)
            if not known:
                raise ConfigError(
                    f"{self.path}: {_TABLE} {self.key} names unknown rule {_shown(value)}", self.path, self.key
                )
        return code

    def text(self, value: object, expected: str) -> str:
        """Return a non-empty string, stripped."""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(expected, value)
        return value.strip()

    def choice(self, value: object, choices: tuple[str, ...]) -> str:
        """Return one of ``choices``, exactly as written."""
        if not isinstance(value, str) or value not in choices:
            raise self.fail(" or ".join(f'"{choice}"' for choice in choices), value)
        return value

    def name(self, value: object) -> str:
        """Return the name of a Python definition."""
        if not isinstance(value, str) or not value.isidentifier():
            raise self.fail("a definition name (a Python identifier)", value)
        return value


@dataclasses.dataclass(frozen=True)
class Setting:
    """One key of ``[tool.cuda-core-guide]``.

    Parameters
    ----------
    key : str
        The key as written in ``pyproject.toml``.
    type : str
        The expected TOML type, in words.
    default : str
        The value without the key, in words.
    meaning : str
        What the key changes.
    parse : callable
        Validates the TOML value, at every depth, and returns it in the
        form :class:`Config` stores; raises :class:`ConfigError` naming the
        file and the dotted key of the value at fault.
    """

    key: str
    type: str
    default: str
    meaning: str
    parse: Callable[[object, _Check], object] = dataclasses.field(repr=False)


def _kind(value: object) -> str:
    """Name a TOML value's type as the user wrote it."""
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return "an array of tables"
    if isinstance(value, datetime.datetime):
        return "a local date-time" if value.tzinfo is None else "an offset date-time"
    names = {
        bool: "a boolean",
        int: "an integer",
        float: "a float",
        str: "a string",
        list: "an array",
        dict: "a table",
        datetime.date: "a local date",
        datetime.time: "a local time",
    }
    return names.get(type(value), type(value).__name__)


def _toml_key(name: str) -> str:
    """Return a key as TOML writes it: bare if it can be, else quoted (``"tests/*"``, ``"_device.pyx"``)."""
    return name if _BARE_KEY.fullmatch(name) else _quoted(name)


def _quoted(text: str) -> str:
    """Return a TOML basic string; characters that do not print are escaped, so it shows on one line."""
    escaped = []
    for char in text:
        if char in _ESCAPES:
            escaped.append(_ESCAPES[char])
        elif char.isprintable():
            escaped.append(char)
        else:
            escaped.append(f"\\u{ord(char):04X}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08X}")
    return '"' + "".join(escaped) + '"'


def _shown(value: object) -> str:
    """Return a value as TOML writes it, cut to ``_SHOWN`` characters however large or deep it is."""
    shown = ""
    for piece in _pieces(value, 0):
        shown += piece
        if len(shown) > _SHOWN:
            return shown[: _SHOWN - 3] + "..."
    return shown


def _pieces(value: object, depth: int) -> Iterator[str]:
    """Yield a value's TOML text piece by piece; arrays and tables below ``_SHOWN_DEPTH`` are elided."""
    if isinstance(value, list | dict) and value and depth >= _SHOWN_DEPTH:
        yield "[...]" if isinstance(value, list) else "{...}"
    elif isinstance(value, list):
        yield "["
        for index, item in enumerate(value):
            yield ", " if index else ""
            yield from _pieces(item, depth + 1)
        yield "]"
    elif isinstance(value, dict):
        yield "{ " if value else "{"
        for index, (name, item) in enumerate(value.items()):
            yield f"{', ' if index else ''}{_toml_key(name)} = "
            yield from _pieces(item, depth + 1)
        yield " }" if value else "}"
    elif isinstance(value, bool):
        yield "true" if value else "false"
    elif isinstance(value, str):
        yield _quoted(value[: _SHOWN + 1])  # a longer string is cut anyway
    elif isinstance(value, datetime.date | datetime.time):
        yield value.isoformat()
    else:
        yield repr(value)  # integers; floats as TOML spells them, nan and inf included


def _items(value: object, check: _Check, expected: str) -> list[tuple[object, _Check]]:
    """Return an array's items, each with the check of its own place; refuse any other value."""
    if not isinstance(value, list):
        raise check.fail(expected, value)
    return [(item, check.item(index)) for index, item in enumerate(value)]


def _entries(value: object, check: _Check, expected: str) -> list[tuple[str, object, _Check]]:
    """Return a table's entries, each with the check of its own key; refuse any other value."""
    if not isinstance(value, dict):
        raise check.fail(expected, value)
    return [(name, item, check.entry(name)) for name, item in value.items()]


def _codes(value: object, check: _Check) -> tuple[str, ...]:
    """Validate an array of rule codes or prefixes."""
    return tuple(entry.code(item) for item, entry in _items(value, check, "an array of rule codes or prefixes"))


def _strings(many: str, one: str) -> Callable[[object, _Check], tuple[str, ...]]:
    """Return a validator of an array of non-empty strings (``many``), each of them ``one``."""

    def parse(value: object, check: _Check) -> tuple[str, ...]:
        return tuple(entry.text(item, one) for item, entry in _items(value, check, f"an array of {many}"))

    return parse


def _text(what: str) -> Callable[[object, _Check], str]:
    """Return a validator of a non-empty string."""

    def parse(value: object, check: _Check) -> str:
        return check.text(value, what)

    return parse


def _levels(value: object, check: _Check) -> dict[str, Level]:
    """Validate the table of rule codes to levels."""
    entries = _entries(value, check, 'a table of rule codes to "required" or "recommended"')
    return {entry.code(code, exact=True): Level(entry.choice(level, _LEVELS)) for code, level, entry in entries}


def _per_path(value: object, check: _Check) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Validate the table of path globs to rule codes."""
    entries = _entries(value, check, "a table of path globs to arrays of rule codes or prefixes")
    return tuple((pattern, _codes(codes, entry)) for pattern, codes, entry in entries)


def _principal(value: object, check: _Check) -> dict[str, str]:
    """Validate the table of module files to the names of their principal definitions."""
    entries = _entries(value, check, "a table of module file names to definition names")
    return {module: entry.name(definition) for module, definition, entry in entries}


def _docs_url(value: object, check: _Check) -> str:
    """Validate the site address: empty (no links), or an http(s) or file address."""
    if not isinstance(value, str):
        raise check.fail('an http(s):// or file:// address, or ""', value)
    if value and not value.startswith(("https://", "http://", "file://")):
        raise ConfigError(
            f"{check.path}: {_TABLE} docs-url {_shown(value)} is not an http(s):// or file:// address",
            check.path,
            check.key,
        )
    return value


def _boolean(value: object, check: _Check) -> bool:
    """Validate a TOML boolean."""
    if not isinstance(value, bool):
        raise check.fail("true or false", value)
    return value


def _seconds(value: object, check: _Check) -> float:
    """Validate a time limit in seconds: a number, 0 for none."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 86400:
        raise check.fail("a number of seconds from 0 (no limit) to 86400", value)
    return float(value)


SETTINGS: tuple[Setting, ...] = (
    Setting("select", "array of rule codes or prefixes", '`["ALL"]`', "the rules to report", _codes),
    Setting("ignore", "array of rule codes or prefixes", "none", "rules never to report; wins over `select`", _codes),
    Setting("extend-ignore", "array of rule codes or prefixes", "none", "more rules never to report", _codes),
    Setting(
        "per-path-ignores",
        "table of path glob to array of rule codes",
        "none",
        "rules not reported in the matching files (globs relative to the `pyproject.toml`)",
        _per_path,
    ),
    Setting(
        "levels",
        'table of rule code to `"required"` or `"recommended"`',
        "the guide's",
        "a rule's level in the output",
        _levels,
    ),
    Setting(
        "first-party",
        "array of dotted package names",
        '`["cuda.core"]`',
        "the project's own packages, for the import groups",
        _strings("dotted package names", "a dotted package name"),
    ),
    Setting(
        "exclude",
        "array of path globs",
        "build and cache folders",
        "files and folders not to walk, added to the usual build and cache folders",
        _strings("path globs", "a non-empty path glob"),
    ),
    Setting(
        "respect-gitignore",
        "boolean",
        "`true`",
        "skip, in a folder walk, the files and folders git ignores (`.gitignore`, `.git/info/exclude`, the global "
        "excludes file); a file named on the command line is checked anyway",
        _boolean,
    ),
    Setting(
        "principal",
        "table of module file name to definition name",
        "the definition named after the file",
        "a module's principal class or function, where it is not the one named after the file",
        _principal,
    ),
    Setting(
        "copyright-holder",
        "string",
        '`"NVIDIA CORPORATION & AFFILIATES. All rights reserved."`',
        "the holder the SPDX header names ({rule}`HDR001`)",
        _text("a non-empty string"),
    ),
    Setting(
        "license",
        "string",
        '`"Apache-2.0"`',
        "the SPDX licence identifier ({rule}`HDR002`)",
        _text("a non-empty SPDX licence identifier"),
    ),
    Setting(
        "time-limit",
        "number of seconds",
        "`60`",
        "how long one file may take before it is reported ({rule}`SYN003`) and left; `0` for no limit",
        _seconds,
    ),
    Setting(
        "docs-url",
        "string",
        "the published guide",
        'the guide\'s site that findings link to; `""` for no links',
        _docs_url,
    ),
)


def validate_table(table: object, path: Path, known_codes: frozenset[str] | None = None) -> dict[str, object]:
    """Validate a ``[tool.cuda-core-guide]`` table against :data:`SETTINGS`.

    Parameters
    ----------
    table : object
        The value of ``tool.cuda-core-guide`` as TOML gave it.
    path : Path
        The file it comes from, for messages.
    known_codes : frozenset of str, optional
        Rule codes that exist; other codes are then errors.

    Returns
    -------
    dict of str to object
        The validated values of the keys present, keyed as written.

    Raises
    ------
    ConfigError
        For an unknown key, or a value of the wrong type or form at any
        depth; the message names the file, the dotted key
        (``levels.DOC001``) and what was expected.
    """
    if not isinstance(table, Mapping):
        form = "an array of tables ([[tool.cuda-core-guide]])" if isinstance(table, list) else _kind(table)
        raise ConfigError(f"{path}: {_TABLE} must be a table, not {form}", path)
    by_key = {setting.key: setting for setting in SETTINGS}
    unknown = sorted(_toml_key(key) for key in table if key not in by_key)
    if unknown:
        raise ConfigError(
            f"{path}: unknown key(s) in {_TABLE}: {', '.join(unknown)}; the keys are {', '.join(by_key)}",
            path,
            unknown[0],
        )
    return {key: by_key[key].parse(value, _Check(path, key, known_codes)) for key, value in table.items()}
