# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The exceptions NVML's failures raise, one class per NVML status.

They are the classes of :mod:`cuda.bindings.nvml` itself, not copies: an
error the bindings raise is caught as ``except cuda.core.system.NotSupportedError``.
Every class derives from :class:`NvmlError`. The status each class stands
for is ``NVML_ERROR_`` followed by its name in capitals without ``Error``
(``NotSupportedError`` is ``NVML_ERROR_NOT_SUPPORTED``); ``MemoryError``
and ``TimeoutError`` are NVML's, not Python's built-in exceptions of the
same names.

A query the device or the caller may not make raises
:class:`NotSupportedError` or :class:`NoPermissionError`. A machine
without NVML (no NVIDIA driver) raises none of these: loading the library
raises :class:`RuntimeError` (``cuda.pathfinder``'s
``DynamicLibNotFoundError``, which names ``nvml``).
"""

from cuda.bindings import nvml

__all__ = [
    "AlreadyInitializedError",
    "ArgumentVersionMismatchError",
    "CorruptedInforomError",
    "DeprecatedError",
    "DriverNotLoadedError",
    "FreqNotSupportedError",
    "FunctionNotFoundError",
    "GpuIsLostError",
    "GpuNotFoundError",
    "InUseError",
    "InsufficientPowerError",
    "InsufficientResourcesError",
    "InsufficientSizeError",
    "InvalidArgumentError",
    "InvalidStateError",
    "IrqIssueError",
    "LibRmVersionMismatchError",
    "LibraryNotFoundError",
    "MemoryError",
    "NoDataError",
    "NoPermissionError",
    "NotFoundError",
    "NotReadyError",
    "NotSupportedError",
    "NvmlError",
    "OperatingSystemError",
    "ResetRequiredError",
    "ResetTypeNotSupportedError",
    "TimeoutError",
    "UninitializedError",
    "UnknownError",
    "VgpuEccNotSupportedError",
]

NvmlError = nvml.NvmlError
AlreadyInitializedError = nvml.AlreadyInitializedError
ArgumentVersionMismatchError = nvml.ArgumentVersionMismatchError
CorruptedInforomError = nvml.CorruptedInforomError
DeprecatedError = nvml.DeprecatedError
DriverNotLoadedError = nvml.DriverNotLoadedError
FreqNotSupportedError = nvml.FreqNotSupportedError
FunctionNotFoundError = nvml.FunctionNotFoundError
GpuIsLostError = nvml.GpuIsLostError
GpuNotFoundError = nvml.GpuNotFoundError
InUseError = nvml.InUseError
InsufficientPowerError = nvml.InsufficientPowerError
InsufficientResourcesError = nvml.InsufficientResourcesError
InsufficientSizeError = nvml.InsufficientSizeError
InvalidArgumentError = nvml.InvalidArgumentError
InvalidStateError = nvml.InvalidStateError
IrqIssueError = nvml.IrqIssueError
LibRmVersionMismatchError = nvml.LibRmVersionMismatchError
LibraryNotFoundError = nvml.LibraryNotFoundError
MemoryError = nvml.MemoryError
NoDataError = nvml.NoDataError
NoPermissionError = nvml.NoPermissionError
NotFoundError = nvml.NotFoundError
NotReadyError = nvml.NotReadyError
NotSupportedError = nvml.NotSupportedError
OperatingSystemError = nvml.OperatingSystemError
ResetRequiredError = nvml.ResetRequiredError
ResetTypeNotSupportedError = nvml.ResetTypeNotSupportedError
TimeoutError = nvml.TimeoutError
UninitializedError = nvml.UninitializedError
UnknownError = nvml.UnknownError
VgpuEccNotSupportedError = nvml.VgpuEccNotSupportedError
