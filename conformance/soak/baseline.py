# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The baseline a churn must return to: device memory, the pool, Python objects and file descriptors.

:func:`take` reads the resources of this process and its device;
:func:`compare` says which of them did not return to their baseline
within :class:`soak_settings.Tolerances`, and needs no GPU.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import sys
from collections import Counter
from collections.abc import Mapping

from soak_settings import Tolerances

__all__ = ["Snapshot", "compare", "cuda_core_object_counts", "take"]


@dataclasses.dataclass(frozen=True)
class Snapshot:
    """The resources of the process at one moment.

    Parameters
    ----------
    device_free_bytes : int
        Free device memory, as ``cuMemGetInfo`` reports it.
    pool_used_bytes : int
        The default pool's ``USED_MEM_CURRENT``.
    pool_reserved_bytes : int
        The default pool's ``RESERVED_MEM_CURRENT``, after a trim to zero.
    objects : int
        Objects the garbage collector tracks, after a collection.
    cuda_core_objects : dict of str to int
        Of those, the count of each type defined in ``cuda.core``.
    allocated_blocks : int
        ``sys.getallocatedblocks()``.
    fds : int
        Open file descriptors (entries of ``/proc/self/fd``).
    """

    device_free_bytes: int
    pool_used_bytes: int
    pool_reserved_bytes: int
    objects: int
    cuda_core_objects: dict[str, int]
    allocated_blocks: int
    fds: int

    def as_dict(self) -> dict[str, object]:
        """Return the snapshot as the report records it.

        Returns
        -------
        dict
            Every field, by name.
        """
        return dataclasses.asdict(self)


def take(device: object) -> Snapshot:
    """Return a snapshot, once the device is idle and its default pool trimmed to zero.

    Parameters
    ----------
    device : cuda.core.Device
        The device, current on the calling thread.

    Returns
    -------
    Snapshot
        The snapshot.
    """
    from cuda.bindings import driver

    device.sync()
    pool = _call(driver.cuDeviceGetMemPool(driver.CUdevice(int(device.device_id))))
    _call(driver.cuMemPoolTrimTo(pool, 0))
    attribute = driver.CUmemPool_attribute
    used = int(_call(driver.cuMemPoolGetAttribute(pool, attribute.CU_MEMPOOL_ATTR_USED_MEM_CURRENT)))
    reserved = int(_call(driver.cuMemPoolGetAttribute(pool, attribute.CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT)))
    free, _total = _call(driver.cuMemGetInfo())
    gc.collect()
    objects = gc.get_objects()
    counts = cuda_core_object_counts(objects)
    count = len(objects)
    del objects
    return Snapshot(
        device_free_bytes=int(free),
        pool_used_bytes=used,
        pool_reserved_bytes=reserved,
        objects=count,
        cuda_core_objects=counts,
        allocated_blocks=sys.getallocatedblocks(),
        fds=_open_fds(),
    )


def cuda_core_object_counts(objects: list[object]) -> dict[str, int]:
    """Return how many of ``objects`` are of each type that ``cuda.core`` defines.

    Parameters
    ----------
    objects : list
        Objects, as ``gc.get_objects()`` returns them.

    Returns
    -------
    dict of str to int
        ``module.Type`` to count, sorted by name.
    """
    counts: Counter[str] = Counter()
    for item in objects:
        kind = type(item)
        module = getattr(kind, "__module__", None)
        if isinstance(module, str) and (module == "cuda.core" or module.startswith("cuda.core.")):
            counts[f"{module}.{kind.__qualname__}"] += 1
    return dict(sorted(counts.items()))


def compare(before: Snapshot | Mapping, after: Snapshot | Mapping, tolerances: Tolerances) -> list[str]:
    """Return what did not return to its baseline within its tolerance; nothing when all did.

    Memory is compared by what is missing (free device memory lost, pool
    memory gained); counts by their growth. A resource that ends below its
    baseline (fewer objects, more free memory) has returned.

    Parameters
    ----------
    before, after : Snapshot or mapping
        The baseline and the snapshot after the churn (or their dicts).
    tolerances : Tolerances
        How far each may be off.

    Returns
    -------
    list of str
        One sentence per resource that did not return.
    """
    first = before.as_dict() if isinstance(before, Snapshot) else dict(before)
    last = after.as_dict() if isinstance(after, Snapshot) else dict(after)
    problems = []
    lost = first["device_free_bytes"] - last["device_free_bytes"]
    if lost > tolerances.device_free_bytes:
        problems.append(
            f"device memory: {lost} bytes fewer free than at the baseline (tolerance {tolerances.device_free_bytes})"
        )
    for name in ("pool_used_bytes", "pool_reserved_bytes", "objects", "allocated_blocks", "fds"):
        grown = last[name] - first[name]
        allowed = getattr(tolerances, name)
        if grown > allowed:
            problems.append(f"{name}: grew by {grown}, from {first[name]} to {last[name]} (tolerance {allowed})")
    kinds = sorted(set(first["cuda_core_objects"]) | set(last["cuda_core_objects"]))
    for kind in kinds:
        grown = last["cuda_core_objects"].get(kind, 0) - first["cuda_core_objects"].get(kind, 0)
        if grown > tolerances.cuda_core_objects:
            problems.append(
                f"{kind} objects: {grown} more than at the baseline (tolerance {tolerances.cuda_core_objects})"
            )
    return problems


def _open_fds() -> int:
    """Return the number of file descriptors this process has open."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return -1


def _call(result: tuple) -> object:
    """Return a driver call's value, raising if the call failed."""
    from cuda.bindings import driver

    err, *rest = result
    if err != driver.CUresult.CUDA_SUCCESS:
        raise RuntimeError(f"driver call failed: {err.name}")  # noqa: ERR007 - any cuda.core: none of its types
    if not rest:
        return None
    return rest[0] if len(rest) == 1 else tuple(rest)
