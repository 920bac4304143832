# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The GPU soak on a CPU: its options, its refusal without a GPU, its baselines, its report and its session."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest
from scripts import SOAK, import_script

from cuda_core_guide import gpu

ROOT = Path(__file__).resolve().parents[2]


def soak_module(name: str) -> ModuleType:
    """Import a module of conformance/soak (scripts that import each other by name)."""
    return import_script(name, SOAK)


soak = soak_module("soak")
soak_settings = soak_module("soak_settings")
baseline = soak_module("baseline")
soak_report = soak_module("soak_report")
threads_phase = soak_module("threads_phase")


def snapshot(**changes) -> dict:
    """Return a baseline snapshot's dict, with some fields changed."""
    values = {
        "device_free_bytes": 80 << 30,
        "pool_used_bytes": 0,
        "pool_reserved_bytes": 0,
        "objects": 50_000,
        "cuda_core_objects": {"cuda.core._stream.Stream": 2},
        "allocated_blocks": 300_000,
        "fds": 12,
    }
    values.update(changes)
    return values


def parse(*argv: str):
    """Return the settings the soak's command line gives."""
    return soak_settings.settings_from(soak._parser().parse_args(list(argv)))


# Options


def test_the_defaults_are_the_issue_s_counts() -> None:
    settings = parse()
    assert (settings.alloc_cycles, settings.stream_cycles, settings.event_cycles) == (100_000, 10_000, 10_000)
    assert settings.compile_cycles == 1_000
    assert (settings.threads, settings.thread_seconds) == (8, 10.0)
    assert settings.fast is False


def test_fast_is_smaller_and_options_override_it() -> None:
    fast = parse("--fast")
    assert fast.fast is True
    assert fast.alloc_cycles < 100_000
    assert fast.thread_seconds < 10.0
    chosen = parse("--fast", "--alloc-cycles", "7", "--thread-seconds", "0.5", "--threads", "3")
    assert (chosen.alloc_cycles, chosen.thread_seconds, chosen.threads) == (7, 0.5, 3)
    assert chosen.stream_cycles == fast.stream_cycles


@pytest.mark.parametrize("argv", [["--alloc-cycles", "-1"], ["--threads", "0"], ["--thread-seconds", "-2"]])
def test_impossible_counts_are_refused(argv) -> None:
    with pytest.raises(ValueError, match="--"):
        parse(*argv)


def test_the_sanitized_api_suite_runs_in_workers_unless_one_is_asked_for(monkeypatch) -> None:
    default = soak._parser().parse_args([]).sanitizer_workers
    assert default == soak.default_sanitizer_workers()
    assert 2 <= default <= 24
    monkeypatch.setattr(soak.os, "cpu_count", lambda: 128)
    assert soak.default_sanitizer_workers() == 24
    monkeypatch.setattr(soak.os, "cpu_count", lambda: 2)
    assert soak.default_sanitizer_workers() == 2
    monkeypatch.setattr(soak.os, "cpu_count", lambda: None)
    assert soak.default_sanitizer_workers() == 2
    assert soak._workers(1) == []
    options = soak._workers(soak._parser().parse_args(["--sanitizer-workers", "4"]).sanitizer_workers)
    assert options[options.index("-n") + 1] == "4"
    # One test at a time to a free worker, so that a crashed test is not given to the next worker again.
    assert options[options.index("--dist") + 1] == "load"
    assert options[options.index("--maxschedchunk") + 1] == "1"


