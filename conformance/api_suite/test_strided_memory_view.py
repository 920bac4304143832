# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.utils.StridedMemoryView`` and ``args_viewable_as_strided_memory``.

The host tests view NumPy arrays, which export host memory through DLPack;
they need no GPU. Strides are in elements, as DLPack gives them, and None
only when the exporter gives none.
"""

from __future__ import annotations

import pytest

import cuda.core.utils
from cuda.core.utils import StridedMemoryView, args_viewable_as_strided_memory

np = pytest.importorskip("numpy")

NO_SYNC = -1
DLPACK_CPU = 1
DLPACK_CUDA = 2
BASE = np.arange(24, dtype=np.float32).reshape(4, 6)
ARRAYS = {
    "c_contiguous": BASE,
    "transposed": BASE.T,
    "every_other_column": BASE[:, ::2],
    "fortran": np.asfortranarray(BASE),
    "rows_from_one": BASE[1:],
    "zero_dim": np.zeros(()),
    "empty": np.zeros((0, 3)),
}


class DLPackProducer:
    """Export ``array`` through DLPack and record the keywords ``__dlpack__`` was called with."""

    def __init__(self, array, device=(DLPACK_CPU, 0)) -> None:
        self.array = array
        self.device = device
        self.calls: list[dict] = []

    def __dlpack__(self, **kwargs):
        self.calls.append(kwargs)
        return self.array.__dlpack__(max_version=kwargs.get("max_version"))

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.device


class LegacyDLPackProducer:
    """Export ``array`` as a DLPack 0.x producer does: ``__dlpack__`` takes no ``max_version``."""

    def __init__(self, array) -> None:
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.array.__dlpack_device__()


class CudaArrayInterface:
    """Carry a CUDA Array Interface dictionary."""

    def __init__(self, **fields) -> None:
        self.__cuda_array_interface__ = {"version": 3, "shape": (5,), "typestr": "<f4", "data": (0, False), **fields}


def element_strides(array) -> tuple[int, ...]:
    return tuple(stride // array.itemsize for stride in array.strides)


def test_utils_exports_strided_memory_view() -> None:
    assert "StridedMemoryView" in cuda.core.utils.__all__
    assert "args_viewable_as_strided_memory" in cuda.core.utils.__all__


@pytest.mark.parametrize("constructor", ["from_dlpack", "from_any_interface"])
@pytest.mark.parametrize("name", sorted(ARRAYS))
def test_view_of_host_array(constructor: str, name: str) -> None:
    array = ARRAYS[name]
    view = getattr(StridedMemoryView, constructor)(array, NO_SYNC)
    assert isinstance(view, StridedMemoryView)
    assert view.ptr == array.ctypes.data
    assert view.shape == array.shape
    assert view.size == array.size
    assert view.dtype == array.dtype
    assert view.device_id == -1
    assert view.is_device_accessible is False
    assert view.readonly is False
    assert view.exporting_obj is array
    if array.ndim == 0:
        assert view.strides is None
    elif array.size:
        assert view.strides == element_strides(array)


def test_view_strides_are_in_elements_not_bytes() -> None:
    array = np.zeros((3, 5), dtype=np.float64)
    view = StridedMemoryView.from_dlpack(array, NO_SYNC)
    assert array.strides == (40, 8)
    assert view.strides == (5, 1)


@pytest.mark.parametrize(
    "dtype",
    ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
    + ["float16", "float32", "float64", "complex64", "complex128", "bool"],
)
def test_view_dtype(dtype: str) -> None:
    array = np.zeros(4, dtype=dtype)
    view = StridedMemoryView.from_dlpack(array, NO_SYNC)
    assert view.dtype == np.dtype(dtype)
    assert isinstance(view.dtype, np.dtype)


def test_view_of_read_only_array_is_readonly() -> None:
    array = np.arange(4.0)
    array.flags.writeable = False
    assert StridedMemoryView.from_dlpack(array, NO_SYNC).readonly is True


def test_view_of_legacy_producer() -> None:
    array = np.arange(6.0).reshape(2, 3)
    view = StridedMemoryView.from_dlpack(LegacyDLPackProducer(array), NO_SYNC)
    assert view.shape == (2, 3)
    assert view.ptr == array.ctypes.data
    assert view.readonly is False


def test_view_of_host_array_needs_a_stream() -> None:
    with pytest.raises(BufferError, match="stream=None is ambiguous"):
        StridedMemoryView.from_dlpack(BASE)
    with pytest.raises(BufferError, match="stream=None is ambiguous"):
        StridedMemoryView.from_any_interface(BASE)


@pytest.mark.parametrize(("stream_ptr", "passed"), [(NO_SYNC, None), (0, None), (5, 5)])
def test_dlpack_handshake_on_host(stream_ptr: int, passed: int | None) -> None:
    producer = DLPackProducer(BASE)
    view = StridedMemoryView.from_dlpack(producer, stream_ptr)
    assert view.exporting_obj is producer
    assert len(producer.calls) == 1
    assert producer.calls[0]["stream"] == passed
    major, _minor = producer.calls[0]["max_version"]
    assert major == 1


@pytest.mark.parametrize("stream_ptr", [NO_SYNC, 7])
def test_dlpack_handshake_on_device_passes_stream(stream_ptr: int) -> None:
    # The producer claims device memory; the view only reads the metadata.
    producer = DLPackProducer(BASE, device=(DLPACK_CUDA, 0))
    view = StridedMemoryView.from_dlpack(producer, stream_ptr)
    assert producer.calls[0]["stream"] == stream_ptr
    assert view.is_device_accessible is True


def test_dlpack_device_stream_none_is_refused() -> None:
    producer = DLPackProducer(BASE, device=(DLPACK_CUDA, 0))
    with pytest.raises(BufferError, match="stream=None is ambiguous"):
        StridedMemoryView.from_dlpack(producer)
    assert producer.calls == []


def test_dlpack_unsupported_device_type() -> None:
    with pytest.raises(BufferError):
        StridedMemoryView.from_dlpack(DLPackProducer(BASE, device=(4, 0)), NO_SYNC)


def test_view_dlpack_device_of_host_array() -> None:
    view = StridedMemoryView.from_dlpack(BASE, NO_SYNC)
    assert view.__dlpack_device__() == (DLPACK_CPU, 0)


def test_object_without_protocol_is_refused() -> None:
    with pytest.raises(BufferError, match="does not support any data exchange protocol"):
        StridedMemoryView.from_any_interface(object(), NO_SYNC)


@pytest.mark.parametrize("stream_ptr", [None, NO_SYNC])
@pytest.mark.parametrize(
    ("fields", "message"), [({"version": 2}, "v3 or above"), ({"mask": object()}, "mask is not supported")]
)
def test_cuda_array_interface_refused(fields: dict, message: str, stream_ptr: int | None) -> None:
    with pytest.raises(BufferError, match=message):
        StridedMemoryView.from_cuda_array_interface(CudaArrayInterface(**fields), stream_ptr)


def test_cuda_array_interface_needs_a_stream() -> None:
    with pytest.raises(BufferError, match="stream=None is ambiguous"):
        StridedMemoryView.from_cuda_array_interface(CudaArrayInterface())


def test_constructor_is_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="deprecated"):
        view = StridedMemoryView(BASE, NO_SYNC)
    assert view.shape == BASE.shape
    with pytest.warns(DeprecationWarning, match="deprecated"):
        empty = StridedMemoryView()
    assert empty.dtype is None
    assert empty.exporting_obj is None
    with pytest.raises(ValueError, match="Cannot infer layout"):
        empty.shape  # noqa: B018 - the property raises


def test_repr_names_the_fields() -> None:
    text = repr(StridedMemoryView.from_dlpack(BASE, NO_SYNC))
    assert text.startswith("StridedMemoryView(")
    for field in ("ptr=", "shape=(4, 6)", "strides=(6, 1)", "itemsize=4", "device_id=-1", "readonly=False"):
        assert field in text
    assert "exporting_obj=numpy.ndarray" in text


def test_args_viewable_as_strided_memory() -> None:
    @args_viewable_as_strided_memory((1,))
    def take(first, second, *, keyword=None):
        """Return the arguments."""
        return first, second, keyword

    first, proxy, keyword = take("a", BASE, keyword=3)
    assert (first, keyword) == ("a", 3)
    assert take.__name__ == "take"
    assert take.__doc__ == "Return the arguments."
    assert proxy.obj is BASE
    view = proxy.view(NO_SYNC)
    assert isinstance(view, StridedMemoryView)
    assert view.shape == BASE.shape
    assert view.exporting_obj is BASE


def test_args_viewable_as_strided_memory_refuses_other_objects() -> None:
    @args_viewable_as_strided_memory((0,))
    def take(data):
        return data

    with pytest.raises(BufferError, match="does not support any data exchange protocol"):
        take(object())


@pytest.mark.gpu
def test_view_of_device_buffer(device) -> None:
    stream = device.create_stream()
    buffer = device.allocate(64, stream=stream)
    stream.sync()
    view = StridedMemoryView.from_dlpack(buffer, stream.__cuda_stream__()[1])
    assert view.ptr == int(buffer.handle)
    assert view.shape == (64,)
    assert view.device_id == device.device_id
    assert view.is_device_accessible is True
    assert view.exporting_obj is buffer
    assert view.__dlpack_device__() == (DLPACK_CUDA, device.device_id)


@pytest.mark.gpu
def test_view_of_cuda_array_interface(device) -> None:
    producer_stream = device.create_stream()
    consumer_stream = device.create_stream()
    buffer = device.allocate(4 * 6 * 4, stream=producer_stream)
    producer = CudaArrayInterface(
        shape=(4, 6),
        typestr="<f4",
        data=(int(buffer.handle), True),
        strides=(4, 16),
        stream=producer_stream.__cuda_stream__()[1],
    )
    view = StridedMemoryView.from_cuda_array_interface(producer, consumer_stream.__cuda_stream__()[1])
    assert view.ptr == int(buffer.handle)
    assert view.shape == (4, 6)
    assert view.strides == (1, 4)
    assert view.dtype == np.dtype("float32")
    assert view.readonly is True
    assert view.device_id == device.device_id
    assert view.is_device_accessible is True
    consumer_stream.sync()

    contiguous = CudaArrayInterface(shape=(4, 6), data=(int(buffer.handle), False))
    view = StridedMemoryView.from_any_interface(contiguous, NO_SYNC)
    assert view.strides is None
    assert view.__dlpack_device__() == (DLPACK_CUDA, device.device_id)
    buffer.close(producer_stream)
    producer_stream.sync()


@pytest.mark.gpu
def test_view_from_array_interface(device) -> None:
    view = StridedMemoryView.from_array_interface(BASE)
    assert view.ptr == BASE.ctypes.data
    assert view.shape == BASE.shape
    # As the interface gives them: numpy gives none for a C-contiguous array.
    given = BASE.__array_interface__["strides"]
    assert view.strides == (None if given is None else element_strides(BASE))
    assert view.is_device_accessible is False
    assert view.device_id == device.device_id
