# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide's data files (``guide/_data/*.toml``), read as TOML, with errors that name the file.

Each file holds arrays of tables (``[[difference]]``, ``[[retired]]``):
:func:`data_entries` yields their entries once their text fields are
checked, and :data:`RULE_CODE` is the form of the rule codes they name.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path

from cuda_core_guide.guide.myst import MystError

__all__ = ["RULE_CODE", "data_entries", "read_data"]

RULE_CODE = re.compile(r"[A-Z]{3}[0-9]{3}")
"""The form of a rule's code."""


def read_data(guide: Path, name: str) -> dict[str, object]:
    """Return one of the guide's data files, parsed.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder.
    name : str
        The file, relative to that folder (``_data/differences.toml``).

    Returns
    -------
    dict
        The file's tables; empty if the guide has no such file.

    Raises
    ------
    MystError
        If the file is not valid TOML.
    """
    path = guide / name
    if not path.is_file():
        return {}
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise MystError(str(path), 0, f"not valid TOML: {exc}") from None


def data_entries(guide: Path, name: str, table: str, fields: Sequence[str], what: str) -> Iterator[dict]:
    """Yield the entries of one array of tables of a data file, each with every text field it needs.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder.
    name : str
        The data file, relative to that folder.
    table : str
        The array's name (``difference`` for ``[[difference]]``).
    fields : sequence of str
        The fields each entry must give as text that is not blank.
    what : str
        What an entry is, for the errors (``retired rule``).

    Yields
    ------
    dict
        Each entry, in the file's order.

    Raises
    ------
    MystError
        If the file is not valid TOML, an entry is not a table, or an entry
        lacks a field.
    """
    path = str(guide / name)
    entries = read_data(guide, name).get(table, [])
    for index, entry in enumerate(entries if isinstance(entries, list) else [entries], start=1):
        if not isinstance(entry, dict):
            raise MystError(path, 0, f"{what} {index} must be a table")
        missing = [field for field in fields if not isinstance(entry.get(field), str) or not entry[field].strip()]
        if missing:
            raise MystError(path, 0, f"{what} {index} lacks {', '.join(missing)}")
        yield entry
