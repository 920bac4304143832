# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The host as a location of memory, the counterpart of :class:`Device`.

Managed memory moves between devices and the host; a :class:`Host` names
the host (or one of its NUMA nodes) where a :class:`Device` names a device.
"""

from __future__ import annotations

import threading

__all__ = ["Host"]

_instances: dict[tuple[int | None, bool], Host] = {}
_instances_lock = threading.Lock()


class Host:
    """Name the host, or one of its NUMA nodes, as a location of memory.

    ``Host()`` is the host as a whole, ``Host(numa_id=n)`` its NUMA node
    ``n``, and ``Host(is_numa_current=True)`` (or :meth:`numa_current`) the
    NUMA node of whichever thread uses it. Like :class:`Device`, each
    location has one object: ``Host() is Host()``.

    Parameters
    ----------
    numa_id : int, optional
        The NUMA node; ``None`` (the default) for the host as a whole.
    is_numa_current : bool, optional
        Whether to name the NUMA node of the calling thread.

    Raises
    ------
    ValueError
        If ``numa_id`` is not a non-negative int (``numa_id must be a
        non-negative int, got -1``), or both arguments are given
        (``numa_id and is_numa_current are mutually exclusive``).
    """

    __slots__ = ("__weakref__", "_is_numa_current", "_numa_id")

    def __new__(cls, numa_id: int | None = None, *, is_numa_current: bool = False) -> Host:
        """Return the one object for the location the arguments name."""
        if is_numa_current and numa_id is not None:
            raise ValueError("numa_id and is_numa_current are mutually exclusive")
        if numa_id is not None and (isinstance(numa_id, bool) or not isinstance(numa_id, int) or numa_id < 0):
            raise ValueError(f"numa_id must be a non-negative int, got {numa_id!r}")
        key = (numa_id, bool(is_numa_current))
        with _instances_lock:
            host = _instances.get(key)
            if host is None:
                host = object.__new__(cls)
                host._numa_id = numa_id
                host._is_numa_current = bool(is_numa_current)
                _instances[key] = host
        return host

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Host):
            return NotImplemented
        return self is other

    def __hash__(self) -> int:
        return hash((Host, self._numa_id, self._is_numa_current))

    def __reduce__(self) -> tuple[object, ...]:
        return (_host_from_parts, (self._numa_id, self._is_numa_current))

    def __repr__(self) -> str:
        if self._is_numa_current:
            return "Host.numa_current()"
        if self._numa_id is None:
            return "Host()"
        return f"Host(numa_id={self._numa_id})"

    @classmethod
    def numa_current(cls) -> Host:
        """Return the location that names the NUMA node of the calling thread."""
        return cls(is_numa_current=True)

    @property
    def is_numa_current(self) -> bool:
        """Return whether this names the NUMA node of the calling thread."""
        return self._is_numa_current

    @property
    def numa_id(self) -> int | None:
        """Return the NUMA node, or ``None`` when this names no single node."""
        return self._numa_id


def _host_from_parts(numa_id: int | None, is_numa_current: bool) -> Host:
    """Recreate an unpickled :class:`Host` from the parts ``__reduce__`` saved."""
    return Host(numa_id, is_numa_current=is_numa_current)
