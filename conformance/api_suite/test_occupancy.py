# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Occupancy queries of a kernel (``Kernel.occupancy``), common to every cuda.core."""

from __future__ import annotations

import inspect

import pytest

from cuda.core import LaunchConfig, Program, ProgramOptions
from cuda.core._module import KernelOccupancy

KERNEL = r"""
extern "C" __global__ void touch(float* out) {
    extern __shared__ float scratch[];
    scratch[threadIdx.x] = 1.0f;
    out[blockIdx.x * blockDim.x + threadIdx.x] = scratch[threadIdx.x];
}
"""


@pytest.fixture
def kernel(device):
    """Return a small kernel compiled for the device."""
    program = Program(KERNEL, "c++", ProgramOptions(arch=f"sm_{device.arch}"))
    yield program.compile("cubin").get_kernel("touch")
    program.close()


def test_occupancy_signatures() -> None:
    def params(name):
        return [(p.name, p.kind.name) for p in inspect.signature(getattr(KernelOccupancy, name)).parameters.values()]

    assert params("max_active_blocks_per_multiprocessor") == [
        ("self", "POSITIONAL_OR_KEYWORD"),
        ("block_size", "POSITIONAL_OR_KEYWORD"),
        ("dynamic_shared_memory_size", "POSITIONAL_OR_KEYWORD"),
    ]
    assert params("max_potential_block_size") == [
        ("self", "POSITIONAL_OR_KEYWORD"),
        ("dynamic_shared_memory_needed", "POSITIONAL_OR_KEYWORD"),
        ("block_size_limit", "POSITIONAL_OR_KEYWORD"),
    ]
    assert params("available_dynamic_shared_memory_per_block") == [
        ("self", "POSITIONAL_OR_KEYWORD"),
        ("num_blocks_per_multiprocessor", "POSITIONAL_OR_KEYWORD"),
        ("block_size", "POSITIONAL_OR_KEYWORD"),
    ]
    for name in ("max_potential_cluster_size", "max_active_clusters"):
        assert params(name) == [
            ("self", "POSITIONAL_OR_KEYWORD"),
            ("config", "POSITIONAL_OR_KEYWORD"),
            ("stream", "KEYWORD_ONLY"),
        ]


def test_occupancy_is_not_instantiated_directly() -> None:
    with pytest.raises(RuntimeError):
        KernelOccupancy()


@pytest.mark.gpu
def test_max_active_blocks(device, kernel) -> None:
    occupancy = kernel.occupancy
    assert isinstance(occupancy, KernelOccupancy)
    blocks = occupancy.max_active_blocks_per_multiprocessor(128, 128 * 4)
    assert isinstance(blocks, int)
    assert 1 <= blocks <= device.properties.max_blocks_per_multiprocessor
    assert blocks * 128 <= device.properties.max_threads_per_multiprocessor


@pytest.mark.gpu
def test_max_potential_block_size(device, kernel) -> None:
    result = kernel.occupancy.max_potential_block_size(0, 0)
    min_grid_size, max_block_size = result
    assert result.min_grid_size == min_grid_size >= 1
    assert result.max_block_size == max_block_size
    assert 1 <= max_block_size <= device.properties.max_threads_per_block
    limited = kernel.occupancy.max_potential_block_size(0, 64)
    assert limited.max_block_size <= 64


@pytest.mark.gpu
def test_available_dynamic_shared_memory(device, kernel) -> None:
    available = kernel.occupancy.available_dynamic_shared_memory_per_block(1, 128)
    assert isinstance(available, int)
    assert 0 < available <= device.properties.max_shared_memory_per_block_optin


@pytest.mark.gpu
def test_cluster_queries(device, kernel, stream) -> None:
    if device.compute_capability.major < 9:
        pytest.skip("thread block clusters need compute capability 9.0")
    config = LaunchConfig(grid=16, block=128, cluster=2, shmem_size=128 * 4)
    size = kernel.occupancy.max_potential_cluster_size(config, stream=stream)
    assert size >= 2
    clusters = kernel.occupancy.max_active_clusters(config, stream=stream)
    assert clusters >= 1
