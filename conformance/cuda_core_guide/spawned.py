# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run a test's function in a process started with ``spawn``, as CUDA requires, and bring back its result.

A spawned process imports the function it runs by its module's name. A
test module collected by pytest with ``--import-mode=importlib`` has a
name no other process can import, so a plain ``multiprocessing`` call
fails in the child: a ``Process`` exits with status 1, and a ``Pool``
waits forever for a worker that died before it could take the task.
:func:`run_spawned` sends the module's file instead, which the child
loads, and never waits longer than its time limit. A child that does not
answer in time is asked for the stacks of its threads (:mod:`faulthandler`,
on ``SIGUSR1``) before it is killed, and the error shows them with what the
kernel says each thread waits in: where it hangs is what a time limit alone
does not say.
"""

from __future__ import annotations

import contextlib
import faulthandler
import functools
import importlib.util
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

__all__ = ["TIME_SCALE_VARIABLE", "ProgramTimeoutError", "run_program", "run_spawned", "scaled_timeout"]

_DEFAULT_TIMEOUT_SECONDS = 120.0
"""How long a child may take by default: it imports ``cuda.core`` afresh."""

TIME_SCALE_VARIABLE = "CUDA_CORE_GUIDE_SPAWN_TIME_SCALE"
"""The environment variable that multiplies every time limit, for a slow run: a child started under
``compute-sanitizer`` waits for the tool to load and instrument it (``soak.py --sanitizer`` sets it)."""

_STACKS_WAIT_SECONDS = 5.0
"""How long a child that did not answer has to write its stacks before it is killed."""
_STACKS_SHOWN = 6000
"""The most characters of a child's stacks an error message shows (the last ones)."""

_OK = "ok"
_FAILED = "failed"

_PROGRAM_RUNNER = """
import faulthandler, signal, sys
if hasattr(signal, "SIGUSR1"):
    faulthandler.register(signal.SIGUSR1, file=open(sys.argv[2], "w", encoding="utf-8"), all_threads=True)
source = sys.argv[1]
del sys.argv[1:]
exec(compile(source, "<program>", "exec"), {"__name__": "__main__"})
"""
"""What :func:`run_program`'s interpreter runs: the program (its first argument), able to write its stacks."""


class ProgramTimeoutError(ChildProcessError):
    """A program that :func:`run_program` ran took longer than its time limit, and was killed.

    The message holds its threads' stacks when it was stopped; ``stdout``
    holds what it had printed.
    """

    def __init__(self, message: str, stdout: str) -> None:
        super().__init__(message)
        self.stdout = stdout


def run_spawned(function: Callable[..., Any], *args: object, timeout: float = _DEFAULT_TIMEOUT_SECONDS) -> Any:
    """Call ``function(*args)`` in a spawned process and return what it returns.

    Parameters
    ----------
    function : callable
        A module-level function of a module that has a file; the child loads
        that file under a private name and calls the function.
    *args : object
        Its arguments, pickled by :mod:`multiprocessing` (so ``cuda.core``
        objects that support it travel as they do to any spawned process).
    timeout : float, optional
        The most seconds the child may take, from its start to its result;
        120 by default. The environment variable :data:`TIME_SCALE_VARIABLE`,
        where set, multiplies it.

    Returns
    -------
    object
        What the function returned, which must pickle.

    Raises
    ------
    ChildProcessError
        If the function raised (the message holds the child's traceback),
        the child died before it answered, or it took longer than
        ``timeout`` (it is then killed).
    ValueError
        If ``function`` is not defined at the top level of a module with a file, or
        :data:`TIME_SCALE_VARIABLE` is set to something other than a positive number.
    """
    timeout = scaled_timeout(timeout)
    module = sys.modules.get(function.__module__)
    path = getattr(module, "__file__", None)
    if path is None or "<locals>" in function.__qualname__:
        raise ValueError(f"{function.__qualname__} must be defined at the top level of a module with a file")
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    with tempfile.TemporaryDirectory(prefix="spawned-") as folder:
        stacks = Path(folder) / "stacks.txt"
        process = context.Process(target=_call_from_file, args=(path, function.__qualname__, args, sender, str(stacks)))
        process.start()
        sender.close()
        return _outcome(process, receiver, function.__qualname__, timeout, stacks)


