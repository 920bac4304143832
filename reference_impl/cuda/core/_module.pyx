# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Compiled device code, and the kernels in it.

An :class:`ObjectCode` holds compiled code (cubin, PTX, fatbin, LTO IR and
the like) and loads it with the driver's context-independent library API the
first time one of its kernels is asked for. A :class:`Kernel` is a function
of such a library, ready for :func:`launch`.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._launch_config cimport LaunchConfig, LaunchConfig_to_native
from cuda.core._stream cimport Stream, Stream_check_open
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_argument_type, index_argument

from collections import namedtuple
from cuda.bindings import driver
import os
import threading

from cuda.core._device import Device

__all__ = [
    "Kernel",
    "KernelAttributes",
    "KernelOccupancy",
    "MaxPotentialBlockSizeOccupancyResult",
    "ObjectCode",
    "ParamInfo",
]

MaxPotentialBlockSizeOccupancyResult = namedtuple(
    "MaxPotentialBlockSizeOccupancyResult", ["min_grid_size", "max_block_size"]
)
"""The smallest grid and the largest block that together reach a kernel's best occupancy."""

ParamInfo = namedtuple("ParamInfo", ["offset", "size"])
"""The offset and the size, in bytes, of one parameter of a kernel."""

_LOADABLE_CODE_TYPES = ("cubin", "ptx", "fatbin")
"""The kinds of code the driver loads directly; the others must be linked first."""

_load_lock = threading.Lock()


