# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The shape of a kernel launch: grid, clusters, blocks and shared memory."""

from __future__ import annotations

from libc.string cimport memset
from cuda.bindings cimport cydriver

import operator

__all__ = ["LaunchConfig"]

_MAX_DIMENSIONS = 3
"""Grids, clusters and blocks have at most three dimensions."""

_MAX_DIMENSION_SIZE = 0xFFFFFFFF
"""The largest size of one dimension the driver can be given (an unsigned int)."""


cdef class LaunchConfig:
    """Describe how a kernel is launched: its grid, clusters, blocks and shared memory.

    Dimensions are given as an int or a tuple of one to three ints, and
    stored as three-tuples (missing dimensions are 1). When ``cluster`` is
    given, ``grid`` counts clusters, not blocks: the hierarchy is grid
    (of clusters), cluster (of blocks), block (of threads).

    Parameters
    ----------
    grid : int or tuple of int
        The number of blocks, or of clusters when ``cluster`` is given.
    cluster : int or tuple of int, optional
        The number of blocks in a thread block cluster (compute capability
        9.0 and newer).
    block : int or tuple of int
        The number of threads in a block.
    shmem_size : int, optional
        The bytes of dynamic shared memory per block; 0 by default.
    is_cooperative : bool, optional
        Whether to launch the kernel cooperatively, so that all of its blocks
        can synchronize with each other.
    programmatic_stream_serialization : bool, optional
        Whether the kernel may start before the previous kernel on its stream
        has finished (programmatic dependent launch).

    Attributes
    ----------
    grid : tuple of int
        The grid, as a three-tuple.
    cluster : tuple of int or None
        The cluster, as a three-tuple, or ``None``.
    block : tuple of int
        The block, as a three-tuple.
    shmem_size : int
        The bytes of dynamic shared memory per block.
    is_cooperative : bool
        Whether the launch is cooperative.
    programmatic_stream_serialization : bool
        Whether programmatic dependent launch is allowed.

    Raises
    ------
    TypeError
        If a dimension or ``shmem_size`` is not an int.
    ValueError
        If ``grid`` or ``block`` is missing, a dimension is below 1 or too
        large, a tuple has more than three dimensions, or ``shmem_size`` is
        negative.
    """

    def __init__(
        self,
        grid: int | tuple[int, ...] | None = None,
        cluster: int | tuple[int, ...] | None = None,
        block: int | tuple[int, ...] | None = None,
        shmem_size: int | None = None,
        is_cooperative: bool = False,
        programmatic_stream_serialization: bool = False,
    ) -> None:
        self.grid = dimensions_argument(grid, "grid")
        self.cluster = None if cluster is None else dimensions_argument(cluster, "cluster")
        self.block = dimensions_argument(block, "block")
        self.shmem_size = shared_memory_argument(shmem_size)
        self.is_cooperative = is_cooperative
        self.programmatic_stream_serialization = programmatic_stream_serialization

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LaunchConfig):
            return NotImplemented
        return LaunchConfig_identity(self) == LaunchConfig_identity(<LaunchConfig>other)

    def __hash__(self) -> int:
        return hash(LaunchConfig_identity(self))

    def __repr__(self) -> str:
        return (
            f"LaunchConfig(grid={self.grid}, cluster={self.cluster}, block={self.block}, "
            f"shmem_size={self.shmem_size}, is_cooperative={bool(self.is_cooperative)}, "
            f"programmatic_stream_serialization={bool(self.programmatic_stream_serialization)})"
        )


cdef tuple LaunchConfig_identity(LaunchConfig self):
    """Return the values that make two launch configurations equal."""
    return (
        self.grid,
        self.cluster,
        self.block,
        self.shmem_size,
        bool(self.is_cooperative),
        bool(self.programmatic_stream_serialization),
    )


