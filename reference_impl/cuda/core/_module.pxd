# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver


cdef class ObjectCode:
    cdef:
        object _module
        str _code_type
        str _name
        dict _symbol_mapping
        cydriver.CUlibrary _library
        bint _loaded
        object __weakref__


cdef class Kernel:
    cdef:
        cydriver.CUkernel _handle
        ObjectCode _object_code
        Py_ssize_t _num_arguments
        object __weakref__


cdef class KernelAttributes:
    cdef:
        Kernel _kernel
        int _device_id


cdef class KernelOccupancy:
    cdef:
        Kernel _kernel


cdef ObjectCode ObjectCode_create(object module, str code_type, object name, object symbol_mapping)
cdef Py_ssize_t Kernel_num_arguments(Kernel self) except -1
cdef cydriver.CUfunction Kernel_function(Kernel self) except NULL
