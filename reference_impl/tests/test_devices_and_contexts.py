# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The reference's Device, DeviceProperties and Context: validation, errors and audit decisions."""

from __future__ import annotations

import gc
import inspect
import pickle
import threading
import weakref
from collections.abc import Callable

import pytest
from cuda.bindings import driver
from cuda.pathfinder import DynamicLibNotFoundError

import cuda.core
from cuda.core import Context, Device, DeviceProperties, EventOptions, LegacyPinnedMemoryResource, StreamOptions
from cuda.core._utils.cuda_utils import ComputeCapability, CUDAError

ATTRIBUTE = driver.CUdevice_attribute


def run_in_thread(body: Callable[[], object]) -> object:
    """Run ``body`` in a new thread (which has no current context); return its result or raise its error."""
    outcome = {}

    def target() -> None:
        try:
            outcome["value"] = body()
        except BaseException as exc:  # noqa: BLE001 - handed back to the calling thread
            outcome["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def test_public_surface() -> None:
    assert set(cuda.core.__all__) >= {
        "Context",
        "Device",
        "DeviceProperties",
        "Event",
        "EventOptions",
        "LEGACY_DEFAULT_STREAM",
        "PER_THREAD_DEFAULT_STREAM",
        "Stream",
        "StreamOptions",
    }
    for name in cuda.core.__all__:
        assert getattr(cuda.core, name) is not None


@pytest.mark.parametrize("cls", [Context, DeviceProperties])
def test_views_cannot_be_constructed(cls) -> None:
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        cls()


@pytest.mark.parametrize("device_id", ["0", 1.5, [0]])
def test_device_rejects_non_integers_before_asking_the_driver(device_id) -> None:
    with pytest.raises(TypeError, match=f"device_id must be a Device, an int or None, got {type(device_id).__name__}"):
        Device(device_id)


def test_device_rejects_negative_ordinals_before_asking_the_driver() -> None:
    with pytest.raises(ValueError, match="device_id must be >= 0, got -3"):
        Device(-3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Device(0, 1), r"Device\(\) takes at most 1 argument \(2 given\)"),
        (lambda: Device(ordinal=0), r"Device\(\) got an unexpected keyword argument 'ordinal'"),
        (lambda: Device(0, device_id=0), r"Device\(\) got multiple values for argument 'device_id'"),
        (lambda: Device.__new__(Device, 0, 1), r"Device\(\) takes at most 1 argument \(2 given\)"),
    ],
)
def test_device_checks_its_arguments_as_its_signature_says(call, message) -> None:
    # The compiled type's constructor checks its arguments itself: the errors a
    # Python ``__new__(cls, device_id=None)`` would raise, before the driver is asked.
    with pytest.raises(TypeError, match=message):
        call()


def test_device_signature_is_inspectable() -> None:
    assert str(inspect.signature(Device)) == "(device_id: 'Device | int | None' = None)"
    assert type(Device) is type


def test_compute_capability_is_a_named_tuple() -> None:
    capability = ComputeCapability(9, 0)
    assert capability == (9, 0)
    assert (capability.major, capability.minor) == (9, 0)


@pytest.mark.usefixtures("no_driver")
def test_without_a_driver_device_reports_the_missing_library() -> None:
    with pytest.raises(DynamicLibNotFoundError, match="driver"):
        Device(0)
    with pytest.raises(DynamicLibNotFoundError):
        Device()
    with pytest.raises(DynamicLibNotFoundError):
        Device.get_all_devices()


@pytest.mark.gpu
def test_device_none_without_context_is_device_0() -> None:
    # Audit decision 7: like the CUDA runtime, no current context means device 0.
    def body():
        err, ctx = driver.cuCtxGetCurrent()
        assert err == driver.CUresult.CUDA_SUCCESS
        assert int(ctx) == 0
        return Device().device_id

    assert run_in_thread(body) == 0


@pytest.mark.gpu
def test_out_of_range_ordinal_names_the_range(device) -> None:
    count = len(Device.get_all_devices())
    with pytest.raises(ValueError, match=rf"device_id must be in \[0, {count}\), got {count}"):
        Device(count)


@pytest.mark.gpu
def test_device_objects_are_per_thread_singletons(device) -> None:
    assert Device(0) is device
    assert Device(device) is device
    other = run_in_thread(lambda: Device(0))
    assert other is not device
    assert other == device


