# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Device resources, SM partitions and green contexts, common to every cuda.core."""

from __future__ import annotations

import ctypes
import dataclasses
import gc
import threading

import numpy as np
import pytest
from cuda.bindings import driver

import cuda.core
from cuda.core import (
    Context,
    ContextOptions,
    DeviceResources,
    LegacyPinnedMemoryResource,
    SMResource,
    SMResourceOptions,
    StreamOptions,
    WorkqueueResource,
    WorkqueueResourceOptions,
)
from cuda.core.typing import WorkqueueSharingScopeType

SIZE = 4096
# Upstream's words, which its users match on.
CURRENT_MESSAGE = (
    r"^Cannot close a CUDA context while it is current\. Restore a previous context before closing this context\.$"
)


def driver_version() -> int:
    """Return the driver's CUDA version as 1000 * major + 10 * minor."""
    err, version = driver.cuDriverGetVersion()
    assert err == driver.CUresult.CUDA_SUCCESS
    return version


@pytest.fixture
def green_device(device):
    """Return the device, skipping where the driver cannot make green contexts (before 12.4)."""
    if driver_version() < 12040:
        pytest.skip("green contexts need CUDA driver 12.4 or newer")
    return device


def split_one(device) -> tuple[SMResource, SMResource, SMResource]:
    """Split the device's SMs into one group of the smallest size; return (all, group, rest)."""
    sm = device.resources.sm
    if sm.sm_count < 2 * sm.min_partition_size:
        pytest.skip(f"{sm.sm_count} SMs are too few to split into groups of {sm.min_partition_size}")
    groups, rest = sm.split(SMResourceOptions(count=sm.min_partition_size))
    assert len(groups) == 1
    return sm, groups[0], rest


def test_public_names() -> None:
    for name in (
        "ContextOptions",
        "DeviceResources",
        "SMResource",
        "SMResourceOptions",
        "WorkqueueResource",
        "WorkqueueResourceOptions",
    ):
        assert name in cuda.core.__all__
        assert hasattr(cuda.core, name)


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (SMResource, "SMResource cannot be instantiated directly"),
        (WorkqueueResource, "WorkqueueResource cannot be instantiated directly"),
        (DeviceResources, "DeviceResources cannot be instantiated directly"),
        (Context, "Context objects cannot be instantiated directly"),
    ],
)
def test_resources_cannot_be_constructed(cls, message) -> None:
    with pytest.raises(RuntimeError, match=message):
        cls()


def test_option_fields_and_defaults() -> None:
    assert [field.name for field in dataclasses.fields(SMResourceOptions)] == [
        "count",
        "coscheduled_sm_count",
        "preferred_coscheduled_sm_count",
        "backfill",
    ]
    options = SMResourceOptions()
    assert (options.count, options.coscheduled_sm_count, options.backfill) == (None, None, False)
    assert [field.name for field in dataclasses.fields(WorkqueueResourceOptions)] == [
        "sharing_scope",
        "concurrency_limit",
    ]
    assert WorkqueueResourceOptions() == WorkqueueResourceOptions(None, None)
    assert [field.name for field in dataclasses.fields(ContextOptions)] == ["resources"]
    with pytest.raises(TypeError):
        ContextOptions()


@pytest.mark.parametrize("scope", ["device_ctx", "green_ctx_balanced", WorkqueueSharingScopeType.DEVICE_CTX])
def test_workqueue_options_accept_the_scopes(scope) -> None:
    assert WorkqueueResourceOptions(sharing_scope=scope).sharing_scope == scope


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"sharing_scope": "everywhere"}, ValueError, "is not a valid WorkqueueSharingScopeType"),
        ({"concurrency_limit": 0}, ValueError, "concurrency_limit must be >= 1, got 0"),
        ({"concurrency_limit": "2"}, TypeError, "Expected int, got str"),
    ],
)
def test_workqueue_options_refuse_bad_values(kwargs, error, message) -> None:
    with pytest.raises(error, match=message):
        WorkqueueResourceOptions(**kwargs)


@pytest.mark.gpu
def test_device_resources_sm(green_device) -> None:
    sm = green_device.resources.sm
    assert isinstance(green_device.resources, DeviceResources)
    assert isinstance(sm, SMResource)
    assert sm.sm_count == green_device.properties.multiprocessor_count
    assert sm.min_partition_size > 0
    assert sm.coscheduled_alignment > 0
    assert isinstance(sm.flags, int)
    assert isinstance(sm.handle, int)
    assert sm.handle != 0


