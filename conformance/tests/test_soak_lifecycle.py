# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The soak's judges on a CPU: lifecycle verdicts from a process's status and output, and memcheck's findings."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from scripts import SOAK, import_script

RETURNED = {"step": "close", "expected": "returns", "outcome": "returned", "documented": True}
RAISED_AS_DOCUMENTED = {
    "step": "sync after close",
    "expected": ["RuntimeError"],
    "outcome": "raised",
    "type": "builtins.RuntimeError",
    "message": "the stream is closed",
    "documented": True,
}
NOT_FOUND = (
    '========= Program hit CUDA_ERROR_NOT_FOUND (error 500) due to "named symbol not found" '
    "on CUDA API call to cuLibraryGetKernel.\n"
)
MEMCHECK = (
    "========= COMPUTE-SANITIZER\n"
    + NOT_FOUND
    + "=========     Saved host backtrace up to driver entry point at error\n"
    "========= ERROR SUMMARY: 1 error\n"
    "========= COMPUTE-SANITIZER\n"
    '========= Program hit CUDA_ERROR_INVALID_CONTEXT (error 201) due to "invalid device context" '
    "on CUDA API call to cuStreamCreate.\n" + NOT_FOUND + "========= ERROR SUMMARY: 2 errors\n"
)


class CUDAError(Exception):
    """Stands for cuda.core's CUDAError: matched by name, whichever implementation defines it."""


class SubError(RuntimeError):
    """A subclass of a documented exception."""


lifecycle = import_script("lifecycle", SOAK)
lifecycle_cases = import_script("lifecycle_cases", SOAK)
soak_report = import_script("soak_report", SOAK)
sanitizer = import_script("sanitizer", SOAK)


def record(*steps: dict, skipped: str | None = None) -> dict:
    """Return a case's record."""
    return {"steps": list(steps), "skipped": skipped, "notes": []}


# The recorder in the case's process


def test_a_step_that_returns_where_it_must_is_documented() -> None:
    recorder = lifecycle_cases.Recorder()
    assert recorder.step("close", lambda: 5) == 5
    assert recorder.steps == [{"step": "close", "expected": "returns", "outcome": "returned", "documented": True}]


def test_the_documented_exception_and_its_subclasses_match_by_name() -> None:
    recorder = lifecycle_cases.Recorder()

    def raise_(exc: Exception):
        def action() -> None:
            raise exc

        return action

    recorder.step("a", raise_(CUDAError("driver says no")), ("CUDAError",))
    recorder.step("b", raise_(SubError("closed")), ("RuntimeError",))
    recorder.step("c", raise_(ValueError("wrong")), ("RuntimeError",))
    recorder.step("d", raise_(RuntimeError("surprise")))
    recorder.step("e", lambda: None, ("RuntimeError",))
    assert [step["documented"] for step in recorder.steps] == [True, True, False, False, False]
    assert recorder.steps[0]["type"].endswith(".CUDAError")
    assert recorder.steps[0]["message"] == "driver says no"
    assert recorder.steps[4]["outcome"] == "returned"


def test_every_case_is_a_documented_function() -> None:
    assert list(lifecycle_cases.CASES)[0] == "buffer_after_close"
    assert "shutdown_with_live_objects" in lifecycle_cases.CASES
    assert "other_device_stream" in lifecycle_cases.CASES
    for case in lifecycle_cases.CASES.values():
        assert case.__doc__


def test_the_case_runner_refuses_an_unknown_case(capsys) -> None:
    with pytest.raises(SystemExit):
        lifecycle_cases.main(["no_such_case", "--output", "x.json"])
    assert "invalid choice" in capsys.readouterr().err


# The verdicts


def test_a_clean_case_passes() -> None:
    verdict = lifecycle.judge("stream_after_close", 0, "", record(RETURNED, RAISED_AS_DOCUMENTED))
    assert verdict["passed"] is True
    assert verdict["problems"] == []
    assert verdict["steps"][1]["type"] == "builtins.RuntimeError"


