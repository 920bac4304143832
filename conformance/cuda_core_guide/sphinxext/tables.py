# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Docutils tables for the extension's generated lists (rules, chapters)."""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes

__all__ = ["Row", "table"]

Row = tuple[Sequence[nodes.Node], Sequence[str], Sequence[str]]
"""A row: one node per cell, the row's HTML classes, and its ids."""


def table(
    columns: Sequence[tuple[str, int]], rows: Sequence[Row], classes: Sequence[str], *, stack: bool = False
) -> nodes.table:
    """Return a table with a header row.

    Parameters
    ----------
    columns : sequence of tuple of (str, int)
        Each column's heading and relative width.
    rows : sequence of Row
        The body rows.
    classes : sequence of str
        The table's HTML classes.
    stack : bool, optional
        Let the table fit a narrow screen: the table has the class
        ``guide-stack``, whose rows the stylesheet turns into blocks of
        lines on a phone, each line labelled with its column's heading
        (which the extension's script gives each cell as ``data-label``).

    Returns
    -------
    docutils.nodes.table
        The table.
    """
    # colwidths-given: the HTML writer keeps the relative widths, which a fixed table layout honours.
    result = nodes.table(classes=[*classes, "colwidths-given", *(["guide-stack"] if stack else [])])
    group = nodes.tgroup(cols=len(columns))
    result += group
    for _, width in columns:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += _row([nodes.paragraph(text=title) for title, _ in columns], (), ())
    group += head
    body = nodes.tbody()
    for cells, row_classes, ids in rows:
        body += _row(cells, row_classes, ids)
    group += body
    return result


def _row(cells: Sequence[nodes.Node], classes: Sequence[str], ids: Sequence[str]) -> nodes.row:
    """Return a table row of the given cell contents."""
    row = nodes.row(classes=list(classes), ids=list(ids))
    for content in cells:
        entry = nodes.entry()
        entry += content
        row += entry
    return row