@pytest.mark.gpu
def test_primary_context_resources_are_the_device_resources(green_device) -> None:
    ctx = green_device.context
    assert not ctx.is_green
    assert ctx.resources.sm.sm_count == green_device.resources.sm.sm_count
    stream = green_device.create_stream()
    try:
        assert stream.resources.sm.sm_count == green_device.resources.sm.sm_count
    finally:
        stream.close()


@pytest.mark.gpu
def test_split_gives_disjoint_groups_and_a_remainder(green_device) -> None:
    sm = green_device.resources.sm
    size = sm.min_partition_size
    if sm.sm_count < 2 * size:
        pytest.skip(f"{sm.sm_count} SMs are too few for two groups of {size}")
    groups, rest = sm.split(SMResourceOptions(count=[size, size]))
    assert len(groups) == 2
    for group in groups:
        assert isinstance(group, SMResource)
        assert group.sm_count >= size
    assert sum(group.sm_count for group in groups) + rest.sm_count <= sm.sm_count


@pytest.mark.gpu
def test_split_checks_the_group_lengths(green_device) -> None:
    sm = green_device.resources.sm
    with pytest.raises(ValueError, match="count sequence must not be empty"):
        sm.split(SMResourceOptions(count=[]))
    with pytest.raises(ValueError, match="must match count"):
        sm.split(SMResourceOptions(count=[8, 8], backfill=[True]))
    with pytest.raises(ValueError, match="count is scalar"):
        sm.split(SMResourceOptions(count=8, coscheduled_sm_count=[8, 8]))
    with pytest.raises(TypeError):
        sm.split({"count": 8})


@pytest.mark.gpu
def test_create_context_needs_options(green_device) -> None:
    with pytest.raises(ValueError, match=r"^options with device resources must be provided to create a green context$"):
        green_device.create_context()


@pytest.mark.gpu
def test_create_context_checks_the_resources(green_device) -> None:
    with pytest.raises(ValueError, match=r"^ContextOptions\.resources must be provided to create a green context$"):
        green_device.create_context(ContextOptions(resources=None))
    for empty in ([], ()):
        with pytest.raises(ValueError, match=r"^ContextOptions\.resources must not be empty$"):
            green_device.create_context(ContextOptions(resources=empty))
    with pytest.raises(TypeError, match=r"^Unsupported context resource type: <class 'int'>$"):
        green_device.create_context(ContextOptions(resources=[1]))
    sm = green_device.resources.sm
    if sm.sm_count < 2 * sm.min_partition_size:
        pytest.skip(f"{sm.sm_count} SMs are too few to split into groups of {sm.min_partition_size}")
    groups, _ = sm.split(SMResourceOptions(count=sm.min_partition_size), dry_run=True)
    with pytest.raises(ValueError, match=r"^dry-run SMResource objects cannot be used to create a context$"):
        green_device.create_context(ContextOptions(resources=[groups[0]]))


@pytest.mark.gpu
def test_create_stream_is_for_green_contexts_only(green_device) -> None:
    with pytest.raises(RuntimeError, match="only supported on green contexts"):
        green_device.context.create_stream()


@pytest.mark.gpu
def test_green_context_runs_work_on_its_partition(green_device) -> None:
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    assert ctx.is_green
    assert not ctx.is_closed
    assert ctx.resources.sm.sm_count == group.sm_count
    stream = ctx.create_stream()
    assert stream.resources.sm.sm_count == group.sm_count
    assert stream.context.is_green

    buffer = green_device.allocate(SIZE, stream=green_device.default_stream)
    green_device.default_stream.sync()
    buffer.fill(0x5A, stream=stream)
    pinned = LegacyPinnedMemoryResource()
    host = pinned.allocate(SIZE)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    assert ctypes.string_at(int(host.handle), SIZE) == b"\x5a" * SIZE

    buffer.close(stream=stream)
    stream.sync()
    stream.close()
    ctx.close()
    assert ctx.is_closed


@pytest.mark.gpu
def test_streams_keep_a_closed_green_context_alive(green_device) -> None:
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    stream = ctx.create_stream()
    ctx.close()
    assert ctx.is_closed
    with pytest.raises(RuntimeError):
        _ = ctx.resources
    with pytest.raises(RuntimeError):
        ctx.create_stream()
    event = stream.record()
    event.sync()
    stream.sync()
    stream.close()


