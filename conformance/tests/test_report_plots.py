# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The report charts' one style: drawn for reading, in both renderings, from the descriptions the pages make."""

from __future__ import annotations

import pytest
from bench_data import synthetic_report

from cuda_core_guide.sphinxext import plot_style
from cuda_core_guide.sphinxext.svg_plots import draw, render_svg, text_outside, text_overlaps

PER_CALL = {
    "kind": "hbars",
    "title": "Ratios",
    "xlabel": "ratio of times per call",
    "categories": [
        "record an event (Stream.record(event))",
        "launch a kernel with a buffer and an int",
        "Device(0)",
        "add + destroy a kernel node (GraphDefinition.launch)",
    ],
    "series": [
        {
            "label": "reference / upstream",
            "values": [0.94, 0.86, 0.61, None],
            "low": [0.9, 0.84, 0.46, None],
            "high": [0.97, 0.91, 0.96, None],
        },
        {
            "label": "reference / floor",
            "values": [1.04, 1.15, None, None],
            "low": [0.78, 1.1, None, None],
            "high": [1.12, 1.26, None, None],
            "notes": [None, None, "no floor", None],
        },
    ],
    "references": [{"value": 1.0, "label": "1.0: the same time"}],
}
SIZES = [1024 * 4**power for power in range(10)]
BANDWIDTH = {
    "kind": "lines",
    "title": "Bandwidth",
    "xlabel": "bytes per call",
    "ylabel": "GB/s",
    "x": SIZES,
    "xlog": True,
    "dodge": True,
    "categories": ["1 KiB", "4 KiB", "16 KiB", "64 KiB", "256 KiB", "1 MiB", "4 MiB", "16 MiB", "64 MiB", "256 MiB"],
    "series": [
        {"label": "fill, reference", "values": [0.5, 1.9, 3, 12, 50, 195, 784, 2723, 2864, 3123]},
        {"label": "fill, upstream", "values": [0.4, 1.6, 3, 12, 48, 196, 772, 2708, 2863, 3127], "dashed": True},
        {"label": "copy, reference", "values": [0.3, 1.3, 5.2, 20, 78, 324, 1281, 3772, 2800, 2969]},
        {"label": "copy, upstream", "values": [0.3, 1.2, 4.9, 20, 80, 313, 1266, 3763, 2793, 2970], "dashed": True},
    ],
    "references": [{"value": 3352, "label": "theoretical bandwidth, 3,352 GB/s"}],
}


@pytest.mark.parametrize("width", plot_style.WIDTHS)
@pytest.mark.parametrize("chart", [PER_CALL, BANDWIDTH], ids=["bars", "lines"])
def test_no_text_of_a_chart_overlaps_another_and_none_is_small(chart: dict, width: str) -> None:
    figure = draw(chart, width)
    assert text_overlaps(figure) == []
    assert text_outside(figure) == []
    texts = [text for text in figure.findobj(lambda artist: hasattr(artist, "get_fontsize")) if text.get_visible()]
    assert min(text.get_fontsize() for text in texts) >= plot_style.MIN_FONT_PT
    assert figure.get_size_inches()[0] == plot_style.FIGURE_WIDTH_IN[width]


def test_a_text_wider_than_the_phone_s_drawing_is_reported_as_cut_off() -> None:
    long_label = "ratio of times per call, the median over the rounds of each round's ratio"
    assert text_outside(draw({**PER_CALL, "xlabel": long_label}, "narrow")) == [long_label]
    assert text_outside(draw(PER_CALL, "narrow")) == []


def test_a_chart_of_ratios_has_its_line_at_one_and_marks_what_was_not_measured() -> None:
    svg = render_svg(PER_CALL, "wide", "the ratios")
    assert "1.0: the same time" in svg
    assert svg.count(">not measured<") >= 2  # both series of the operation without data, never a bar at 0
    assert ">no floor<" in svg
    assert 'aria-label="the ratios"' in svg
    assert "GraphDefinition.launch)" in svg  # a long label is wrapped onto lines, not cut