def test_a_crash_a_hang_and_a_bad_status_fail() -> None:
    crashed = lifecycle.judge("x", -11, "Fatal Python error: Segmentation fault\n", record(RETURNED))
    assert crashed["passed"] is False
    assert crashed["problems"][0] == "the process crashed: killed by SIGSEGV"
    assert "Fatal Python error" in crashed["problems"][1]
    hung = lifecycle.judge("x", None, "", None)
    assert hung["problems"] == [f"the process hung: killed after {lifecycle.CASE_TIMEOUT_S} s"]
    failed = lifecycle.judge("x", 1, "", None)
    assert failed["problems"] == ["the process exited with status 1", "the case wrote no record"]


def test_a_known_defect_of_upstream_is_recorded_and_excused_only_as_listed() -> None:
    case = "shutdown_with_live_objects"
    defect = lifecycle.KNOWN_DEFECTS[("upstream", case)]
    crashed = lifecycle.judge(case, -11, "", None, "upstream")
    assert crashed["passed"] is False
    assert crashed["problems"] == []
    assert crashed["known_defect"] == {"reason": defect["reason"], "problems": [defect["problem"]]}
    assert soak_report.failures({"lifecycle": [crashed]}) == []
    # The same crash of the reference fails its run.
    mine = lifecycle.judge(case, -11, "", None)
    assert mine["known_defect"] is None
    assert soak_report.failures({"lifecycle": [mine]}) == [f"lifecycle {case}: the process crashed: killed by SIGSEGV"]
    # Another failure of upstream's case, alone or beside the crash, is not excused.
    hung = lifecycle.judge(case, None, "", None, "upstream")
    assert hung["known_defect"] is None
    assert hung["problems"] == [f"the process hung: killed after {lifecycle.CASE_TIMEOUT_S} s"]
    traced = lifecycle.judge(case, -11, "Fatal Python error: Segmentation fault\n\nThread 0x1:\n", None, "upstream")
    assert traced["problems"] == []
    assert len(traced["known_defect"]["problems"]) == 2
    noisy = lifecycle.judge(case, -11, "Traceback (most recent call last):\n", None, "upstream")
    assert noisy["known_defect"] is None
    assert len(noisy["problems"]) == 2
    aborted = lifecycle.judge(case, -6, "Fatal Python error: Segmentation fault\n", None, "upstream")
    assert aborted["known_defect"] is None
    # A run where the defect does not show passes as any other.
    clean = lifecycle.judge(case, 0, "", record(RETURNED), "upstream")
    assert clean["passed"] is True
    assert clean["known_defect"] is None


def test_allowed_warnings_pass_and_other_output_fails() -> None:
    allowed = (
        "sys:1: RuntimeWarning: freeing the 1024-byte buffer at 0x7f00 while garbage collecting it failed\n"
        "/x/case.py:12: CUDAWarning: the context was gone\n"
        "  buffer = None\n"
    )
    verdict = lifecycle.judge("shutdown", 0, allowed, record(RETURNED))
    assert verdict["passed"] is True
    assert [item["category"] for item in verdict["warnings"]] == ["RuntimeWarning", "CUDAWarning"]
    noisy = allowed + "Exception ignored in: <function Stream.__del__>\nTraceback (most recent call last):\n"
    verdict = lifecycle.judge("shutdown", 0, noisy, record(RETURNED))
    assert verdict["passed"] is False
    assert verdict["problems"] == [
        "error output: Exception ignored in: <function Stream.__del__> | Traceback (most recent call last):"
    ]
    deprecated = lifecycle.judge("x", 0, "a.py:3: DeprecationWarning: old\n", record(RETURNED))
    assert deprecated["problems"] == ["a DeprecationWarning was printed: old"]


def test_an_undocumented_exception_or_a_missing_one_fails() -> None:
    wrong = {**RAISED_AS_DOCUMENTED, "type": "builtins.ValueError", "message": "bad", "documented": False}
    silent = {"step": "fill after close", "expected": ["RuntimeError"], "outcome": "returned", "documented": False}
    surprise = {**RAISED_AS_DOCUMENTED, "step": "close", "expected": "returns", "documented": False}
    verdict = lifecycle.judge("x", 0, "", record(wrong, silent, surprise))
    assert verdict["problems"] == [
        "sync after close: raised builtins.ValueError (bad), expected RuntimeError",
        "fill after close: returned, expected RuntimeError",
        "close: raised builtins.RuntimeError (the stream is closed), expected to return",
    ]


