# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The GPU benchmark on a CPU: its statistics, its report document, its floor module, and its refusals."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from bench_data import raw_timings, synthetic_report
from scripts import BENCHMARKS, import_script

from cuda_core_guide.gpu import gpu_status
from cuda_core_guide.reports import bench_report, bench_stats


def script(name: str) -> ModuleType:
    """Import a script of conformance/benchmarks as a module."""
    return import_script(name, BENCHMARKS)


def test_a_clear_difference_is_lower_with_an_interval_around_the_ratio() -> None:
    fast = [[1.0, 1.01, 0.99], [1.0, 1.02, 0.98], [1.01, 1.0, 0.99]]
    slow = [[2.0, 2.02, 1.98], [2.0, 2.01, 1.99], [2.02, 2.0, 1.98]]
    estimate = bench_stats.bootstrap_ratio(fast, slow, resamples=500)
    assert estimate["low"] <= estimate["value"] <= estimate["high"]
    assert estimate["value"] == pytest.approx(0.5, rel=0.02)
    assert estimate["high"] < 1.0
    assert estimate["verdict"] == "lower"
    assert bench_stats.bootstrap_ratio(slow, fast, resamples=500)["verdict"] == "higher"


def test_an_interval_that_holds_one_is_no_difference_never_a_win() -> None:
    # The same distribution, drawn twice: the ratio is off 1.0 by chance, the verdict is no difference.
    chooser = random.Random(3)
    one, other = ([[chooser.gauss(1.0, 0.05) for _ in range(5)] for _ in range(6)] for _ in range(2))
    estimate = bench_stats.bootstrap_ratio(one, other, resamples=500)
    assert estimate["value"] != 1.0
    assert estimate["low"] < 1.0 < estimate["high"]
    assert estimate["verdict"] == bench_stats.NO_DIFFERENCE
    assert bench_stats.verdict(0.9, 1.0) == bench_stats.NO_DIFFERENCE  # touching 1.0 is holding it
    assert bench_stats.verdict(0.9, 0.99) == "lower"
    assert bench_stats.verdict(1.01, 1.2) == "higher"


def test_the_bootstrap_is_reproducible_and_ignores_empty_runs() -> None:
    runs = [[3.0, 1.0, 2.0], [], [2.5, 1.5]]
    first = bench_stats.bootstrap_median(runs, resamples=200, seed=7)
    assert first == bench_stats.bootstrap_median(runs, resamples=200, seed=7)
    assert first["value"] == 2.0
    assert 1.0 <= first["low"] <= first["value"] <= first["high"] <= 3.0
    with pytest.raises(ValueError, match="no value"):
        bench_stats.bootstrap_median([[], []])
    with pytest.raises(ValueError, match="zero"):
        bench_stats.bootstrap_ratio([[1.0]], [[0.0]])


def test_a_paired_ratio_divides_out_what_the_machine_did_in_each_round() -> None:
    # The machine is in one of two states, one twice as slow, and takes a round's two sides in
    # the same state except in a third of the rounds. In every other round the numerator takes 1.1 times
    # the denominator's time. Pooled, more of the numerator's values are slow than of the
    # denominator's, and the ratio of the two medians would be about 2.2.
    slow_top = [2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1]
    slow_bottom = [2, 2, 2, 2, 1, 1, 1, 2, 1, 1, 1, 1]
    top = [[1.1 * state, 1.1 * state * 1.01] for state in slow_top * 3]
    bottom = [[state, state * 1.01] for state in slow_bottom * 3]
    estimate = bench_stats.bootstrap_ratio(top, bottom, resamples=500)
    assert estimate["value"] == pytest.approx(1.1)
    assert estimate["low"] == pytest.approx(1.1)
    assert estimate["high"] < 1.2
    assert estimate["verdict"] == "higher"


def test_a_round_with_no_value_on_either_side_is_left_out_of_a_paired_ratio() -> None:
    estimate = bench_stats.bootstrap_ratio([[1.0], [], [3.0], [4.0]], [[2.0], [5.0], [6.0], []], resamples=100)
    assert estimate["value"] == pytest.approx(0.5)
    assert estimate["low"] == pytest.approx(0.5)
    assert estimate["high"] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="no round has values on both sides"):
        bench_stats.bootstrap_ratio([[1.0], []], [[], [2.0]])


