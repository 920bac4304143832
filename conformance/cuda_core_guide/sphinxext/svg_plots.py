# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Draw the report pages' charts as SVG with matplotlib, from a plain description, in the style of :mod:`.plot_style`.

A chart is described by a dict that pickles with the document (so that
the page can be written in another process, or in a later build):

``kind``
    ``"hbars"``: one horizontal bar per series for each category, the
    categories (named operations, tools) down the side, their labels
    wrapped, never rotated; or ``"lines"``: one line per series across
    numeric ``x`` positions (a trend against a size or a count).
``title``
    What the chart shows, in a sentence. It is the figure's caption on
    the page, not drawn in the SVG, so it wraps with the page's text.
``xlabel``, ``ylabel``
    The axes' labels (``hbars`` has only a value axis, ``xlabel``).
``categories``
    The categories' labels: the bars' labels, or the ticks' labels at
    ``x`` of a line chart.
``x``
    For ``"lines"``: the numeric position of each category; with
    ``"xlog": True`` the axis is logarithmic (sizes, thread counts).
``series``
    A list of ``{"label", "values"}``, one value per category; ``None``
    where nothing was measured, which the chart marks as *not measured*
    (or the value's entry in the series' ``"notes"``, such as *no floor*)
    rather than drawing at zero. With ``"low"`` and ``"high"`` the
    interval is drawn as error bars. ``"dashed": True`` draws a line
    dashed with hollow markers (a second implementation of the same
    operation).
``references``
    Reference lines, ``{"value", "label"}``: 1.0 on a ratio chart, a
    bound such as the device's bandwidth. Each is dark grey, dashed, and
    named in the legend.
``log``
    Force the value axis to be logarithmic (``True``) or linear
    (``False``); by default it is logarithmic when its values span more
    than ten times (:func:`.plot_style.wants_log`).
``dodge``
    For ``"lines"``: shift the series a little sideways, so that lines
    of nearly equal values and their error bars do not hide each other.

:func:`render_svg` draws a chart in one of the two renderings
(:data:`.plot_style.WIDTHS`). The figure is drawn on matplotlib's Agg
canvas, without pyplot, so no GUI backend is involved and no global state
changes; tick labels that would overlap are thinned out before the file
is written. The SVG is the same for the same description (no date, fixed
ids, prefixed by a digest of the description so that two charts inlined
in one page never share an id), so a rebuild leaves it alone. This module
needs matplotlib; the extension imports it only when it writes a chart.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping, Sequence, Set

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter
from matplotlib.transforms import Bbox

from cuda_core_guide.sphinxext.plot_style import (
    FIGURE_WIDTH_IN,
    NOT_MEASURED,
    RC_PARAMS,
    REFERENCE_COLOUR,
    WIDTHS,
    format_tick,
    series_style,
    wants_log,
    wrap,
)

__all__ = ["KINDS", "draw", "render_svg", "text_outside", "text_overlaps"]

KINDS = ("hbars", "lines")
"""The kinds of chart."""

_SVG = "http://www.w3.org/2000/svg"
_XLINK = "http://www.w3.org/1999/xlink"
_REFERENCE = re.compile(r"url\(#([^)]+)\)")


def render_svg(chart: Mapping[str, object], width: str = "wide", label: str = "") -> str:
    """Draw a chart and return it as an SVG document.

    Parameters
    ----------
    chart : mapping
        The chart's description (see the module's documentation).
    width : str, optional
        The rendering: ``"wide"`` (a laptop's column) or ``"narrow"`` (a phone).
    label : str, optional
        What the chart shows, in words: the SVG's accessible name.

    Returns
    -------
    str
        The SVG document, with its XML declaration.

    Raises
    ------
    ValueError
        If ``kind`` or ``width`` is unknown, or the chart has more series
        than the palette has colours.
    """
    figure = draw(chart, width)
    buffer = io.StringIO()
    with matplotlib.rc_context(RC_PARAMS):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    digest = hashlib.sha256(json.dumps([chart, width], sort_keys=True).encode()).hexdigest()[:10]
    return '<?xml version="1.0" encoding="utf-8"?>\n' + _tidy(buffer.getvalue(), f"c{digest}-", label) + "\n"


