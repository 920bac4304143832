# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Count the host instructions per call of the benchmark's operations, on a machine without a GPU.

The GPU benchmark times each operation; this counts the instructions the
library executes for it, which the machine's noise does not move, so that
a change of a few dozen instructions can be seen before a GPU run. The
operations of ``bench_ops.py`` run against a stand-in ``libcuda.so.1``
(``stand_in/stand_in_driver.c``), which answers every call at once, under
valgrind's callgrind: for the reference implementation installed, and for
the floor module (compiled here), each operation is called ``--calls``
times to warm it, then ``--calls`` times counted::

    python conformance/benchmarks/host_instructions.py [--calls 2000] [--output counts.json] [OPERATION ...]

``nox -s host_instructions`` installs what it needs and runs it. It needs
valgrind (with its headers) and a C compiler; without them it says which
is missing and exits with status 2. The counts are of this machine's
Python and compiler: compare counts of one machine only.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["IMPLEMENTATIONS", "build_stand_in", "counted_calls", "main", "read_counts"]

_HERE = Path(__file__).resolve().parent
_STAND_IN = _HERE / "stand_in"
IMPLEMENTATIONS = ("reference", "floor")
"""What is counted: the ``cuda.core`` installed, and the floor module."""
_DEFAULT_OPERATIONS = (
    "alloc_free_1k",
    "alloc_free_1k_object",
    "alloc_free_1k_held",
    "launch_ptr_int",
    "set_current",
    "graph_add_kernel",
    "graph_add_kernel_object",
    "graph_add_kernel_held",
    "graph_add_kernel_recorded",
)
_TRIGGER = re.compile(r"^desc: Trigger: Client Request: (?P<name>.+)$", re.MULTILINE)
_TOTAL = re.compile(r"^(?:summary|totals): (?P<count>\d+)", re.MULTILINE)


def build_stand_in(output: Path, *, marks: bool = True) -> Path:
    """Compile the stand-in driver, and unless ``marks`` is false the callgrind marks, into ``output``.

    Parameters
    ----------
    output : Path
        The folder for ``libcuda.so.1`` (with a ``libcuda.so`` link) and
        ``libcallgrind_marks.so``; put it on ``LD_LIBRARY_PATH``.
    marks : bool, optional
        Whether to compile the marks too, which need valgrind's headers;
        true by default.

    Returns
    -------
    Path
        ``output``.

    Raises
    ------
    RuntimeError
        If the C compiler fails (or valgrind's headers are missing), with
        what it printed.
    """
    output.mkdir(parents=True, exist_ok=True)
    compiler = os.environ.get("CC", "cc")
    builds = [("stand_in_driver.c", "libcuda.so.1", ["-ldl"])]
    if marks:
        builds.append(("callgrind_marks.c", "libcallgrind_marks.so", []))
    for source, target, libraries in builds:
        command = [compiler, "-shared", "-fPIC", "-O2", "-o", str(output / target), str(_STAND_IN / source), *libraries]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False)
        except OSError as exc:
            raise RuntimeError(f"cannot run the C compiler {compiler!r}: {exc}") from None
        if done.returncode != 0:
            raise RuntimeError(f"compiling {source} failed:\n{done.stdout}{done.stderr}")
    link = output / "libcuda.so"
    if not link.exists():
        link.symlink_to("libcuda.so.1")
    return output


def read_counts(folder: Path, calls: int) -> dict[str, float]:
    """Return the instructions per call of each operation that a callgrind run in ``folder`` dumped.

    Parameters
    ----------
    folder : Path
        Where callgrind wrote ``out`` and, one per dump, ``out.N``.
    calls : int
        The calls each dump counted.

    Returns
    -------
    dict of str to float
        Instructions per call, by the name each dump was given.
    """
    counts = {}
    for path in sorted(folder.glob("out.*")):
        text = path.read_text(encoding="utf-8", errors="replace")
        name, total = _TRIGGER.search(text), _TOTAL.search(text)
        if name and total:
            counts[name.group("name")] = int(total.group("count")) / calls
    return counts


