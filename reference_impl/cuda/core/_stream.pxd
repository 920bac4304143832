# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class Stream:
    cdef:
        cydriver.CUstream _handle
        object _owner
        bint _owns_handle
        int _device_id
        object __weakref__


cdef Stream Stream_accept(object arg, bint allow_stream_protocol=*)