def draw(chart: Mapping[str, object], width: str = "wide") -> Figure:
    """Draw a chart onto a matplotlib figure, its overlapping tick labels thinned out.

    Parameters
    ----------
    chart : mapping
        The chart's description.
    width : str, optional
        ``"wide"`` or ``"narrow"``.

    Returns
    -------
    matplotlib.figure.Figure
        The figure, drawn once on an Agg canvas.

    Raises
    ------
    ValueError
        If ``kind`` or ``width`` is unknown, or there are too many series.
    """
    if chart.get("kind") not in KINDS:
        raise ValueError(f"unknown chart kind {chart.get('kind')!r}")
    if width not in WIDTHS:
        raise ValueError(f"unknown rendering {width!r}; use one of {', '.join(WIDTHS)}")
    with matplotlib.rc_context(RC_PARAMS):
        figure = Figure(figsize=(FIGURE_WIDTH_IN[width], _height(chart, width)), layout="constrained")
        FigureCanvasAgg(figure)
        figure.patch.set_facecolor("white")
        axes = figure.add_subplot()
        handles = _hbars(axes, chart, width) if chart["kind"] == "hbars" else _lines(axes, chart, width)
        for reference in chart.get("references", []):
            line = axes.axvline if chart["kind"] == "hbars" else axes.axhline
            line(float(reference["value"]), color=REFERENCE_COLOUR, linestyle="--", linewidth=1.2, zorder=1.5)
            handles.append(Line2D([], [], color=REFERENCE_COLOUR, linestyle="--", label=str(reference["label"])))
        axes.set_xlabel(str(chart.get("xlabel", "")))
        axes.set_ylabel(str(chart.get("ylabel", "")))
        _legend(figure, handles, width)
        _thin_ticks(figure, axes)
    return figure


def text_overlaps(figure: Figure) -> list[tuple[str, str]]:
    """Return the pairs of visible texts of a drawn figure whose boxes overlap.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        A figure that :func:`draw` returned.

    Returns
    -------
    list of tuple of (str, str)
        The texts of each overlapping pair; empty when none overlap.
    """
    figure.canvas.draw()
    boxes = _text_boxes(figure, _undrawn_tick_labels(figure))
    overlapping = []
    for index, (first, box) in enumerate(boxes):
        for second, other in boxes[index + 1 :]:
            if (
                box.x0 < other.x1 - 0.5
                and other.x0 < box.x1 - 0.5
                and box.y0 < other.y1 - 0.5
                and other.y0 < box.y1 - 0.5
            ):
                overlapping.append((first, second))
    return overlapping


def text_outside(figure: Figure) -> list[str]:
    """Return the visible texts of a drawn figure that reach past its edges, and would be cut off.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        A figure that :func:`draw` returned.

    Returns
    -------
    list of str
        The texts whose boxes leave the figure; empty when every text is inside.
    """
    figure.canvas.draw()
    edge = figure.bbox
    outside = []
    for text, box in _text_boxes(figure, _undrawn_tick_labels(figure)):
        if box.x0 < edge.x0 - 0.5 or box.x1 > edge.x1 + 0.5 or box.y0 < edge.y0 - 0.5 or box.y1 > edge.y1 + 0.5:
            outside.append(text)
    return outside


def _undrawn_tick_labels(figure: Figure) -> set[int]:
    """Return the ``id`` of every tick label of a drawn figure whose tick lies beyond its axis's view limits.

    Matplotlib keeps such labels, visible, but does not draw them: a log
    axis from 70 to 130,000 has a label "10" below its bottom edge.
    """
    hidden = set()
    for axes in figure.axes:
        for axis in (axes.xaxis, axes.yaxis):
            low, high = sorted(axis.get_view_interval())
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - 1e-9 * max(1.0, abs(high)) <= tick.get_loc() <= high + 1e-9 * max(1.0, abs(high)):
                    hidden.update(id(label) for label in (tick.label1, tick.label2))
    return hidden


def _text_boxes(figure: Figure, hidden: Set[int] = frozenset()) -> list[tuple[str, Bbox]]:
    """Return each visible, non-empty text of a drawn figure with its box, leaving out the ``id`` in ``hidden``."""
    renderer = figure.canvas.get_renderer()
    return [
        (text.get_text(), text.get_window_extent(renderer))
        for text in figure.findobj(matplotlib.text.Text)
        if text.get_visible() and text.get_text().strip() and id(text) not in hidden
    ]