@pytest.mark.gpu
def test_every_way_of_calling_device_gives_the_thread_s_object(device) -> None:
    assert Device(device_id=0) is device
    assert Device(device_id=None) is device
    assert Device() is device
    assert Device.__new__(Device, 0) is device
    assert Device.__new__(Device) is device
    assert pickle.loads(pickle.dumps(device)) is device
    assert weakref.ref(device)() is device
    assert Device.get_all_devices()[0] is device


@pytest.mark.gpu
def test_a_subclass_call_reaches_the_same_lookup(device) -> None:
    class Named(Device):
        pass

    # As with upstream's ``__new__``: the thread's objects are shared, whichever class asked first.
    assert Named(0) is device
    assert Named() is device
    with pytest.raises(TypeError, match=r"Named\(\) got an unexpected keyword argument 'x'"):
        Named(x=0)


@pytest.mark.gpu
def test_what_a_finished_thread_s_device_made_works_after_its_device_objects_are_gone(device) -> None:
    def body():
        made_on = Device(0)
        made_on.set_current()
        stream = made_on.create_stream()
        buffer = made_on.allocate(1024, stream=stream)
        buffer.fill(3, stream=stream)
        return weakref.ref(made_on), stream, buffer

    # The thread's Device objects go with its thread state; nothing but a weak
    # reference is left of them once the thread has ended and garbage is collected.
    gone, stream, buffer = run_in_thread(body)
    gc.collect()
    assert gone() is None
    host = LegacyPinnedMemoryResource().allocate(1024)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    assert bytes(memoryview(host)) == b"\x03" * 1024
    host.close()
    buffer.close(stream)
    stream.close()


@pytest.mark.gpu
def test_device_objects_refuse_new_attributes(device) -> None:
    with pytest.raises(AttributeError):
        device.ordinal = 0


@pytest.mark.gpu
def test_unknown_attribute_reads_as_zero(device) -> None:
    # Audit decision 5: CUDA_ERROR_INVALID_VALUE gives the default, like dict.get.
    assert device.properties._get_attribute(ATTRIBUTE.CU_DEVICE_ATTRIBUTE_MAX) == 0


@pytest.mark.gpu
def test_attribute_of_a_missing_device_raises(device) -> None:
    # Audit decision 5: every other status raises.
    properties = DeviceProperties._init(10_000)
    with pytest.raises(CUDAError, match="^CUDA_ERROR_INVALID_DEVICE: "):
        properties._get_attribute(ATTRIBUTE.CU_DEVICE_ATTRIBUTE_WARP_SIZE)
    with pytest.raises(CUDAError, match="^CUDA_ERROR_INVALID_DEVICE: "):
        _ = properties.warp_size


@pytest.mark.gpu
def test_every_property_reads_without_error(device) -> None:
    properties = device.properties
    names = [name for name, value in vars(DeviceProperties).items() if not name.startswith("_")]
    assert len(names) >= 30
    for name in names:
        value = getattr(properties, name)
        assert isinstance(value, int), name
        assert getattr(properties, name) == value, name  # cached, stable