cdef class ObjectCode:
    """Hold compiled device code, and load it when a kernel is needed.

    Object codes come from :meth:`Program.compile`, :meth:`Linker.link` and
    the ``from_*`` factories, not from calling the class. Cubin, PTX and
    fatbin code is loaded on the first :meth:`get_kernel` (or :attr:`handle`);
    LTO IR, objects and libraries are inputs for a :class:`Linker`.

    A loaded library stays loaded for the rest of the process: kernels taken
    from it may still be running when the object code is garbage collected.

    An object code can be pickled: the copy has the same code (its bytes, or
    the path of its file), kind, name and symbol mapping, and loads a library
    of its own when it needs one.

    Object codes compare equal, and hash alike, when they hold the same
    loaded library; comparing or hashing one loads it.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`from_cubin`."""
        raise RuntimeError(
            "ObjectCode objects cannot be instantiated directly. "
            "Please use ObjectCode APIs (from_cubin, from_ptx) or Program APIs (compile)."
        )

    def __eq__(self, other: object) -> bool:
        # Equal object codes share one loaded library. Each object code loads
        # its own, so only an object code and itself compare equal.
        if not isinstance(other, ObjectCode):
            return NotImplemented
        ObjectCode_load(self)
        ObjectCode_load(<ObjectCode>other)
        return <uintptr_t>self._library == <uintptr_t>(<ObjectCode>other)._library

    def __hash__(self) -> int:
        ObjectCode_load(self)
        return hash(<uintptr_t>self._library)

    def __repr__(self) -> str:
        return f"<ObjectCode code_type={self._code_type!r} name={self._name!r}>"

    def __reduce__(self) -> tuple[object, ...]:
        # Only the code travels: the copy loads its own library when it needs one.
        return _object_code_from_parts, (
            self._module,
            self._code_type,
            self._name,
            dict(self._symbol_mapping),
        )

    @staticmethod
    def from_cubin(
        module: bytes | str | os.PathLike,
        *,
        name: str = "",
        symbol_mapping: dict[str, str] | None = None,
    ) -> ObjectCode:
        """Create an :class:`ObjectCode` from a cubin.

        Parameters
        ----------
        module : bytes, str or os.PathLike
            The cubin itself, or the path of a file that holds it.
        name : str, optional
            A name for the code, for humans.
        symbol_mapping : dict, optional
            Names (such as NVRTC name expressions) mapped to the mangled
            names :meth:`get_kernel` looks up instead.

        Returns
        -------
        ObjectCode
            The object code, not loaded yet.

        Raises
        ------
        TypeError
            If ``module``, ``name`` or ``symbol_mapping`` has the wrong type;
            for ``name`` and ``symbol_mapping`` in Cython's words:
            ``Argument 'name' has incorrect type (expected str, got int)``.
        """
        return ObjectCode_create(module, "cubin", name, symbol_mapping)

    @staticmethod
    def from_fatbin(
        module: bytes | str | os.PathLike,
        *,
        name: str = "",
        symbol_mapping: dict[str, str] | None = None,
    ) -> ObjectCode:
        """Create an :class:`ObjectCode` from a fatbin.

        Parameters
        ----------
        module : bytes, str or os.PathLike
            The fatbin itself, or the path of a file that holds it.
        name : str, optional
            A name for the code, for humans.
        symbol_mapping : dict, optional
            Names mapped to the mangled names :meth:`get_kernel` looks up.

        Returns
        -------
        ObjectCode
            The object code, not loaded yet.

        Raises
        ------
        TypeError
            If ``module``, ``name`` or ``symbol_mapping`` has the wrong type;
            for ``name`` and ``symbol_mapping`` in Cython's words:
            ``Argument 'name' has incorrect type (expected str, got int)``.
        """
        return ObjectCode_create(module, "fatbin", name, symbol_mapping)

    @staticmethod
    def from_library(
        module: bytes | str,
        *,
        name: str = "",
        symbol_mapping: dict[str, str] | None = None,
    ) -> ObjectCode:
        """Create an :class:`ObjectCode` from a library of device code, for linking.

        Parameters
        ----------
        module : bytes or str
            The library itself, or the path of a file that holds it.
        name : str, optional
            A name for the code, for humans.
        symbol_mapping : dict, optional
            Names mapped to the mangled names :meth:`get_kernel` looks up.

        Returns
        -------
        ObjectCode
            The object code.

        Raises
        ------
        TypeError
            If ``module``, ``name`` or ``symbol_mapping`` has the wrong type;
            for ``name`` and ``symbol_mapping`` in Cython's words:
            ``Argument 'name' has incorrect type (expected str, got int)``.
        """
        return ObjectCode_create(module, "library", name, symbol_mapping)

    @staticmethod
    def from_ltoir(
        module: bytes | str | os.PathLike,
        *,
        name: str = "",
        symbol_mapping: dict[str, str] | None = None,
    ) -> ObjectCode:
        """Create an :class:`ObjectCode` from LTO IR, for link-time optimization.

        Parameters
        ----------
        module : bytes, str or os.PathLike
            The LTO IR itself, or the path of a file that holds it.
        name : str, optional
            A name for the code, for humans.
        symbol_mapping : dict, optional
            Names mapped to the mangled names :meth:`get_kernel` looks up.

        Returns
        -------
        ObjectCode
            The object code.

        Raises
        ------
        TypeError
            If ``module``, ``name`` or ``symbol_mapping`` has the wrong type;
            for ``name`` and ``symbol_mapping`` in Cython's words:
            ``Argument 'name' has incorrect type (expected str, got int)``.
        """
        return ObjectCode_create(module, "ltoir", name, symbol_mapping)

    @staticmethod
    def from_object(
        module: bytes | str,
        *,
        name: str = "",
        symbol_mapping: dict[str, str] | None = None,
    ) -> ObjectCode:
        """Create an :class:`ObjectCode` from a relocatable object, for linking.

        Parameters
        ----------
        module : bytes or str
            The object itself, or the path of a file that holds it.
        name : str, optional
            A name for the code, for humans.
        symbol_mapping : dict, optional
            Names mapped to the mangled names :meth:`get_kernel` looks up.

        Returns
        -------
        ObjectCode
            The object code.

        Raises
        ------
        TypeError
            If ``module``, ``name`` or ``symbol_mapping`` has the wrong type;
            for ``name`` and ``symbol_mapping`` in Cython's words:
            ``Argument 'name' has incorrect type (expected str, got int)``.
        """
        return ObjectCode_create(module, "object", name, symbol_mapping)

    @staticmethod
    def from_ptx(
        module: bytes | str | os.PathLike,
        *,
        name: str = "",
        symbol_mapping: dict[str, str] | None = None,
    ) -> ObjectCode:
        """Create an :class:`ObjectCode` from PTX, which the driver compiles when loading it.

        Parameters
        ----------
        module : bytes, str or os.PathLike
            The PTX itself, or the path of a file that holds it.
        name : str, optional
            A name for the code, for humans.
        symbol_mapping : dict, optional
            Names mapped to the mangled names :meth:`get_kernel` looks up.

        Returns
        -------
        ObjectCode
            The object code, not loaded yet.

        Raises
        ------
        TypeError
            If ``module``, ``name`` or ``symbol_mapping`` has the wrong type;
            for ``name`` and ``symbol_mapping`` in Cython's words:
            ``Argument 'name' has incorrect type (expected str, got int)``.
        """
        return ObjectCode_create(module, "ptx", name, symbol_mapping)

    def get_kernel(self, name: str | bytes) -> Kernel:
        """Return the kernel called ``name``, loading the code first if needed.

        Parameters
        ----------
        name : str or bytes
            The kernel's name, or a name expression of :attr:`symbol_mapping`.

        Returns
        -------
        Kernel
            The kernel.

        Raises
        ------
        CUDAError
            If the code does not load, or has no kernel of that name.
        RuntimeError
            If the code is of a kind the driver cannot load (LTO IR, object,
            library): link it into a cubin first.
        TypeError
            If ``name`` is neither ``str`` nor ``bytes``.
        """
        cdef bytes c_name_bytes
        if isinstance(name, str):
            mapped = self._symbol_mapping.get(name, name)
            c_name_bytes = mapped if isinstance(mapped, bytes) else mapped.encode()
        elif isinstance(name, bytes):
            c_name_bytes = name
        else:
            raise TypeError(f"name must be a str or bytes, got {type(name).__name__}")
        ObjectCode_load(self)
        cdef const char* c_name = c_name_bytes
        cdef cydriver.CUlibrary c_library = self._library
        cdef cydriver.CUkernel c_kernel
        with nogil:
            HANDLE_RETURN(cydriver.cuLibraryGetKernel(&c_kernel, c_library, c_name))
        return Kernel_create(c_kernel, self)

    def get_module(self) -> driver.CUmodule:
        """Return the module of the loaded library in the current context, loading it if needed.

        A library is context-independent; older driver APIs take a
        ``CUmodule`` instead, which is the library as loaded into one context.

        Returns
        -------
        driver.CUmodule
            The module of the current context. The library owns it: it stays
            valid while the library is loaded, which is for the rest of the
            process.

        Raises
        ------
        CUDAError
            If the code does not load, or no context is current.
        RuntimeError
            If the code is of a kind the driver cannot load (LTO IR, object,
            library): link it into a cubin first.
        """
        ObjectCode_load(self)
        cdef cydriver.CUlibrary c_library = self._library
        cdef cydriver.CUmodule c_module = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuLibraryGetModule(&c_module, c_library))
        return driver.CUmodule(<uintptr_t>c_module)

    @property
    def code(self) -> bytes | str:
        """Return the code: its bytes, or the path of the file that holds it."""
        return self._module

    @property
    def code_type(self) -> str:
        """Return the kind of code, such as ``"cubin"`` or ``"ptx"``.

        One of ``"cubin"``, ``"ptx"``, ``"ltoir"``, ``"fatbin"``, ``"object"``
        or ``"library"``.
        """
        return self._code_type

    @property
    def handle(self) -> driver.CUlibrary:
        """Return the loaded library, as a ``driver.CUlibrary``, loading it if needed.

        Raises
        ------
        CUDAError
            If the code does not load.
        RuntimeError
            If the code is of a kind the driver cannot load.
        """
        ObjectCode_load(self)
        return driver.CUlibrary(<uintptr_t>self._library)

    @property
    def name(self) -> str:
        """Return the name given to the code, for humans."""
        return self._name

    @property
    def symbol_mapping(self) -> dict[str, str]:
        """Return a copy of the mapping from name expressions to mangled names."""
        return dict(self._symbol_mapping)


