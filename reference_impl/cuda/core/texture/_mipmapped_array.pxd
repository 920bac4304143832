# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.core.texture._opaque_array cimport _DriverArray


cdef class MipmappedArray(_DriverArray):
    cdef:
        int _num_levels
