# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef int HANDLE_RETURN(cydriver.CUresult err) except?-1 nogil
cpdef int _check_driver_error(cydriver.CUresult error) except?-1 nogil
cpdef check_or_create_options(type cls, object options, str options_description=*, bint keep_none=*)
