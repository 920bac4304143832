# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class Event:
    cdef:
        cydriver.CUevent _handle
        cydriver.CUcontext _ctx
        int _device_id
        bint _timing_enabled
        bint _blocking_sync
        bint _ipc_enabled
        object _ipc_descriptor
        object _green  # the _GreenContextHandle of a green context's event, or None
        object __weakref__


cdef class IPCEventDescriptor:
    cdef:
        bytes _reserved
        bint _blocking_sync


cdef Event Event_create(
    int device_id, cydriver.CUcontext ctx, object options, object green=*, bint recorded=*
)
cdef int Event_check_open(Event self) except -1