cdef class Kernel:
    """Represent a kernel of a loaded :class:`ObjectCode`, ready for :func:`launch`.

    Kernels come from :meth:`ObjectCode.get_kernel` and :meth:`from_handle`,
    not from calling the class. A kernel keeps its object code alive.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`ObjectCode.get_kernel`."""
        raise RuntimeError(
            "Kernel objects cannot be instantiated directly. Please use ObjectCode APIs."
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Kernel):
            return NotImplemented
        return <uintptr_t>self._handle == <uintptr_t>(<Kernel>other)._handle

    def __hash__(self) -> int:
        return hash(<uintptr_t>self._handle)

    def __repr__(self) -> str:
        return f"<Kernel handle={<uintptr_t>self._handle:#x}>"

    @staticmethod
    def from_handle(handle: int, mod: ObjectCode | None = None) -> Kernel:
        """Wrap a ``CUkernel`` made elsewhere in a :class:`Kernel`.

        Parameters
        ----------
        handle : int
            The kernel's address (an ``int`` or a ``driver.CUkernel``).
        mod : ObjectCode, optional
            The object code the kernel belongs to, kept alive with it.

        Returns
        -------
        Kernel
            The kernel.

        Raises
        ------
        TypeError
            If ``handle`` is not an integer, or ``mod`` not an
            :class:`ObjectCode` or ``None``, for ``mod`` in Cython's words:
            ``Argument 'mod' has incorrect type (expected
            cuda.core._module.ObjectCode, got int)``.
        ValueError
            If ``handle`` is zero or negative.
        """
        check_argument_type(mod, ObjectCode, "mod", none_ok=True)
        if isinstance(handle, (str, bytes, float)) or not hasattr(handle, "__int__"):
            raise TypeError(
                f"handle must be an int or a driver.CUkernel, got {type(handle).__name__}"
            )
        address = int(handle)
        if address <= 0:
            raise ValueError(f"handle must be the address of a kernel, got {address}")
        return Kernel_create(<cydriver.CUkernel><uintptr_t>address, mod)

    @property
    def arguments_info(self) -> list[ParamInfo]:
        """Return the offset and size of each of the kernel's parameters.

        Raises
        ------
        CUDAError
            If the driver cannot describe the parameters.
        """
        return Kernel_arguments_info(self)

    @property
    def attributes(self) -> KernelAttributes:
        """Return the kernel's attributes on the current device."""
        return KernelAttributes_create(self, -1)

    @property
    def handle(self) -> driver.CUkernel:
        """Return the kernel, as a ``driver.CUkernel``."""
        return driver.CUkernel(<uintptr_t>self._handle)

    @property
    def num_arguments(self) -> int:
        """Return the number of the kernel's parameters.

        Raises
        ------
        CUDAError
            If the driver cannot describe the parameters.
        """
        return Kernel_num_arguments(self)

    @property
    def occupancy(self) -> KernelOccupancy:
        """Return the occupancy queries of the kernel, answered for the current device."""
        cdef KernelOccupancy occupancy = KernelOccupancy.__new__(KernelOccupancy)
        occupancy._kernel = self
        return occupancy


