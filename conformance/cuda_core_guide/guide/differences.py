# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The deliberate differences between the reference implementation and upstream ``cuda.core``, as data.

``guide/_data/differences.toml`` lists them, one ``[[difference]]`` table
each: an ID (``D3``), where it shows, what each implementation does, why,
the rule of the guide that asks for it, and the differences of the public
surface it accounts for (``surface``, keys of
:class:`~cuda_core_guide.surface.compare.SurfaceDifference`). The guide's
chapter ``differences.md`` renders them as a table (the
``differences-table`` directive); a runnable example that upstream fails
because of a difference names its ID in its ``upstream`` option, and the
tests turn that into a strict expected failure whose reason is the entry;
the API suite's surface test accepts the surface differences it names.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from cuda_core_guide.guide.data import RULE_CODE, data_entries
from cuda_core_guide.guide.myst import MystError
from cuda_core_guide.guide.plaintext import render_inline

__all__ = ["DIFFERENCES_DATA", "Difference", "read_differences"]

DIFFERENCES_DATA = "_data/differences.toml"
"""The data file, relative to the guide's chapter folder."""

_FIELDS = ("id", "where", "reference", "upstream", "why", "rule")
"""The text fields every difference must have."""

_ID = re.compile(r"D[1-9][0-9]*")
"""The form of a difference's ID."""


@dataclasses.dataclass(frozen=True)
class Difference:
    """One deliberate difference.

    Parameters
    ----------
    id : str
        Its ID, such as ``D3``.
    where : str
        The API it concerns (MyST inline markup).
    reference : str
        What the reference implementation does.
    upstream : str
        What upstream ``cuda.core`` does.
    why : str
        The reason.
    rule : str
        The code of the rule of the guide that asks for the difference.
    surface : tuple of str
        The differences of the public surface that it accounts for, by key
        (``extra cuda.core:ParamInfo``).
    """

    id: str
    where: str
    reference: str
    upstream: str
    why: str
    rule: str
    surface: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{self.id}: {self.where}: the reference {self.reference}; upstream {self.upstream} ({self.reason})"
        return render_inline(text)

    @property
    def reason(self) -> str:
        """Return the reason as the table shows it: the rule's role, then the explanation (MyST)."""
        return f"{{rule}}`{self.rule}`: {self.why}"


def read_differences(guide: Path) -> dict[str, Difference]:
    """Return the deliberate differences that the guide lists, by ID.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder, whose ``_data/differences.toml`` is read.

    Returns
    -------
    dict of str to Difference
        The differences, in the file's order; empty if the guide has no data file.

    Raises
    ------
    MystError
        If an entry lacks a field, has a malformed ID or rule code, or an ID
        is listed twice.
    """
    path = str(guide / DIFFERENCES_DATA)
    found: dict[str, Difference] = {}
    for entry in data_entries(guide, DIFFERENCES_DATA, "difference", _FIELDS, "difference"):
        if not _ID.fullmatch(entry["id"]) or not RULE_CODE.fullmatch(entry["rule"]):
            raise MystError(path, 0, f"difference {entry['id']}: the ID must be D<n> and the rule a code like ERR005")
        surface = entry.get("surface", [])
        if not isinstance(surface, list) or not all(isinstance(key, str) for key in surface):
            raise MystError(path, 0, f"difference {entry['id']}: surface must be a list of strings")
        if entry["id"] in found:
            raise MystError(path, 0, f"difference {entry['id']} is listed twice")
        found[entry["id"]] = Difference(**{field: entry[field] for field in _FIELDS}, surface=tuple(surface))
    return found