def test_unpaired_runs_are_resampled_each_on_their_own() -> None:
    estimate = bench_stats.bootstrap_ratio([[1.0], [1.1], [0.9]], [[2.0], [2.2]], resamples=300)
    assert estimate["verdict"] == "lower"


def test_the_geometric_mean_of_ratios_has_an_interval() -> None:
    half = ([[1.0, 1.0]] * 3, [[2.0, 2.0]] * 3)
    double = ([[2.0, 2.0]] * 3, [[1.0, 1.0]] * 3)
    estimate = bench_stats.bootstrap_geometric_mean([half, double], resamples=100)
    assert estimate["value"] == pytest.approx(1.0)
    assert estimate["verdict"] == bench_stats.NO_DIFFERENCE
    assert bench_stats.bootstrap_geometric_mean([half], resamples=100)["value"] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="no ratio"):
        bench_stats.bootstrap_geometric_mean([])


def test_normalized_divides_each_round_by_its_control_and_keeps_empty_rounds() -> None:
    assert bench_stats.normalized([[2.0, 4.0], [], [9.0]], [[1.0, 3.0], [1.0], [3.0]]) == [[1.0, 2.0], [], [3.0]]
    with pytest.raises(ValueError, match="2 rounds against a control of 1"):
        bench_stats.normalized([[1.0], [1.0]], [[1.0]])
    with pytest.raises(ValueError, match="median is zero"):
        bench_stats.normalized([[1.0]], [[0.0]])


def _two_speed_rounds(mean: float, speeds: list[float], chooser: random.Random) -> list[list[float]]:
    """Return rounds of a call of ``mean`` seconds, each in a process running at its own speed."""
    return [[mean / speed * (1 + chooser.gauss(0, 0.01)) for _ in range(3)] for speed in speeds]


def test_the_report_compares_implementations_through_their_own_processes_floors() -> None:
    # Processes run at 1x or 2x, independently for each implementation, as on the shared runner.
    chooser = random.Random(3)
    rounds = 16
    speeds = {impl: [chooser.choice((1.0, 2.0)) for _ in range(rounds)] for impl in ("reference", "upstream")}
    raw = {
        "reference": {"reference.fill_1k": _two_speed_rounds(1.0e-6, speeds["reference"], chooser)},
        "floor": {"floor.fill_1k": _two_speed_rounds(0.9e-6, speeds["reference"], chooser)},
        "upstream": {"upstream.fill_1k": _two_speed_rounds(1.25e-6, speeds["upstream"], chooser)},
        "floor_in_upstream": {"floor.fill_1k": _two_speed_rounds(0.9e-6, speeds["upstream"], chooser)},
    }
    report = bench_report.build_report(
        {"per_call": raw}, device={}, machine={}, versions={}, settings={"resamples": 400}, reference_digest=""
    )
    row = report["per_call"]["fill_1k"]
    assert row["control"] == "floor"
    controlled, direct = row["ratio_upstream"], row["ratio_upstream_direct"]
    assert controlled["low"] < 0.8 < controlled["high"]
    assert controlled["high"] - controlled["low"] < 0.05
    assert direct["high"] - direct["low"] > 5 * (controlled["high"] - controlled["low"])
    assert 1.35 < row["upstream_ratio_floor"]["value"] < 1.42  # 1.25 / 0.9, in upstream's own processes
    assert report["summary"]["geomean_ratio_upstream"]["value"] == pytest.approx(controlled["value"])


def test_without_a_floor_in_both_processes_the_ratio_is_the_direct_one() -> None:
    raw = raw_timings()
    report = bench_report.build_report(
        {"per_call": raw["per_call"]},
        device={},
        machine={},
        versions={},
        settings={"resamples": 50},
        reference_digest="",
    )
    assert all("control" not in row and "ratio_upstream_direct" not in row for row in report["per_call"].values())


def test_percentile_interpolates_and_noise_is_the_coefficient_of_variation() -> None:
    assert bench_stats.percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert bench_stats.percentile([5.0], 0.975) == 5.0
    assert bench_stats.coefficient_of_variation([[1.0, 1.0], [1.0]]) == 0.0
    assert bench_stats.coefficient_of_variation([[1.0], [3.0]]) == pytest.approx(0.7071, rel=1e-3)


