# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Draw the report pages' charts as SVG with matplotlib, from a plain description.

A chart is described by a dict that pickles with the document (so that
the page can be written in another process, or in a later build):

``kind``
    ``"lines"`` (one line per series across the categories: a trend) or
    ``"bars"`` (one bar per series in each category, side by side).
``title``, ``xlabel``, ``ylabel``
    The chart's labels.
``categories``
    The labels along the x axis.
``series``
    A list of ``{"label", "values"}``, one value per category; with
    ``"low"`` and ``"high"`` (one each per value), the spread is drawn as
    error bars from ``low`` to ``high``.

The figure is drawn on matplotlib's Agg canvas, without pyplot, so no
GUI backend is involved and no global state changes; the SVG is the same
for the same description (no date, fixed ids), so a rebuild leaves it
alone. This module needs matplotlib; the extension imports it only when
it writes a chart.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

__all__ = ["render_svg"]

_MARKERS = "osD^v"
_STYLE = {"svg.hashsalt": "cuda-core-guide", "svg.fonttype": "none", "font.size": 10}


def render_svg(chart: Mapping[str, object]) -> str:
    """Draw a chart and return it as SVG.

    Parameters
    ----------
    chart : mapping
        The chart's description (see the module's documentation).

    Returns
    -------
    str
        The SVG document.

    Raises
    ------
    ValueError
        If ``kind`` is neither ``"lines"`` nor ``"bars"``.
    """
    if chart["kind"] not in ("lines", "bars"):
        raise ValueError(f"unknown chart kind {chart['kind']!r}")
    with matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(7.0, 3.6), layout="constrained")
        FigureCanvasAgg(figure)
        figure.patch.set_facecolor("white")
        axes = figure.add_subplot()
        if chart["kind"] == "lines":
            _lines(axes, chart)
        else:
            _bars(axes, chart)
        axes.set_title(str(chart.get("title", "")))
        axes.set_xlabel(str(chart.get("xlabel", "")))
        axes.set_ylabel(str(chart.get("ylabel", "")))
        axes.set_ylim(bottom=0)
        axes.grid(axis="y", alpha=0.3)
        axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def _lines(axes: Axes, chart: Mapping[str, object]) -> None:
    """Draw one line with markers per series across the categories."""
    positions = range(len(chart["categories"]))
    for index, series in enumerate(chart["series"]):
        marker = _MARKERS[index // 10 % len(_MARKERS)]  # a new marker each time the ten colours come round again
        errors = _errors(series)
        axes.errorbar(positions, series["values"], yerr=errors, marker=marker, capsize=4, label=series["label"])
    axes.set_xticks(list(positions), [str(category) for category in chart["categories"]])


def _bars(axes: Axes, chart: Mapping[str, object]) -> None:
    """Draw the series' bars side by side in each category, with their spread as error bars."""
    count = max(len(chart["series"]), 1)
    width = 0.8 / count
    for index, series in enumerate(chart["series"]):
        positions = [category + (index - (count - 1) / 2) * width for category in range(len(chart["categories"]))]
        axes.bar(positions, series["values"], width, yerr=_errors(series), capsize=4, label=series["label"])
    axes.set_xticks(range(len(chart["categories"])), [str(category) for category in chart["categories"]])


def _errors(series: Mapping[str, object]) -> list[list[float]] | None:
    """Return the distances below and above each value to its low and high, or ``None`` without a spread."""
    if "low" not in series or "high" not in series:
        return None
    below = [max(value - low, 0.0) for value, low in zip(series["values"], series["low"], strict=True)]
    above = [max(high - value, 0.0) for value, high in zip(series["values"], series["high"], strict=True)]
    return [below, above]
