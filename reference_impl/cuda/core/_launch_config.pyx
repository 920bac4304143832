# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The shape of a kernel launch: grid, clusters, blocks and shared memory."""

from __future__ import annotations

from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport type_name

import operator

from cuda.core._device import Device
from cuda.core._utils.cuda_utils import CUDAError

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

    Raises
    ------
    CUDAError
        If ``is_cooperative`` is true and the current device (see
        :class:`Device`) cannot launch cooperative kernels.
    TypeError
        If a dimension or ``shmem_size`` is not an int; for ``shmem_size``
        in Cython's words: ``Argument 'shmem_size' has incorrect type
        (expected int, got str)``. A ``bool`` or a ``float`` is refused too,
        never truncated.
    ValueError
        If ``grid`` or ``block`` is missing, a dimension is below 1 or too
        large, a tuple has more than three dimensions, or ``shmem_size`` is
        negative.

    Notes
    -----
    A configuration that is not cooperative is checked without the driver;
    a cooperative one asks the current device whether it supports
    cooperative launches, once, when the configuration is made.
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
        """Validate the dimensions and prepare the driver's form of the configuration."""
        self._grid = dimensions_argument(grid, "grid")
        self._cluster = None if cluster is None else dimensions_argument(cluster, "cluster")
        self._block = dimensions_argument(block, "block")
        self._shmem_size = shared_memory_argument(shmem_size)
        self._is_cooperative = is_cooperative
        self._programmatic_stream_serialization = programmatic_stream_serialization
        if self._is_cooperative:
            LaunchConfig_check_cooperative()
        LaunchConfig_update_native(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LaunchConfig):
            return NotImplemented
        return LaunchConfig_identity(self) == LaunchConfig_identity(<LaunchConfig>other)

    def __hash__(self) -> int:
        return hash(LaunchConfig_identity(self))

    def __repr__(self) -> str:
        return (
            f"LaunchConfig(grid={self._grid}, cluster={self._cluster}, block={self._block}, "
            f"shmem_size={self._shmem_size}, is_cooperative={bool(self._is_cooperative)}, "
            f"programmatic_stream_serialization={bool(self._programmatic_stream_serialization)})"
        )

    @property
    def grid(self) -> tuple[int, int, int]:
        """The grid, as a three-tuple: blocks, or clusters when :attr:`cluster` is set."""
        return self._grid

    @grid.setter
    def grid(self, value: int | tuple[int, ...]) -> None:
        self._grid = dimensions_argument(value, "grid")
        LaunchConfig_update_native(self)

    @property
    def cluster(self) -> tuple[int, int, int] | None:
        """The thread block cluster, as a three-tuple, or ``None``."""
        return self._cluster

    @cluster.setter
    def cluster(self, value: int | tuple[int, ...] | None) -> None:
        self._cluster = None if value is None else dimensions_argument(value, "cluster")
        LaunchConfig_update_native(self)

    @property
    def block(self) -> tuple[int, int, int]:
        """The block, as a three-tuple of threads."""
        return self._block

    @block.setter
    def block(self, value: int | tuple[int, ...]) -> None:
        self._block = dimensions_argument(value, "block")
        LaunchConfig_update_native(self)

    @property
    def shmem_size(self) -> int:
        """The bytes of dynamic shared memory per block."""
        return self._shmem_size

    @shmem_size.setter
    def shmem_size(self, value: int | None) -> None:
        self._shmem_size = shared_memory_argument(value)
        LaunchConfig_update_native(self)

    @property
    def is_cooperative(self) -> bool:
        """Whether the launch is cooperative."""
        return self._is_cooperative

    @is_cooperative.setter
    def is_cooperative(self, value: bool) -> None:
        self._is_cooperative = value
        LaunchConfig_update_native(self)

    @property
    def programmatic_stream_serialization(self) -> bool:
        """Whether programmatic dependent launch is allowed."""
        return self._programmatic_stream_serialization

    @programmatic_stream_serialization.setter
    def programmatic_stream_serialization(self, value: bool) -> None:
        self._programmatic_stream_serialization = value
        LaunchConfig_update_native(self)


cdef int LaunchConfig_check_cooperative() except -1:
    """Raise :class:`CUDAError` unless the current device can launch cooperative kernels."""
    if not Device().properties.cooperative_launch:
        raise CUDAError("cooperative kernels are not supported on this device")
    return 0


cdef tuple LaunchConfig_identity(LaunchConfig self):
    """Return the values that make two launch configurations equal."""
    return (
        self._grid,
        self._cluster,
        self._block,
        self._shmem_size,
        bool(self._is_cooperative),
        bool(self._programmatic_stream_serialization),
    )