def test_a_skipped_case_passes_and_names_its_reason() -> None:
    verdict = lifecycle.judge("other_device_stream", 0, "", record(skipped="needs 2 GPUs, found 1"))
    assert verdict["passed"] is True
    assert verdict["skipped"] == "needs 2 GPUs, found 1"


def test_warning_lines_are_told_from_other_output() -> None:
    found, other = lifecycle.split_error_output(
        "x.py:1: RuntimeWarning: a\n    source line\nplain line\n\nmod.sub.py:2: cuda.core.CUDAWarning: b\n"
    )
    assert [(item["category"], item["message"]) for item in found] == [("RuntimeWarning", "a"), ("CUDAWarning", "b")]
    assert other == ["plain line"]


def test_cases_run_in_processes_of_their_own(tmp_path) -> None:
    fake = tmp_path / "python"
    fake.write_text(
        "#!/bin/sh\n"
        'case "$2" in\n'
        "  crash) kill -SEGV $$ ;;\n"
        '  noisy) echo \'{"steps": [], "skipped": null, "notes": []}\' > "$4"; echo boom >&2 ;;\n'
        '  *) echo \'{"steps": [], "skipped": null, "notes": ["ran"]}\' > "$4" ;;\n'
        "esac\n",
        encoding="utf-8",
    )
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    verdicts = lifecycle.run_lifecycle(["fine", "crash", "noisy"], python=str(fake))
    assert [verdict["passed"] for verdict in verdicts] == [True, False, False]
    assert verdicts[0]["notes"] == ["ran"]
    assert verdicts[1]["problems"][0] == "the process crashed: killed by SIGSEGV"
    assert verdicts[2]["problems"] == ["error output: boom"]
    assert verdicts[2]["stderr"] == "boom\n"


# compute-sanitizer


