# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A time limit for a block of code in the main thread, by a timer signal that leaves a caller's own timer intact."""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator

__all__ = ["TimeLimitExpired", "time_limit"]


class TimeLimitExpired(BaseException):
    """Raised when the time is up (not an Exception, so that no ``except Exception`` swallows it)."""


@contextlib.contextmanager
def time_limit(seconds: float, expired: type[BaseException] = TimeLimitExpired) -> Iterator[None]:
    """Raise ``expired`` in this thread after ``seconds``, where a timer signal can do so.

    The limit needs the main thread and ``setitimer`` (POSIX); elsewhere,
    and for ``seconds <= 0``, the block runs without one. A timer that the
    caller had set is put back afterwards, less the time spent here.

    Parameters
    ----------
    seconds : float
        The limit.
    expired : type of BaseException, optional
        What to raise when the time is up.

    Yields
    ------
    None
        Control, for the block.
    """
    if seconds <= 0 or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise expired

    outer, _ = signal.getitimer(signal.ITIMER_REAL)
    started = time.monotonic()
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 0.001))