cdef int LaunchConfig_to_native(LaunchConfig self, cydriver.CUlaunchConfig* config) except -1:
    """Fill the driver's launch configuration (all but its stream) from ``self``.

    The driver form is kept up to date by every change to the
    configuration, so a launch only copies it. ``config.attrs`` points into
    ``self``, which must stay alive until the launch call returns.
    """
    config[0] = self._native
    config.attrs = self._native_attributes
    return 0


cdef int LaunchConfig_update_native(LaunchConfig self) except -1:
    """Rebuild the driver form of ``self`` from its validated fields."""
    cdef cydriver.CUlaunchConfig* config = &self._native
    cdef cydriver.CUlaunchAttribute* attributes = self._native_attributes
    grid = self._grid
    block = self._block
    cluster = self._cluster
    if cluster is not None:
        # The grid counts clusters; the driver wants blocks.
        grid = tuple(g * c for g, c in zip(grid, cluster))
        for size in grid:
            if size > _MAX_DIMENSION_SIZE:
                raise ValueError(
                    f"LaunchConfig.grid {self._grid} of clusters {cluster} has more than "
                    f"{_MAX_DIMENSION_SIZE} blocks in a dimension"
                )
    memset(config, 0, sizeof(cydriver.CUlaunchConfig))
    memset(attributes, 0, MAX_LAUNCH_ATTRIBUTES * sizeof(cydriver.CUlaunchAttribute))
    config.gridDimX = grid[0]
    config.gridDimY = grid[1]
    config.gridDimZ = grid[2]
    config.blockDimX = block[0]
    config.blockDimY = block[1]
    config.blockDimZ = block[2]
    config.sharedMemBytes = self._shmem_size
    cdef unsigned int count = 0
    if cluster is not None:
        attributes[count].id = cydriver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attributes[count].value.clusterDim.x = cluster[0]
        attributes[count].value.clusterDim.y = cluster[1]
        attributes[count].value.clusterDim.z = cluster[2]
        count += 1
    if self._is_cooperative:
        attributes[count].id = cydriver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_COOPERATIVE
        attributes[count].value.cooperative = 1
        count += 1
    if self._programmatic_stream_serialization:
        attributes[count].id = (
            cydriver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION
        )
        attributes[count].value.programmaticStreamSerializationAllowed = 1
        count += 1
    config.numAttrs = count
    return 0


cdef tuple dimensions_argument(object value, str name):
    """Return a grid, cluster or block argument as a three-tuple of ints."""
    if value is None:
        raise ValueError(f"LaunchConfig.{name} is required: give an int or a tuple of 1 to 3 ints")
    dims = value if isinstance(value, tuple) else (value,)
    if not 1 <= len(dims) <= _MAX_DIMENSIONS:
        raise ValueError(
            f"LaunchConfig.{name} must have 1 to {_MAX_DIMENSIONS} dimensions, "
            f"got {len(dims)}: {value!r}"
        )
    result = []
    for dim in dims:
        if isinstance(dim, bool):
            raise TypeError(f"LaunchConfig.{name} dimensions must be ints, got a bool in {value!r}")
        try:
            size = operator.index(dim)
        except TypeError:
            raise TypeError(
                f"LaunchConfig.{name} must be an int or a tuple of ints, "
                f"got {type(dim).__name__} in {value!r}"
            ) from None
        if not 1 <= size <= _MAX_DIMENSION_SIZE:
            raise ValueError(
                f"LaunchConfig.{name} dimensions must be in [1, {_MAX_DIMENSION_SIZE}], "
                f"got {value!r}"
            )
        result.append(size)
    result.extend([1] * (_MAX_DIMENSIONS - len(result)))
    return tuple(result)


cdef unsigned int shared_memory_argument(object shmem_size) except? 0:
    """Return the ``shmem_size`` argument as a C unsigned int (``None`` is 0)."""
    if shmem_size is None:
        return 0
    size = None
    if not isinstance(shmem_size, bool):
        try:
            size = operator.index(shmem_size)
        except TypeError:
            pass
    if size is None:
        # Cython's words for a typed argument, which upstream's users match on.
        raise TypeError(
            "Argument 'shmem_size' has incorrect type "
            f"(expected int, got {type_name(type(shmem_size))})"
        )
    if not 0 <= size <= _MAX_DIMENSION_SIZE:
        raise ValueError(
            f"LaunchConfig.shmem_size must be in [0, {_MAX_DIMENSION_SIZE}] bytes, got {size}"
        )
    return size
