# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.utils.StridedMemoryView`` and ``args_viewable_as_strided_memory``.

The host tests view NumPy arrays, which export host memory through DLPack,
and buffers of a memory resource that hands out NumPy arrays' memory; they
need no GPU. Strides are in elements, as DLPack gives them, and None only
when the exporter gives none. Upstream 1.2.2 declares ``copy_from`` and
``copy_to`` but raises NotImplementedError from both, and so must any
``cuda.core`` that behaves like it.
"""

from __future__ import annotations

import gc
import inspect

import pytest

import cuda.core.utils
from cuda.core import Buffer, MemoryResource
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


F4 = np.dtype("float32")
HOST_BUFFER_SIZE = 48


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


class NumpyMemoryResource(MemoryResource):
    """Allocate host memory as NumPy arrays, so that buffers and their views need no driver."""

    def __init__(self) -> None:
        self.arrays: dict[int, object] = {}

    def allocate(self, size, *, stream=None):
        array = np.zeros(size, dtype=np.uint8)
        self.arrays[array.ctypes.data] = array
        return Buffer.from_handle(array.ctypes.data, size, mr=self)

    def deallocate(self, ptr, size, *, stream=None):
        self.arrays.pop(int(ptr), None)

    @property
    def device_id(self) -> int:
        return -1

    @property
    def is_device_accessible(self) -> bool:
        return False

    @property
    def is_host_accessible(self) -> bool:
        return True


def element_strides(array) -> tuple[int, ...]:
    return tuple(stride // array.itemsize for stride in array.strides)


@pytest.fixture
def host_buffer() -> Buffer:
    """Return a 48-byte buffer of host memory, zeroed, that its resource keeps."""
    return NumpyMemoryResource().allocate(HOST_BUFFER_SIZE)


def capsule_name(capsule) -> str:
    """Return the name a capsule's repr shows."""
    return repr(capsule).split('"')[1]


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


def test_from_buffer_is_a_classmethod() -> None:
    assert isinstance(inspect.getattr_static(StridedMemoryView, "from_buffer"), classmethod)


def test_from_buffer_describes_the_buffer(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    assert isinstance(view, StridedMemoryView)
    assert view.ptr == int(host_buffer.handle)
    assert view.shape == (3, 4)
    assert view.strides is None
    assert view.size == 12
    assert view.dtype == F4
    assert view.device_id == -1
    assert view.is_device_accessible is False
    assert view.readonly is False
    assert view.exporting_obj is host_buffer
    assert view.__dlpack_device__() == (DLPACK_CPU, 0)
    assert "itemsize=4" in repr(view)


def test_from_buffer_takes_strides_and_read_only(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (4, 3), (1, 4), dtype=F4, is_readonly=True)
    assert view.shape == (4, 3)
    assert view.strides == (1, 4)
    assert view.readonly is True
    # Less than the whole buffer is fine.
    assert StridedMemoryView.from_buffer(host_buffer, (2, 4), dtype=F4).shape == (2, 4)


def test_from_buffer_with_an_item_size_only(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), itemsize=4)
    assert view.dtype is None
    assert view.shape == (3, 4)
    assert "itemsize=4" in repr(view)
    with pytest.raises(BufferError):
        view.__dlpack__()
    assert view.view(dtype=np.dtype("int32")).dtype == np.dtype("int32")


@pytest.mark.parametrize(
    ("shape", "strides", "keywords", "error"),
    [
        ((3, 4), None, {}, ValueError),
        ((3, 4), None, {"itemsize": 8, "dtype": F4}, ValueError),
        ((4, 4), None, {"dtype": F4}, ValueError),
        ((4, 3), (1, 5), {"dtype": F4}, ValueError),
        ((4, 3), (-3, 1), {"dtype": F4}, ValueError),
        ((3, 4), (1,), {"dtype": F4}, ValueError),
        ((-1, 4), None, {"dtype": F4}, ValueError),
        ((3, 4), None, {"itemsize": 0}, ValueError),
        ([12], None, {"dtype": F4}, TypeError),
        (12, None, {"dtype": F4}, TypeError),
        ((4, 3), [3, 1], {"dtype": F4}, TypeError),
    ],
)
def test_from_buffer_refuses(host_buffer: Buffer, shape, strides, keywords: dict, error: type) -> None:
    with pytest.raises(error):
        StridedMemoryView.from_buffer(host_buffer, shape, strides, **keywords)