cdef class KernelAttributes:
    """Read the attributes of a :class:`Kernel` on a device.

    The view :attr:`Kernel.attributes` returns reads them on the current
    device; ``attributes[device]`` returns a view bound to another one.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(
            "KernelAttributes cannot be instantiated directly. Please use Kernel APIs."
        )

    def __getitem__(self, device: Device | int) -> KernelAttributes:
        return KernelAttributes_create(self._kernel, Device(device).device_id)

    @property
    def binary_version(self) -> int:
        """Return the binary architecture the kernel was compiled for, such as 90 for ``sm_90``."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_BINARY_VERSION
        )

    @property
    def cache_mode_ca(self) -> bool:
        """Return whether the kernel caches global loads in L1 (compiled with ``--dlcm=ca``)."""
        return bool(
            KernelAttributes_get(
                self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_CACHE_MODE_CA
            )
        )

    @property
    def cluster_scheduling_policy_preference(self) -> int:
        """Return the preferred cluster scheduling policy, a ``CUclusterSchedulingPolicy`` value."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE
        )

    @property
    def cluster_size_must_be_set(self) -> bool:
        """Return whether the kernel must be launched with a cluster size."""
        return bool(
            KernelAttributes_get(
                self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET
            )
        )

    @property
    def const_size_bytes(self) -> int:
        """Return the bytes of constant memory the kernel uses."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES
        )

    @property
    def local_size_bytes(self) -> int:
        """Return the bytes of local memory each thread of the kernel uses."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES
        )

    @property
    def max_dynamic_shared_size_bytes(self) -> int:
        """Return the most dynamic shared memory a launch of the kernel may request, in bytes."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        )

    @property
    def max_threads_per_block(self) -> int:
        """Return the largest block the kernel can be launched with."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
        )

    @property
    def non_portable_cluster_size_allowed(self) -> bool:
        """Return whether the kernel may be launched with a non-portable cluster size."""
        return bool(
            KernelAttributes_get(
                self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED
            )
        )

    @property
    def num_regs(self) -> int:
        """Return the number of registers each thread of the kernel uses."""
        return KernelAttributes_get(self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_NUM_REGS)

    @property
    def preferred_shared_memory_carveout(self) -> int:
        """Return the preferred shared memory carveout, in percent of the L1 cache (-1: no preference)."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
        )

    @property
    def ptx_version(self) -> int:
        """Return the PTX virtual architecture the kernel was compiled for, such as 90."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_PTX_VERSION
        )

    @property
    def required_cluster_depth(self) -> int:
        """Return the cluster depth the kernel was compiled for, or 0 if it has none."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH
        )

    @property
    def required_cluster_height(self) -> int:
        """Return the cluster height the kernel was compiled for, or 0 if it has none."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT
        )

    @property
    def required_cluster_width(self) -> int:
        """Return the cluster width the kernel was compiled for, or 0 if it has none."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH
        )

    @property
    def shared_size_bytes(self) -> int:
        """Return the bytes of statically allocated shared memory the kernel uses."""
        return KernelAttributes_get(
            self, cydriver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
        )


