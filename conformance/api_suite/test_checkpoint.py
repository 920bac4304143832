# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.checkpoint.Process``: naming a process, and reading its checkpoint state."""

from __future__ import annotations

import os

import pytest

import cuda.core
from cuda.core.checkpoint import Process


def test_a_process_is_named_by_a_positive_int() -> None:
    assert Process(1234).pid == 1234
    for pid in ("1234", True, 1.0):
        with pytest.raises(TypeError, match="pid must be an int"):
            Process(pid)
    for pid in (0, -5):
        with pytest.raises(ValueError, match="pid must be a positive int"):
            Process(pid)


def query_or_skip(function):
    """Return ``function()``, skipping where the driver cannot checkpoint."""
    try:
        return function()
    except RuntimeError as exc:
        if "not supported" not in str(exc):
            raise
        pytest.skip(f"no checkpoint API here: {exc}")


@pytest.mark.gpu
def test_this_process_is_running(device) -> None:
    device.create_stream().sync()
    process = Process(os.getpid())
    try:
        state = query_or_skip(lambda: process.state)
        thread_id = query_or_skip(lambda: process.restore_thread_id)
    except cuda.core._utils.cuda_utils.CUDAError as exc:
        pytest.skip(f"the driver does not report on this process: {exc}")
    assert state == "running"
    assert isinstance(thread_id, int)


@pytest.mark.gpu
def test_checkpoint_arguments_are_checked(device) -> None:
    process = Process(os.getpid())
    query_or_skip(lambda: process.pid)
    with pytest.raises(TypeError, match="timeout_ms must be an int"):
        query_or_skip(lambda: process.lock("10"))
    with pytest.raises(ValueError, match="timeout_ms must be >= 0"):
        query_or_skip(lambda: process.lock(-1))
    with pytest.raises(TypeError, match="gpu_mapping must be a mapping"):
        query_or_skip(lambda: process.restore(5))
    with pytest.raises(ValueError, match="32 hex characters"):
        query_or_skip(lambda: process.restore({"not-a-uuid": device.uuid}))
