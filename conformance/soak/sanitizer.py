# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The soak under ``compute-sanitizer --tool memcheck``: find the tool, run under it, read its findings.

memcheck reports memory errors, allocations still alive at exit and
every failed CUDA API call. Some failed calls are deliberate: tests that check
an error is raised provoke them. :data:`EXPECTED_API_ERRORS` lists those
probes, so that :func:`summarize` can set a new API error apart from them;
a memory error, or an API error not in the list, fails the run.
"""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

__all__ = [
    "EXPECTED_API_ERRORS",
    "SANITIZER_OPTIONS",
    "UNSANITIZED_MARKERS",
    "expected_api_errors",
    "find_sanitizer",
    "summarize",
]

SANITIZER_OPTIONS = ("--tool", "memcheck", "--leak-check", "full", "--print-limit", "10000")
"""How the tool runs: memcheck, device allocations leaked at exit reported, every error printed."""

UNSANITIZED_MARKERS: dict[str, str] = {
    "pool_import_in_child": "the test spawns a child process that imports a memory pool the test exports; under "
    "memcheck no such child answered within 600 s, in upstream 1.2.2 and in the reference alike (the same 8 tests "
    "each, on an H200 with driver 580, 2026-11-28), while the other 248 GPU tests ran to the end; "
    "`nox -s conformance` runs these tests without the tool",
}
"""The API suite's markers whose tests the sanitized run leaves out, each with why; the soak's record lists them."""

EXPECTED_API_ERRORS: tuple[dict[str, str], ...] = (
    {
        "api": "cuCtxGetDevice",
        "error": "CUDA_ERROR_INVALID_CONTEXT",
        "by": "conformance/api_suite/test_device.py::test_objects_need_set_current_on_each_thread",
        "why": "a stream is created on a thread with no current context, which must raise CUDAError "
        "(the reference asks the driver for the current context's device first); upstream asks the same "
        "where a thread or a spawned process has no current context yet (test_device.py::"
        "test_none_selects_device_0_without_a_current_context, the IPC tests' children)",
    },
    {
        "api": "cuStreamCreate",
        "error": "CUDA_ERROR_INVALID_CONTEXT",
        "by": "conformance/api_suite/test_device.py::test_objects_need_set_current_on_each_thread",
        "why": "the same probe, where an implementation creates the stream without asking first",
    },
    {
        "api": "cuEventElapsedTime_v2",
        "error": "CUDA_ERROR_INVALID_HANDLE",
        "by": "conformance/api_suite/test_event.py::test_subtracting_events_without_timing_raises",
        "why": "events created without timing, or never recorded (test_subtracting_an_unrecorded_event_raises), "
        "are subtracted, which must raise RuntimeError",
    },
    {
        "api": "cuEventElapsedTime_v2",
        "error": "CUDA_ERROR_NOT_READY",
        "by": "conformance/api_suite/test_event.py::test_subtracting_an_incomplete_event_raises",
        "why": "an event held back by a host function is subtracted, which must raise RuntimeError",
    },
    {
        "api": "cuKernelGetParamInfo",
        "error": "CUDA_ERROR_INVALID_VALUE",
        "by": "reference_impl/cuda/core/_module.pyx",
        "why": "the reference counts a kernel's parameters (Kernel.num_arguments, arguments_info, launch) "
        "by asking for each index until the driver answers CUDA_ERROR_INVALID_VALUE; upstream does the same",
    },
    {
        "api": "cuMemPoolSetAccess",
        "error": "CUDA_ERROR_INVALID_DEVICE",
        "by": "upstream cuda-core 1.2.2 (cuda/core/_memory/_memory_pool)",
        "why": "upstream's own call, no test's: seen once per process on an H100 (2026-11-25), when upstream "
        "sets up a device's memory pool; recorded so that it does not hide a new error",
    },
    {
        "api": "cuCheckpointProcessGetState",
        "error": "CUDA_ERROR_NOT_SUPPORTED",
        "by": "conformance/api_suite/test_checkpoint.py::test_this_process_is_running",
        "why": "the test asks for this process's checkpoint state and skips where the driver cannot checkpoint "
        "(seen on an H100 with driver 580, 2026-11-25)",
    },
    {
        "api": "cuMemAdvise_v2",
        "error": "CUDA_ERROR_NOT_SUPPORTED",
        "by": "conformance/api_suite/test_memory_pools.py::test_managed_buffer_advice",
        "why": "this test (and test_managed_buffer_from_handle_does_not_own) sets read-mostly advice on "
        "pool-allocated managed memory and skips where the driver "
        "refuses it (seen on an H100 with driver 580, 2026-11-25)",
    },
    {
        "api": "cuLibraryGetKernel",
        "error": "CUDA_ERROR_NOT_FOUND",
        "by": "conformance/api_suite/test_program_launch.py::test_missing_kernel_raises",
        "why": "a kernel that the object code does not hold is asked for, which must raise CUDAError",
    },
    {
        "api": "cuMemcpyAsync",
        "error": "CUDA_ERROR_INVALID_VALUE",
        "by": "conformance/api_suite/test_multi_gpu.py::test_a_copy_across_devices_needs_access_to_the_pool",
        "why": "device 1 copies from a buffer of device 0's pool, which has not granted it access, and must "
        "raise CUDAError (2 GPUs or more; seen on two H100s with driver 580, 2026-11-27)",
    },
    {
        "api": "cuGraphRemoveDependencies_v2",
        "error": "CUDA_ERROR_NOT_SUPPORTED",
        "by": "conformance/api_suite/test_graph_definition.py::test_a_graph_with_memory_nodes_keeps_its_edges",
        "why": "an edge is removed from a graph with allocation and free nodes, which the driver refuses "
        "and which must raise CUDAError",
    },
    {
        "api": "cuGraphDestroyNode",
        "error": "CUDA_ERROR_NOT_SUPPORTED",
        "by": "conformance/api_suite/test_graph_ownership.py::test_a_destroy_the_driver_refuses_changes_nothing",
        "why": "a node of a graph with allocation and free nodes is destroyed, which the driver refuses and which "
        "must raise CUDAError and change nothing (seen on 2 H200s with driver 580, 2026-11-27)",
    },
    {
        "api": "cuGraphExecUpdate_v2",
        "error": "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE",
        "by": "conformance/api_suite/test_graph_ownership.py::test_a_failed_update_adopts_nothing",
        "why": "an executable graph is updated from a definition of another topology, which the driver refuses "
        "and which must raise CUDAError and adopt nothing (seen on 2 H200s with driver 580, 2026-11-27)",
    },
    {
        "api": "cuPointerGetAttribute",
        "error": "CUDA_ERROR_INVALID_VALUE",
        "by": "upstream cuda-core 1.2.2 (cuda/core/graph/_graph_node, _get_memcpy_memory_type)",
        "why": "upstream asks the driver what kind of memory a copy node's pointers are; the address of an "
        "allocation node has no memory behind it until the graph runs, so the driver refuses, and upstream "
        "goes on (test_graph_definition.py::test_allocation_nodes_and_ctypes_callbacks copies from one; "
        "seen on two H100s with driver 580, 2026-11-27)",
    },
    {
        "api": "cuDeviceGetByPCIBusId",
        "error": "CUDA_ERROR_INVALID_DEVICE",
        "by": "conformance/api_suite/test_graphics.py",
        "why": "NVIDIA's libEGL, not cuda.core: the OpenGL tests find the EGL device of CUDA device 0, and the "
        "EGL library asks CUDA for the device "
        "behind each GPU, and one that CUDA_VISIBLE_DEVICES hides has none (seen on 4 H200s with driver 580, "
        "one GPU visible, 2026-11-28)",
    },
    {
        "api": "cuGraphicsGLRegisterBuffer",
        "error": "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT",
        "by": "conformance/api_suite/test_graphics.py"
        "::test_without_an_opengl_context_registration_fails_with_cuda_error",
        "why": "an OpenGL buffer is registered with no OpenGL context current, which must raise CUDAError "
        "(seen on H200s with driver 580, 2026-11-28)",
    },
    {
        "api": "cuGreenCtxStreamCreate",
        "error": "CUDA_ERROR_INVALID_VALUE",
        "by": "conformance/api_suite/test_green_context.py::test_green_context_streams_must_be_non_blocking",
        "why": "a blocking stream is asked of a green context, which must raise ValueError; upstream asks the driver "
        "and turns its refusal into the ValueError, the reference refuses before the driver (seen on H200s with "
        "driver 580, 2026-11-28)",
    },
    {
        "api": "cuTexObjectDestroy",
        "error": "CUDA_ERROR_INVALID_CONTEXT",
        "implementation": "upstream",
        "by": "conformance/api_suite/test_texture.py::test_an_object_closed_on_another_thread_is_closed_on_this_one",
        "why": "upstream 1.2.2's defect, not a probe: closed on a thread with no current context, its texture "
        "object asks the driver to destroy it there, ignores the refusal and marks itself closed, so the driver's "
        "object is never destroyed; the reference makes the object's context current first (seen on 2 H200s with "
        "driver 580, 2026-11-28)",
    },
    {
        "api": "cuSurfObjectDestroy",
        "error": "CUDA_ERROR_INVALID_CONTEXT",
        "implementation": "upstream",
        "by": "conformance/api_suite/test_texture.py::test_an_object_closed_on_another_thread_is_closed_on_this_one",
        "why": "the same defect of upstream 1.2.2's surface objects",
    },
    {
        "api": "cuCtxPopCurrent_v2",
        "error": "CUDA_ERROR_INVALID_CONTEXT",
        "implementation": "upstream",
        "by": "conformance/api_suite/test_green_context.py"
        "::test_a_green_context_closed_on_another_thread_stays_alive_where_it_is_current",
        "why": "upstream 1.2.2's defect, not a probe (a strict expected failure of the test): Device.set_current(ctx) "
        "pops the calling thread's current context before it pushes ctx, and on a new thread there is none to pop, "
        "so the call fails; the reference sets the context without popping (seen on 2 H200s with driver 580, "
        "2026-11-28)",
    },
)
"""The driver errors the suite provokes on purpose: the API call, the error, the test that makes it and why.

