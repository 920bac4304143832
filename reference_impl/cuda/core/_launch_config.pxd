# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef enum:
    MAX_LAUNCH_ATTRIBUTES = 3


cdef class LaunchConfig:
    cdef public:
        tuple grid
        object cluster
        tuple block
        unsigned int shmem_size
        bint is_cooperative
        bint programmatic_stream_serialization


cdef int LaunchConfig_to_native(
    LaunchConfig self, cydriver.CUlaunchConfig* config, cydriver.CUlaunchAttribute* attributes
) except -1
