# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A test module's function runs in a spawned process, though pytest imported the module under a private name."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cuda_core_guide import spawned
from cuda_core_guide.spawned import ProgramTimeoutError, run_program, run_spawned


def child_returns(value: int) -> tuple[int, int]:
    """Return the value doubled and the child's process id."""
    return value * 2, os.getpid()


def child_raises(message: str) -> None:
    """Raise a ValueError with ``message``."""
    raise ValueError(message)


def child_exits() -> None:
    """End the process before it answers."""
    os._exit(3)


def child_sleeps(seconds: float) -> None:
    """Sleep longer than the parent waits."""
    time.sleep(seconds)


def test_the_function_runs_in_another_process() -> None:
    doubled, pid = run_spawned(child_returns, 4)
    assert doubled == 8
    assert pid != os.getpid()


def test_an_exception_in_the_child_is_reported_with_its_traceback() -> None:
    with pytest.raises(ChildProcessError, match=r"(?s)child_raises raised:\n.*ValueError: no such thing"):
        run_spawned(child_raises, "no such thing")


def test_a_child_that_dies_is_reported_with_its_status() -> None:
    with pytest.raises(ChildProcessError, match=r"ended with status 3 before it answered"):
        run_spawned(child_exits)


def test_a_child_that_takes_too_long_shows_where_it_was_and_is_killed() -> None:
    started = time.monotonic()
    with pytest.raises(ChildProcessError, match=r"did not answer in 3 s") as raised:
        run_spawned(child_sleeps, 600, timeout=3)
    # Killed once its stacks are in: not after a second wait of its time limit.
    assert time.monotonic() - started < 3 + spawned._STACKS_WAIT_SECONDS + 30
    message = str(raised.value)
    assert "the stacks of its threads when it was stopped" in message
    assert "child_sleeps" in message  # the frame it was stopped in
    assert "test_spawned.py" in message


def test_a_slow_run_scales_every_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(spawned.TIME_SCALE_VARIABLE, "0.5")
    with pytest.raises(ChildProcessError, match=r"did not answer in 2 s"):
        run_spawned(child_sleeps, 600, timeout=4)


def test_a_child_started_otherwise_gets_the_same_scaled_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(spawned.TIME_SCALE_VARIABLE, raising=False)
    assert spawned.scaled_timeout(120) == 120
    monkeypatch.setenv(spawned.TIME_SCALE_VARIABLE, "5")
    assert spawned.scaled_timeout(120) == 600
    monkeypatch.setenv(spawned.TIME_SCALE_VARIABLE, "slow")
    with pytest.raises(ValueError, match="must be a positive number"):
        spawned.scaled_timeout(120)


@pytest.mark.parametrize("value", ["fast", "0", "-3", "inf", "nan"])
def test_a_time_scale_must_be_a_positive_number(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(spawned.TIME_SCALE_VARIABLE, value)
    with pytest.raises(ValueError, match=f"{spawned.TIME_SCALE_VARIABLE} must be a positive number, got '{value}'"):
        run_spawned(child_sleeps, 0)


def test_a_local_function_is_refused() -> None:
    def local() -> None:
        """Cannot be found by a child."""

    with pytest.raises(ValueError, match="must be defined at the top level"):
        run_spawned(local)


def test_a_program_runs_as_main_to_its_interpreters_exit() -> None:
    program = "import atexit, sys\natexit.register(lambda: print('at exit'))\nprint(__name__, sys.argv[1:])\n"
    done = run_program(program)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["__main__ []", "at exit"]


def test_a_program_that_fails_returns_its_status_and_traceback() -> None:
    done = run_program("raise SystemExit('stopped here')")
    assert done.returncode == 1
    assert "stopped here" in done.stderr


def test_a_program_that_hangs_at_exit_shows_where_and_keeps_what_it_printed() -> None:
    program = (
        "import atexit, time\n"
        "def wait_at_exit():\n"
        "    time.sleep(600)\n"
        "atexit.register(wait_at_exit)\n"
        "print('done', flush=True)\n"
    )
    started = time.monotonic()
    with pytest.raises(ProgramTimeoutError, match=r"did not end in 3 s") as raised:
        run_program(program, timeout=3)
    assert time.monotonic() - started < 3 + spawned._STACKS_WAIT_SECONDS + 30
    assert raised.value.stdout == "done\n"
    message = str(raised.value)
    assert "wait_at_exit" in message  # the frame it was stopped in
    if Path("/proc/self/task").is_dir():
        assert "its threads, as the kernel sees them:\n  thread " in message
