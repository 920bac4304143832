# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide's table of deliberate differences between the reference implementation and upstream ``cuda.core``.

``guide/differences.md`` holds one Markdown table whose rows each name a
difference: an ID (``D3``), where it shows, what each implementation does,
and why. A runnable example that upstream fails because of a difference
names its ID in its ``upstream`` option, and the tests turn that into a
strict expected failure whose reason is the table's row.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cuda_core_guide.myst import MystError, markdown_parser
from cuda_core_guide.plaintext import render_inline

__all__ = ["DIFFERENCES_FILE", "Difference", "read_differences"]

DIFFERENCES_FILE = "differences.md"
"""The chapter, in the guide's folder, that holds the table."""

_COLUMNS = ("ID", "Where", "Reference", "Upstream", "Why")


@dataclasses.dataclass(frozen=True)
class Difference:
    """One deliberate difference.

    Parameters
    ----------
    id : str
        Its ID, such as ``D3``.
    where : str
        The API it concerns, as the table writes it.
    reference : str
        What the reference implementation does.
    upstream : str
        What upstream ``cuda.core`` does.
    why : str
        The reason, usually a rule of the guide.
    """

    id: str
    where: str
    reference: str
    upstream: str
    why: str

    def __str__(self) -> str:
        text = f"{self.id}: {self.where}: the reference {self.reference}; upstream {self.upstream} ({self.why})"
        return render_inline(text)


def read_differences(guide: Path) -> dict[str, Difference]:
    """Return the differences that the guide's table lists, by ID.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder.

    Returns
    -------
    dict of str to Difference
        The rows of the table; empty if the guide has no such chapter.

    Raises
    ------
    MystError
        If the table's header is not ``ID | Where | Reference | Upstream | Why``
        or an ID is listed twice.
    """
    path = guide / DIFFERENCES_FILE
    if not path.is_file():
        return {}
    tokens = markdown_parser().parse(path.read_text(encoding="utf-8"))
    rows: list[tuple[int, list[str]]] = []
    row: list[str] = []
    line = 0
    for index, token in enumerate(tokens):
        if token.type == "tr_open":
            row, line = [], (token.map[0] + 1 if token.map else 0)
        elif token.type in ("th_open", "td_open"):
            row.append(tokens[index + 1].content.strip())
        elif token.type == "tr_close":
            rows.append((line, row))
    if not rows:
        return {}
    header_line, header = rows[0]
    if tuple(cell.split()[0] if cell else "" for cell in header) != _COLUMNS:
        raise MystError(str(path), header_line, f"the differences table's columns must be {' | '.join(_COLUMNS)}")
    found: dict[str, Difference] = {}
    for line, cells in rows[1:]:
        difference = Difference(*(cell.strip("`") if i == 0 else cell for i, cell in enumerate(cells)))
        if difference.id in found:
            raise MystError(str(path), line, f"difference {difference.id} is listed twice")
        found[difference.id] = difference
    return found
