# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The performance report page and the ``{bench}`` role, built from synthetic data in small sites."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from bench_data import synthetic_report
from sites import build, built_text, images, page_text, write_site

sphinx_build = pytest.importorskip("sphinx.cmd.build", reason="Sphinx is not installed").build_main
pytest.importorskip("myst_parser", reason="myst-parser is not installed")
pytest.importorskip("matplotlib", reason="matplotlib is not installed")

PARTS = ("provenance", "per-call", "phases", "gil", "scaling", "profile", "targets")
PAGE = "# Performance\n\n" + "".join(f"## {part}\n\n```{{bench-report}} {part}\n```\n\n" for part in PARTS)
CHAPTER = textwrap.dedent(
    """\
    # Lifecycle

    Filling 1 KiB takes {bench}`fill_1k.ratio_upstream` of upstream's time; the floor
    {bench}`fill_1k.floor_us`; syncing {bench}`stream_sync.ratio_upstream`.
    """
)


def make_site(root: Path, report: dict | None, chapter: str = CHAPTER) -> Path:
    """Write a site with the performance page and a chapter that quotes the data; return its folder."""
    from cuda_core_guide.reports.bench_report import source_digest

    reference = root / "reference_impl"
    (reference / "cuda" / "core").mkdir(parents=True)
    (reference / "cuda" / "core" / "_stream.pyx").write_text("x = 1\n")
    settings = {"cuda_core_guide_bench": "_data/bench.json", "cuda_core_guide_bench_reference": "../reference_impl"}
    if report is not None:
        report = {"reference_digest": source_digest(reference), **report}
    return write_site(root, settings, {"performance": PAGE, "lifecycle": chapter}, {"bench.json": report})


def built_site(capsys, root: Path, report: dict | None, chapter: str = CHAPTER) -> Path:
    """Write the site of :func:`make_site` and build it; return its folder."""
    docs = make_site(root, report, chapter)
    build(docs, capsys)
    return docs


def current_report() -> dict:
    """Return the synthetic report without a digest: recorded from the site's own reference sources."""
    report = synthetic_report()
    del report["reference_digest"]
    return report


def test_the_page_shows_every_part_with_intervals_verdicts_and_charts(tmp_path, capsys) -> None:
    report = current_report()
    docs = built_site(capsys, tmp_path, report)
    html = (docs / "_build" / "performance.html").read_text()
    text = page_text(html)
    assert "Recorded 2026-11-24 09:30 UTC on NVIDIA Test GPU (compute capability 9.0, driver for CUDA 13.0" in text
    assert "Stale data" not in text
    assert "4 rounds, each starting one pyperf worker process per implementation" in text
    order = "5 values per benchmark and worker, one per pass over all benchmarks, each beside its floor\u2019s, after"
    assert order in text
    assert "The run took 312 s." in text
    fill = report["per_call"]["fill_1k"]["ratio_upstream"]
    assert f"{fill['value']:.2f}× ({fill['low']:.2f}–{fill['high']:.2f}) faster" in text
    assert "no difference" in text  # stream_sync: the same distribution on both sides
    assert "Geometric mean of reference / upstream over 13 operations" in text
    assert "read a device attribute" in text  # Phase 1 against Phase 2
    assert "`" not in text  # titles' markup is rendered, not shown
    assert 'fill 1 KiB (<code class="docutils literal notranslate"><span class="pre">Buffer.fill</span></code>)' in html
    assert "floor holding the GIL (the control) 8" in text  # the tables' names, not the report's keys
    assert "floor_gil" not in html
    assert "theoretical memory bandwidth, from its attributes" in text
    assert "3,352 GB/s" in text
    assert "fill (reference): the bandwidth dominates from about" in text
    assert "60.0%" in text  # the profile's share of the driver
    assert "0x7f00aa01 40%" in text  # and its innermost function
    charts = images(docs, "performance")
    assert len(charts) == 4  # ratios, GIL counter, GIL work, scaling (the table of the phases says all)
    ratios = charts[0].read_text()
    assert "-LineCollection_" in ratios  # the intervals of the ratios, as error bars
    assert "fill 1 KiB (Buffer.fill)" in ratios  # the tables' names, not the report's keys
    assert "fill_1k" not in ratios
    assert "1.0: the same time" in ratios  # the line every verdict is read against


