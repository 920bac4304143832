# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The one style of every report chart: sizes, fonts, colours, markers, axes and labels.

Every chart of the report pages is drawn by :mod:`.svg_plots` under this
style, so that the charts read alike and each rule of reading holds
everywhere:

- two renderings of each chart: ``wide`` for a laptop (its text at least
  :data:`MIN_FONT_PT` points, 12 CSS pixels, when shown at its natural
  size) and ``narrow`` for a phone, whose width fits a 390-pixel screen
  with the same text sizes;
- the Okabe-Ito palette, which readers with any common colour-vision
  deficiency tell apart, with a marker of its own per series, and no
  colour twice in one chart (:func:`series_style` refuses more series
  than the palette has);
- a log axis wherever the values span more than :data:`LOG_SPAN` times
  (:func:`wants_log`), labelled in plain numbers rather than powers;
- labels wrapped to the rendering's width (:func:`wrap`), never rotated.

The module needs only the standard library: :mod:`.svg_plots` (which
imports matplotlib) reads it, and so do the directives that describe
charts.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable

__all__ = [
    "FIGURE_WIDTH_IN",
    "LABEL_WIDTH",
    "LOG_SPAN",
    "MIN_FONT_PT",
    "NOT_MEASURED",
    "PALETTE",
    "REFERENCE_COLOUR",
    "RC_PARAMS",
    "WIDTHS",
    "format_tick",
    "series_style",
    "wants_log",
    "wrap",
]

WIDTHS = ("wide", "narrow")
"""The renderings of every chart: for a laptop's column and for a phone's."""

FIGURE_WIDTH_IN = {"wide": 7.5, "narrow": 4.0}
"""The figure's width in inches (72 points, 96 CSS pixels each): 720 and 384 pixels."""

LABEL_WIDTH = {"wide": 34, "narrow": 20}
"""The characters per line that a category label is wrapped to."""

MIN_FONT_PT = 9.0
"""The smallest text of a chart, in points: 12 CSS pixels at the natural size."""

LOG_SPAN = 10.0
"""A value axis whose largest value is more than this many times its smallest is drawn on a log scale."""

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442")
"""Okabe and Ito's colour-blind-safe palette, the low-contrast yellow last."""

MARKERS = ("o", "s", "D", "^", "v", "P", "X", "h")
"""One marker per series, in the palette's order, so series differ by shape as well as colour."""

REFERENCE_COLOUR = "#444444"
"""Reference lines (1.0 on ratio charts, a bandwidth bound) are dark grey and dashed: never a series' colour."""

NOT_MEASURED = "not measured"
"""What a chart writes where a value is missing: never a bar or point at zero."""

RC_PARAMS = {
    "svg.fonttype": "none",
    "svg.hashsalt": "cuda-core-guide",
    "font.family": "sans-serif",
    "font.size": 10.0,
    "axes.labelsize": 10.0,
    "axes.titlesize": 10.0,
    "xtick.labelsize": MIN_FONT_PT,
    "ytick.labelsize": MIN_FONT_PT,
    "legend.fontsize": MIN_FONT_PT,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "errorbar.capsize": 3.0,
    "lines.linewidth": 1.6,
    "lines.markersize": 5.5,
}
"""matplotlib's settings for every chart: text as text (the browser draws it), and sizes no smaller than 9 pt."""


def series_style(index: int, count: int) -> dict[str, str]:
    """Return the colour and marker of a chart's series.

    Parameters
    ----------
    index : int
        The series' position in the chart.
    count : int
        How many series the chart has.

    Returns
    -------
    dict of str to str
        ``color`` and ``marker``.

    Raises
    ------
    ValueError
        If the chart has more series than the palette has colours.
    """
    if count > len(PALETTE):
        raise ValueError(f"a chart may have at most {len(PALETTE)} series, one colour each; this one has {count}")
    return {"color": PALETTE[index], "marker": MARKERS[index]}


def wants_log(values: Iterable[float | None]) -> bool:
    """Tell whether values spread over more than :data:`LOG_SPAN` times need a log axis.

    Parameters
    ----------
    values : iterable of float or None
        The values (and bounds of intervals) the axis shows; missing ones
        and those not above zero are ignored.

    Returns
    -------
    bool
        True when the largest positive value exceeds :data:`LOG_SPAN`
        times the smallest.
    """
    positive = [float(value) for value in values if value is not None and math.isfinite(value) and value > 0]
    return bool(positive) and max(positive) > LOG_SPAN * min(positive)


def wrap(label: str, width: str) -> str:
    """Return a label wrapped to the line length of a rendering.

    Parameters
    ----------
    label : str
        A category's label, which may hold several words.
    width : str
        ``"wide"`` or ``"narrow"``.

    Returns
    -------
    str
        The label with newlines between its lines.
    """
    return "\n".join(textwrap.wrap(label, LABEL_WIDTH[width], break_long_words=False)) or label


def format_tick(value: float) -> str:
    """Return a tick's label as a plain number: ``0.1``, ``2``, ``1,000``, never a power of ten.

    Parameters
    ----------
    value : float
        The tick's value, in the axis's unit.

    Returns
    -------
    str
        The label.
    """
    if value == 0:
        return "0"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 1:
        return f"{value:.10g}" if value == int(value) else f"{value:.3g}"
    return f"{value:.2g}"
