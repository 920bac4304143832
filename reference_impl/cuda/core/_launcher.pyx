# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Launching kernels, and packing their arguments for the driver."""

from __future__ import annotations

from cpython.buffer cimport PyBUF_SIMPLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.object cimport PyObject, PyTypeObject
from libc.stdint cimport intptr_t, uint64_t, uintptr_t
from libc.string cimport memcpy, memset
from libcpp cimport bool as cpp_bool
from cuda.bindings cimport cydriver

from cuda.core._launch_config cimport LaunchConfig, LaunchConfig_to_native
from cuda.core._memory._buffer cimport Buffer, Buffer_check_open
from cuda.core._module cimport Kernel, Kernel_function, Kernel_num_arguments
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._tensor_map cimport TensorMapDescriptor
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_argument_type

import ctypes
import sys
import threading

__all__ = ["launch"]

# How a scalar of a type already seen is written into its slot.
cdef enum:
    SCALAR_BOOL  # converted to a C++ bool
    SCALAR_NUMPY  # a NumPy scalar whose C value follows its object header: copied from there
    SCALAR_NUMPY_BUFFER  # any other NumPy scalar: the bytes it exports as a buffer, copied

_CTYPES_SCALARS = (
    ctypes.c_bool,
    ctypes.c_int8,
    ctypes.c_int16,
    ctypes.c_int32,
    ctypes.c_int64,
    ctypes.c_uint8,
    ctypes.c_uint16,
    ctypes.c_uint32,
    ctypes.c_uint64,
    ctypes.c_float,
    ctypes.c_double,
)
"""The ctypes scalar types a kernel argument may have; they are passed as their bytes."""

_NUMPY_SCALAR_KINDS = "biufc"
"""The kinds of NumPy scalar a kernel argument may be: bool, int, uint, float, complex."""

cdef dict _SCALAR_CODES = {bool: SCALAR_BOOL}
"""Scalar types already seen, and how each converts to C."""

cdef type _last_numpy_kind = None
"""The ``SCALAR_NUMPY`` type packed last: one of ``_SCALAR_CODES``, recognised without a lookup."""

_last_numpy_kind_lock = threading.Lock()
"""Held to change ``_last_numpy_kind``; reading it takes no lock, since any NumPy type it holds is a right answer."""


def launch(stream: Stream, config: LaunchConfig, kernel: Kernel, *kernel_args) -> None:
    """Launch ``kernel`` on ``stream`` with the shape ``config`` describes.

    Each argument is passed by value, converted by its type:

    - :class:`Buffer`: the address of its memory (a pointer parameter);
    - ``int``: an ``intptr_t``, so it suits pointer and 64-bit integer
      parameters; pass a NumPy or ctypes scalar for narrower integers;
    - ``float``: a ``double``; ``bool``: a C++ ``bool``; ``complex``: two
      ``double`` values;
    - NumPy scalars (``numpy.float32(1.0)``, ``numpy.int16(3)`` and the like)
      and ctypes scalars (``ctypes.c_int32(3)`` and the like): their bytes;
    - :class:`TensorMapDescriptor`: its 128-byte ``CUtensorMap`` (a
      ``const __grid_constant__ CUtensorMap`` parameter);
    - :class:`~cuda.core.graph.GraphCondition`: its ``CUgraphConditionalHandle``,
      for device code that sets the condition.

    Parameters
    ----------
    stream : Stream
        The stream to launch on. Objects with a ``__cuda_stream__`` method
        are accepted too, with a deprecation warning.
    config : LaunchConfig
        The grid, block, cluster and shared memory of the launch.
    kernel : Kernel
        The kernel to launch.
    *kernel_args : object
        The kernel's arguments, one for each of its parameters.

    Raises
    ------
    CUDAError
        If the driver refuses the launch.
    RuntimeError
        If a :class:`Buffer` argument is closed.
    TypeError
        If ``stream``, ``config`` or ``kernel`` has the wrong type (for
        ``config`` and ``kernel`` in Cython's words: ``Argument 'config' has
        incorrect type (expected cuda.core._launch_config.LaunchConfig, got
        int)``), an argument has a type that cannot be passed, or the number
        of arguments differs from the number of the kernel's parameters.
    ValueError
        If ``config`` is cooperative and its grid has more blocks than the
        device can run at once (``The specified grid size (x * y * z)
        exceeds the limit (n)``), before the driver is asked to launch.
    """
    cdef Stream s = Stream_accept(stream, allow_stream_protocol=True)
    check_argument_type(config, LaunchConfig, "config")
    check_argument_type(kernel, Kernel, "kernel")
    cdef Kernel c_kernel = <Kernel>kernel
    cdef Py_ssize_t count = len(kernel_args)
    cdef Py_ssize_t expected = Kernel_num_arguments(c_kernel)
    if count != expected:
        raise TypeError(f"the kernel takes {expected} argument(s), but {count} were given")
    cdef ArgumentBuffers c_buffers
    cdef void** c_params = NULL
    # Heap buffers of a long argument list live in this variable until the launch.
    heap = pack_arguments(kernel_args, &c_buffers, &c_params)
    cdef cydriver.CUlaunchConfig c_config
    LaunchConfig_to_native(<LaunchConfig>config, &c_config)
    c_config.hStream = s._handle
    if (<LaunchConfig>config)._is_cooperative:
        check_cooperative_grid(c_kernel, &c_config)
    # A CUkernel may be launched where a CUfunction is expected: the driver
    # loads it into the current context.
    cdef cydriver.CUfunction c_function = <cydriver.CUfunction>c_kernel._handle
    with nogil:
        HANDLE_RETURN(cydriver.cuLaunchKernelEx(&c_config, c_function, c_params, NULL))


