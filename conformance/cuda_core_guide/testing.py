# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Helpers for GPU tests of any ``cuda.core``: the conformance suite and the reference's own tests."""

from __future__ import annotations

import ctypes
import threading

__all__ = ["HostGate"]

_HOLD_LIMIT_SECONDS = 60
"""A safety net: a gate never holds a stream back longer than this."""


class HostGate:
    """Hold back a stream's later work at a host function until released.

    Work queued on the stream after :meth:`block` cannot start before
    :meth:`release`, which lets tests observe "not done yet" states
    (``Event.is_done``, ordering between streams) deterministically. The
    host function runs on a driver thread, so the stream waits while the
    test's thread goes on; ``Stream.sync`` must release the GIL for the
    release to happen.
    """

    def __init__(self) -> None:
        self._released = threading.Event()
        self._function = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(self._wait)

    def block(self, stream: object) -> None:
        """Queue the host function on ``stream``.

        Parameters
        ----------
        stream : cuda.core.Stream
            The stream to hold back.

        Raises
        ------
        RuntimeError
            If the driver refuses to queue the host function.
        """
        from cuda.bindings import driver

        address = ctypes.cast(self._function, ctypes.c_void_p).value
        (err,) = driver.cuLaunchHostFunc(stream.handle, driver.CUhostFn(address), 0)
        if err != driver.CUresult.CUDA_SUCCESS:
            # This helper serves any cuda.core, so it imports none of its exception types.
            raise RuntimeError(f"cuLaunchHostFunc failed with {err.name}")  # noqa: ERR007 any cuda.core

    def release(self) -> None:
        """Let the stream go on."""
        self._released.set()

    def _wait(self, _user_data: int | None) -> None:
        """Run on the driver's thread: wait for :meth:`release`."""
        self._released.wait(timeout=_HOLD_LIMIT_SECONDS)