def counted_calls(implementation: str, operations: list[str], calls: int, floor_dir: Path | None) -> list[str]:
    """Call each operation ``calls`` times, then ``calls`` times between callgrind marks; return the names run.

    Runs in the process that valgrind starts, against the stand-in driver.
    An operation the implementation does not have is left out.

    Parameters
    ----------
    implementation : str
        ``"reference"`` or ``"floor"``.
    operations : list of str
        The operations of ``bench_ops.OPERATIONS`` to count.
    calls : int
        The calls to warm, then to count.
    floor_dir : Path, optional
        The folder with the compiled floor module, for ``"floor"``.

    Returns
    -------
    list of str
        The operations counted, in order.
    """
    sys.path.insert(0, str(_HERE))
    import bench_ops

    marks = ctypes.CDLL("libcallgrind_marks.so")
    marks.marks_dump.argtypes = [ctypes.c_char_p]
    core = importlib.import_module("cuda.core")
    device = core.Device(0)
    device.set_current()
    stream = device.create_stream()
    # The stand-in loads any bytes as a library; "empty" names the kernel without arguments.
    code = core.ObjectCode.from_cubin(b"\x7fELF" + b"\0" * 60)
    objects = bench_ops.Setup(
        core,
        device,
        stream,
        device.create_event(),
        device.allocate(1024, stream=stream),
        device.allocate(1024, stream=stream),
        (code.get_kernel("empty"), code.get_kernel("touch")),
    )
    floor = None
    if implementation == "floor":
        sys.path.insert(0, str(floor_dir))
        floor = importlib.import_module("cuda_core_floor")
    available = bench_ops.operations(implementation, objects, floor)
    # Callgrind's first dump also counts what ran before the first zeroing: a dump of its own takes that.
    marks.marks_zero()
    marks.marks_dump(b"setup")
    counted = []
    for name in operations:
        operation = available.get(name)
        if operation is None:
            continue
        call = operation.call
        for _ in range(calls):
            call()
        if operation.finish:
            operation.finish()
        marks.marks_zero()
        for _ in range(calls):
            call()
        marks.marks_dump(name.encode())
        if operation.finish:
            operation.finish()
        counted.append(name)
    return counted


def _count(implementation: str, operations: list[str], calls: int, work: Path, floor_dir: Path) -> dict[str, float]:
    """Run :func:`counted_calls` under callgrind in a new process; return its counts."""
    folder = work / "counts" / implementation
    folder.mkdir(parents=True)
    command = [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=yes",
        f"--callgrind-out-file={folder / 'out'}",
        "-q",
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        implementation,
        "--calls",
        str(calls),
        "--floor-dir",
        str(floor_dir),
        *operations,
    ]
    environment = {
        **os.environ,
        "LD_LIBRARY_PATH": os.pathsep.join(filter(None, [str(work), os.environ.get("LD_LIBRARY_PATH")])),
    }
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"counting the {implementation} under callgrind failed:\n{done.stdout}{done.stderr}")
    return {name: count for name, count in read_counts(folder, calls).items() if name in operations}


def _table(counts: dict[str, dict[str, float]], operations: list[str]) -> str:
    """Return the counts as a table: each operation's instructions per call, and the reference's over the floor's."""
    lines = [f"{'operation':26} {'reference':>10} {'floor':>10} {'difference':>11}"]
    for name in operations:
        reference, floor = counts["reference"].get(name), counts["floor"].get(name)
        cells = [f"{value:10.0f}" if value is not None else f"{'-':>10}" for value in (reference, floor)]
        difference = f"{reference - floor:+11.0f}" if reference is not None and floor is not None else f"{'-':>11}"
        lines.append(f"{name:26} {cells[0]} {cells[1]} {difference}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Count the operations that ``argv`` (``sys.argv[1:]`` by default) names, and print a table.

    Parameters
    ----------
    argv : list of str, optional
        The arguments.

    Returns
    -------
    int
        0, or 2 if valgrind, the C compiler or a build is missing or fails,
        or the output cannot be written.
    """
    parser = argparse.ArgumentParser(prog="host_instructions.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("operations", nargs="*", help=f"operations to count (default: {' '.join(_DEFAULT_OPERATIONS)})")
    parser.add_argument("--calls", type=int, default=2000, help="calls to warm, then to count (default: 2000)")
    parser.add_argument("--output", type=Path, help="also write the counts as JSON here")
    parser.add_argument("--worker", choices=IMPLEMENTATIONS, help=argparse.SUPPRESS)
    parser.add_argument("--floor-dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.calls < 1:
        parser.error("--calls must be at least 1")
    operations = list(args.operations or _DEFAULT_OPERATIONS)
    if args.worker:
        counted_calls(args.worker, operations, args.calls, args.floor_dir)
        return 0
    sys.path.insert(0, str(_HERE))
    from bench_ops import OPERATIONS

    unknown = [name for name in operations if name not in OPERATIONS]
    if unknown:
        parser.error(f"unknown operation(s) {', '.join(unknown)}; the operations are {', '.join(OPERATIONS)}")
    if shutil.which("valgrind") is None:
        print("host_instructions: error: valgrind is not installed (its callgrind tool counts the instructions)")
        return 2
    from floor_build import build_floor

    with tempfile.TemporaryDirectory(prefix="host-instructions-") as temporary:
        work = Path(temporary)
        try:
            build_stand_in(work)
            floor_dir = build_floor(work / "floor").parent
            counts = {name: _count(name, operations, args.calls, work, floor_dir) for name in IMPLEMENTATIONS}
        except RuntimeError as exc:
            print(f"host_instructions: error: {exc}")
            return 2
    print(_table(counts, operations))
    if args.output:
        report = {"calls": args.calls, "python": sys.version.split()[0], "instructions_per_call": counts}
        try:
            args.output.parent.mkdir(parents=True, exist_ok=True)
            args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"host_instructions: error: cannot write {args.output}: {exc}")
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
