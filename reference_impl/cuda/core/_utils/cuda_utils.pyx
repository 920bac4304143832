# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Turn CUDA status codes into Python exceptions.

Every driver call in :mod:`cuda.core` goes through one of two doors: the
``HANDLE_RETURN`` function for ``cydriver`` calls made without the GIL, and
:func:`handle_return` or ``_check_driver_error`` for calls made through the
Python ``driver`` module. Both raise :class:`CUDAError` carrying the error's
name and the driver's explanation of it.
"""

from __future__ import annotations

from cpython.number cimport PyNumber_Index
from cpython.object cimport PyTypeObject
from libc.stdint cimport uintptr_t
from libc.string cimport memcpy
from cuda.bindings cimport cydriver

from cuda.bindings import driver, nvrtc
import dataclasses
import multiprocessing
from typing import NamedTuple
import warnings

__all__ = [
    "CUDAError",
    "ComputeCapability",
    "NVRTCError",
    "check_or_create_options",
    "enum_argument",
    "handle_return",
    "int_argument",
]


class CUDAError(Exception):
    """Report a failed CUDA driver or nvJitLink call.

    For a driver error, the message starts with the error's name, for
    example ``CUDA_ERROR_INVALID_VALUE``, followed by the driver's
    explanation of it. For nvJitLink, it names the failed call and its
    status, followed by the linker's error log when there is one.
    """


class NVRTCError(CUDAError):
    """Report a failed NVRTC (runtime compilation) call."""


class ComputeCapability(NamedTuple):
    """Hold a device's compute capability, such as ``(9, 0)`` for an H100.

    Parameters
    ----------
    major : int
        The major version: the GPU architecture generation.
    minor : int
        The minor version within that generation.
    """

    major: int
    minor: int


def handle_return(result: tuple, handle: object | None = None) -> object:
    """Check the status element of a binding call's result and unwrap the rest.

    Parameters
    ----------
    result : tuple
        The tuple a ``cuda.bindings`` call returns: its status code first,
        then its outputs.
    handle : object, optional
        The NVRTC program the call worked on; its log is added to an
        :class:`NVRTCError` message.

    Returns
    -------
    object
        ``None`` when the call has no outputs, the output itself when it has
        one, and a tuple of the outputs otherwise.

    Raises
    ------
    CUDAError
        If the status is a driver error.
    NVRTCError
        If the status is an NVRTC error.
    TypeError
        If the status is not a driver or NVRTC status code.
    """
    status = result[0]
    if isinstance(status, driver.CUresult):
        _check_driver_error(status)
    elif isinstance(status, nvrtc.nvrtcResult):
        _check_nvrtc_error(status, handle)
    else:
        raise TypeError(f"unexpected status code type {type(status).__name__}: {status!r}")
    if len(result) == 1:
        return None
    if len(result) == 2:
        return result[1]
    return result[1:]


cpdef check_or_create_options(
    type cls, object options, str options_description="", bint keep_none=False
):
    """Return ``options`` as an instance of the options dataclass ``cls``.

    Parameters
    ----------
    cls : type
        The options dataclass, such as ``StreamOptions``.
    options : object
        An instance of ``cls``, a ``dict`` of its fields, or ``None``.
    options_description : str, optional
        What the options configure, used in error messages.
    keep_none : bool, optional
        Return ``None`` for ``None`` instead of default options.

    Returns
    -------
    object
        An instance of ``cls``, or ``None`` if ``options`` is ``None`` and
        ``keep_none`` is set.

    Raises
    ------
    TypeError
        If ``options`` is neither ``cls``, a ``dict`` nor ``None``.
    ValueError
        If the ``dict`` has keys that are not fields of ``cls``.
    """
    if options is None:
        return None if keep_none else cls()
    if isinstance(options, cls):
        return options
    what = options_description or cls.__name__
    if isinstance(options, dict):
        fields = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(options) - fields)
        if unknown:
            raise ValueError(
                f"unknown {what} option(s) {', '.join(map(repr, unknown))}; "
                f"valid options are {', '.join(sorted(fields))}"
            )
        return cls(**options)
    raise TypeError(
        f"{what} must be given as {cls.__name__}, a dict of its fields or None; "
        f"got {type(options).__name__}: {options!r}"
    )


cdef int check_argument_instance(object value, type expected, str name, bint none_ok) except -1:
    """Raise :class:`TypeError` unless the argument ``name``, ``value``, is an ``expected``: ``check_argument_type``'s body.

    The message has the words of Cython's own check of a typed argument,
    ``Argument 'ctx' has incorrect type (expected cuda.core._context.Context,
    got int)``, which upstream ``cuda.core`` raises and its users match on;
    the package is compiled without annotation typing and checks by hand.
    ``none_ok`` accepts ``None`` (an argument annotated ``T | None``).
    """
    if (value is None and none_ok) or isinstance(value, expected):
        return 0
    raise_argument_type_error(value, expected, name)


cdef int check_start_method() except -1:
    """Warn when :mod:`multiprocessing` starts processes by forking, as an IPC object is pickled.

    A forked child inherits the parent's CUDA state, which CUDA does not
    support; shared memory and shared events are meant for spawned
    processes. The default warning filter shows the warning once per place
    it is raised from.
    """
    if multiprocessing.get_start_method(allow_none=True) == "fork":
        warnings.warn(
            "the multiprocessing start method is 'fork', and CUDA cannot be used in a "
            "forked process; call multiprocessing.set_start_method('spawn') before "
            "starting the processes that share CUDA memory or events",
            UserWarning,
            stacklevel=3,
        )
    return 0


cdef int check_exact_argument_type(object value, type expected, str name) except -1:
    """Raise :class:`TypeError` unless ``value`` is exactly an ``expected``, not of a subclass.

    Cython checks an argument annotated with a builtin type so (a ``bool``
    is no ``int`` there); the message is that of :func:`check_argument_type`.
    """
    if type(value) is expected:
        return 0
    raise_argument_type_error(value, expected, name)


cdef object index_argument(object value, str name):
    """Return the integer argument ``name``, ``value``, as an ``int``: an ``int`` or any integer type.

    Integer types other than ``int`` (NumPy's, for one) pass through
    ``__index__``; a ``float`` is refused, never truncated. The
    :class:`TypeError` has the words of :func:`check_argument_type`.
    """
    try:
        # operator.index without the look-up of the module and its function.
        return PyNumber_Index(value)
    except TypeError:
        raise_argument_type_error(value, int, name)


cpdef object int_argument(object value, str name):
    """Return an integer argument as an ``int``, refusing a ``bool`` and a ``float``.

    Unlike :func:`index_argument`, whose message has Cython's words, the
    message names the argument: ``{name} must be an int, got {type}``. A
    ``bool`` is an ``int`` to Python but never a count, an index or a name
    here, so it is refused too. The caller checks the range it needs.

    Parameters
    ----------
    value : object
        What the caller passed: an ``int``, or an integer type such as NumPy's.
    name : str
        How the message names it: ``"level"``, ``"shape[1]"``.

    Returns
    -------
    int
        ``operator.index(value)``.

    Raises
    ------
    TypeError
        If ``value`` is a ``bool``, or has no ``__index__``.
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got bool")
    try:
        return PyNumber_Index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


cdef int copy_bytes_argument(bytes value, void* out, size_t size, str name) except -1:
    """Copy the first ``size`` bytes of ``value`` to ``out``; raise :class:`ValueError` if it has fewer.

    ``name`` says what ``value`` is, for the message: ``{name} is 8 bytes;
    expected at least 64``.
    """
    if len(value) < size:
        raise ValueError(f"{name} is {len(value)} bytes; expected at least {size}")
    memcpy(out, <const char*>value, size)
    return 0


cpdef object enum_argument(object value, object enum_type, str name):
    """Return an argument as a member of a string enumeration: a member, or its value.

    Parameters
    ----------
    value : object
        The argument.
    enum_type : type
        The enumeration.
    name : str
        The argument's name, for the messages.

    Returns
    -------
    StrEnum
        The member.

    Raises
    ------
    ValueError
        If ``value`` is neither a member nor the value of one.
    """
    if isinstance(value, enum_type):
        return value
    try:
        return enum_type(value)
    except ValueError:
        # A list, not a generator: a cpdef function cannot hold a closure.
        valid = ", ".join([repr(member.value) for member in enum_type])
        raise ValueError(f"{name} must be a {enum_type.__name__} or one of {valid}; got {value!r}") from None


cdef int raise_argument_type_error(object value, type expected, str name) except -1:
    """Raise the :class:`TypeError` of Cython's typed-argument check for ``name``."""
    raise TypeError(
        f"Argument '{name}' has incorrect type "
        f"(expected {qualified_type_name(expected)}, got {type_name(type(value))})"
    )


cdef str qualified_type_name(type cls):
    """Return the name of ``cls`` with its module, but bare for a builtin (``int``, ``bytes``).

    Cython names the expected type of an argument so: the classes it can
    test are extension types, whose C-level name has their module.
    """
    if cls.__module__ == "builtins":
        return cls.__name__
    return f"{cls.__module__}.{cls.__qualname__}"


cdef str type_name(type cls):
    """Return the name of ``cls`` as Cython's messages print a received type: its ``tp_name``.

    A builtin or Python-level class prints as its bare name (``int``,
    ``NoneType``), an extension type as its qualified name
    (``cuda.core._stream.Stream``).
    """
    return (<PyTypeObject*>cls).tp_name.decode()


cdef void warn_destroy_failure(cydriver.CUresult err, str what, uintptr_t handle) noexcept:
    """Warn that the ``what`` at ``handle``, destroyed as it was collected, could not be destroyed.

    For the deallocation of an object that owns a driver handle, where
    nothing can be raised: ``err`` is the status of the destroying call.
    Three statuses are not reported: success, ``CUDA_ERROR_INVALID_CONTEXT``
    (the handle's context, and the handle with it, is gone) and
    ``CUDA_ERROR_DEINITIALIZED`` (the driver has shut down, at interpreter
    exit, and released everything).
    """
    if (
        err == cydriver.CUresult.CUDA_SUCCESS
        or err == cydriver.CUresult.CUDA_ERROR_INVALID_CONTEXT
        or err == cydriver.CUresult.CUDA_ERROR_DEINITIALIZED
    ):
        return
    # stacklevel=1 names the Python line that dropped the last reference:
    # compiled Cython functions push no frames of their own.
    warnings.warn(
        f"could not destroy {what} {handle:#x} while collecting it: {driver.CUresult(err).name}",
        RuntimeWarning,
        stacklevel=1,
    )


cpdef int _check_driver_error(cydriver.CUresult error) except?-1 nogil:
    """Raise :class:`CUDAError` for a driver status other than success."""
    if error == cydriver.CUresult.CUDA_SUCCESS:
        return 0
    with gil:
        raise CUDAError(_driver_error_message(error))


def _check_nvrtc_error(error, handle=None):
    """Raise :class:`NVRTCError` for an NVRTC status other than success."""
    if error == nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return 0
    message = f"{nvrtc.nvrtcResult(error).name}"
    err, text = nvrtc.nvrtcGetErrorString(error)
    if err == nvrtc.nvrtcResult.NVRTC_SUCCESS:
        message += f": {text.decode()}"
    if handle is not None:
        message += f"\ncompilation log:\n{_nvrtc_program_log(handle)}"
    raise NVRTCError(message)


def _driver_error_message(int code):
    """Return ``NAME: explanation`` for a driver status code."""
    try:
        name = driver.CUresult(code).name
    except ValueError:
        return f"unknown CUDA driver status code {code}"
    return f"{name}: {_driver_error_explanation(code)}"


def _driver_error_explanation(int code):
    """Return the driver's own description of a status code."""
    cdef const char* text = NULL
    cdef cydriver.CUresult err
    try:
        with nogil:
            err = cydriver.cuGetErrorString(<cydriver.CUresult>code, &text)
    except RuntimeError as exc:
        # No driver to ask (cuda.pathfinder's DynamicLibNotFoundError).
        return f"no explanation available ({exc})"
    if err != cydriver.CUresult.CUDA_SUCCESS or text == NULL:
        return "the driver gave no explanation of this error"
    return text.decode()


def _nvrtc_program_log(handle):
    """Return the compilation log of an NVRTC program, or a note why not."""
    err, size = nvrtc.nvrtcGetProgramLogSize(handle)
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return f"(log unavailable: {nvrtc.nvrtcResult(err).name})"
    log = b" " * size
    (err,) = nvrtc.nvrtcGetProgramLog(handle, log)
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return f"(log unavailable: {nvrtc.nvrtcResult(err).name})"
    return log.rstrip(b"\x00").decode(errors="replace")
