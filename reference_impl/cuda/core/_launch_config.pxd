# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef enum:
    MAX_LAUNCH_ATTRIBUTES = 3


cdef class LaunchConfig:
    cdef:
        tuple _grid
        object _cluster
        tuple _block
        unsigned int _shmem_size
        bint _is_cooperative
        bint _programmatic_stream_serialization
        cydriver.CUlaunchConfig _native
        cydriver.CUlaunchAttribute _native_attributes[MAX_LAUNCH_ATTRIBUTES]
        object __weakref__


cdef int LaunchConfig_to_native(LaunchConfig self, cydriver.CUlaunchConfig* config) except -1
