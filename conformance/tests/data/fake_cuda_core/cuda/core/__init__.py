# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A stand-in for ``cuda.core`` whose calls do nothing: the benchmark's plumbing, run without a GPU."""

from __future__ import annotations

__all__ = ["Device", "LaunchConfig", "Program", "ProgramOptions", "StreamOptions", "launch"]


class _Object:
    """Any object of the API: every method the benchmark calls returns at once."""

    is_done = True

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.handle = 1

    def close(self, *args: object) -> None:
        """Do nothing."""

    def sync(self) -> None:
        """Do nothing."""

    def record(self, event: object = None) -> object:
        """Return the event."""
        return event

    def fill(self, value: object, *, stream: object) -> None:
        """Do nothing."""

    def copy_to(self, destination: object, *, stream: object) -> object:
        """Return the destination."""
        return destination

    def get_kernel(self, name: str) -> _Object:
        """Return a kernel."""
        return _Object()

    def compile(self, target: str) -> _Object:
        """Return compiled code."""
        return _Object()

    def launch(self, *args: object) -> _Object:
        """Return a graph node (of a graph definition or a node), or nothing to use (of a graph)."""
        return _Object()

    def destroy(self) -> None:
        """Do nothing."""

    def instantiate(self) -> _Object:
        """Return an executable graph."""
        return _Object()


class Device(_Object):
    """Device 0."""

    arch = "90"
    device_id = 0

    def set_current(self) -> None:
        """Do nothing."""

    def create_stream(self, options: object = None) -> _Object:
        """Return a stream."""
        return _Object()

    def create_event(self, options: object = None) -> _Object:
        """Return an event."""
        return _Object()

    def allocate(self, size: int, *, stream: object) -> _Object:
        """Return a buffer."""
        return _Object()


class StreamOptions(_Object):
    """Stream options."""


class LaunchConfig(_Object):
    """A launch configuration."""


class ProgramOptions(_Object):
    """Program options."""


class Program(_Object):
    """A program."""


def launch(*args: object) -> None:
    """Do nothing."""