cdef int LaunchConfig_to_native(
    LaunchConfig self, cydriver.CUlaunchConfig* config, cydriver.CUlaunchAttribute* attributes
) except -1:
    """Fill the driver's launch configuration (all but its stream) from ``self``.

    ``attributes`` must have room for ``MAX_LAUNCH_ATTRIBUTES`` entries. The
    dimensions are checked again: the attributes of a configuration are
    public and may have been replaced since it was created.
    """
    grid = dimensions_argument(self.grid, "grid")
    block = dimensions_argument(self.block, "block")
    cluster = None if self.cluster is None else dimensions_argument(self.cluster, "cluster")
    if cluster is not None:
        # The grid counts clusters; the driver wants blocks.
        grid = tuple(g * c for g, c in zip(grid, cluster))
    memset(config, 0, sizeof(cydriver.CUlaunchConfig))
    memset(attributes, 0, MAX_LAUNCH_ATTRIBUTES * sizeof(cydriver.CUlaunchAttribute))
    config.gridDimX = grid[0]
    config.gridDimY = grid[1]
    config.gridDimZ = grid[2]
    config.blockDimX = block[0]
    config.blockDimY = block[1]
    config.blockDimZ = block[2]
    config.sharedMemBytes = self.shmem_size
    cdef unsigned int count = 0
    if cluster is not None:
        attributes[count].id = cydriver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attributes[count].value.clusterDim.x = cluster[0]
        attributes[count].value.clusterDim.y = cluster[1]
        attributes[count].value.clusterDim.z = cluster[2]
        count += 1
    if self.is_cooperative:
        attributes[count].id = cydriver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_COOPERATIVE
        attributes[count].value.cooperative = 1
        count += 1
    if self.programmatic_stream_serialization:
        attributes[count].id = cydriver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION
        attributes[count].value.programmaticStreamSerializationAllowed = 1
        count += 1
    config.attrs = attributes
    config.numAttrs = count
    return 0


cdef tuple dimensions_argument(object value, str name):
    """Return a grid, cluster or block argument as a three-tuple of ints."""
    if value is None:
        raise ValueError(f"LaunchConfig.{name} is required: give an int or a tuple of 1 to 3 ints")
    dims = value if isinstance(value, tuple) else (value,)
    if not 1 <= len(dims) <= _MAX_DIMENSIONS:
        raise ValueError(f"LaunchConfig.{name} must have 1 to {_MAX_DIMENSIONS} dimensions, got {len(dims)}: {value!r}")
    result = []
    for dim in dims:
        if isinstance(dim, bool):
            raise TypeError(f"LaunchConfig.{name} dimensions must be ints, got a bool in {value!r}")
        try:
            size = operator.index(dim)
        except TypeError:
            raise TypeError(
                f"LaunchConfig.{name} must be an int or a tuple of ints, got {type(dim).__name__} in {value!r}"
            ) from None
        if not 1 <= size <= _MAX_DIMENSION_SIZE:
            raise ValueError(f"LaunchConfig.{name} dimensions must be in [1, {_MAX_DIMENSION_SIZE}], got {value!r}")
        result.append(size)
    result.extend([1] * (_MAX_DIMENSIONS - len(result)))
    return tuple(result)


cdef unsigned int shared_memory_argument(object shmem_size) except? 0:
    """Return the ``shmem_size`` argument as a C unsigned int (``None`` is 0)."""
    if shmem_size is None:
        return 0
    if isinstance(shmem_size, bool):
        raise TypeError("LaunchConfig.shmem_size must be an int, got a bool")
    try:
        size = operator.index(shmem_size)
    except TypeError:
        raise TypeError(f"LaunchConfig.shmem_size must be an int, got {type(shmem_size).__name__}") from None
    if not 0 <= size <= _MAX_DIMENSION_SIZE:
        raise ValueError(f"LaunchConfig.shmem_size must be in [0, {_MAX_DIMENSION_SIZE}] bytes, got {size}")
    return size
