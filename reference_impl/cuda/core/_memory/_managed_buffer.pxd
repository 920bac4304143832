# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core._memory._buffer cimport Buffer


cdef class ManagedBuffer(Buffer):
    pass


cdef cydriver.CUmemLocation MB_location(object location) except *