def test_wide_ranges_get_a_log_axis_in_plain_numbers() -> None:
    figure = draw(BANDWIDTH, "wide")
    axes = figure.axes[0]
    assert axes.get_yscale() == "log"
    assert axes.get_xscale() == "log"
    labels = [label.get_text() for label in axes.get_yticklabels() if label.get_visible() and label.get_text()]
    assert "1,000" in labels
    assert not any("$" in label for label in labels)  # no powers of ten in TeX
    assert draw(PER_CALL, "wide").axes[0].get_xscale() == "linear"


def test_crowded_tick_labels_are_thinned_on_the_narrow_drawing() -> None:
    figure = draw(BANDWIDTH, "narrow")
    shown = [label.get_text() for label in figure.axes[0].get_xticklabels() if label.get_visible()]
    assert "1 KiB" in shown
    assert len(shown) < len(BANDWIDTH["categories"])
    assert text_overlaps(figure) == []


def test_the_palette_never_repeats_a_colour_in_one_chart() -> None:
    colours = [plot_style.series_style(index, 8)["color"] for index in range(8)]
    assert len(set(colours)) == 8
    with pytest.raises(ValueError, match="at most 8 series"):
        plot_style.series_style(0, 9)


def test_wants_log_and_tick_labels() -> None:
    assert plot_style.wants_log([100, 1500, 78_000])
    assert not plot_style.wants_log([0.5, 1.9, None])
    assert not plot_style.wants_log([])
    assert [plot_style.format_tick(v) for v in (0, 0.1, 2, 2.5, 1000, 50_000)] == [
        "0",
        "0.1",
        "2",
        "2.5",
        "1,000",
        "50,000",
    ]
    assert plot_style.wrap("launch a kernel with a buffer and an int", "narrow").count("\n") == 1


def test_a_tick_label_left_out_below_a_log_axis_overlaps_nothing() -> None:
    # From 100 up, a log axis keeps a label "10" that matplotlib does not draw: on a phone
    # it sits where the legend is, and must not count as an overlap with it.
    chart = {
        "kind": "lines",
        "title": "Fills per second",
        "xlabel": "worker threads",
        "ylabel": "fills per second",
        "x": [1, 2, 4, 8],
        "xlog": True,
        "dodge": True,
        "categories": ["1", "2", "4", "8"],
        "series": [
            {"label": "reference", "values": [99.1, 201.6, 435.4, 753.9]},
            {"label": "upstream", "values": [101.2, 228.4, 423.4, 914.2]},
            {"label": "floor holding the GIL", "values": [52158.1, 64866.1, 82168.1, 90952.3]},
        ],
        "references": [],
    }
    figure = draw(chart, "narrow")
    axis = figure.axes[0].yaxis
    low, _ = axis.get_view_interval()
    assert any(tick.get_loc() < low for tick in axis.get_major_ticks())  # the case: a label beyond the view
    assert text_overlaps(figure) == []
    assert text_outside(figure) == []


def test_the_benchmark_s_charts_read_its_tables_names_and_draw_cleanly() -> None:
    from cuda_core_guide.sphinxext import bench

    data = synthetic_report()
    del data["per_call"]["graph_launch_10"]  # an operation the data has no measurement of
    charts = [bench._chart_of_ratios(data, bench._operations(data)).get("chart")]
    charts += [node["chart"] for node in bench._gil(data) if node.tagname == "ReportPlot"]
    charts += [node["chart"] for node in bench._scaling(data) if node.tagname == "ReportPlot"]
    assert len(charts) == 4
    keys = {*bench.OPERATIONS, *data["gil"]} - {"reference", "upstream", "floor"}
    for chart in charts:
        labels = {*map(str, chart["categories"]), *(series["label"] for series in chart["series"])}
        assert not labels & keys  # the tables' plain names, never the report's keys (floor_gil, alloc_free_1k)
        for width in plot_style.WIDTHS:
            figure = draw(chart, width)
            assert text_overlaps(figure) == []
            assert text_outside(figure) == []
    ratios = charts[0]
    assert ratios["series"][0]["values"][list(bench.OPERATIONS).index("graph_launch_10")] is None
    counter = charts[1]
    assert counter["references"] == [{"value": 1.0, "label": "1.0: the counter's rate alone"}]