def run_program(source: str, *, timeout: float = _DEFAULT_TIMEOUT_SECONDS) -> subprocess.CompletedProcess[str]:
    """Run the Python program ``source`` in a new interpreter, to its exit, and return how it ended.

    For what happens when a process ends, which a function of
    :func:`run_spawned` cannot show: the program runs as ``__main__`` and the
    interpreter shuts down after it.

    Parameters
    ----------
    source : str
        The program.
    timeout : float, optional
        The most seconds it may take, 120 by default, multiplied by
        :data:`TIME_SCALE_VARIABLE` where that is set.

    Returns
    -------
    subprocess.CompletedProcess
        Its exit status and its output, as text.

    Raises
    ------
    ProgramTimeoutError
        If it took longer than ``timeout``: it is asked for its threads'
        stacks, which the message shows, then killed.
    ValueError
        If :data:`TIME_SCALE_VARIABLE` is set to something other than a positive number.
    """
    timeout = scaled_timeout(timeout)
    with tempfile.TemporaryDirectory(prefix="program-") as folder:
        stacks = Path(folder) / "stacks.txt"
        command = [sys.executable, "-c", _PROGRAM_RUNNER, source, str(stacks)]
        with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
            try:
                stdout, stderr = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                shown = _threads_of(process.pid) + _stacks_of(process, stacks)
                process.kill()
                stdout, _ = process.communicate()
                raise ProgramTimeoutError(f"the program did not end in {timeout:g} s{shown}", stdout) from None
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def _outcome(
    process: multiprocessing.process.BaseProcess, receiver: Connection, qualname: str, timeout: float, stacks: Path
) -> Any:
    """Wait for the child's answer and return it, or raise :class:`ChildProcessError` saying why there is none."""
    answered = False
    try:
        if not receiver.poll(timeout):
            message = f"the child process {qualname} did not answer in {timeout:g} s"
            raise ChildProcessError(message + _threads_of(process.pid) + _stacks_of(process, stacks))
        answered = True
        try:
            status, value = receiver.recv()
        except EOFError:
            process.join(timeout)
            raise ChildProcessError(
                f"the child process {qualname} ended with status {process.exitcode} before it answered"
            ) from None
    finally:
        receiver.close()
        # A child that answered ends by itself; one that did not is killed at once.
        process.join(timeout if answered else 0)
        if process.is_alive():
            process.kill()
            process.join()
    if status != _OK:
        raise ChildProcessError(f"the child process {qualname} raised:\n{value}")
    return value


def scaled_timeout(seconds: float) -> float:
    """Return a time limit for a child process, multiplied by :data:`TIME_SCALE_VARIABLE` where it is set.

    For a test that starts its child in another way than :func:`run_spawned`.

    Parameters
    ----------
    seconds : float
        The limit of an ordinary run.

    Returns
    -------
    float
        The limit of this run.

    Raises
    ------
    ValueError
        If :data:`TIME_SCALE_VARIABLE` is set to something other than a positive number.
    """
    return seconds * _time_scale()


def _stacks_of(process: multiprocessing.process.BaseProcess | subprocess.Popen, stacks: Path) -> str:
    """Ask a child that did not answer for its threads' stacks; return them for the error message, or nothing."""
    alive = process.poll() is None if isinstance(process, subprocess.Popen) else process.is_alive()
    if not hasattr(signal, "SIGUSR1") or not alive:
        return ""
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGUSR1)
    deadline = time.monotonic() + _STACKS_WAIT_SECONDS
    text = ""
    while time.monotonic() < deadline:
        text = stacks.read_text(encoding="utf-8", errors="replace") if stacks.exists() else ""
        if text.rstrip().endswith(("<no Python frame>", ")")) and "Thread" in text:
            break
        time.sleep(0.1)
    if not text.strip():
        return " (it wrote no stacks when asked)"
    return f"; the stacks of its threads when it was stopped:\n{text[-_STACKS_SHOWN:]}"


def _threads_of(pid: int) -> str:
    """Return what the kernel says of each thread of process ``pid`` (Linux): name, wait channel, system call.

    The part of a hang that Python's stacks do not show: threads of the
    driver, and a main thread in compiled code with no Python frame.
    """
    lines = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*"), key=lambda path: int(path.name)):
        facts = []
        for name in ("comm", "wchan", "syscall"):
            try:
                facts.append((task / name).read_text(encoding="utf-8", errors="replace").strip())
            except OSError:
                facts.append("?")
        lines.append(f"  thread {task.name}: {facts[0]}, waiting in {facts[1] or '-'}, syscall {facts[2]}")
    if not lines:
        return ""
    return "; its threads, as the kernel sees them:\n" + "\n".join(lines)


def _call_from_file(path: str, qualname: str, args: tuple[object, ...], sender: Connection, stacks: str) -> None:
    """Run in the child: load the module at ``path``, call its ``qualname`` with ``args``, send the outcome.

    ``SIGUSR1`` makes the child write its threads' stacks to the file ``stacks``.
    """
    if hasattr(signal, "SIGUSR1"):
        faulthandler.register(signal.SIGUSR1, file=open(stacks, "w", encoding="utf-8"), all_threads=True)  # noqa: SIM115 - open until the process ends
    try:
        name = f"_spawned_{Path(path).stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        function = functools.reduce(getattr, qualname.split("."), module)
        outcome = (_OK, function(*args))
    except BaseException:  # noqa: BLE001 the parent reports whatever the child raised
        outcome = (_FAILED, traceback.format_exc())
    sender.send(outcome)
    sender.close()


def _time_scale() -> float:
    """Return the factor that :data:`TIME_SCALE_VARIABLE` sets, 1 where it is not set."""
    text = os.environ.get(TIME_SCALE_VARIABLE, "").strip()
    if not text:
        return 1.0
    try:
        scale = float(text)
    except ValueError:
        scale = 0.0
    if not scale > 0 or scale == float("inf"):
        raise ValueError(f"{TIME_SCALE_VARIABLE} must be a positive number, got {text!r}")
    return scale