cdef int check_cooperative_grid(Kernel kernel, const cydriver.CUlaunchConfig* config) except -1:
    """Raise :class:`ValueError` if a cooperative launch has more blocks than the device runs at once.

    All blocks of a cooperative grid must be resident together: at most the
    blocks one multiprocessor can hold for this kernel and block size, times
    the multiprocessors of the current device. The message is upstream's.
    """
    cdef cydriver.CUfunction c_function = Kernel_function(kernel)
    cdef cydriver.CUdevice c_device = 0
    cdef int c_per_multiprocessor = 0
    cdef int c_multiprocessors = 0
    cdef int c_threads = config.blockDimX * config.blockDimY * config.blockDimZ
    with nogil:
        HANDLE_RETURN(
            cydriver.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                &c_per_multiprocessor, c_function, c_threads, config.sharedMemBytes
            )
        )
        HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
        HANDLE_RETURN(
            cydriver.cuDeviceGetAttribute(
                &c_multiprocessors,
                cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                c_device,
            )
        )
    limit = c_per_multiprocessor * c_multiprocessors
    if <unsigned long long>config.gridDimX * config.gridDimY * config.gridDimZ > limit:
        raise ValueError(
            f"The specified grid size ({config.gridDimX} * {config.gridDimY} * {config.gridDimZ}) "
            f"exceeds the limit ({limit})"
        )
    return 0


cdef object pack_arguments(tuple args, ArgumentBuffers* buffers, void*** params):
    """Pack ``args`` for a kernel; set ``params[0]`` to the argument pointers the driver takes.

    Most kernels take a few arguments: they are packed into ``buffers``, on
    the caller's stack. Longer argument lists get heap buffers, which are
    returned: the caller keeps them until the driver has copied the
    arguments (``None`` when ``buffers`` was used). No arguments give a
    ``NULL`` pointer. ``buffers.buffer_count`` is set to the number of
    :class:`Buffer` arguments, for callers that keep their memory.
    """
    cdef Py_ssize_t count = len(args)
    cdef char* c_slots = buffers.slots
    cdef void** c_pointers = buffers.pointers
    heap = None
    if count > STACK_ARGUMENTS:
        heap_slots = bytearray(count * ARGUMENT_SLOT_SIZE)
        heap_pointers = bytearray(count * sizeof(void*))
        c_slots = heap_slots
        c_pointers = <void**><char*>heap_pointers
        heap = (heap_slots, heap_pointers)
    else:
        memset(c_slots, 0, count * ARGUMENT_SLOT_SIZE)
    buffers.buffer_count = pack_kernel_arguments(args, c_slots, c_pointers)
    params[0] = c_pointers if count else NULL
    return heap


cdef Py_ssize_t pack_kernel_arguments(tuple args, char* slots, void** pointers) except -1:
    """Copy each argument into its zeroed slot of ``slots`` and point ``pointers`` at the slots.

    Returns the number of :class:`Buffer` arguments.
    """
    cdef Py_ssize_t index
    cdef Py_ssize_t buffer_count = 0
    cdef char* slot
    for index in range(len(args)):
        arg = args[index]
        if type(arg) is TensorMapDescriptor:
            # 128 bytes, more than a slot holds: the driver copies the
            # descriptor from the object itself, which ``args`` keeps alive.
            pointers[index] = &(<TensorMapDescriptor>arg)._tensor_map
            continue
        slot = slots + index * ARGUMENT_SLOT_SIZE
        buffer_count += pack_argument(arg, slot, index)
        pointers[index] = slot
    return buffer_count


