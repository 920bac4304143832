# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cpython.object cimport PyObject, PyTypeObject
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver


cpdef int _check_driver_error(cydriver.CUresult error) except?-1 nogil
cpdef check_or_create_options(type cls, object options, str options_description=*, bint keep_none=*)
cdef int check_argument_instance(object value, type expected, str name, bint none_ok) except -1
cdef int check_start_method() except -1
cdef int check_exact_argument_type(object value, type expected, str name) except -1
cdef int copy_bytes_argument(bytes value, void* out, size_t size, str name) except -1
cpdef object enum_argument(object value, object enum_type, str name)
cdef object index_argument(object value, str name)
cpdef object int_argument(object value, str name)
cdef int raise_argument_type_error(object value, type expected, str name) except -1
cdef str qualified_type_name(type cls)
cdef str type_name(type cls)
cdef void warn_destroy_failure(cydriver.CUresult err, str what, uintptr_t handle) noexcept


# Raise CUDAError unless err is CUDA_SUCCESS; callable without the GIL. Inline,
# so that the success test costs nothing at the call site of every driver call
# in the package; only a failure calls into this module.
cdef inline int HANDLE_RETURN(cydriver.CUresult err) except?-1 nogil:
    if err == cydriver.CUresult.CUDA_SUCCESS:
        return 0
    return _check_driver_error(err)


# Return a new instance of the extension type ``cls`` (a subclass of the type
# the caller declares it as) from the type's own tp_new, as ``cls.__new__(cls)``
# does for a ``cls`` known only at run time, without looking ``__new__`` up and
# calling it through Python (about 650 instructions a call).
cdef inline object new_instance(type cls):
    cdef tuple no_arguments = ()
    return (<PyTypeObject*>cls).tp_new(cls, <PyObject*>no_arguments, NULL)


# Raise TypeError unless ``value``, the argument ``name``, is an ``expected``
# (check_argument_instance says what is accepted and raised). Inline, so that
# an argument of exactly the expected type, that of nearly every call, is
# taken without a call into this module.
cdef inline int check_argument_type(
    object value, type expected, str name, bint none_ok=False
) except -1:
    if type(value) is expected:
        return 0
    return check_argument_instance(value, expected, name, none_ok)
