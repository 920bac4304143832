# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""VirtualMemoryResource.modify_allocation of the reference: growing keeps the contents.

Reference-only: the reference records every address range and mapping of an
allocation, so a grown buffer frees cleanly; upstream's deallocation assumes
one mapping per buffer.
"""

from __future__ import annotations

import ctypes

import pytest

from cuda.core import LegacyPinnedMemoryResource, VirtualMemoryResource, VirtualMemoryResourceOptions


def _resource(device) -> VirtualMemoryResource:
    """Return a VirtualMemoryResource of ``device`` with the minimum granularity, or skip."""
    if not device.properties.virtual_memory_management_supported:
        pytest.skip("the device does not support virtual memory management")
    return VirtualMemoryResource(device, VirtualMemoryResourceOptions(granularity="minimum", handle_type=None))


def _read_back(buffer, stream, size: int) -> bytes:
    """Return the first ``size`` bytes of a device buffer, copied through pinned host memory."""
    host = LegacyPinnedMemoryResource().allocate(size)
    host.copy_from(_prefix(buffer, size), stream=stream)
    stream.sync()
    data = ctypes.string_at(int(host.handle), size)
    host.close()
    return data


def _prefix(buffer, size: int):
    """Return a buffer that borrows the first ``size`` bytes of ``buffer``."""
    from cuda.core import Buffer

    return Buffer.from_handle(int(buffer.handle), size, owner=buffer)


@pytest.mark.gpu
def test_growing_keeps_the_contents_and_frees_cleanly(device, stream) -> None:
    mr = _resource(device)
    buf = mr.allocate(1)
    step = buf.size
    buf.fill(0x5A, stream=stream)
    stream.sync()
    grown = mr.modify_allocation(buf, 3 * step)
    assert grown.size == 3 * step
    if grown is not buf:
        # Moved to a new address range: the old buffer let go of the memory.
        assert buf.is_closed
    assert _read_back(grown, stream, step) == b"\x5a" * step
    grown.fill(0x17, stream=stream)
    assert _read_back(grown, stream, 3 * step) == b"\x17" * (3 * step)
    # A block in the way forces the next growth to move the allocation.
    blocker = mr.allocate(1)
    bigger = mr.modify_allocation(grown, 5 * step)
    assert bigger.size == 5 * step
    assert _read_back(bigger, stream, 3 * step) == b"\x17" * (3 * step)
    bigger.fill(0x29, stream=stream)
    assert _read_back(bigger, stream, 5 * step) == b"\x29" * (5 * step)
    # Not growing changes nothing but the access.
    assert mr.modify_allocation(bigger, step) is bigger
    assert bigger.size == 5 * step
    bigger.close()
    blocker.close()
    stream.sync()


def test_modify_allocation_refuses_other_objects() -> None:
    mr = VirtualMemoryResource.__new__(VirtualMemoryResource)
    with pytest.raises(TypeError, match="buf must be a Buffer"):
        mr.modify_allocation(object(), 16)
