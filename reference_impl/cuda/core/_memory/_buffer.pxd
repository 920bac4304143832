# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cpython.exc cimport PyErr_Clear
from libc.stdint cimport uintptr_t

from cuda.core._stream cimport Stream, _StreamHandle


cdef class MemoryResource


cdef class _Allocation:
    cdef:
        uintptr_t _ptr
        size_t _size
        MemoryResource _memory_resource
        object _owner
        object _dealloc_stream
        _StreamHandle _dealloc_owned
        int _device_id
        object __weakref__


cdef class Buffer:
    cdef:
        uintptr_t _ptr
        size_t _size
        MemoryResource _memory_resource
        object _owner
        object _dealloc_stream
        _StreamHandle _dealloc_owned  # keeps the driver stream of _dealloc_stream alive if it owns one
        Py_ssize_t _exports
        bint _closed
        bint _mapped
        object _ipc_descriptor
        _Allocation _allocation  # set once graph nodes share the memory: it frees it
        object __weakref__


cdef class MemoryResource:
    cdef int _deallocate(self, uintptr_t ptr, size_t size, object stream) except -1


cdef Buffer Buffer_from_ptr(
    uintptr_t ptr, size_t size, MemoryResource mr, object owner, object stream
)
cdef Buffer Buffer_from_ptr_as(
    type cls, uintptr_t ptr, size_t size, MemoryResource mr, object owner, object stream
)
cdef Buffer Buffer_from_handle(
    type cls, object ptr, object size, object mr, object owner, object stream
)
cdef int Buffer_check_open(Buffer self) except -1
cdef _Allocation Buffer_share(Buffer self)
cdef Buffer Buffer_copy_destination(Buffer self, object dst, Stream stream)
cdef int fill_pattern(object value, size_t size, unsigned int* pattern, size_t* width) except -1
cdef size_t size_argument_any(object size, str name) except? 0
cdef void dlpack_capsule_destructor(object capsule) noexcept


cdef extern from "Python.h":
    # Without the exception value of cpython.long's declaration: size_argument
    # tests for the error itself, so that an out-of-range int is reported in
    # its words instead of Python's.
    size_t PyLong_AsSize_t(object value) noexcept


# Return ``size`` as a C size (size_argument_any says what is accepted and
# raised). Inline, so that an int in range, the size of nearly every call, is
# converted without a call into this module.
cdef inline size_t size_argument(object size, str name) except? 0:
    cdef size_t c_size
    if type(size) is int:
        c_size = PyLong_AsSize_t(size)
        if c_size != <size_t>-1:
            return c_size
        # Negative or too large: raised in the words of every size argument.
        PyErr_Clear()
    return size_argument_any(size, name)