def executable(path: Path) -> Path:
    """Create an executable file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_the_sanitizer_is_found_by_cuda_path_then_cuda_home_then_path(tmp_path) -> None:
    home = executable(tmp_path / "home" / "bin" / "compute-sanitizer")
    toolkit = executable(tmp_path / "toolkit" / "compute-sanitizer" / "compute-sanitizer")
    on_path = executable(tmp_path / "path" / "compute-sanitizer")
    both = {"CUDA_PATH": str(tmp_path / "toolkit"), "CUDA_HOME": str(tmp_path / "home"), "PATH": str(on_path.parent)}
    assert sanitizer.find_sanitizer(both) == toolkit
    assert sanitizer.find_sanitizer({**both, "CUDA_PATH": ""}) == home
    assert sanitizer.find_sanitizer({"CUDA_HOME": str(tmp_path / "none"), "PATH": str(on_path.parent)}) == on_path
    assert sanitizer.find_sanitizer({"PATH": str(tmp_path / "empty")}) is None


def test_a_toolkit_without_the_tool_falls_back_to_path(tmp_path) -> None:
    (tmp_path / "toolkit" / "bin").mkdir(parents=True)
    assert sanitizer.find_sanitizer({"CUDA_PATH": str(tmp_path / "toolkit"), "PATH": os.devnull}) is None


def test_expected_probes_are_counted_but_pass() -> None:
    found = sanitizer.summarize(MEMCHECK)
    assert found["error_summary"] == 3
    assert found["processes"] == 2
    assert found["api_errors"] == {
        "CUDA_ERROR_INVALID_CONTEXT on cuStreamCreate": {"count": 1, "expected": True, "tests": []},
        "CUDA_ERROR_NOT_FOUND on cuLibraryGetKernel": {"count": 2, "expected": True, "tests": []},
    }
    assert found["unexpected_api_errors"] == []
    assert found["passed"] is True


def test_a_new_api_error_and_a_memory_error_stand_out() -> None:
    output = MEMCHECK + (
        "========= COMPUTE-SANITIZER\n"
        '========= Program hit CUDA_ERROR_INVALID_VALUE (error 1) due to "invalid argument" on CUDA API call to '
        "cuMemsetD8Async.\n"
        "========= Invalid __global__ write of size 4 bytes\n"
        "=========     at stamp+0x90\n"
        "========= ERROR SUMMARY: 2 errors\n"
    )
    found = sanitizer.summarize(output)
    assert found["error_summary"] == 5
    assert found["unexpected_api_errors"] == ["CUDA_ERROR_INVALID_VALUE on cuMemsetD8Async"]
    assert found["memory_errors"] == ["Invalid __global__ write of size 4 bytes"]
    assert found["passed"] is False


def test_api_errors_name_the_tests_that_pytest_was_running() -> None:
    output = (
        "========= COMPUTE-SANITIZER\n"
        "conformance/api_suite/test_a.py::test_quiet PASSED [ 33%]\n"
        "conformance/api_suite/test_b.py::test_probe[upstream] " + NOT_FOUND + "PASSED [ 66%]\n"
        "conformance/api_suite/test_c.py::test_new "
        + NOT_FOUND.replace("cuLibraryGetKernel", "cuMemsetD8Async")
        + NOT_FOUND
        + "FAILED [100%]\n"
        "========= ERROR SUMMARY: 3 errors\n"
    )
    found = sanitizer.summarize(output)
    assert found["api_errors"]["CUDA_ERROR_NOT_FOUND on cuLibraryGetKernel"]["tests"] == [
        "conformance/api_suite/test_b.py::test_probe[upstream]",
        "conformance/api_suite/test_c.py::test_new",
    ]
    assert found["api_errors"]["CUDA_ERROR_NOT_FOUND on cuMemsetD8Async"] == {
        "count": 1,
        "expected": False,
        "tests": ["conformance/api_suite/test_c.py::test_new"],
    }
    assert found["unexpected_api_errors"] == ["CUDA_ERROR_NOT_FOUND on cuMemsetD8Async"]


def test_no_summary_means_the_tool_did_not_finish() -> None:
    found = sanitizer.summarize("========= Error: Target application returned an error\n")
    assert found["error_summary"] is None
    assert found["tool_errors"] == ["Target application returned an error"]
    assert found["passed"] is False


def test_every_expected_probe_names_its_maker_and_reason() -> None:
    for probe in sanitizer.EXPECTED_API_ERRORS:
        assert set(probe) - {"implementation"} == {"api", "error", "by", "why"}
        assert probe.get("implementation", "reference") in ("reference", "upstream")
        assert probe["api"].startswith("cu")
        assert probe["error"].startswith("CUDA_ERROR_")
        path = probe["by"].split("::")[0]
        assert path.startswith("upstream ") or (SOAK.parents[1] / path).is_file(), path


def test_a_defect_of_one_implementation_is_unexpected_of_the_other() -> None:
    line = (
        '========= Program hit CUDA_ERROR_INVALID_CONTEXT (error 201) due to "invalid device context" '
        "on CUDA API call to cuTexObjectDestroy.\n"
    )
    output = "conformance/api_suite/test_texture.py::test_closed PASSED\n" + line + MEMCHECK
    upstream = sanitizer.summarize(output, sanitizer.expected_api_errors("upstream"))
    reference = sanitizer.summarize(output, sanitizer.expected_api_errors("reference"))
    assert upstream["unexpected_api_errors"] == []
    assert upstream["passed"] is True
    assert reference["unexpected_api_errors"] == ["CUDA_ERROR_INVALID_CONTEXT on cuTexObjectDestroy"]
    assert reference["passed"] is False
    shared = [probe for probe in sanitizer.EXPECTED_API_ERRORS if "implementation" not in probe]
    assert list(sanitizer.expected_api_errors("reference")) == shared


def test_memory_left_at_exit_is_recorded_not_judged() -> None:
    output = MEMCHECK + (
        "========= Leaked 4,000 bytes at 0x7fb0dca00000\n"
        "========= LEAK SUMMARY: 20,000 bytes leaked in 5 allocations\n"
        "========= LEAK SUMMARY: 0 bytes leaked in 0 allocations\n"
    )
    found = sanitizer.summarize(output)
    assert (found["leaked_bytes"], found["leaked_allocations"]) == (20_000, 5)
    assert found["memory_errors"] == []
    assert found["passed"] is True
