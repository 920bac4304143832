# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The soak's kernel and its host side: compile it, and read device memory back through pinned memory."""

from __future__ import annotations

import ctypes

__all__ = ["SPIN_NAME", "STAMP", "STAMP_NAME", "compile_stamp", "read_back"]

STAMP_NAME = "stamp"
"""The kernel's name."""

SPIN_NAME = "spin"
"""The kernel that keeps the device busy: queued before other work, it holds that work back."""

STAMP = r"""
extern "C" __global__ void stamp(unsigned int* out, unsigned int value, unsigned int n) {
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = value + i;
    }
}

extern "C" __global__ void spin(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
}
"""
"""``stamp`` writes ``value + i`` to element ``i``: each thread of the soak stamps its own value.
``spin`` runs for ``cycles`` clock cycles of its multiprocessor and writes nothing."""


def compile_stamp(device: object) -> tuple[object, object, object]:
    """Compile :data:`STAMP` for ``device`` and load it.

    Parameters
    ----------
    device : cuda.core.Device
        The device, current on the calling thread.

    Returns
    -------
    tuple
        The ``Program``, its ``ObjectCode`` (a cubin) and the ``Kernel``.
    """
    from cuda.core import Program, ProgramOptions

    program = Program(STAMP, "c++", ProgramOptions(arch=f"sm_{device.arch}"))
    code = program.compile("cubin")
    return program, code, code.get_kernel(STAMP_NAME)


def read_back(pinned: object) -> bytes:
    """Return the contents of a pinned host buffer (once the stream that wrote it has been synchronized).

    Parameters
    ----------
    pinned : cuda.core.Buffer
        A buffer of ``LegacyPinnedMemoryResource``.

    Returns
    -------
    bytes
        Its contents.
    """
    return ctypes.string_at(int(pinned.handle), pinned.size)