@pytest.mark.parametrize("value", ["0", "-2", "four"])
def test_a_worker_count_must_be_a_positive_whole_number(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        soak._parser().parse_args(["--sanitizer-workers", value])
    assert "--sanitizer-workers" in capsys.readouterr().err


def test_phases_are_named_and_kept_in_running_order() -> None:
    assert soak._phases("lifecycle, churn") == ("churn", "lifecycle")
    with pytest.raises(ValueError, match="unknown phase"):
        soak._phases("churn,soup")
    with pytest.raises(ValueError, match="no phase"):
        soak._phases(" , ")


# Without a GPU


@pytest.fixture
def no_gpu(monkeypatch):
    monkeypatch.setattr(gpu, "gpu_status", lambda: (False, "no CUDA driver on this machine (test)"))


def test_without_a_gpu_it_says_so_fails_and_writes_nothing(no_gpu, tmp_path, capsys) -> None:
    output = tmp_path / "reports" / "soak.json"
    assert soak.main(["--fast", "--output", str(output)]) == soak.EXIT_NO_GPU
    error = capsys.readouterr().err
    assert "needs a GPU" in error
    assert "no CUDA driver on this machine (test)" in error
    assert "No report is written" in error
    assert not output.exists()
    assert not output.parent.exists()


def test_an_existing_report_is_left_alone_without_a_gpu(no_gpu, tmp_path) -> None:
    output = tmp_path / "soak.json"
    output.write_text('{"format": 1}', encoding="utf-8")
    assert soak.main(["--output", str(output)]) == soak.EXIT_NO_GPU
    assert output.read_text(encoding="utf-8") == '{"format": 1}'
    assert [path.name for path in tmp_path.iterdir()] == ["soak.json"]


def test_bad_options_fail_before_looking_for_a_gpu(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(gpu, "gpu_status", lambda: pytest.fail("the GPU was looked for"))
    assert soak.main(["--phases", "nope", "--output", str(tmp_path / "soak.json")]) == soak.EXIT_NO_GPU
    assert "unknown phase" in capsys.readouterr().err
    assert not (tmp_path / "soak.json").exists()


def test_check_gpu_reports_a_usable_gpu(monkeypatch, capsys) -> None:
    monkeypatch.setattr(gpu, "gpu_status", lambda: (True, "1 CUDA device(s)"))
    assert soak.main(["--check-gpu"]) == 0
    assert "1 CUDA device(s)" in capsys.readouterr().out


def test_the_real_check_on_this_machine_agrees_with_gpu_status(tmp_path) -> None:
    usable, _reason = gpu.gpu_status()
    if usable:
        pytest.skip("this machine has a GPU: the soak would run")
    assert soak.main(["--output", str(tmp_path / "soak.json")]) == soak.EXIT_NO_GPU
    assert not (tmp_path / "soak.json").exists()


# Baselines and tolerances


def test_a_resource_back_at_its_baseline_passes() -> None:
    tolerances = soak_settings.Tolerances()
    assert baseline.compare(snapshot(), snapshot(), tolerances) == []


def test_within_tolerance_passes_and_beyond_fails() -> None:
    tolerances = soak_settings.Tolerances(device_free_bytes=2 << 20, objects=64, fds=0)
    within = snapshot(device_free_bytes=(80 << 30) - (2 << 20), objects=50_064)
    assert baseline.compare(snapshot(), within, tolerances) == []
    beyond = snapshot(device_free_bytes=(80 << 30) - (2 << 20) - 1, objects=50_065, fds=13)
    problems = baseline.compare(snapshot(), beyond, tolerances)
    assert len(problems) == 3
    assert problems[0].startswith("device memory: 2097153 bytes fewer free")
    assert any(problem.startswith("objects: grew by 65") for problem in problems)
    assert any(problem.startswith("fds: grew by 1") for problem in problems)


def test_ending_below_the_baseline_counts_as_returned() -> None:
    after = snapshot(device_free_bytes=(81 << 30), objects=10, fds=3, cuda_core_objects={})
    assert baseline.compare(snapshot(), after, soak_settings.Tolerances()) == []


def test_pool_memory_and_cuda_core_types_are_compared_one_by_one() -> None:
    after = snapshot(
        pool_used_bytes=1024,
        pool_reserved_bytes=32 << 20,
        cuda_core_objects={"cuda.core._stream.Stream": 2, "cuda.core._memory._buffer.Buffer": 5},
    )
    problems = baseline.compare(snapshot(), after, soak_settings.Tolerances())
    assert any(problem.startswith("pool_used_bytes: grew by 1024") for problem in problems)
    assert any(problem.startswith("pool_reserved_bytes: grew by 33554432") for problem in problems)
    assert any(problem.startswith("cuda.core._memory._buffer.Buffer objects: 5 more") for problem in problems)
    assert not any("Stream" in problem for problem in problems)


def test_snapshots_compare_as_objects_too() -> None:
    first = baseline.Snapshot(**snapshot())
    assert baseline.compare(first, baseline.Snapshot(**snapshot(fds=20)), soak_settings.Tolerances(fds=8)) == []


def test_cuda_core_objects_are_counted_by_type() -> None:
    stream_type = type("Stream", (), {"__module__": "cuda.core._stream"})
    other_type = type("Stream", (), {"__module__": "cuda.corelike"})
    odd_type = type("Odd", (), {})
    odd_type.__module__ = None  # like a C metaclass, whose __module__ is no string
    objects = [stream_type(), stream_type(), other_type(), odd_type(), 1, "x", int]
    assert baseline.cuda_core_object_counts(objects) == {"cuda.core._stream.Stream": 2}


# The threads phase's check


def test_stamped_values_never_collide_between_threads_or_iterations() -> None:
    seen = {}
    for thread in range(8):
        for iteration in range(4096):
            value = threads_phase.stamp_value(thread, iteration)
            assert value + threads_phase.ELEMENTS - 1 < 2**32
            seen.setdefault(value >> 12, (thread, iteration))
    assert len(seen) == 8 * 4096


def test_verify_counts_wrong_elements() -> None:
    np = pytest.importorskip("numpy")
    value = threads_phase.stamp_value(3, 17)
    good = (np.arange(100, dtype=np.uint32) + value).astype("<u4").tobytes()
    assert threads_phase.verify(good, value, 100) == 0
    bad = bytearray(good)
    bad[0:4] = (value + 99).to_bytes(4, "little")
    assert threads_phase.verify(bytes(bad), value, 100) == 1
    assert threads_phase.verify(good, threads_phase.stamp_value(4, 17), 100) == 100
    assert threads_phase.verify(good[:40], value, 100) == 100


# The report


def phases(**changes) -> dict:
    """Return the results of a run that passed, with some parts changed."""
    churn = {"cycles": 10, "seconds": 0.1, "before": snapshot(), "after": snapshot(), "problems": [], "error": None}
    part = {"threads": 2, "seconds": 1.0, "iterations": [5, 6], "verification_failures": 0, "errors": {}}
    lifecycle = {"case": "buffer_after_close", "passed": True, "skipped": None, "problems": [], "steps": []}
    results = {
        "churn": {"allocations": dict(churn), "streams": dict(churn)},
        "threads": {"own_streams": dict(part), "shared_stream": dict(part)},
        "lifecycle": [lifecycle],
    }
    results.update(changes)
    return results


def run_document(results: dict, implementation: str = "reference") -> dict:
    """Return a run of the report, judged from its results."""
    found = soak_report.failures(results)
    return {
        "provenance": {"implementation": implementation, "version": "0.1.0", "device": "NVIDIA H100", "commit": "abc"}
        | {"date": "2026-11-25T00:00:00Z"},
        "settings": {},
        "phases": results,
        "sanitizer": {"skipped": "not asked for"},
        "failures": found,
        "passed": not found,
    }


def test_a_clean_run_has_no_failures() -> None:
    assert soak_report.failures(phases()) == []


def test_every_kind_of_failure_is_named() -> None:
    churn = phases()["churn"]
    churn["streams"] = {**churn["streams"], "problems": ["fds: grew by 3"], "error": "CUDAError: out of memory"}
    threads = phases()["threads"]
    errors = {"1": "ValueError: x"}
    threads["shared_stream"] = {**threads["shared_stream"], "verification_failures": 4, "errors": errors}
    threads["own_streams"] = {**threads["own_streams"], "iterations": [0, 3]}
    lifecycle = [{"case": "event_after_close", "problems": ["the process crashed: killed by SIGSEGV"]}]
    found = soak_report.failures(phases(churn=churn, threads=threads, lifecycle=lifecycle))
    assert found == [
        "churn streams: ended early: CUDAError: out of memory",
        "churn streams: fds: grew by 3",
        "threads own_streams: threads [0] completed no iteration",
        "threads shared_stream: 4 elements read back wrong",
        "threads shared_stream: thread 1 failed: ValueError: x",
        "lifecycle event_after_close: the process crashed: killed by SIGSEGV",
    ]


def test_a_phase_ended_by_an_exception_is_a_failure() -> None:
    found = soak_report.failures({"churn": {"error": "AttributeError: x", "traceback": "..."}, "lifecycle": []})
    assert found == ["churn: ended by AttributeError: x"]


def _running(pid: int) -> bool:
    """Return whether a process runs (a zombie, dead but not yet collected, does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to see whether the stopped processes are gone")
def test_a_sanitized_run_past_its_time_is_stopped_with_its_children_and_keeps_its_output(tmp_path: Path) -> None:
    script = (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "print('started', child.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    log = tmp_path / "run.log"
    returncode, output = soak._sanitized([sys.executable, "-c", script], log, timeout=3)
    assert returncode is None
    assert output.startswith("started ")
    assert "stopped after 3 s" in output
    assert log.read_text(encoding="utf-8") == output
    grandchild = int(output.split()[1])
    deadline = time.monotonic() + 5
    while _running(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(grandchild)


def test_a_sanitized_run_that_ends_in_time_gives_its_status_and_output(tmp_path: Path) -> None:
    returncode, output = soak._sanitized(
        [sys.executable, "-c", "print('done'); raise SystemExit(3)"], tmp_path / "l", 30
    )
    assert (returncode, output) == (3, "done\n")


def test_a_sanitized_api_suite_says_why_each_test_failed_as_it_fails(tmp_path: Path) -> None:
    tests = tmp_path / "test_sample.py"
    tests.write_text(
        "import time\n"
        "def test_passes():\n    pass\n"
        "def test_fails():\n    assert 1 == 2, 'the reason'\n"
        "def test_hangs():\n    time.sleep(60)\n",
        encoding="utf-8",
    )
    # The sanitized API suite's own command, on this file (its tests are not marked gpu: all of them run).
    command = [str(tests) if part == "conformance/api_suite" else part for part in soak._api_suite_command(1)]
    command[command.index("-m", 3) : command.index("-m", 3) + 2] = []
    returncode, output = soak._sanitized(command, tmp_path / "run.log", timeout=20)
    assert returncode is None  # stopped: pytest's own summary was never printed
    assert "short test summary" not in output
    assert "test_sample.py::test_fails failed in its call:" in output
    assert "the reason" in output
    assert "test_passes failed" not in output


def test_processes_spawned_under_the_sanitizer_get_more_time(tmp_path: Path) -> None:
    from cuda_core_guide.spawned import TIME_SCALE_VARIABLE

    script = f"import os; print(os.environ['{TIME_SCALE_VARIABLE}'])"
    returncode, output = soak._sanitized([sys.executable, "-c", script], tmp_path / "run.log", timeout=30)
    assert (returncode, output) == (0, "5\n")


def test_the_sanitized_api_suite_dumps_the_stacks_of_a_test_that_hangs() -> None:
    command = soak._api_suite_command(4)
    assert command[command.index("-o") + 1] == "faulthandler_timeout=150"
    assert command[-1] == "conformance/api_suite"
    assert command[command.index("-n") + 1] == "4"


def test_the_sanitized_api_suite_leaves_out_only_the_marked_tests(tmp_path: Path) -> None:
    sanitizer = soak_module("sanitizer")
    assert list(sanitizer.UNSANITIZED_MARKERS) == ["pool_import_in_child"]
    tests = tmp_path / "test_sample.py"
    tests.write_text(
        "import pytest\n"
        "@pytest.mark.gpu\ndef test_on_the_gpu():\n    pass\n"
        "@pytest.mark.gpu\n@pytest.mark.pool_import_in_child\ndef test_importing_in_a_child():\n    pass\n"
        "def test_on_the_cpu():\n    pass\n",
        encoding="utf-8",
    )
    command = soak._api_suite_command(1)
    expression = command[command.index("-m", 3) + 1]
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-m", expression, tests],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    ).stdout
    assert "test_sample.py::test_on_the_gpu" in collected
    assert "test_importing_in_a_child" not in collected
    assert "test_on_the_cpu" not in collected


def test_every_ipc_test_that_spawns_a_child_carries_the_marker() -> None:
    # Every child that test_ipc.py spawns imports a pool the test exports: the case the marker names.
    tree = ast.parse((ROOT / "conformance" / "api_suite" / "test_ipc.py").read_text(encoding="utf-8"))
    spawning = {
        node.name: {ast.unparse(decorator) for decorator in node.decorator_list}
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(
            isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "run_spawned"
            for call in ast.walk(node)
        )
    }
    assert len(spawning) == 8
    assert {name for name, marks in spawning.items() if "pytest.mark.pool_import_in_child" not in marks} == set()


def test_a_sanitized_run_stopped_at_its_time_limit_fails_the_soak() -> None:
    stopped = {"error_summary": 1, "returncode": None, "unexpected_api_errors": [], "memory_error_count": 0}
    assert soak_report.failures({}, {"api_suite": stopped}) == [
        "sanitizer api_suite: stopped at its time limit (--sanitizer-timeout); its log holds what ran"
    ]


def test_sanitizer_findings_are_failures_but_expected_probes_are_not() -> None:
    clean = {"error_summary": 2, "returncode": 0, "unexpected_api_errors": [], "memory_error_count": 0}
    assert soak_report.failures({}, {"api_suite": clean}) == []
    dirty = {
        "error_summary": 3,
        "returncode": 1,
        "unexpected_api_errors": ["CUDA_ERROR_INVALID_VALUE on cuMemcpyAsync"],
        "memory_error_count": 1,
        "memory_errors": ["Invalid __global__ write of size 4 bytes"],
        "tool_errors": [],
        "failures": ["churn allocations: fds: grew by 1"],
    }
    found = soak_report.failures({}, {"soak": dirty, "api_suite": {"error_summary": None, "returncode": 139}})
    assert found == [
        "sanitizer soak: exited with status 1",
        "sanitizer soak: unexpected API error CUDA_ERROR_INVALID_VALUE on cuMemcpyAsync",
        "sanitizer soak: 1 memory errors, first: Invalid __global__ write of size 4 bytes",
        "sanitizer soak: churn allocations: fds: grew by 1",
        "sanitizer api_suite: no error summary (status 139)",
    ]


def test_a_run_replaces_its_implementation_s_and_keeps_the_other() -> None:
    tolerances = soak_settings.Tolerances()
    first = soak_report.merge(None, "upstream", run_document(phases(), "upstream"), tolerances, [])
    failing = phases(lifecycle=[{"case": "x", "problems": ["bad"]}])
    second = soak_report.merge(first, "reference", run_document(failing), tolerances, [{"api": "cuX", "error": "E"}])
    assert list(second["runs"]) == ["reference", "upstream"]
    assert second["passed"] is False
    assert second["runs"]["upstream"]["passed"] is True
    assert second["tolerances"]["device_free_bytes"] == 2 << 20
    assert set(second["tolerance_notes"]) == set(second["tolerances"])
    assert second["expected_api_errors"] == [{"api": "cuX", "error": "E"}]
    third = soak_report.merge(second, "reference", run_document(phases()), tolerances, [])
    assert third["passed"] is True
    assert soak_report.merge({"format": 99, "runs": {"old": {}}}, "reference", run_document(phases()), tolerances, [])[
        "runs"
    ].keys() == {"reference"}


def test_only_a_valid_report_is_written(tmp_path) -> None:
    tolerances = soak_settings.Tolerances()
    document = soak_report.merge(None, "reference", run_document(phases()), tolerances, [])
    path = tmp_path / "reports" / "soak.json"
    soak_report.write_report(document, path)
    assert json.loads(path.read_text(encoding="utf-8")) == document
    broken = json.loads(json.dumps(document))
    broken["runs"]["reference"]["provenance"]["device"] = ""
    broken["runs"]["reference"]["passed"] = False
    with pytest.raises(ValueError, match="no device.*contradicts"):
        soak_report.write_report(broken, tmp_path / "other.json")
    assert not (tmp_path / "other.json").exists()
    assert [item.name for item in path.parent.iterdir()] == ["soak.json"]


def test_a_run_without_phases_is_not_valid() -> None:
    document = soak_report.merge(None, "reference", run_document({}), soak_settings.Tolerances(), [])
    assert soak_report.validate(document) == ["run reference: no phase ran"]


# The session


def test_the_soak_session_installs_only_what_the_wheelhouse_carries() -> None:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    names = {
        node.targets[0].id: node
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    keys = [ast.literal_eval(key) for key in names["GPU_SESSION_REQUIREMENTS"].value.keys]
    assert {"soak-reference", "soak-upstream"} <= set(keys)
    sessions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    source = ast.unparse(sessions["soak"])
    assert "GPU_SESSION_REQUIREMENTS[f'soak-{impl}']" in source
    assert "conformance/soak/soak.py" in source
    assert "'--check-gpu'" in source


def test_under_the_sanitizer_baselines_are_recorded_not_judged() -> None:
    churn = phases()["churn"]
    churn["allocations"] = {**churn["allocations"], "problems": ["allocated_blocks: grew by 28178"]}
    results = phases(churn=churn)
    assert soak_report.failures(results, baselines=False) == []
    assert soak_report.baseline_drift(results) == ["churn allocations: allocated_blocks: grew by 28178"]
    assert soak_report.failures(results) == ["churn allocations: allocated_blocks: grew by 28178"]