An entry with an ``implementation`` is expected of that implementation only: a defect of its own, which
the other must not show.
"""


_SUMMARY = re.compile(r"=+ ERROR SUMMARY: (\d+) errors?")
_API_ERROR = re.compile(r'=+ Program hit (\w+) \(error (\d+)\) due to "(.*?)" on CUDA API call to (\w+)')
_MEMORY_ERROR = re.compile(r"=+ (Invalid .*|Uninitialized .*|Out-of-range .*|Malloc/Free error.*)")
_LEAKS = re.compile(r"=+ LEAK SUMMARY: ([\d,]+) bytes leaked in ([\d,]+) allocations?")
_SANITIZER_FAILURE = re.compile(r"=+ Error: (.*)")
_TEST_STARTED = re.compile(r"(\S+\.py::\S+)")
"""A test's node id at the start of a line: ``pytest -v`` writes it as the test starts."""


def expected_api_errors(implementation: str) -> tuple[dict[str, str], ...]:
    """Return the entries of :data:`EXPECTED_API_ERRORS` that ``implementation`` may show.

    Parameters
    ----------
    implementation : str
        ``"reference"`` or ``"upstream"``.

    Returns
    -------
    tuple of dict
        Every entry without an ``implementation``, and those naming this one.
    """
    return tuple(
        probe for probe in EXPECTED_API_ERRORS if probe.get("implementation", implementation) == implementation
    )


