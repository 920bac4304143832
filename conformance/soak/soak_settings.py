# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The knobs of a soak run: the counts of each phase, their ``--fast`` and sanitizer forms, and the tolerances."""

from __future__ import annotations

import argparse
import dataclasses

__all__ = ["FAST", "SANITIZED", "Settings", "Tolerances", "add_arguments", "settings_from"]


@dataclasses.dataclass(frozen=True)
class Tolerances:
    """How far each resource may end from its baseline after a churn, and still count as returned.

    Parameters
    ----------
    device_free_bytes : int
        Device memory (``cuMemGetInfo``'s free bytes) that may be missing
        after the churn, once the device is synchronized and the pool trimmed.
    pool_used_bytes : int
        Growth of the pool's ``USED_MEM_CURRENT``: memory handed out and
        not handed back.
    pool_reserved_bytes : int
        Growth of the pool's ``RESERVED_MEM_CURRENT`` after a trim to zero.
    objects : int
        Growth of the number of objects the garbage collector tracks.
    cuda_core_objects : int
        Growth of the number of tracked objects of any one ``cuda.core`` type.
    allocated_blocks : int
        Growth of ``sys.getallocatedblocks()``, the interpreter's own memory.
    fds : int
        Growth of the number of open file descriptors.
    """

    device_free_bytes: int = 2 << 20
    pool_used_bytes: int = 0
    pool_reserved_bytes: int = 2 << 20
    objects: int = 64
    cuda_core_objects: int = 0
    allocated_blocks: int = 2000
    fds: int = 0


@dataclasses.dataclass(frozen=True)
class Settings:
    """The counts of one run; the defaults are issue 15's.

    Parameters
    ----------
    alloc_cycles : int
        Allocate/close cycles of device memory from the device's memory resource.
    stream_cycles : int
        Stream create/close cycles.
    event_cycles : int
        Event create/close cycles.
    compile_cycles : int
        Program compile/load/unload cycles.
    threads : int
        Threads of the threads phase.
    thread_seconds : float
        Seconds each part of the threads phase (own streams, then one shared stream) lasts.
    warmup_cycles : int
        Cycles of each churn run before its baseline, so that first-use
        caches are not counted as leaks.
    fast : bool
        Whether ``--fast`` chose these.
    """

    alloc_cycles: int = 100_000
    stream_cycles: int = 10_000
    event_cycles: int = 10_000
    compile_cycles: int = 1_000
    threads: int = 8
    thread_seconds: float = 10.0
    warmup_cycles: int = 20
    fast: bool = False


FAST = Settings(
    alloc_cycles=5_000, stream_cycles=1_000, event_cycles=1_000, compile_cycles=50, thread_seconds=1.0, fast=True
)
"""``--fast``: about a twentieth of the counts, one second per threads part."""

SANITIZED = Settings(
    alloc_cycles=2_000, stream_cycles=200, event_cycles=200, compile_cycles=10, thread_seconds=2.0, fast=True
)
"""The counts under ``compute-sanitizer``, which slows every driver call down."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add an option for each count of :class:`Settings`, and ``--fast``.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The parser to add them to.
    """
    parser.add_argument(
        "--fast", action="store_true", help="smaller counts (about 10 s of soak instead of about 50 s on an H100)"
    )
    defaults = Settings()
    for field in dataclasses.fields(Settings):
        if field.name == "fast":
            continue
        parser.add_argument(
            f"--{field.name.replace('_', '-')}",
            type=type(field.default),
            default=None,
            metavar="N",
            help=f"default {getattr(defaults, field.name)} ({getattr(FAST, field.name)} with --fast)",
        )


def settings_from(args: argparse.Namespace, base: Settings | None = None) -> Settings:
    """Return the run's settings: ``base`` (the defaults, or ``--fast``'s), with each given option on top.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    base : Settings, optional
        The settings to start from; by default :data:`FAST` with ``--fast``,
        else the defaults.

    Returns
    -------
    Settings
        The settings.

    Raises
    ------
    ValueError
        If a count is negative, or there are no threads or no thread time.
    """
    if base is None:
        base = FAST if getattr(args, "fast", False) else Settings()
    given = {
        field.name: getattr(args, field.name)
        for field in dataclasses.fields(Settings)
        if field.name != "fast" and getattr(args, field.name, None) is not None
    }
    settings = dataclasses.replace(base, **given)
    for field in dataclasses.fields(Settings):
        value = getattr(settings, field.name)
        if field.name != "fast" and value < 0:
            raise ValueError(f"--{field.name.replace('_', '-')} must not be negative, got {value}")
    if settings.threads < 1:
        raise ValueError("--threads must be at least 1")
    return settings