def test_the_crossover_is_where_the_time_reaches_twice_its_floor() -> None:
    sizes = [1024, 4096, 16384, 65536]
    assert bench_report.crossover(sizes, [1.0, 1.0, 2.0, 8.0]) == pytest.approx(16384)
    between = bench_report.crossover(sizes, [1.0, 1.0, 1.5, 3.0])
    assert 16384 < between < 65536
    assert bench_report.crossover(sizes, [1.0, 1.1, 1.2, 1.3]) is None


def test_the_report_summarizes_every_part_with_intervals_verdicts_and_quotes() -> None:
    report = synthetic_report()
    assert bench_report.validate(report) == []
    fill = report["per_call"]["fill_1k"]
    assert fill["ratio_upstream"]["value"] == pytest.approx(0.5, rel=0.05)
    assert fill["ratio_upstream"]["verdict"] == "lower"
    assert report["per_call"]["stream_sync"]["ratio_upstream"]["verdict"] == bench_stats.NO_DIFFERENCE
    assert "ratio_floor" not in report["per_call"]["device_get"]  # the floor has no Device(0)
    assert "compile" not in report["summary"]["operations"]
    # A floor variant times a call the mean already counts: it is left out.
    assert "alloc_free_1k" in report["summary"]["operations"]
    assert not set(bench_report.FLOOR_VARIANTS) & set(report["summary"]["operations"])
    assert "ratio_floor" in report["per_call"]["alloc_free_1k_checked"]
    assert report["phases"]["fill_1k"]["ratio"]["value"] == pytest.approx(0.5, rel=0.05)
    gil = report["gil"]["floor_gil"]["threads"]["8"]["counter_ratio"]
    assert gil["value"] == pytest.approx(0.05, rel=0.1)
    fill_scaling = report["scaling"]["operations"]["fill"]["reference"]
    assert fill_scaling["crossover_bytes"] == pytest.approx(400_000, rel=0.15)  # 2 us of host cost at 200 GB/s
    assert fill_scaling["peak_fraction"] == pytest.approx(fill_scaling["peak_gbps"] / 3352.32)
    quotes = report["quotes"]
    for key in (
        "fill_1k.ratio_upstream",
        "fill_1k.ratio_floor",
        "fill_1k.reference_us",
        "geomean.ratio_upstream",
        "phases.event_record.ratio",
        "gil.reference.counter_ratio_8",
        "scaling.copy.reference.crossover_bytes",
        "device.theoretical_gbps",
    ):
        assert isinstance(quotes[key]["value"], float), key
    assert quotes["fill_1k.ratio_upstream"]["unit"] == "x"
    # Provenance: who, where, when, with what.
    for key in ("commit", "date", "checker_version", "device", "machine", "versions", "noise", "reference_digest"):
        assert key in report, key
    assert report["noise"]["load_average_before"] == [0.5, 0.4, 0.3]
    assert 0 < report["noise"]["median_cv"] <= report["noise"]["max_cv"]
    json.dumps(report, allow_nan=False)  # the document is plain JSON


def test_only_a_valid_report_is_written_and_in_one_step(tmp_path: Path) -> None:
    target = tmp_path / "reports" / "bench.json"
    bench_report.write_report(synthetic_report(), target)
    assert json.loads(target.read_text())["device"]["name"] == "NVIDIA Test GPU"
    broken = synthetic_report()
    del broken["device"]
    broken["quotes"]["fill_1k.ratio_upstream"] = {"value": "fast"}
    other = tmp_path / "other.json"
    with pytest.raises(ValueError, match="'device' is missing.*has no number"):
        bench_report.write_report(broken, other)
    assert not other.exists()
    assert sorted(path.name for path in target.parent.iterdir()) == ["bench.json"]  # no temporary left


def test_the_digest_of_the_reference_sources_changes_with_them(tmp_path: Path) -> None:
    source = tmp_path / "cuda" / "core" / "_stream.pyx"
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n")
    (tmp_path / "cuda" / "core" / "notes.txt").write_text("not a source")
    before = bench_report.source_digest(tmp_path)
    (tmp_path / "cuda" / "core" / "notes.txt").write_text("still not a source")
    assert bench_report.source_digest(tmp_path) == before
    source.write_text("x = 2\n")
    assert bench_report.source_digest(tmp_path) != before
    assert bench_report.source_digest(tmp_path / "missing") == ""