def test_the_role_quotes_a_number_with_its_interval(tmp_path, capsys) -> None:
    report = current_report()
    docs = built_site(capsys, tmp_path, report)
    text = built_text(docs, "lifecycle")
    quote = report["quotes"]["fill_1k.ratio_upstream"]
    assert f"takes {quote['value']:.2f}× (95% CI {quote['low']:.2f}–{quote['high']:.2f}) of upstream" in text
    assert " µs (95% CI " in text
    assert "no difference)" in text  # stream_sync's interval holds 1.0


def test_missing_data_is_said_and_the_build_goes_on(tmp_path, capsys) -> None:
    docs = built_site(capsys, tmp_path, None)
    text = built_text(docs, "performance")
    assert "No benchmark results are recorded yet: run nox -s bench on a GPU runner" in text
    assert not list((docs / "_build").glob("_images/*.svg"))
    chapter = built_text(docs, "lifecycle")
    assert "takes (not measured) of upstream" in chapter


def test_a_key_the_present_data_lacks_is_a_warning_at_its_line(tmp_path, capsys) -> None:
    chapter = "# Lifecycle\n\nText.\n\nIt takes {bench}`fill_1k.no_such_number` here.\n"
    docs = make_site(tmp_path, synthetic_report(), chapter=chapter)
    status = sphinx_build(["-q", "-b", "html", str(docs), str(docs / "_build")])
    output = capsys.readouterr().err
    assert status == 0
    assert "lifecycle.md:5: WARNING: the benchmark report bench.json has no number 'fill_1k.no_such_number'" in output
    assert "It takes (not measured) here." in built_text(docs, "lifecycle")


def test_a_number_of_an_operation_the_run_did_not_time_is_not_measured_without_a_warning(tmp_path, capsys) -> None:
    # Data recorded before the benchmark timed an operation: the page lists the
    # operation as unmeasured, and a quote of it is no typo to warn about.
    report = synthetic_report()
    del report["per_call"]["graph_add_kernel"]
    report["quotes"] = {
        key: quote for key, quote in report["quotes"].items() if not key.startswith("graph_add_kernel.")
    }
    chapter = (
        "# Lifecycle\n\nNew: {bench}`graph_add_kernel.ratio_floor`. Typo: {bench}`graph_add_kernal.ratio_floor`.\n"
    )
    docs = make_site(tmp_path, report, chapter=chapter)
    status = sphinx_build(["-q", "-b", "html", str(docs), str(docs / "_build")])
    output = capsys.readouterr().err
    assert status == 0
    assert "graph_add_kernel.ratio_floor" not in output
    assert "has no number 'graph_add_kernal.ratio_floor'" in output
    assert "New: (not measured). Typo: (not measured)." in built_text(docs, "lifecycle")


def test_a_run_without_a_profile_says_why(tmp_path, capsys) -> None:
    report = synthetic_report()
    report["profile"] = {"error": "py-spy is not installed"}
    docs = built_site(capsys, tmp_path, report)
    assert "The run has no profile: py-spy is not installed." in built_text(docs, "performance")


def test_data_from_other_reference_sources_is_stale(tmp_path, capsys) -> None:
    docs = built_site(capsys, tmp_path, synthetic_report(reference_digest="fedcba9876543210"))
    text = built_text(docs, "performance")
    assert "Stale data" in text
    assert "sources have changed since it was recorded" in text
    assert "Run nox -s bench again" in text


def test_an_unknown_part_is_an_error_at_its_line(tmp_path, capsys) -> None:
    docs = make_site(tmp_path, synthetic_report())
    (docs / "performance.md").write_text("# Performance\n\n```{bench-report} everything\n```\n")
    status = sphinx_build(["-q", "-b", "html", str(docs), str(docs / "_build")])
    assert status == 0
    assert "performance.md:3: ERROR: unknown part 'everything' of the benchmark report" in capsys.readouterr().err


