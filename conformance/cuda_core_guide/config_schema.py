# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The keys of ``[tool.cuda-core-guide]``: each one's type, default and meaning, and its validation.

:data:`SETTINGS` is the one description of the configuration. The loader
validates a table against it (:func:`validate_table`), and the guide's
chapter "The Checker" renders it as its table of keys, so the documented
types are the checked ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path

from cuda_core_guide.findings import Level

__all__ = ["SETTINGS", "ConfigError", "Setting", "validate_table"]

_TABLE = "[tool.cuda-core-guide]"
_SHOWN = 60


class ConfigError(ValueError):
    """Report a configuration the checker cannot use, naming the file and key.

    Parameters
    ----------
    message : str
        The whole message, starting with the file.
    path : Path, optional
        The configuration file.
    key : str, optional
        The key at fault.
    """

    def __init__(self, message: str, path: Path | None = None, key: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.key = key


@dataclasses.dataclass(frozen=True)
class _Check:
    """What a validator needs besides the value: where it comes from, and which rules exist."""

    path: Path
    key: str
    known_codes: frozenset[str] | None

    def fail(self, expected: str, value: object) -> ConfigError:
        """Return the error for a value of the wrong type or form."""
        shown = repr(value)
        if len(shown) > _SHOWN:
            shown = shown[: _SHOWN - 3] + "..."
        return ConfigError(
            f"{self.path}: {_TABLE} {self.key} must be {expected}, not {_kind(value)} {shown}", self.path, self.key
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
                raise ConfigError(f"{self.path}: {_TABLE} {self.key} names unknown rule {value!r}", self.path, self.key)
        return code


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
        Validates the TOML value and returns it in the form :class:`Config`
        stores; raises :class:`ConfigError` naming the file and the key.
    """

    key: str
    type: str
    default: str
    meaning: str
    parse: Callable[[object, _Check], object] = dataclasses.field(repr=False)


def _kind(value: object) -> str:
    """Name a TOML value's type as the user wrote it."""
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string", list: "an array", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def _codes(value: object, check: _Check) -> tuple[str, ...]:
    """Validate a list of rule codes or prefixes."""
    if not isinstance(value, list):
        raise check.fail("an array of rule codes or prefixes", value)
    return tuple(check.code(item) for item in value)


def _strings(what: str) -> Callable[[object, _Check], tuple[str, ...]]:
    """Return a validator of a list of non-empty strings."""

    def parse(value: object, check: _Check) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
            raise check.fail(f"an array of {what}", value)
        return tuple(item.strip() for item in value)

    return parse


def _text(what: str) -> Callable[[object, _Check], str]:
    """Return a validator of a non-empty string."""

    def parse(value: object, check: _Check) -> str:
        if not isinstance(value, str) or not value.strip():
            raise check.fail(what, value)
        return value.strip()

    return parse


def _levels(value: object, check: _Check) -> dict[str, Level]:
    """Validate the table of rule codes to levels."""
    if not isinstance(value, dict):
        raise check.fail('a table of rule codes to "required" or "recommended"', value)
    levels = {}
    for code, level in value.items():
        entry = dataclasses.replace(check, key=f"levels.{code}")
        known = entry.code(code, exact=True)
        if level not in {member.value for member in Level}:
            raise entry.fail('"required" or "recommended"', level)
        levels[known] = Level(level)
    return levels


def _per_path(value: object, check: _Check) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Validate the table of path globs to rule codes."""
    if not isinstance(value, dict):
        raise check.fail("a table of path globs to arrays of rule codes", value)
    return tuple(
        (pattern, _codes(codes, dataclasses.replace(check, key=f"per-path-ignores.{pattern!r}")))
        for pattern, codes in value.items()
    )


def _principal(value: object, check: _Check) -> dict[str, str]:
    """Validate the table of module files to the names of their principal definitions."""
    if not isinstance(value, dict) or not all(isinstance(name, str) and name.isidentifier() for name in value.values()):
        raise check.fail("a table of module file names to definition names", value)
    return dict(value)


def _docs_url(value: object, check: _Check) -> str:
    """Validate the site address: empty (no links), or an http(s) or file address."""
    if not isinstance(value, str):
        raise check.fail('an http(s):// or file:// address, or ""', value)
    if value and not value.startswith(("https://", "http://", "file://")):
        raise ConfigError(
            f"{check.path}: {_TABLE} docs-url {value!r} is not an http(s):// or file:// address", check.path, check.key
        )
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
        _strings("dotted package names"),
    ),
    Setting(
        "exclude",
        "array of path globs",
        "build and cache folders",
        "files and folders not to walk, added to the usual build and cache folders",
        _strings("path globs"),
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
        For an unknown key or a value of the wrong type or form; the
        message names the file, the key and what was expected.
    """
    if not isinstance(table, Mapping):
        form = "an array of tables ([[tool.cuda-core-guide]])" if isinstance(table, list) else _kind(table)
        raise ConfigError(f"{path}: {_TABLE} must be a table, not {form}", path)
    by_key = {setting.key: setting for setting in SETTINGS}
    unknown = sorted(key for key in table if key not in by_key)
    if unknown:
        raise ConfigError(
            f"{path}: unknown key(s) in {_TABLE}: {', '.join(unknown)}; the keys are {', '.join(by_key)}",
            path,
            unknown[0],
        )
    return {key: by_key[key].parse(value, _Check(path, key, known_codes)) for key, value in table.items()}
