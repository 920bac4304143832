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

from cuda.bindings cimport cydriver

from cuda.bindings import driver, nvrtc
import dataclasses
from typing import NamedTuple

__all__ = [
    "CUDAError",
    "ComputeCapability",
    "NVRTCError",
    "check_or_create_options",
    "handle_return",
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