def test_quotes_format_each_unit() -> None:
    from cuda_core_guide.sphinxext.bench import format_quote, format_size

    assert format_quote({"value": 0.5512, "low": 0.52, "high": 0.58, "unit": "x", "verdict": "lower"}) == (
        "0.55× (95% CI 0.52–0.58)"
    )
    assert format_quote({"value": 1.01, "low": 0.97, "high": 1.06, "unit": "x", "verdict": "no difference"}) == (
        "1.01× (95% CI 0.97–1.06, no difference)"
    )
    assert format_quote({"value": 0.5123, "low": 0.5, "high": 0.52, "unit": "us"}) == "0.512 µs (95% CI 0.5–0.52)"
    assert format_quote({"value": 0.873, "unit": "%"}) == "87.3%"
    assert format_quote({"value": 3352.3, "unit": "GB/s"}) == "3,352 GB/s"
    assert format_quote({"value": 65536.0, "unit": "B"}) == "64 KiB"
    assert format_size(1.5 * 1024) == "1.5 KiB"
    assert format_size(256 << 20) == "256 MiB"


def test_every_number_the_guide_quotes_is_a_key_the_report_writes() -> None:
    guide = Path(__file__).resolve().parents[2] / "guide"
    keys = {key for chapter in guide.glob("*.md") for key in re.findall(r"\{bench\}`([^`]+)`", chapter.read_text())}
    assert keys, "the guide quotes no benchmark number"
    assert sorted(keys - set(synthetic_report()["quotes"])) == []


def test_a_target_is_met_only_when_the_whole_interval_keeps_to_it() -> None:
    from cuda_core_guide.sphinxext.bench_targets import MET, MISSED, UNDECIDED, against_bound

    assert against_bound({"value": 0.8, "low": 0.7, "high": 0.85}, 0.9) == MET
    assert against_bound({"value": 0.88, "low": 0.8, "high": 0.95}, 0.9) == UNDECIDED
    assert against_bound({"value": 1.0, "low": 0.95, "high": 1.1}, 0.9) == MISSED
    assert against_bound({"value": 0.9, "low": 0.85, "high": 0.95}, 0.8, at_most=False) == MET
    assert against_bound(None, 0.9) == "not measured"


def floor_target(per_call: dict) -> tuple[str, str, str]:
    """Return the target row that holds every call to its floor, for the calls ``per_call`` measured."""
    from cuda_core_guide.sphinxext.bench_targets import target_rows

    rows = target_rows({"per_call": per_call}, str)
    return next(row for row in rows if row[0].startswith("reference / floor"))


def site_name(name: str) -> str:
    """Return the plain text the site names the per-call operation ``name`` by."""
    from cuda_core_guide.guide.plaintext import render_inline
    from cuda_core_guide.reports.bench_report import OPERATIONS

    return render_inline(OPERATIONS[name])


def test_the_site_names_known_operations_in_its_own_words_and_others_by_the_report_s() -> None:
    from cuda_core_guide.reports.bench_report import OPERATIONS, operation_title

    # A run keeps the titles of its time; an operation this version knows reads as the text around it.
    assert operation_title("alloc_free_1k", {"title": "an older wording"}) == OPERATIONS["alloc_free_1k"]
    assert operation_title("retired_operation", {"title": "a retired operation"}) == "a retired operation"
    assert operation_title("retired_operation", {}) == "retired_operation"


def test_a_call_with_a_floor_variant_is_held_to_the_variant_s_floor() -> None:
    from cuda_core_guide.sphinxext.bench_targets import MET, MISSED

    within = {"value": 1.02, "low": 0.98, "high": 1.06}
    over = {"value": 1.40, "low": 1.30, "high": 1.50}
    per_call = {
        "alloc_free_1k": {"title": "bare", "ratio_floor": over},
        "alloc_free_1k_checked": {"title": "checked", "ratio_floor": within},
        "event_record": {"title": "record", "ratio_floor": within},
    }
    # The bare floor leaves out the capture check the guide requires: only the variant counts.
    assert floor_target(per_call)[1:] == ("all 2 within", MET)
    per_call["alloc_free_1k_checked"]["ratio_floor"] = over
    assert floor_target(per_call)[1:] == (f"missed by {site_name('alloc_free_1k_checked')}", MISSED)
    # A call without a variant is held to its bare floor.
    per_call["alloc_free_1k_checked"]["ratio_floor"] = within
    per_call["event_record"]["ratio_floor"] = over
    assert floor_target(per_call)[1:] == (f"missed by {site_name('event_record')}", MISSED)