cdef class KernelOccupancy:
    """Answer occupancy questions about a :class:`Kernel` on the current device.

    The answers help choose the block size, grid size, dynamic shared memory
    and cluster size of a launch. Objects come from :attr:`Kernel.occupancy`;
    each query asks the driver about the device of the current context.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(
            "KernelOccupancy cannot be instantiated directly. Please use Kernel APIs."
        )

    def available_dynamic_shared_memory_per_block(
        self, num_blocks_per_multiprocessor: int, block_size: int
    ) -> int:
        """Return the dynamic shared memory each block can have at a given occupancy.

        Parameters
        ----------
        num_blocks_per_multiprocessor : int
            The number of blocks meant to run at once on each multiprocessor.
        block_size : int
            The number of threads of each block.

        Returns
        -------
        int
            The bytes of dynamic shared memory available to each block.

        Raises
        ------
        CUDAError
            If the driver rejects the configuration or no context is current.
        TypeError
            If an argument is not an integer (a ``float`` is refused, not
            truncated), in Cython's words: ``Argument 'block_size' has
            incorrect type (expected int, got str)``.
        """
        cdef int c_blocks = index_argument(num_blocks_per_multiprocessor, "num_blocks_per_multiprocessor")
        cdef int c_block_size = index_argument(block_size, "block_size")
        cdef size_t c_bytes = 0
        cdef cydriver.CUfunction c_function = KernelOccupancy_function(self)
        with nogil:
            HANDLE_RETURN(
                cydriver.cuOccupancyAvailableDynamicSMemPerBlock(
                    &c_bytes, c_function, c_blocks, c_block_size
                )
            )
        return c_bytes

    def max_active_blocks_per_multiprocessor(
        self, block_size: int, dynamic_shared_memory_size: int
    ) -> int:
        """Return how many blocks of the kernel can run at once on one multiprocessor.

        Parameters
        ----------
        block_size : int
            The number of threads of each block.
        dynamic_shared_memory_size : int
            The bytes of dynamic shared memory each block uses; 0 for none.

        Returns
        -------
        int
            The largest number of blocks active at once on a multiprocessor.

        Raises
        ------
        CUDAError
            If the driver rejects the configuration or no context is current.
        TypeError
            If an argument is not an integer (a ``float`` is refused, not
            truncated), in Cython's words: ``Argument 'block_size' has
            incorrect type (expected int, got str)``.

        Notes
        -----
        That number times ``block_size``, divided by the most threads a
        multiprocessor can hold, is the theoretical occupancy.
        """
        cdef int c_block_size = index_argument(block_size, "block_size")
        cdef size_t c_shared = index_argument(dynamic_shared_memory_size, "dynamic_shared_memory_size")
        cdef int c_blocks = 0
        cdef cydriver.CUfunction c_function = KernelOccupancy_function(self)
        with nogil:
            HANDLE_RETURN(
                cydriver.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                    &c_blocks, c_function, c_block_size, c_shared
                )
            )
        return c_blocks

    def max_active_clusters(self, config: LaunchConfig, *, stream: Stream) -> int:
        """Return how many clusters of the kernel can run at once on the device.

        Parameters
        ----------
        config : LaunchConfig
            The launch configuration, cluster size included.
        stream : Stream
            The stream the kernel would be launched on.

        Returns
        -------
        int
            The largest number of clusters active at once.

        Raises
        ------
        CUDAError
            If the driver rejects the configuration or no context is current.
        TypeError
            If ``config`` is not a :class:`LaunchConfig` or ``stream`` not a
            :class:`Stream` (a :class:`~cuda.core.graph.GraphBuilder` or
            ``None`` included), in Cython's words: ``Argument 'config' has
            incorrect type (expected cuda.core._launch_config.LaunchConfig,
            got int)``.
        RuntimeError
            If ``stream`` is closed.
        """
        cdef cydriver.CUlaunchConfig c_config
        KernelOccupancy_launch_config(config, stream, &c_config)
        cdef cydriver.CUfunction c_function = KernelOccupancy_function(self)
        cdef int c_clusters = 0
        with nogil:
            HANDLE_RETURN(cydriver.cuOccupancyMaxActiveClusters(&c_clusters, c_function, &c_config))
        return c_clusters

    def max_potential_block_size(
        self,
        dynamic_shared_memory_needed: int | driver.CUoccupancyB2DSize,
        block_size_limit: int,
    ) -> MaxPotentialBlockSizeOccupancyResult:
        """Suggest a block size, and the grid size, that reach the best occupancy.

        Parameters
        ----------
        dynamic_shared_memory_needed : int or driver.CUoccupancyB2DSize
            The bytes of dynamic shared memory each block uses (0 for none),
            or a C function, as a ``driver.CUoccupancyB2DSize``, that returns
            them for a block size. The function is called without the GIL,
            so it must not need it.
        block_size_limit : int
            The largest block size to consider; 0 for the kernel's and the
            device's own limit.

        Returns
        -------
        MaxPotentialBlockSizeOccupancyResult
            ``min_grid_size``, the smallest grid that reaches the best
            occupancy, and ``max_block_size``, the largest block that does.

        Raises
        ------
        CUDAError
            If the driver rejects the configuration or no context is current.
        TypeError
            If ``dynamic_shared_memory_needed`` is neither an int nor a
            ``driver.CUoccupancyB2DSize``, or ``block_size_limit`` is not an
            integer (in Cython's words: ``Argument 'block_size_limit' has
            incorrect type (expected int, got str)``).
        """
        cdef int c_limit = index_argument(block_size_limit, "block_size_limit")
        cdef cydriver.CUoccupancyB2DSize c_callback = NULL
        cdef size_t c_shared = 0
        if isinstance(dynamic_shared_memory_needed, driver.CUoccupancyB2DSize):
            c_callback = <cydriver.CUoccupancyB2DSize><uintptr_t>(
                dynamic_shared_memory_needed.getPtr()
            )
        elif isinstance(dynamic_shared_memory_needed, int):
            c_shared = dynamic_shared_memory_needed
        else:
            raise TypeError(
                "dynamic_shared_memory_needed must be an int or a driver.CUoccupancyB2DSize, "
                f"got {type(dynamic_shared_memory_needed).__name__}"
            )
        cdef int c_min_grid = 0
        cdef int c_max_block = 0
        cdef cydriver.CUfunction c_function = KernelOccupancy_function(self)
        with nogil:
            HANDLE_RETURN(
                cydriver.cuOccupancyMaxPotentialBlockSize(
                    &c_min_grid, &c_max_block, c_function, c_callback, c_shared, c_limit
                )
            )
        return MaxPotentialBlockSizeOccupancyResult(c_min_grid, c_max_block)

    def max_potential_cluster_size(self, config: LaunchConfig, *, stream: Stream) -> int:
        """Return the largest cluster size the kernel can be launched with.

        Parameters
        ----------
        config : LaunchConfig
            The launch configuration; its cluster size is ignored.
        stream : Stream
            The stream the kernel would be launched on.

        Returns
        -------
        int
            The largest number of blocks a cluster can have.

        Raises
        ------
        CUDAError
            If the driver rejects the configuration or no context is current.
        TypeError
            If ``config`` is not a :class:`LaunchConfig` or ``stream`` not a
            :class:`Stream` (a :class:`~cuda.core.graph.GraphBuilder` or
            ``None`` included), in Cython's words: ``Argument 'config' has
            incorrect type (expected cuda.core._launch_config.LaunchConfig,
            got int)``.
        RuntimeError
            If ``stream`` is closed.
        """
        cdef cydriver.CUlaunchConfig c_config
        KernelOccupancy_launch_config(config, stream, &c_config)
        cdef cydriver.CUfunction c_function = KernelOccupancy_function(self)
        cdef int c_size = 0
        with nogil:
            HANDLE_RETURN(cydriver.cuOccupancyMaxPotentialClusterSize(&c_size, c_function, &c_config))
        return c_size


def _object_code_from_parts(
    module: bytes | str, code_type: str, name: str, symbol_mapping: dict[str, str]
) -> ObjectCode:
    """Recreate an unpickled :class:`ObjectCode` from the parts ``__reduce__`` saved."""
    return ObjectCode_create(module, code_type, name, symbol_mapping)


cdef ObjectCode ObjectCode_create(object module, str code_type, object name, object symbol_mapping):
    """Create an :class:`ObjectCode` after checking the types of its parts."""
    if isinstance(module, os.PathLike):
        module = os.fspath(module)
    if isinstance(module, bytearray):
        module = bytes(module)
    if not isinstance(module, (bytes, str)):
        raise TypeError(
            "module must be bytes or a file path (str or os.PathLike), "
            f"got {type(module).__name__}"
        )
    if name is None:
        name = ""
    check_argument_type(name, str, "name")
    check_argument_type(symbol_mapping, dict, "symbol_mapping", none_ok=True)
    if symbol_mapping is None:
        symbol_mapping = {}
    cdef ObjectCode code = ObjectCode.__new__(ObjectCode)
    code._module = module
    code._code_type = code_type
    code._name = name
    code._symbol_mapping = dict(symbol_mapping)
    code._library = NULL
    code._loaded = False
    return code


cdef int ObjectCode_load(ObjectCode self) except -1:
    """Load the code of ``self`` into a library, once."""
    if self._loaded:
        return 0
    if self._code_type not in _LOADABLE_CODE_TYPES:
        raise RuntimeError(
            f"code of type {self._code_type!r} cannot be loaded; "
            "link it into a cubin with a Linker first "
            f"(loadable types: {', '.join(_LOADABLE_CODE_TYPES)})"
        )
    cdef bytes data
    cdef const char* c_data
    cdef cydriver.CUlibrary c_library
    # The lock makes sure a library is loaded once even when threads race here.
    with _load_lock:
        if self._loaded:
            return 0
        if isinstance(self._module, str):
            data = os.fsencode(self._module)
            c_data = data
            with nogil:
                HANDLE_RETURN(cydriver.cuInit(0))
                HANDLE_RETURN(
                    cydriver.cuLibraryLoadFromFile(&c_library, c_data, NULL, NULL, 0, NULL, NULL, 0)
                )
        else:
            data = self._module
            c_data = data
            with nogil:
                HANDLE_RETURN(cydriver.cuInit(0))
                HANDLE_RETURN(
                    cydriver.cuLibraryLoadData(
                        &c_library, <const void*>c_data, NULL, NULL, 0, NULL, NULL, 0
                    )
                )
        self._library = c_library
        self._loaded = True
    return 0


cdef Kernel Kernel_create(cydriver.CUkernel handle, ObjectCode object_code):
    """Create a :class:`Kernel` that keeps ``object_code`` alive."""
    cdef Kernel kernel = Kernel.__new__(Kernel)
    kernel._handle = handle
    kernel._object_code = object_code
    kernel._num_arguments = -1
    return kernel


cdef list Kernel_arguments_info(Kernel self):
    """Return a :data:`ParamInfo` for each parameter of ``self``.

    The driver has no call that counts a kernel's parameters, so this asks
    for one parameter after another. ``CUDA_ERROR_INVALID_VALUE`` is the
    documented answer for an index past the last parameter, and ends the
    list; every other status raises (audit decision 6).
    """
    cdef cydriver.CUkernel c_kernel = self._handle
    cdef size_t c_index = 0
    cdef size_t c_offset = 0
    cdef size_t c_size = 0
    cdef cydriver.CUresult err
    cdef list params = []
    while True:
        with nogil:
            err = cydriver.cuKernelGetParamInfo(c_kernel, c_index, &c_offset, &c_size)
        if err == cydriver.CUresult.CUDA_ERROR_INVALID_VALUE:
            break
        HANDLE_RETURN(err)
        params.append(ParamInfo(c_offset, c_size))
        c_index += 1
    return params


cdef Py_ssize_t Kernel_num_arguments(Kernel self) except -1:
    """Return the number of parameters of ``self``, asking the driver once."""
    if self._num_arguments < 0:
        self._num_arguments = len(Kernel_arguments_info(self))
    return self._num_arguments


cdef KernelAttributes KernelAttributes_create(Kernel kernel, int device_id):
    """Create a view of the attributes of ``kernel`` on ``device_id`` (-1: the current device)."""
    cdef KernelAttributes attributes = KernelAttributes.__new__(KernelAttributes)
    attributes._kernel = kernel
    attributes._device_id = device_id
    return attributes


cdef cydriver.CUfunction KernelOccupancy_function(KernelOccupancy self) except NULL:
    """Return the function of the kernel of ``self`` in the current context."""
    return Kernel_function(self._kernel)


cdef cydriver.CUfunction Kernel_function(Kernel self) except NULL:
    """Return the function of ``self`` in the current context (the driver loads it there if need be)."""
    cdef cydriver.CUkernel c_kernel = self._handle
    cdef cydriver.CUfunction c_function = NULL
    with nogil:
        HANDLE_RETURN(cydriver.cuKernelGetFunction(&c_function, c_kernel))
    return c_function


cdef int KernelOccupancy_launch_config(
    object config, object stream, cydriver.CUlaunchConfig* c_config
) except -1:
    """Fill ``c_config`` from ``config`` and ``stream``, checking their types."""
    check_argument_type(config, LaunchConfig, "config")
    check_argument_type(stream, Stream, "stream")
    cdef Stream s = <Stream>stream
    Stream_check_open(s)
    LaunchConfig_to_native(<LaunchConfig>config, c_config)
    c_config.hStream = s._handle
    return 0


cdef int KernelAttributes_get(
    KernelAttributes self, cydriver.CUfunction_attribute attribute
) except? -1:
    """Return one attribute of the kernel of ``self`` on its device."""
    cdef int c_device_id = self._device_id if self._device_id >= 0 else Device().device_id
    cdef cydriver.CUkernel c_kernel = self._kernel._handle
    cdef cydriver.CUdevice c_device
    cdef int c_value = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceGet(&c_device, c_device_id))
        HANDLE_RETURN(cydriver.cuKernelGetAttribute(&c_value, attribute, c_kernel, c_device))
    return c_value