def test_fast_settings_are_smaller_and_options_override_them() -> None:
    bench = script("bench")
    default = bench.settings_from(bench._parser().parse_args([]))
    fast = bench.settings_from(bench._parser().parse_args(["--fast", "--rounds", "4", "--gil-threads", "1,8"]))
    assert default.sizes[0] == 1024
    assert default.sizes[-1] == 256 << 20
    assert fast.fast
    assert fast.rounds == 4
    assert fast.gil_threads == (1, 8)
    assert fast.values < default.values
    assert fast.sizes[-1] == 16 << 20
    assert bench._rotated(("a", "b", "c"), 4) == ["b", "c", "a"]


def test_without_a_gpu_the_bench_says_so_fails_and_writes_nothing(tmp_path, monkeypatch, capsys) -> None:
    bench = script("bench")
    monkeypatch.setattr("cuda_core_guide.gpu.gpu_status", lambda: (False, "no CUDA driver on this machine"))
    output = tmp_path / "bench.json"
    assert bench.main(["--upstream-python", sys.executable, "--output", str(output)]) == bench._NO_GPU
    assert "needs a GPU, and finds none: no CUDA driver on this machine" in capsys.readouterr().err
    assert not output.exists()


def test_without_upstream_cuda_core_the_bench_says_so_fails_and_writes_nothing(tmp_path, monkeypatch, capsys) -> None:
    bench = script("bench")
    monkeypatch.setattr("cuda_core_guide.gpu.gpu_status", lambda: (True, "1 CUDA device(s)"))
    output = tmp_path / "bench.json"
    missing = tmp_path / "no-env" / "bin" / "python"
    assert bench.main(["--upstream-python", str(missing), "--output", str(output)]) == bench._NO_GPU
    assert "upstream cuda-core cannot be imported" in capsys.readouterr().err
    assert not output.exists()


def test_the_theoretical_bandwidth_is_double_data_rate_times_the_bus() -> None:
    device_info = script("device_info")
    assert device_info.theoretical_bandwidth(2_619_000, 5120) == pytest.approx(3352.32)
    assert device_info.theoretical_bandwidth(0, 5120) is None


def test_the_floor_module_compiles_without_a_gpu(tmp_path: Path) -> None:
    pytest.importorskip("cuda.bindings", reason="cuda-bindings is not installed")
    pytest.importorskip("Cython", reason="Cython is not installed")
    if importlib.util.find_spec("nvidia") is None:
        pytest.skip("nvidia-cuda-runtime (the CUDA headers) is not installed")
    if shutil.which("c++") is None:
        pytest.skip("no C++ compiler")
    floor_build = script("floor_build")
    extension = floor_build.build_floor(tmp_path / "floor")
    assert extension.is_file()
    sys.path.insert(0, str(extension.parent))
    try:
        floor = importlib.import_module("cuda_core_floor")
    finally:
        sys.path.remove(str(extension.parent))
        sys.modules.pop("cuda_core_floor", None)
    for name in ("event_record", "stream_sync", "memset_d8", "launch_ptr_int", "memset_d8_sync_with_gil"):
        assert callable(getattr(floor, name)), name
    # Every function the benchmark's operations call on the floor is there.
    used = floor_functions_used()
    assert {"graph_add_kernel", "graph_instantiate", "graph_launch", "ctx_set_current"} <= used
    assert sorted(name for name in used if not callable(getattr(floor, name, None))) == []
    assert sorted(used - set(floor.__all__)) == []
    assert "with nogil" in floor_build.SOURCE.read_text()


def test_each_floor_variant_times_its_operation_s_call_over_a_floor_of_its_own() -> None:
    bench_ops = script("bench_ops")
    assert bench_ops.FLOOR_VARIANTS == bench_report.FLOOR_VARIANTS
    for variant, operation in bench_ops.FLOOR_VARIANTS.items():
        assert {variant, operation} <= set(bench_ops.OPERATIONS)
        assert {variant, operation} <= set(bench_report.OPERATIONS)
    # Their floors make the calls the guide requires and the bare floors leave out.
    used = floor_functions_used()
    required = {
        "mem_alloc_checked",
        "mem_alloc_object",
        "mem_alloc_held",
        "graph_add_kernel_owned",
        "graph_add_kernel_object",
        "graph_add_kernel_held",
        "graph_add_kernel_recorded",
        "graph_destroy_node_owned",
        "graph_instantiate_staged",
    }
    assert required <= used