cdef int pack_argument(object arg, char* slot, Py_ssize_t index) except -1:
    """Write the value a kernel receives for ``arg`` into ``slot``; return 1 for a Buffer, else 0.

    The common types are recognised by their exact type first; a scalar
    type seen before is looked up in ``_SCALAR_CODES`` (the NumPy type seen
    last without a lookup); anything else goes through the ``isinstance``
    checks, which also teach the lookup.
    """
    global _last_numpy_kind
    cdef type kind = type(arg)
    if kind is Buffer:
        Buffer_check_open(<Buffer>arg)
        (<uintptr_t*>slot)[0] = (<Buffer>arg)._ptr
        return 1
    if kind is int:
        (<intptr_t*>slot)[0] = arg
        return 0
    if kind is float:
        (<double*>slot)[0] = arg
        return 0
    if kind is _last_numpy_kind:
        return copy_numpy_value(arg, kind, slot)
    code = _SCALAR_CODES.get(kind)
    if code is not None:
        if <int>code == SCALAR_NUMPY:
            with _last_numpy_kind_lock:
                _last_numpy_kind = kind
        return pack_scalar(arg, <int>code, slot)
    if isinstance(arg, Buffer):
        Buffer_check_open(<Buffer>arg)
        (<uintptr_t*>slot)[0] = (<Buffer>arg)._ptr
        return 1
    if isinstance(arg, bool):
        (<cpp_bool*>slot)[0] = arg
    elif isinstance(arg, int):
        (<intptr_t*>slot)[0] = arg
    elif isinstance(arg, float):
        (<double*>slot)[0] = arg
    elif isinstance(arg, complex):
        (<double*>slot)[0] = arg.real
        (<double*>slot)[1] = arg.imag
    elif isinstance(arg, _CTYPES_SCALARS):
        copy_bytes(bytes(arg), slot)
    elif type(arg).__name__ == "GraphCondition" and is_graph_condition(arg):
        (<uint64_t*>slot)[0] = int(arg.handle)
    elif is_numpy_scalar(arg):
        if arg.dtype.kind not in _NUMPY_SCALAR_KINDS or arg.dtype.itemsize > ARGUMENT_SLOT_SIZE:
            raise TypeError(
                f"kernel argument {index} is a NumPy scalar of unsupported dtype {arg.dtype}"
            )
        _SCALAR_CODES[kind] = numpy_scalar_code(arg, kind)
        copy_buffer(arg, slot)
    else:
        raise TypeError(
            f"kernel argument {index} has unsupported type {type(arg).__name__}; pass a Buffer, "
            "an int, float, bool or complex, a NumPy or ctypes scalar, or a TensorMapDescriptor"
        )
    return 0


cdef int pack_scalar(object arg, int code, char* slot) except -1:
    """Write a scalar of a type seen before into ``slot``, as its ``SCALAR_*`` code says."""
    if code == SCALAR_BOOL:
        (<cpp_bool*>slot)[0] = arg
    elif code == SCALAR_NUMPY:
        copy_numpy_value(arg, type(arg), slot)
    else:
        copy_buffer(arg, slot)
    return 0


cdef int numpy_scalar_code(object arg, type kind) except -1:
    """Return how scalars of ``arg``'s NumPy type ``kind`` are copied: ``SCALAR_NUMPY`` or ``SCALAR_NUMPY_BUFFER``.

    NumPy's fixed-size scalar types keep their C value right after the
    object header (``PyArrayScalar_VAL``), and export it as their buffer.
    A type whose buffer is found there, and fits in the object, is copied
    from there without the buffer protocol (:func:`copy_numpy_value`).
    """
    cdef Py_buffer view
    PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE)
    cdef bint after_header = (
        view.buf == <void*>(<char*><PyObject*>arg + sizeof(PyObject))
        and view.len <= numpy_value_size(kind)
    )
    PyBuffer_Release(&view)
    return SCALAR_NUMPY if after_header else SCALAR_NUMPY_BUFFER


cdef inline Py_ssize_t numpy_value_size(type kind) noexcept:
    """Return the bytes that follow the header of a ``kind`` object, at most a slot's.

    The value and the padding after it: copying the padding too is
    harmless, since the driver reads only as many bytes as the kernel's
    parameter has.
    """
    cdef Py_ssize_t size = (<PyTypeObject*>kind).tp_basicsize - <Py_ssize_t>sizeof(PyObject)
    return size if size < ARGUMENT_SLOT_SIZE else ARGUMENT_SLOT_SIZE


cdef inline int copy_numpy_value(object arg, type kind, char* slot) except -1:
    """Copy the C value of a ``SCALAR_NUMPY`` scalar, from after its object header, into ``slot``."""
    memcpy(slot, <char*><PyObject*>arg + sizeof(PyObject), numpy_value_size(kind))
    return 0


cdef bint is_numpy_scalar(object arg):
    """Return whether ``arg`` is a NumPy scalar, without importing NumPy.

    If NumPy was never imported, nobody can have made a NumPy scalar.
    """
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(arg, numpy.generic)


cdef bint is_graph_condition(object arg):
    """Return whether ``arg`` is a :class:`~cuda.core.graph.GraphCondition`.

    The graph module imports this one, so it is imported here only when an
    argument could be a condition, by the name of its type.
    """
    from cuda.core.graph._graph_definition import GraphCondition

    return isinstance(arg, GraphCondition)


cdef int copy_bytes(bytes data, char* slot) except -1:
    """Copy the raw bytes of a scalar into an argument slot."""
    memcpy(slot, <const char*>data, len(data))
    return 0


cdef int copy_buffer(object arg, char* slot) except -1:
    """Copy the bytes of a NumPy scalar, which it exports as a buffer, into an argument slot."""
    cdef Py_buffer view
    PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE)
    memcpy(slot, view.buf, view.len)
    PyBuffer_Release(&view)
    return 0
