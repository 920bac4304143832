# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Checkpointing a CUDA process: locking it, saving and restoring its GPU state.

A :class:`Process` names a process by its id and drives the driver's
checkpoint API (``cuCheckpointProcess*``), which needs a driver of CUDA
12.8 or later. It is exported by :mod:`cuda.core.checkpoint`.
"""

from __future__ import annotations

from libc.string cimport memcpy, memset
from libcpp.vector cimport vector
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport HANDLE_RETURN

from collections.abc import Mapping

from cuda.bindings import driver

from cuda.core.typing import ProcessStateType

__all__ = ["Process"]

_UNSUPPORTED = (
    "CUDA checkpointing is not supported by the installed NVIDIA driver. "
    "Upgrade to a driver version with CUDA checkpoint API support."
)

cdef enum _Call:
    # The checkpoint API calls, for Process_call.
    _LOCK
    _CHECKPOINT
    _RESTORE
    _UNLOCK
    _RESTORE_THREAD_ID
    _STATE

_STATES = {
    cydriver.CU_PROCESS_STATE_RUNNING: "running",
    cydriver.CU_PROCESS_STATE_LOCKED: "locked",
    cydriver.CU_PROCESS_STATE_CHECKPOINTED: "checkpointed",
    cydriver.CU_PROCESS_STATE_FAILED: "failed",
}


cdef class Process:
    """Name a CUDA process that can be locked, checkpointed, restored and unlocked.

    The steps go in order: :meth:`lock` stops the process's CUDA calls,
    :meth:`checkpoint` moves its GPU memory to the host and frees the GPU,
    :meth:`restore` brings it back, and :meth:`unlock` lets the process go
    on. Each raises ``RuntimeError`` where the driver has no checkpoint API.

    Parameters
    ----------
    pid : int
        The id of the process.

    Raises
    ------
    TypeError
        If ``pid`` is not an int.
    ValueError
        If ``pid`` is not positive.
    """

    cdef int _pid

    def __init__(self, pid: int) -> None:
        """Check ``pid`` and name its process."""
        if isinstance(pid, bool) or not isinstance(pid, int):
            raise TypeError("pid must be an int")
        if pid <= 0:
            raise ValueError("pid must be a positive int")
        self._pid = pid

    def __repr__(self) -> str:
        return f"<Process pid={self._pid}>"

    def lock(self, timeout_ms: int = 0) -> None:
        """Lock the process: its CUDA calls wait until :meth:`unlock`.

        Parameters
        ----------
        timeout_ms : int, optional
            How long to wait for the process's work to finish, in
            milliseconds; 0 (the default) waits as long as it takes.

        Raises
        ------
        CUDAError
            If the driver refuses, for example because the process is not in
            the ``"running"`` state.
        RuntimeError
            If the driver has no checkpoint API.
        TypeError
            If ``timeout_ms`` is not an int.
        ValueError
            If ``timeout_ms`` is negative.
        """
        if isinstance(timeout_ms, bool) or not isinstance(timeout_ms, int):
            raise TypeError("timeout_ms must be an int")
        if timeout_ms < 0:
            raise ValueError("timeout_ms must be >= 0")
        cdef cydriver.CUcheckpointLockArgs args
        memset(&args, 0, sizeof(args))
        args.timeoutMs = timeout_ms
        Process_call(self, _LOCK, &args)

    def checkpoint(self) -> None:
        """Save the GPU memory of the locked process to the host, and free the GPU.

        Raises
        ------
        CUDAError
            If the driver refuses, for example because the process is not
            locked.
        RuntimeError
            If the driver has no checkpoint API.
        """
        Process_call(self, _CHECKPOINT, NULL)

    def restore(self, gpu_mapping: Mapping[object, object] | None = None) -> None:
        """Bring the checkpointed process's GPU memory back; it stays locked.

        Parameters
        ----------
        gpu_mapping : Mapping, optional
            For a restore onto other GPUs: the UUID of each checkpointed GPU
            to the UUID of the GPU to restore it onto, as ``driver.CUuuid``
            objects or strings like :attr:`Device.uuid`. Every GPU the
            kernel driver sees needs a pair, whatever
            ``CUDA_VISIBLE_DEVICES`` hides.

        Raises
        ------
        CUDAError
            If the driver refuses, for example for a process that was not
            checkpointed.
        RuntimeError
            If the driver has no checkpoint API.
        TypeError
            If ``gpu_mapping`` is not a mapping, or holds something other
            than UUIDs.
        ValueError
            If a UUID string is not 32 hexadecimal digits.
        """
        if gpu_mapping is not None and not isinstance(gpu_mapping, Mapping):
            raise TypeError(
                "gpu_mapping must be a mapping from checkpointed GPU UUID to restore GPU UUID"
            )
        cdef vector[cydriver.CUcheckpointGpuPair] pairs
        cdef cydriver.CUcheckpointGpuPair pair
        for old, new in (gpu_mapping or {}).items():
            uuid_bytes(old, pair.oldUuid.bytes)
            uuid_bytes(new, pair.newUuid.bytes)
            pairs.push_back(pair)
        cdef cydriver.CUcheckpointRestoreArgs args
        memset(&args, 0, sizeof(args))
        cdef cydriver.CUcheckpointRestoreArgs* c_args = NULL
        if pairs.size() > 0:
            args.gpuPairs = pairs.data()
            args.gpuPairsCount = pairs.size()
            c_args = &args
        Process_call(self, _RESTORE, c_args)

    def unlock(self) -> None:
        """Unlock the process, so its CUDA calls go on.

        Raises
        ------
        CUDAError
            If the driver refuses, for example because the process is running
            or checkpointed.
        RuntimeError
            If the driver has no checkpoint API.
        """
        Process_call(self, _UNLOCK, NULL)

    @property
    def pid(self) -> int:
        """Return the id of the process."""
        return self._pid

    @property
    def restore_thread_id(self) -> int:
        """Return the id of the process's thread that restores it.

        Raises
        ------
        CUDAError
            If the driver refuses, for example for a process without CUDA.
        RuntimeError
            If the driver has no checkpoint API.
        """
        cdef int c_tid = 0
        Process_call(self, _RESTORE_THREAD_ID, &c_tid)
        return c_tid

    @property
    def state(self) -> ProcessStateType:
        """Return the checkpoint state: ``"running"``, ``"locked"``, ``"checkpointed"`` or ``"failed"``.

        Raises
        ------
        CUDAError
            If the driver cannot read the state, for example of a process without CUDA.
        RuntimeError
            If the driver has no checkpoint API, or reports a state not
            listed above.
        """
        cdef cydriver.CUprocessState c_state
        Process_call(self, _STATE, &c_state)
        name = _STATES.get(c_state)
        if name is None:
            raise RuntimeError(f"Unknown CUDA checkpoint process state: {int(c_state)}")
        return name


cdef int Process_call(Process self, _Call call, void* args) except -1:
    """Make the checkpoint API ``call`` for the process, with ``args`` as its second argument (if it has one).

    The driver's refusals raise as :func:`check_status` says. cuda.bindings
    raises ``RuntimeError`` (``FunctionNotFoundError``) for a call the
    driver does not have, which means it has no checkpoint API.
    """
    cdef int c_pid = self._pid
    cdef cydriver.CUresult status
    try:
        with nogil:
            # The argument structs of checkpoint and unlock hold only reserved fields: they get NULL.
            if call == _LOCK:
                status = cydriver.cuCheckpointProcessLock(c_pid, <cydriver.CUcheckpointLockArgs*>args)
            elif call == _CHECKPOINT:
                status = cydriver.cuCheckpointProcessCheckpoint(c_pid, NULL)
            elif call == _RESTORE:
                status = cydriver.cuCheckpointProcessRestore(c_pid, <cydriver.CUcheckpointRestoreArgs*>args)
            elif call == _UNLOCK:
                status = cydriver.cuCheckpointProcessUnlock(c_pid, NULL)
            elif call == _RESTORE_THREAD_ID:
                status = cydriver.cuCheckpointProcessGetRestoreThreadId(c_pid, <int*>args)
            else:
                status = cydriver.cuCheckpointProcessGetState(c_pid, <cydriver.CUprocessState*>args)
    except RuntimeError as error:
        raise RuntimeError(_UNSUPPORTED) from error
    check_status(status)
    return 0


cdef int check_status(cydriver.CUresult status) except -1:
    """Raise ``RuntimeError`` if ``status`` says the driver cannot checkpoint, else as HANDLE_RETURN."""
    if status in (cydriver.CUDA_ERROR_NOT_FOUND, cydriver.CUDA_ERROR_NOT_SUPPORTED):
        raise RuntimeError(_UNSUPPORTED)
    HANDLE_RETURN(status)
    return 0


cdef int uuid_bytes(object value, char* out) except -1:
    """Write the 16 bytes of the GPU UUID ``value`` (a ``CUuuid`` or a string) to ``out``."""
    cdef bytes raw
    if isinstance(value, str):
        try:
            raw = bytes.fromhex(value.replace("-", ""))
        except ValueError:
            raw = b""
        if len(raw) != 16:
            raise ValueError(
                f"GPU UUID string must be 32 hex characters (with optional hyphens), got {value!r}"
            )
    elif isinstance(value, driver.CUuuid):
        raw = bytes(value.bytes)
    else:
        raise TypeError("GPU UUID values must be CUDA UUID objects or UUID strings")
    memcpy(out, <const char*>raw, 16)
    return 0
