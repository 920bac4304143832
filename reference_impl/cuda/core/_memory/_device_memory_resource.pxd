# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.core._memory._memory_pool cimport _IPCMemPool


cdef class DeviceMemoryResource(_IPCMemPool):
    cdef:
        int _device_id