def test_a_call_with_two_floor_variants_is_held_to_the_last() -> None:
    from cuda_core_guide.sphinxext.bench_targets import MET, MISSED

    within = {"value": 1.02, "low": 0.98, "high": 1.06}
    over = {"value": 1.40, "low": 1.30, "high": 1.50}
    per_call = {
        "alloc_free_1k": {"title": "bare", "ratio_floor": over},
        "alloc_free_1k_checked": {"title": "checked", "ratio_floor": within},
        "alloc_free_1k_object": {"title": "object", "ratio_floor": over},
    }
    # The object floor does the most of what the guide requires: it alone counts.
    assert floor_target(per_call)[1:] == (f"missed by {site_name('alloc_free_1k_object')}", MISSED)
    per_call["alloc_free_1k_checked"]["ratio_floor"] = over
    per_call["alloc_free_1k_object"]["ratio_floor"] = within
    assert floor_target(per_call)[1:] == ("all 1 within", MET)
    # A report from before the object floor holds the call to the one it has.
    del per_call["alloc_free_1k_object"]
    assert floor_target(per_call)[1:] == (f"missed by {site_name('alloc_free_1k_checked')}", MISSED)


def test_the_targets_table_reads_the_data(tmp_path, capsys) -> None:
    report = current_report()
    docs = built_site(capsys, tmp_path, report)
    text = built_text(docs, "performance")
    assert "geometric mean of reference / upstream at most 0.85" in text
    assert "Phase 2 faster than Phase 1 on every operation" in text
    assert "reference / floor at most 1.10 on every call with a floor" in text


def test_operations_without_data_are_not_measured_never_zero_and_make_the_data_incomplete(tmp_path, capsys) -> None:
    report = current_report()
    for name in ("graph_add_kernel", "graph_instantiate", "graph_launch_10"):
        del report["per_call"][name]
    docs = built_site(capsys, tmp_path, report)
    text = built_text(docs, "performance")
    # The rest still describes the code: incomplete, not stale.
    assert "Stale data" not in text
    assert "Current data" in text
    assert "Incomplete data The run has no measurements of 3 operations that the benchmark times now" in text
    assert "the page marks them as not measured. Run nox -s bench again" in text
    assert "launch a graph of 10 kernel nodes (Graph.launch) not measured not measured" in text
    (ratios, *_) = images(docs, "performance")
    assert ratios.read_text().count(">not measured<") == 6  # both series of each, marked in the chart


def test_current_data_says_so_and_every_target_has_its_verdict(tmp_path, capsys) -> None:
    report = current_report()
    docs = built_site(capsys, tmp_path, report)
    text = built_text(docs, "performance")
    assert "Current data" in text
    assert re.search(r"Targets: \d of 6 met, \d missed, \d undecided", text)
    counter = re.search(r"a pure-Python counter keeps at least 0\.8 of its rate[^:]*: ([^)]*\))", text)
    assert counter is not None
    assert "of its rate alone (95% CI" in counter.group(1)
    assert "faster" not in counter.group(1)  # a share of a rate is no time: never "faster"


def test_numbers_outside_their_range_are_explained(tmp_path, capsys) -> None:
    report = synthetic_report()
    report["gil"]["phase1"]["threads"]["2"]["counter_ratio"] = {"value": 1.57, "low": 0.96, "high": 1.91}
    copy = report["scaling"]["operations"]["copy"]["reference"]["points"]
    copy[-2]["gbps"] = report["scaling"]["theoretical_gbps"] * 1.125
    docs = built_site(capsys, tmp_path, report)
    text = built_text(docs, "performance")
    assert "Why a counter can run faster beside the threads than alone" in text
    assert "reference, Phase 1 (the Python driver module), 2 threads: 1.57 (0.96–1.91)" in text
    assert "the interval holds 1.0" in text
    assert "Why a copy can beat the theoretical bandwidth" in text
    assert "copy (reference) is above it at 256 KiB (112.5%)" in text
    assert "L2 cache" in text


def test_nothing_is_explained_when_every_number_is_in_its_range(tmp_path, capsys) -> None:
    docs = built_site(capsys, tmp_path, synthetic_report())
    text = built_text(docs, "performance")
    assert "Why a counter" not in text
    assert "Why a copy" not in text