def floor_functions_used() -> set[str]:
    """Return the names that ``bench_ops.py`` reads from the floor module (``floor.<name>``)."""
    tree = ast.parse((BENCHMARKS / "bench_ops.py").read_text(encoding="utf-8"))
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "floor"
    }


def test_a_broken_floor_source_fails_with_the_compiler_output(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("Cython", reason="Cython is not installed")
    floor_build = script("floor_build")
    broken = tmp_path / "cuda_core_floor.pyx"
    broken.write_text("def broken(:\n")
    monkeypatch.setattr(floor_build, "SOURCE", broken)
    with pytest.raises(RuntimeError, match="Cython failed"):
        floor_build.build_floor(tmp_path / "out", include=tmp_path)


def test_the_per_call_part_calibrates_then_times_each_round_with_the_calibrated_loops(tmp_path, monkeypatch) -> None:
    pytest.importorskip("pyperf", reason="pyperf is not installed")
    bench = script("bench")
    fake = Path(__file__).resolve().parent / "data" / "fake_cuda_core"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")]))
    settings = bench.Settings(rounds=2, values=2, min_time=0.002)
    pythons = {"reference": sys.executable, "upstream": sys.executable}
    runs, errors, metadata = bench._per_call(pythons, settings, tmp_path, None)  # no floor: it needs a driver
    assert errors == {"reference": {}, "upstream": {}, "floor": {}, "floor_in_upstream": {}}
    assert runs["floor"] == runs["floor_in_upstream"] == {}
    assert set(runs["upstream"]) == {f"upstream.{name}" for name in bench_report.OPERATIONS}
    fill = runs["reference"]["reference.fill_1k"]
    assert len(fill) == 2  # one run per round
    assert all(len(run) == 2 for run in fill)  # the values of each worker
    assert "cpu_model_name" in metadata or "cpu_count" in metadata
    report = bench_report.build_report(
        {"per_call": runs, "errors": errors},
        device={"name": "fake"},
        machine={},
        versions={},
        settings={"resamples": 50},
        reference_digest="",
    )
    assert bench_report.validate(report) == []
    assert "fill_1k.ratio_upstream" in report["quotes"]
    assert len(report["runs"]["per_call"]["reference"]["reference.fill_1k"]) == 2  # the values are kept


def test_a_timed_worker_takes_one_value_of_each_call_per_pass_beside_its_floor_taking_turns() -> None:
    worker = script("per_call_worker")
    assert worker.PASS_MARK == script("bench")._PASS_MARK  # the worker names, bench.py joins
    operations = {name: object() for name in ("reference.fill_1k", "floor.fill_1k", "reference.device_get")}
    operations["phase1.fill_1k"] = object()
    names = list(operations)
    assert [(name, first) for name, _, first in worker._registrations(names, operations, 1)] == [
        (name, True) for name in names
    ]
    registrations = worker._registrations(names, operations, 3)
    assert [name for name, _, _ in registrations] == [
        "reference.fill_1k@0", "floor.fill_1k@0", "reference.device_get@0", "phase1.fill_1k@0",
        "floor.fill_1k@1", "reference.fill_1k@1", "reference.device_get@1", "phase1.fill_1k@1",
        "reference.fill_1k@2", "floor.fill_1k@2", "reference.device_get@2", "phase1.fill_1k@2",
    ]  # fmt: skip
    assert all(operation is operations[name.partition("@")[0]] for name, operation, _ in registrations)
    assert [first for _, _, first in registrations] == [True] * 4 + [False] * 8  # warmed up once, in pass 0


@pytest.mark.gpu
def test_every_operation_runs_once_on_the_gpu(tmp_path: Path) -> None:
    available, reason = gpu_status()
    if not available:
        pytest.skip(reason)
    bench_ops = script("bench_ops")
    objects = bench_ops.setup()
    try:
        for name, operation in bench_ops.operations("reference", objects).items():
            operation.call()
            if operation.finish is not None:
                operation.finish()
            assert name in bench_ops.OPERATIONS
    finally:
        objects.close()


@pytest.mark.gpu
def test_every_floor_operation_runs_once_on_the_gpu(tmp_path: Path) -> None:
    available, reason = gpu_status()
    if not available:
        pytest.skip(reason)
    if shutil.which("c++") is None or importlib.util.find_spec("nvidia") is None:
        pytest.skip("the floor module cannot be compiled here (no C++ compiler or no CUDA headers)")
    extension = script("floor_build").build_floor(tmp_path / "floor")
    sys.path.insert(0, str(extension.parent))
    bench_ops = script("bench_ops")
    objects = bench_ops.setup()
    try:
        floor = importlib.import_module("cuda_core_floor")
        operations = bench_ops.operations(bench_ops.FLOOR_IMPLEMENTATION, objects, floor)
        for operation in operations.values():
            operation.call()
            if operation.finish is not None:
                operation.finish()
        assert {"graph_add_kernel", "graph_instantiate", "graph_launch_10", "alloc_free_1k"} <= set(operations)
        assert set(bench_ops.FLOOR_VARIANTS) <= set(operations)
    finally:
        objects.close()
        sys.path.remove(str(extension.parent))
        sys.modules.pop("cuda_core_floor", None)
    # The floor's graphs were destroyed with the rest.
    assert objects.cleanups == []


def test_the_synthetic_data_has_every_implementation() -> None:
    raw = raw_timings()
    assert set(raw["per_call"]) == set(bench_report.IMPLEMENTATIONS)
    assert set(raw["gil"]) == set(script("gil_worker").IMPLEMENTATIONS)


def test_the_workers_time_the_operations_the_report_names() -> None:
    """Check the two lists kept apart because the workers run where this package is not installed."""
    bench_ops = script("bench_ops")
    assert list(bench_ops.OPERATIONS) == list(bench_report.OPERATIONS)
    assert list(bench_ops.PHASE_OPERATIONS) == list(bench_report.PHASE_OPERATIONS)


def test_the_profile_part_samples_each_operation_or_says_why_it_cannot(tmp_path, monkeypatch) -> None:
    bench = script("bench")
    fake = Path(__file__).resolve().parent / "data" / "fake_cuda_core"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setattr(bench, "_PROFILED_IMPLEMENTATIONS", ("reference", "upstream"))  # the floor needs a driver
    monkeypatch.setattr(bench, "_PROFILED", ("fill_1k", "set_current"))
    settings = bench.Settings(profile_seconds=0.3)
    pythons = {"reference": sys.executable, "upstream": sys.executable}
    profile = bench._profile(pythons, settings, tmp_path, tmp_path)
    if "error" in profile:
        # Without py-spy, or where the system forbids tracing, the run goes on and the report says why.
        assert profile["error"].startswith(("py-spy is not installed", "py-spy could not profile"))
        return
    assert set(profile["operations"]) == {"fill_1k", "set_current"}
    for by_impl in profile["operations"].values():
        assert set(by_impl) == {"reference", "upstream"}
        for summary in by_impl.values():
            assert summary["samples"] > 0
            assert sum(summary["shares"].values()) == pytest.approx(1.0)
            assert summary["us_per_call"] > 0


def test_the_profile_part_can_be_left_out(tmp_path) -> None:
    bench = script("bench")
    profile = bench._profile({}, bench.Settings(profile_seconds=0), tmp_path, tmp_path)
    assert profile == {"error": "left out (--profile-seconds 0)"}


def test_a_profiler_that_cannot_attach_costs_the_part_its_data_and_not_the_run(tmp_path, monkeypatch) -> None:
    bench = script("bench")
    fake = Path(__file__).resolve().parent / "data" / "fake_cuda_core"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setattr(bench, "_PROFILED_IMPLEMENTATIONS", ("reference",))
    monkeypatch.setattr(bench, "_PROFILED", ("fill_1k",))
    monkeypatch.setattr(bench, "_PROFILE_ATTACH_S", 0.0)
    monkeypatch.setattr(bench.shutil, "which", lambda *args, **kwargs: "/bin/false")  # a py-spy that fails
    settings = bench.Settings(profile_seconds=0.1)
    profile = bench._profile({"reference": sys.executable}, settings, tmp_path, tmp_path)
    assert profile == {"error": "py-spy could not profile reference fill_1k (1): no output"}