@pytest.mark.gpu
def test_what_the_device_makes_in_a_green_context_keeps_it_alive(green_device, recwarn) -> None:
    # Made through the Device while a green context is current, a stream, an event and an array keep
    # the green context, as the streams of Context.create_stream do: closing and dropping the Context
    # destroys nothing they are still made in.
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    green_device.set_current(ctx)
    try:
        stream = green_device.create_stream(options=StreamOptions(nonblocking=True))
        event = green_device.create_event()
        array = green_device.create_opaque_array({"shape": (SIZE,), "format": "uint8", "num_channels": 1})
    finally:
        green_device.set_current()
    ctx.close()
    del ctx
    gc.collect()
    data = np.arange(SIZE, dtype=np.uint8)
    array.copy_from(data, stream=stream)
    back = np.zeros_like(data)
    array.copy_to(back, stream=stream)
    stream.record(event)
    event.sync()
    np.testing.assert_array_equal(back, data)
    array.close()
    event.close()
    stream.close()
    gc.collect()
    assert [str(warning.message) for warning in recwarn if issubclass(warning.category, RuntimeWarning)] == []


@pytest.mark.gpu
def test_a_current_green_context_cannot_be_closed(green_device) -> None:
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    green_device.set_current(ctx)
    try:
        with pytest.raises(RuntimeError, match=CURRENT_MESSAGE):
            ctx.close()
    finally:
        green_device.set_current()
    with pytest.raises(RuntimeError, match=CURRENT_MESSAGE):
        green_device.context.close()
    ctx.close()
    assert ctx.is_closed


@pytest.mark.gpu
def test_green_context_streams_must_be_non_blocking(green_device) -> None:
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    message = (
        r"^Green context streams must be non-blocking\. Use StreamOptions\(nonblocking=True\) "
        r"or omit the option \(True is the default\)\.$"
    )
    for options in (StreamOptions(nonblocking=False), {"nonblocking": False}):
        with pytest.raises(ValueError, match=message):
            ctx.create_stream(options)
    ctx.close()


@pytest.mark.gpu
def test_an_event_recorded_on_a_green_stream_reports_the_green_context(green_device) -> None:
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    stream = ctx.create_stream()
    event = stream.record()
    assert event.context == ctx
    assert event.context.is_green
    assert event.device == green_device
    event.sync()
    stream.sync()
    event.close()
    stream.close()
    ctx.close()


@pytest.mark.gpu
def test_set_current_returns_the_context_object_it_replaces(green_device) -> None:
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    primary = green_device.context
    try:
        previous = green_device.set_current(ctx)
        assert previous is primary
        assert green_device.context is ctx
        again = green_device.set_current(primary)
        assert again is ctx
        assert again.is_green
        assert green_device.context is primary
    finally:
        green_device.set_current()
    ctx.close()


@pytest.mark.gpu
def test_workqueue_resource(green_device) -> None:
    if driver_version() < 13010:
        with pytest.raises(RuntimeError, match=r"^WorkqueueResource requires CUDA driver 13\.1 or newer"):
            _ = green_device.resources.workqueue
        return
    workqueue = green_device.resources.workqueue
    assert isinstance(workqueue, WorkqueueResource)
    assert isinstance(workqueue.sharing_scope, WorkqueueSharingScopeType)
    assert workqueue.concurrency_limit >= 1
    assert workqueue.device == green_device
    workqueue.configure(WorkqueueResourceOptions(sharing_scope="green_ctx_balanced", concurrency_limit=1))
    assert workqueue.sharing_scope is WorkqueueSharingScopeType.GREEN_CTX_BALANCED
    assert workqueue.concurrency_limit == 1


@pytest.mark.gpu
def test_a_green_context_closed_on_another_thread_stays_alive_where_it_is_current(
    green_device, known_upstream_bug
) -> None:
    # Closing refuses only the calling thread's current context; a thread that made the
    # green context current keeps using it as the driver's current context until it makes
    # another context current.
    known_upstream_bug(
        "Device.set_current(ctx) pops the calling thread's current context before pushing ctx, "
        "so on a thread with no current context it raises CUDA_ERROR_INVALID_CONTEXT"
    )
    _, group, _ = split_one(green_device)
    ctx = green_device.create_context(ContextOptions(resources=[group]))
    current, closed = threading.Event(), threading.Event()
    results: list[object] = []
    handed_over = [ctx]

    def hold_it() -> None:
        device = cuda.core.Device(green_device.device_id)
        device.set_current(handed_over.pop())
        try:
            current.set()
            assert closed.wait(30)
            err, address = driver.cuMemAlloc(SIZE)
            results.append(err)
            if err == driver.CUresult.CUDA_SUCCESS:
                (freed,) = driver.cuMemFree(address)
                results.append(freed)
            results.append(driver.cuMemGetInfo()[0])
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            results.append(exc)
        finally:
            device.set_current()

    holder = threading.Thread(target=hold_it)
    holder.start()
    assert current.wait(30)
    ctx.close()
    del ctx
    gc.collect()
    closed.set()
    holder.join(60)
    assert not holder.is_alive()
    assert results == [driver.CUresult.CUDA_SUCCESS] * 3