def _height(chart: Mapping[str, object], width: str) -> float:
    """Return the figure's height in inches: room for every bar's label, or a fixed aspect for lines."""
    legend_rows = len(chart["series"]) + len(chart.get("references", [])) + 1
    legend = 0.22 * (legend_rows if width == "narrow" else math.ceil(legend_rows / 2))
    if chart["kind"] == "lines":
        return (3.4 if width == "wide" else 3.0) + legend
    series = max(len(chart["series"]), 1)
    rows = 0.0
    for category in chart["categories"]:
        lines = wrap(str(category), width).count("\n") + 1
        rows += max(0.2 * lines + 0.1, 0.17 * series + 0.15)
    return rows + 0.8 + legend


def _hbars(axes: Axes, chart: Mapping[str, object], width: str) -> list:
    """Draw the series' bars side by side in each category, top to bottom; return the legend's handles."""
    categories = [wrap(str(category), width) for category in chart["categories"]]
    series = list(chart["series"])
    count = max(len(series), 1)
    every = [v for s in series for key in ("values", "low", "high") for v in s.get(key, [])]
    every += [reference["value"] for reference in chart.get("references", [])]
    log = bool(chart.get("log", wants_log(every)))
    finite = [float(v) for v in every if v is not None and math.isfinite(v) and (v > 0 or not log)]
    low_end, high_end = (min(finite), max(finite)) if finite else (0.0, 1.0)
    if log:
        left = 10 ** math.floor(math.log10(low_end / 1.1))  # bars start at a round number
        right = high_end * 1.3
        axes.set_xscale("log")
        axes.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        axes.xaxis.set_minor_formatter(NullFormatter())
    else:
        left, right = min(0.0, low_end), high_end * 1.08
    axes.set_xlim(left, right)
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: format_tick(value)))
    height = 0.8 / count
    handles: list = []
    missing: set[str] = set()
    for index, entry in enumerate(series):
        style = series_style(index, len(series))
        offset = ((count - 1) / 2 - index) * height
        notes = entry.get("notes") or [None] * len(entry["values"])
        for position, value in enumerate(entry["values"]):
            y = len(categories) - 1 - position + offset
            if value is None:
                note = str(notes[position] or NOT_MEASURED)
                missing.add(note)
                axes.plot([left], [y], marker="x", color=style["color"], markersize=6, clip_on=False, zorder=3)
                axes.annotate(
                    note,
                    (left, y),
                    xytext=(7, 0),
                    textcoords="offset points",
                    va="center",
                    fontsize=9,
                    color="#333333",
                )
                continue
            error = None
            if entry.get("low") is not None and entry.get("high") is not None:
                low, high = entry["low"][position], entry["high"][position]
                if low is not None and high is not None:
                    error = [[max(value - low, 0.0)], [max(high - value, 0.0)]]
            axes.barh(
                [y],
                [value - left if log else value],
                height * 0.92,
                left=left if log else 0,
                color=style["color"],
                xerr=error,
                error_kw={"ecolor": "#222222", "elinewidth": 1.1},
                zorder=2,
            )
        handles.append(Patch(color=style["color"], label=str(entry["label"])))
    if missing:
        label = " or ".join(sorted(missing, key=lambda note: (note != NOT_MEASURED, note)))
        handles.append(Line2D([], [], color="#333333", marker="x", linestyle="none", label=label))
    axes.set_yticks(range(len(categories)), list(reversed(categories)))
    axes.set_ylim(-0.6, len(categories) - 0.4)
    axes.grid(axis="y", visible=False)
    axes.tick_params(axis="y", length=0)
    return handles