@pytest.mark.gpu
def test_property_values_match_the_driver(device) -> None:
    properties = device.properties
    for name, attribute in [
        ("warp_size", ATTRIBUTE.CU_DEVICE_ATTRIBUTE_WARP_SIZE),
        ("multiprocessor_count", ATTRIBUTE.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
        ("l2_cache_size", ATTRIBUTE.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
        ("unified_addressing", ATTRIBUTE.CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING),
    ]:
        err, value = driver.cuDeviceGetAttribute(attribute, device.device_id)
        assert err == driver.CUresult.CUDA_SUCCESS
        assert getattr(properties, name) == value, name


@pytest.mark.gpu
def test_identity_matches_the_driver(device) -> None:
    err, name = driver.cuDeviceGetName(256, device.device_id)
    assert err == driver.CUresult.CUDA_SUCCESS
    assert device.name == name.split(b"\0", 1)[0].decode()
    assert repr(device) == f"<Device 0 ({device.name})>"
    err, uuid = driver.cuDeviceGetUuid(device.device_id)
    assert err == driver.CUresult.CUDA_SUCCESS
    assert device.uuid.replace("-", "") == bytes(uuid.bytes).hex()
    bus, slot = device.properties.pci_bus_id, device.properties.pci_device_id
    assert device.pci_bus_id.lower().endswith(f"{bus:02x}:{slot:02x}.0")


@pytest.mark.gpu
def test_can_access_peer(device) -> None:
    assert device.can_access_peer(device) is True
    assert device.can_access_peer(0) is True
    with pytest.raises(TypeError):
        device.can_access_peer("0")
    with pytest.raises(ValueError, match="device_id"):
        device.can_access_peer(10_000)


@pytest.mark.gpu
def test_uninitialized_device_refuses_to_make_objects(device) -> None:
    def body():
        fresh = Device(0)
        for make in (fresh.create_stream, fresh.create_event, fresh.sync, lambda: fresh.context):
            with pytest.raises(CUDAError, match=r"set_current\(\)"):
                make()
        return True

    assert run_in_thread(body)


@pytest.mark.gpu
def test_create_stream_and_event_validate_options(device) -> None:
    with pytest.raises(TypeError, match="Stream options"):
        device.create_stream(options="fast")
    with pytest.raises(ValueError, match="'bogus'"):
        device.create_stream(options={"bogus": 1})
    with pytest.raises(TypeError, match="StreamOptions.priority"):
        device.create_stream(options={"priority": "high"})
    options = StreamOptions()
    options.priority = 1.5  # changed after construction: checked again at creation
    with pytest.raises(TypeError, match="StreamOptions.priority"):
        device.create_stream(options=options)
    with pytest.raises(ValueError, match="stream priority 100 is out of range"):
        device.create_stream(options=StreamOptions(priority=100))
    # A shared event is made by Stream.record, which refuses timing for it.
    with pytest.raises(TypeError, match="^IPC-enabled events must be bound; use Stream.record for creation."):
        device.create_event(EventOptions(ipc_enabled=True, timing_enabled=True))
    with pytest.raises(TypeError, match="^IPC-enabled events cannot use timing"):
        device.create_stream().record(options=EventOptions(ipc_enabled=True, timing_enabled=True))
    with pytest.raises(TypeError, match="Event options"):
        device.create_event(options=3)


@pytest.mark.gpu
def test_set_current_checks_its_context(device) -> None:
    with pytest.raises(TypeError):
        device.set_current("primary")
    view = device.create_stream().context
    assert view == device.context
    assert view is not device.context

    def close_elsewhere():
        view.close()  # nothing is current on this thread, so closing is allowed
        return view.is_closed

    assert run_in_thread(close_elsewhere) is True
    assert view.handle is None
    assert repr(view) == "<Context (closed) device=0>"
    assert view != device.context
    with pytest.raises(RuntimeError, match="closed context"):
        device.set_current(view)
    assert device.context.is_closed is False


@pytest.mark.gpu
def test_current_context_cannot_be_closed(device) -> None:
    context = device.context
    with pytest.raises(RuntimeError, match="^Cannot close a CUDA context while it is current"):
        context.close()
    assert context.is_closed is False
    assert repr(context) == f"<Context handle={int(context.handle):#x} device=0>"


@pytest.mark.gpu
def test_set_current_with_a_context_returns_the_previous_one(device) -> None:
    context = device.context
    previous = device.set_current(context)
    assert previous == context
    assert device.context is context

    def first_push():
        fresh = Device(0)
        return fresh.set_current(context)  # nothing was current on this thread

    assert run_in_thread(first_push) is None


@pytest.mark.gpu
def test_sync_and_default_stream(device) -> None:
    assert device.sync() is None
    assert device.default_stream is cuda.core.LEGACY_DEFAULT_STREAM


@pytest.mark.gpu
def test_per_thread_default_stream_follows_the_environment(device, monkeypatch) -> None:
    monkeypatch.setenv("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", "1")
    assert device.default_stream is cuda.core.PER_THREAD_DEFAULT_STREAM
    monkeypatch.setenv("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", "0")
    assert device.default_stream is cuda.core.LEGACY_DEFAULT_STREAM


@pytest.mark.gpu
def test_memory_resource_setter_checks_the_type(device) -> None:
    memory = pytest.importorskip("cuda.core._memory")
    if not hasattr(memory, "MemoryResource"):
        pytest.skip("cuda.core._memory has no MemoryResource yet")
    with pytest.raises(TypeError, match="MemoryResource"):
        device.memory_resource = "pool"
