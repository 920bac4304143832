# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class _StreamHandle:
    cdef:
        cydriver.CUstream _handle
        object _owner


cdef class Stream:
    cdef:
        cydriver.CUstream _handle
        object _owner
        _StreamHandle _owned  # the driver stream it owns, or None when it borrows one
        int _device_id
        bint _closed
        object __weakref__


cdef Stream Stream_accept_any(object arg, bint allow_stream_protocol)
cdef int Stream_check_open(Stream self) except -1
cdef Stream Stream_create(int device_id, cydriver.CUcontext ctx, object options, object green)
cdef Stream Stream_from_protocol(object obj)
cdef _StreamHandle Stream_owned(object stream)
cdef Stream Stream_share(_StreamHandle owned, int device_id)
cdef Stream default_stream()


# Return ``arg`` as an open Stream, for functions that take a stream argument
# (Stream_accept_any says what is accepted and raised). Inline, so that an
# open Stream, the argument of nearly every call, is taken without a call into
# this module.
cdef inline Stream Stream_accept(object arg, bint allow_stream_protocol=False):
    if type(arg) is Stream and not (<Stream>arg)._closed:
        return <Stream>arg
    return Stream_accept_any(arg, allow_stream_protocol)
