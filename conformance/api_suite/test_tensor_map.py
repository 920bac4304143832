# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""TensorMapDescriptor and StridedMemoryView.as_tensor_map, common to every cuda.core.

The arrays are device buffers seen through the CUDA Array Interface, so no
array library is needed. Tensor maps need a Hopper (compute capability 9.0)
or later GPU: the GPU tests skip, naming the capability, on older ones.
"""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

import cuda.core
from cuda.core import (
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Program,
    ProgramOptions,
    TensorMapDescriptor,
    TensorMapDescriptorOptions,
    launch,
)
from cuda.core._tensor_map import TensorMapInterleave, TensorMapOOBFill, TensorMapSwizzle
from cuda.core.utils import StridedMemoryView

ROWS = 64
COLS = 64

# Copies the 128 bytes of the descriptor a kernel receives, to see that
# launch passes the descriptor itself, by value.
COPY_MAP = r"""
struct __align__(64) TensorMapBytes { unsigned long long words[16]; };

extern "C" __global__ void copy_map(const __grid_constant__ TensorMapBytes map, unsigned long long* out) {
    if (threadIdx.x < 16) {
        out[threadIdx.x] = map.words[threadIdx.x];
    }
}
"""


class CudaArray:
    """Expose ``shape`` float32 elements at an address through the CUDA Array Interface."""

    def __init__(self, address: int, shape: tuple[int, ...], owner: object) -> None:
        self.owner = owner
        self.__cuda_array_interface__ = {
            "shape": shape,
            "typestr": "<f4",
            "data": (address, False),
            "strides": None,
            "version": 3,
        }


@pytest.fixture
def hopper(device):
    """Return the device if it has a TMA unit; skip, naming its capability, otherwise."""
    major, minor = device.compute_capability
    if major < 9:
        pytest.skip(f"tensor maps need compute capability 9.0, the device has {major}.{minor}")
    return device


def _view(device, offset: int = 0, shape: tuple[int, ...] = (ROWS, COLS)):
    """Return a view of a new float32 device array of ``shape``, ``offset`` bytes into its buffer.

    The buffer is allocated, and freed when the view is collected, on the
    device's default stream, which outlives every test's own stream.
    """
    buf = device.memory_resource.allocate(4 * int(np.prod(shape)) + 256, stream=device.default_stream)
    device.default_stream.sync()
    return StridedMemoryView.from_cuda_array_interface(CudaArray(int(buf.handle) + offset, shape, buf), stream_ptr=-1)


def test_public_names() -> None:
    for name in ("TensorMapDescriptor", "TensorMapDescriptorOptions"):
        assert name in cuda.core.__all__
        assert hasattr(cuda.core, name)
    assert hasattr(StridedMemoryView, "as_tensor_map")


def test_descriptors_are_not_instantiated_directly() -> None:
    with pytest.raises(RuntimeError):
        TensorMapDescriptor()


def test_options_defaults_and_normalization() -> None:
    options = TensorMapDescriptorOptions(box_dim=[16, 32])
    assert options.box_dim == (16, 32)
    assert options.element_strides is None
    assert options.data_type is None
    assert options.interleave is TensorMapInterleave.NONE
    assert options.swizzle is TensorMapSwizzle.NONE
    assert options.oob_fill is TensorMapOOBFill.NONE
    assert TensorMapDescriptorOptions(box_dim=(8,), element_strides=[1]).element_strides == (1,)
    assert TensorMapDescriptorOptions(box_dim=(8,), data_type="float32").data_type == np.dtype(np.float32)


def test_options_refuse_wrong_types() -> None:
    with pytest.raises(TypeError, match=r"box_dim\[1\] must be an int"):
        TensorMapDescriptorOptions(box_dim=(16, 1.5))
    with pytest.raises(TypeError, match="box_dim must be a tuple of ints"):
        TensorMapDescriptorOptions(box_dim=16)
    with pytest.raises(TypeError, match="swizzle must be a TensorMapSwizzle"):
        TensorMapDescriptorOptions(box_dim=(16,), swizzle=0)


@pytest.mark.gpu
def test_tiled_descriptor_of_a_2d_array(hopper) -> None:
    view = _view(hopper)
    desc = view.as_tensor_map(box_dim=(16, 16))
    assert isinstance(desc, TensorMapDescriptor)
    assert desc.device == hopper
    options = TensorMapDescriptorOptions(box_dim=(8, 32), swizzle=TensorMapSwizzle.SWIZZLE_128B)
    assert isinstance(view.as_tensor_map(options=options), TensorMapDescriptor)
    assert isinstance(view.as_tensor_map(options={"box_dim": (4, 4)}), TensorMapDescriptor)
    desc.replace_address(_view(hopper))


@pytest.mark.gpu
def test_tiled_descriptor_refuses_bad_arguments(hopper) -> None:
    view = _view(hopper)
    with pytest.raises(TypeError, match="not both"):
        view.as_tensor_map((16, 16), options=TensorMapDescriptorOptions(box_dim=(16, 16)))
    with pytest.raises(TypeError, match="box_dim is required"):
        view.as_tensor_map()
    with pytest.raises(ValueError, match=r"box_dim\[0\] must be in \[1, 256\]"):
        view.as_tensor_map(box_dim=(0, 16))
    with pytest.raises(ValueError, match="box_dim must have 2 elements"):
        view.as_tensor_map(box_dim=(16,))
    with pytest.raises(ValueError, match="16-byte aligned"):
        _view(hopper, offset=4).as_tensor_map(box_dim=(16, 16))


@pytest.mark.gpu
def test_launch_passes_the_descriptor_by_value(hopper, stream) -> None:
    program = Program(COPY_MAP, "c++", ProgramOptions(arch=f"sm_{hopper.arch}"))
    kernel = program.compile("cubin").get_kernel("copy_map")
    pinned = LegacyPinnedMemoryResource()
    out = pinned.allocate(128)
    config = LaunchConfig(grid=1, block=32)

    def received(desc) -> bytes:
        ctypes.memset(int(out.handle), 0, 128)
        launch(stream, config, kernel, desc, out)
        stream.sync()
        return ctypes.string_at(int(out.handle), 128)

    first = _view(hopper)
    desc = first.as_tensor_map(box_dim=(16, 16))
    before = received(desc)
    assert before != bytes(128)
    assert received(desc) == before
    desc.replace_address(_view(hopper))
    assert received(desc) != before
    out.close()
