# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The host-instruction counter: its stand-in driver, its worker outside valgrind, and its counts under it."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from scripts import BENCHMARKS, import_script

host_instructions = import_script("host_instructions", BENCHMARKS)


def needs_a_c_compiler() -> None:
    """Skip, naming the reason, where there is no C compiler."""
    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler")


def needs_valgrind_headers(tmp_path: Path) -> Path:
    """Build the stand-in driver and the callgrind marks into ``tmp_path``; skip without valgrind's headers."""
    needs_a_c_compiler()
    try:
        return host_instructions.build_stand_in(tmp_path)
    except RuntimeError as exc:
        if "valgrind/callgrind.h" in str(exc):
            pytest.skip("valgrind's headers are not installed")
        raise


def stand_in_environment(folder: Path) -> dict[str, str]:
    """Return the environment that loads the stand-in driver of ``folder`` before any other libcuda."""
    return {
        **os.environ,
        "LD_LIBRARY_PATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("LD_LIBRARY_PATH")])),
    }


def test_read_counts_takes_each_dump_s_name_and_total(tmp_path: Path) -> None:
    (tmp_path / "out.1").write_text("version: 1\ndesc: Trigger: Client Request: setup\nsummary: 999\n")
    (tmp_path / "out.2").write_text("version: 1\ndesc: Trigger: Client Request: set_current\nsummary: 4000\n")
    (tmp_path / "out.3").write_text("version: 1\ndesc: Trigger: Client Request: launch_ptr_int\ntotals: 9000\n")
    (tmp_path / "out").write_text("desc: Trigger: Program termination\nsummary: 5\n")
    (tmp_path / "out.4").write_text("version: 1\ndesc: Trigger: Program termination\n")
    counts = host_instructions.read_counts(tmp_path, 1000)
    assert counts == {"setup": 0.999, "set_current": 4.0, "launch_ptr_int": 9.0}


def test_the_stand_in_driver_answers_cuda_bindings(tmp_path: Path) -> None:
    pytest.importorskip("cuda.bindings", reason="cuda-bindings is not installed")
    needs_a_c_compiler()
    folder = host_instructions.build_stand_in(tmp_path, marks=False)
    assert (folder / "libcuda.so.1").is_file()
    assert not (folder / "libcallgrind_marks.so").exists()
    probe = (
        "from cuda.bindings import driver\n"
        "(err,) = driver.cuInit(0)\n"
        "err2, count = driver.cuDeviceGetCount()\n"
        "err3, name = driver.cuDeviceGetName(64, 0)\n"
        "print(int(err), int(err2), count, name.rstrip(b'\\0').decode())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=stand_in_environment(folder), check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "0", "1", "Stand-in", "GPU"]


def test_a_stand_in_that_does_not_compile_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    with pytest.raises(RuntimeError, match="cannot run the C compiler"):
        host_instructions.build_stand_in(tmp_path / "out", marks=False)


def test_the_worker_runs_the_reference_s_operations_against_the_stand_in(tmp_path: Path) -> None:
    # Outside valgrind the marks do nothing: this checks that every counted operation runs
    # against the stand-in driver, which is what a count under valgrind needs.
    if importlib.util.find_spec("cuda.core") is None:
        pytest.skip("no cuda.core is installed")
    folder = needs_valgrind_headers(tmp_path)
    script = host_instructions.__file__
    operations = ["alloc_free_1k", "launch_ptr_int", "set_current", "graph_add_kernel", "no_such_operation"]
    worker = (
        "import sys, runpy\n"
        f"module = runpy.run_path({script!r})\n"
        f"print(module['counted_calls']('reference', {operations!r}, 20, None))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", worker], capture_output=True, text=True, env=stand_in_environment(folder), check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(operations[:-1])


def test_unknown_operations_are_refused_with_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        host_instructions.main(["no_such_operation"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "unknown operation(s) no_such_operation" in error
    assert "graph_add_kernel" in error


def test_without_valgrind_it_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(host_instructions.shutil, "which", lambda name: None)
    assert host_instructions.main(["set_current"]) == 2
    assert "valgrind is not installed" in capsys.readouterr().out


def test_counts_under_valgrind_for_both_implementations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    if importlib.util.find_spec("cuda.core") is None:
        pytest.skip("no cuda.core is installed")
    if importlib.util.find_spec("nvidia") is None:
        pytest.skip("nvidia-cuda-runtime (the CUDA headers, for the floor) is not installed")
    needs_valgrind_headers(tmp_path)
    output = tmp_path / "counts.json"
    assert host_instructions.main(["--calls", "20", "--output", str(output), "set_current"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["operation", "reference", "floor", "difference"]
    name, reference, floor, difference = table[1].split()
    assert name == "set_current"
    assert int(reference) > 0
    assert int(floor) > 0
    # Each cell is rounded on its own.
    assert abs(int(difference) - (int(reference) - int(floor))) <= 1
    report = json.loads(output.read_text())
    assert report["calls"] == 20
    assert set(report["instructions_per_call"]) == {"reference", "floor"}
    assert all(counts["set_current"] > 0 for counts in report["instructions_per_call"].values())


def test_an_output_that_cannot_be_written_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The counts are printed first; only the copy is lost, and the status says so.
    monkeypatch.setattr(host_instructions.shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(host_instructions, "build_stand_in", lambda work: work)
    monkeypatch.setattr(host_instructions, "_count", lambda name, operations, calls, work, floor: {"set_current": 10.0})
    floor_build = import_script("floor_build", BENCHMARKS)
    monkeypatch.setattr(floor_build, "build_floor", lambda output: output / "cuda_core_floor.so")
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert host_instructions.main(["--output", str(blocker / "counts.json"), "set_current"]) == 2
    out = capsys.readouterr().out
    assert "set_current" in out
    assert f"cannot write {blocker / 'counts.json'}" in out
