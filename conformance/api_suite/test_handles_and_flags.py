# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The handles and flags that the behaviour tests elsewhere do not need, read as a user reads them.

Each is checked against what upstream documents: a handle is the driver's
object for the thing, a flag says what kind of memory or pool it is.
"""

from __future__ import annotations

import pytest

from cuda.core import (
    DeviceMemoryResource,
    LegacyPinnedMemoryResource,
    Linker,
    LinkerOptions,
    PinnedMemoryResource,
    Program,
    ProgramOptions,
)

KERNEL = 'extern "C" __global__ void noop() {}'


@pytest.mark.gpu
def test_program_object_code_and_kernel_have_driver_handles(device) -> None:
    program = Program(KERNEL, "c++", ProgramOptions(arch=f"sm_{device.arch}"))
    assert program.handle is not None
    code = program.compile("cubin")
    assert program.pch_status is None  # no precompiled header was asked for
    assert code.handle is not None
    kernel = code.get_kernel("noop")
    assert int(kernel.handle) != 0
    program.close()


@pytest.mark.gpu
def test_a_linker_names_its_backend_and_has_a_handle(device) -> None:
    ptx = Program(KERNEL, "c++", ProgramOptions(arch=f"sm_{device.arch}", relocatable_device_code=True)).compile("ptx")
    assert str(Linker.which_backend()).lower() in ("nvjitlink", "driver")
    linker = Linker(ptx, options=LinkerOptions(arch=f"sm_{device.arch}"))
    assert linker.handle is not None
    linked = linker.link("cubin")
    assert linked.get_kernel("noop") is not None
    linker.close()


@pytest.mark.gpu
def test_pools_say_what_they_are(device, stream) -> None:
    pool = DeviceMemoryResource(device)
    assert pool.is_managed is False
    assert pool.is_ipc_enabled is False
    assert pool.is_mapped is False
    assert pool.uuid is None
    assert pool.handle is not None
    assert pool.is_closed is False
    buffer = pool.allocate(256, stream=stream)
    assert buffer.is_mapped is False
    buffer.close(stream)
    stream.sync()
    pinned = PinnedMemoryResource()
    assert pinned.is_managed is False
    assert pinned.handle is not None
    assert pinned.uuid is None
    pinned.close()
    assert pinned.is_closed


@pytest.mark.gpu
def test_legacy_pinned_memory_belongs_to_no_device(device) -> None:
    with pytest.raises(RuntimeError):
        _ = LegacyPinnedMemoryResource().device_id