def find_sanitizer(environment: Mapping[str, str] | None = None) -> Path | None:
    """Return ``compute-sanitizer``: under ``$CUDA_PATH``, else ``$CUDA_HOME``, else on ``PATH``.

    The variables are read in ``cuda.pathfinder``'s order, and under each
    the tool's usual places (``bin/`` and ``compute-sanitizer/``).

    Parameters
    ----------
    environment : mapping, optional
        The environment to read; ``os.environ`` by default.

    Returns
    -------
    Path or None
        The executable, or ``None`` when there is none.
    """
    environment = os.environ if environment is None else environment
    for variable in ("CUDA_PATH", "CUDA_HOME"):
        root = environment.get(variable, "").strip()
        if not root:
            continue
        for candidate in (
            Path(root) / "bin" / "compute-sanitizer",
            Path(root) / "compute-sanitizer" / "compute-sanitizer",
        ):
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return candidate
    found = shutil.which("compute-sanitizer", path=environment.get("PATH"))
    return Path(found) if found else None


def summarize(output: str, expected: Iterable[Mapping[str, str]] = EXPECTED_API_ERRORS) -> dict[str, object]:
    """Return what memcheck found in one run's output, the deliberate probes set apart.

    Each process the tool follows prints its own ``ERROR SUMMARY``; they
    are added up.

    Parameters
    ----------
    output : str
        The tool's output (its lines start with ``=========``). Where the
        program is ``pytest -v``, each API error is attributed to the test
        whose node id was written last before it.
    expected : iterable of mapping, optional
        The deliberate probes (``api`` and ``error`` of each);
        ``EXPECTED_API_ERRORS`` by default.

    Returns
    -------
    dict
        ``error_summary`` (the summed count, or ``None`` when the tool
        printed no summary), ``processes`` (summaries seen), ``api_errors``
        (by ``error on api``: count, whether expected, and the tests that
        were running, if the output names them),
        ``unexpected_api_errors``, ``memory_errors`` (the first 50 lines),
        ``tool_errors`` (the tool's own failures), ``leaked_bytes`` and
        ``leaked_allocations`` (device and pinned memory still allocated at
        exit: recorded, not judged, since CPython does not deallocate the
        objects still alive at its exit) and ``passed``.
    """
    summaries = [int(count) for count in _SUMMARY.findall(output)]
    wanted = {(probe["api"], probe["error"]) for probe in expected}
    calls: Counter[tuple[str, str]] = Counter()
    tests: dict[tuple[str, str], set[str]] = {}
    running = None
    for line in output.splitlines():
        started = _TEST_STARTED.match(line)
        if started:
            running = started.group(1)
        for error, _number, _text, api in _API_ERROR.findall(line):
            calls[(api, error)] += 1
            tests.setdefault((api, error), set()).update([running] if running else [])
    api_errors = {
        f"{error} on {api}": {"count": count, "expected": (api, error) in wanted, "tests": sorted(tests[api, error])}
        for (api, error), count in sorted(calls.items())
    }
    unexpected = sorted(key for key, row in api_errors.items() if not row["expected"])
    memory = [match.group(1).strip() for match in map(_MEMORY_ERROR.match, output.splitlines()) if match]
    tool = [match.group(1).strip() for match in map(_SANITIZER_FAILURE.match, output.splitlines()) if match]
    total = sum(summaries) if summaries else None
    leaks = [(int(size.replace(",", "")), int(count.replace(",", ""))) for size, count in _LEAKS.findall(output)]
    return {
        "error_summary": total,
        "processes": len(summaries),
        "api_errors": api_errors,
        "unexpected_api_errors": unexpected,
        "memory_errors": memory[:50],
        "memory_error_count": len(memory),
        "tool_errors": tool[:20],
        "leaked_bytes": sum(size for size, _count in leaks),
        "leaked_allocations": sum(count for _size, count in leaks),
        "passed": total is not None and not unexpected and not memory and not tool,
    }