def _lines(axes: Axes, chart: Mapping[str, object], width: str) -> list:
    """Draw one line with markers per series across the x positions; return the legend's handles."""
    positions = [float(x) for x in chart.get("x", range(len(chart["categories"])))]
    series = list(chart["series"])
    xlog = bool(chart.get("xlog"))
    if xlog:
        axes.set_xscale("log", base=2)
    every = [v for s in series for key in ("values", "low", "high") for v in s.get(key, [])]
    every += [reference["value"] for reference in chart.get("references", [])]
    ylog = bool(chart.get("log", wants_log(every)))
    handles: list = []
    for index, entry in enumerate(series):
        style = series_style(index, len(series))
        shift = ((index - (len(series) - 1) / 2) * 0.05) if chart.get("dodge") else 0.0
        xs = [x * 2**shift if xlog else x + shift for x in positions]
        values = [math.nan if value is None else float(value) for value in entry["values"]]
        error = None
        if entry.get("low") is not None and entry.get("high") is not None:
            error = [
                [
                    max(v - (lo if lo is not None else v), 0.0) if math.isfinite(v) else 0.0
                    for v, lo in zip(values, entry["low"], strict=True)
                ],
                [
                    max((hi if hi is not None else v) - v, 0.0) if math.isfinite(v) else 0.0
                    for v, hi in zip(values, entry["high"], strict=True)
                ],
            ]
        dashed = bool(entry.get("dashed"))
        axes.errorbar(
            xs,
            values,
            yerr=error,
            color=style["color"],
            marker=style["marker"],
            linestyle="--" if dashed else "-",
            markerfacecolor="white" if dashed else style["color"],
            elinewidth=1.0,
            label=str(entry["label"]),
            zorder=3 + index,
        )
        handles.append(
            Line2D(
                [],
                [],
                color=style["color"],
                marker=style["marker"],
                linestyle="--" if dashed else "-",
                markerfacecolor="white" if dashed else style["color"],
                label=str(entry["label"]),
            )
        )
    axes.xaxis.set_major_locator(FixedLocator(positions))
    axes.xaxis.set_minor_locator(FixedLocator([]))
    axes.set_xticks(positions, [str(category) for category in chart["categories"]])
    if ylog:
        axes.set_yscale("log")
        axes.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0,) if _decades(every) > 3 else (1.0, 2.0, 5.0)))
        axes.yaxis.set_minor_formatter(NullFormatter())
    else:
        axes.set_ylim(bottom=0)
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: format_tick(value)))
    axes.grid(axis="x", visible=False)
    return handles


def _decades(values: Sequence[float | None]) -> float:
    """Return how many powers of ten the positive values span."""
    positive = [float(v) for v in values if v is not None and math.isfinite(v) and v > 0]
    return math.log10(max(positive) / min(positive)) if positive else 0.0


def _legend(figure: Figure, handles: list, width: str) -> None:
    """Put the legend under the axes, in as many columns as fit the figure's width."""
    if not handles:
        return
    columns = 1 if width == "narrow" else min(len(handles), 2)
    legend = figure.legend(handles=handles, loc="outside lower center", ncols=columns, frameon=False)
    if width == "narrow":
        return
    figure.canvas.draw()
    if legend.get_window_extent().width > figure.bbox.width * 0.98:
        legend.remove()
        figure.legend(handles=handles, loc="outside lower center", ncols=1, frameon=False)


def _thin_ticks(figure: Figure, axes: Axes) -> None:
    """Hide every other x tick label, then more, until the labels that remain do not overlap."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    labels = [label for label in axes.get_xticklabels() if label.get_text()]
    step = 1
    while step < len(labels):
        shown = [label for index, label in enumerate(labels) if index % step == 0]
        boxes = [label.get_window_extent(renderer) for label in shown]
        if all(first.x1 + 4 <= second.x0 for first, second in zip(boxes, boxes[1:], strict=False)):
            break
        step += 1
    for index, label in enumerate(labels):
        label.set_visible(index % step == 0)
    figure.canvas.draw()


def _tidy(svg: str, prefix: str, label: str) -> str:
    """Return an SVG fit to be put in a page: its ids prefixed (unique in the page), no metadata, no global style."""
    ElementTree.register_namespace("", _SVG)
    ElementTree.register_namespace("xlink", _XLINK)
    root = ElementTree.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in (f"{{{_SVG}}}metadata", f"{{{_SVG}}}style"):
                parent.remove(child)
    href = f"{{{_XLINK}}}href"
    for element in root.iter():
        identifier = element.attrib.pop("id", None)
        if identifier is not None:
            element.set("id", prefix + identifier)
        for name, value in element.attrib.items():
            if "url(#" in value:
                element.set(name, _REFERENCE.sub(lambda match: f"url(#{prefix}{match.group(1)})", value))
            elif name in (href, "href") and value.startswith("#"):
                element.set(name, f"#{prefix}{value[1:]}")
    root.set("class", "guide-plot-svg")
    root.set("role", "img")
    if label:
        root.set("aria-label", label)
    root.set("style", "stroke-linejoin: round; stroke-linecap: butt")
    return ElementTree.tostring(root, encoding="unicode")