def test_view_without_arguments_is_the_view(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    assert view.view() is view


def test_view_with_another_dtype(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4, is_readonly=True)
    as_int = view.view(dtype=np.dtype("int32"))
    assert as_int is not view
    assert as_int.dtype == np.dtype("int32")
    assert (as_int.ptr, as_int.shape, as_int.strides) == (view.ptr, view.shape, view.strides)
    assert as_int.exporting_obj is host_buffer
    assert as_int.readonly is True
    with pytest.raises(ValueError, match="itemsize"):
        view.view(dtype=np.dtype("int64"))


def test_view_with_another_layout(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    transposed = StridedMemoryView.from_buffer(host_buffer, (6, 2), (1, 6), dtype=F4)
    reshaped = view.view(transposed._layout)
    assert reshaped.shape == (6, 2)
    assert reshaped.strides == (1, 6)
    assert reshaped.dtype == F4
    as_bytes = StridedMemoryView.from_buffer(host_buffer, (48,), itemsize=1)
    assert view.view(as_bytes._layout, np.dtype("uint8")).shape == (48,)
    with pytest.raises(ValueError, match="itemsize"):
        view.view(as_bytes._layout)
    with pytest.raises(TypeError):
        view.view(3)


def test_view_past_the_buffer_is_refused(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    bigger = NumpyMemoryResource().allocate(4 * HOST_BUFFER_SIZE)
    layout = StridedMemoryView.from_buffer(bigger, (48,), dtype=F4)._layout
    with pytest.raises(ValueError, match="too small"):
        view.view(layout)


def test_view_of_an_empty_view_is_refused() -> None:
    with pytest.warns(DeprecationWarning, match="deprecated"):
        empty = StridedMemoryView()
    assert empty.view() is empty
    with pytest.raises(ValueError, match="Cannot infer layout"):
        empty.view(dtype=F4)
    with pytest.raises(ValueError, match="Cannot infer layout"):
        empty.__dlpack__()


def test_dlpack_export_of_a_buffer_view_shares_its_memory(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    array = np.from_dlpack(view)
    assert array.shape == (3, 4)
    assert array.dtype == F4
    assert array.ctypes.data == view.ptr
    array[:] = np.arange(12, dtype=F4).reshape(3, 4)
    again = np.from_dlpack(StridedMemoryView.from_buffer(host_buffer, (12,), dtype=F4))
    assert again.tolist() == list(range(12))
    columns = np.from_dlpack(StridedMemoryView.from_buffer(host_buffer, (4, 3), (1, 4), dtype=F4))
    assert columns.strides == (4, 16)
    assert columns[1].tolist() == [1.0, 5.0, 9.0]


@pytest.mark.parametrize("shape", [(0, 3), ()])
def test_dlpack_export_of_empty_and_scalar_views(host_buffer: Buffer, shape: tuple) -> None:
    array = np.from_dlpack(StridedMemoryView.from_buffer(host_buffer, shape, dtype=F4))
    assert array.shape == shape


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float16", "float64", "complex64"])
def test_dlpack_export_dtypes(host_buffer: Buffer, dtype: str) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (2,), dtype=np.dtype(dtype))
    assert np.from_dlpack(view).dtype == np.dtype(dtype)


@pytest.mark.parametrize("dtype", ["U1", "datetime64[s]", ">f4"])
def test_dlpack_export_refuses_dtypes(host_buffer: Buffer, dtype: str) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (2,), dtype=np.dtype(dtype))
    with pytest.raises(BufferError):
        view.__dlpack__()


@pytest.mark.parametrize(
    ("max_version", "name"),
    [(None, "dltensor"), ((0, 8), "dltensor"), ((1, 0), "dltensor_versioned"), ((2, 0), "dltensor_versioned")],
)
def test_dlpack_export_versions(host_buffer: Buffer, max_version, name: str) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    assert capsule_name(view.__dlpack__(max_version=max_version)) == name
    assert capsule_name(view.__dlpack__(stream=NO_SYNC, max_version=max_version, copy=False)) == name


def test_dlpack_export_carries_read_only(host_buffer: Buffer) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4, is_readonly=True)
    assert np.from_dlpack(view).flags.writeable is False
    again = StridedMemoryView.from_dlpack(view, NO_SYNC)
    assert again.readonly is True
    assert (again.ptr, again.shape, again.dtype) == (view.ptr, view.shape, view.dtype)


@pytest.mark.parametrize(
    ("keywords", "error"),
    [
        ({"dl_device": (DLPACK_CPU, 0)}, BufferError),
        ({"copy": True}, BufferError),
        ({"max_version": (1,)}, BufferError),
        ({"max_version": (1, 0, 0)}, BufferError),
        ({"stream": "0"}, TypeError),
        ({"max_version": [1, 0]}, TypeError),
        ({"dl_device": [DLPACK_CPU, 0]}, TypeError),
    ],
)
def test_dlpack_export_refuses(host_buffer: Buffer, keywords: dict, error: type) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    with pytest.raises(error):
        view.__dlpack__(**keywords)
    with pytest.raises(TypeError):
        view.__dlpack__(None)


@pytest.mark.parametrize("name", sorted(ARRAYS))
def test_dlpack_reexport_of_a_host_array(name: str) -> None:
    array = ARRAYS[name]
    exported = np.from_dlpack(StridedMemoryView.from_dlpack(array, NO_SYNC))
    # The capsule keeps the intermediate view, and so its import, alive.
    gc.collect()
    assert exported.shape == array.shape
    assert exported.dtype == array.dtype
    assert np.array_equal(exported, array)
    if array.size:
        assert exported.ctypes.data == array.ctypes.data
        assert exported.strides == array.strides


@pytest.mark.parametrize("method", ["copy_from", "copy_to"])
def test_copies_are_not_supported(host_buffer: Buffer, method: str) -> None:
    view = StridedMemoryView.from_buffer(host_buffer, (3, 4), dtype=F4)
    other = StridedMemoryView.from_dlpack(np.zeros((3, 4), dtype=F4), NO_SYNC)
    with pytest.raises(TypeError):
        getattr(view, method)(np.zeros((3, 4), dtype=F4), None)
    with pytest.raises(NotImplementedError):
        getattr(view, method)(other, None)
    with pytest.raises(NotImplementedError):
        getattr(view, method)(other, stream=None, allocator=None, blocking=True)


@pytest.mark.gpu
def test_from_buffer_of_device_memory(device) -> None:
    stream = device.create_stream()
    buffer = device.allocate(64, stream=stream)
    view = StridedMemoryView.from_buffer(buffer, (4, 4), dtype=F4)
    assert view.ptr == int(buffer.handle)
    assert view.device_id == device.device_id
    assert view.is_device_accessible is True
    assert view.__dlpack_device__() == (DLPACK_CUDA, device.device_id)
    with pytest.raises(ValueError, match="too small"):
        StridedMemoryView.from_buffer(buffer, (5, 4), dtype=F4)
    again = StridedMemoryView.from_dlpack(view, stream.__cuda_stream__()[1])
    assert (again.ptr, again.shape, again.dtype) == (view.ptr, view.shape, view.dtype)
    assert again.__dlpack_device__() == (DLPACK_CUDA, device.device_id)
    del again, view
    buffer.close(stream)
    stream.sync()


@pytest.mark.gpu
def test_view_of_a_dlpack_import(device) -> None:
    array = np.arange(12, dtype=np.float32).reshape(3, 4)
    view = StridedMemoryView.from_dlpack(array, NO_SYNC)
    as_int = view.view(dtype=np.dtype("int32"))
    assert as_int.dtype == np.dtype("int32")
    assert (as_int.ptr, as_int.shape) == (view.ptr, view.shape)
    assert as_int.is_device_accessible is False
    assert isinstance(as_int.exporting_obj, Buffer)
    assert as_int.exporting_obj.owner is array
    assert np.from_dlpack(as_int).view(np.float32).tolist() == array.tolist()
