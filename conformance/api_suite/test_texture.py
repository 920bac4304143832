# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.texture``: CUDA arrays, and texture and surface objects bound to them.

The tests make arrays of each kind, copy data through them, bind texture
and surface objects, sample textures of arrays and of linear memory from a
kernel, and write an array through a surface from a kernel.
``test_texture_api.py`` has the tests that need no device.
"""

from __future__ import annotations

import ctypes
import gc
import threading
import weakref

import numpy as np
import pytest

from cuda.core import (
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Program,
    ProgramOptions,
    launch,
    texture,
)
from cuda.core.typing import ArrayFormatType

pytestmark = pytest.mark.gpu

WIDTH, HEIGHT = 16, 8


_SAMPLE = """
extern "C" __global__ void sample(cudaTextureObject_t tex, float* out, int width, int height) {
    int x = threadIdx.x, y = blockIdx.x;
    if (x < width && y < height) {
        out[y * width + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
    }
}
"""
"""A kernel that writes every element of a 2D float texture, sampled at its centre, to ``out``."""

_PAINT = """
extern "C" __global__ void paint(cudaSurfaceObject_t surface, int width, int height) {
    int x = threadIdx.x, y = blockIdx.x;
    if (x < width && y < height) {
        surf2Dwrite(float(y * 100 + x), surface, x * (int)sizeof(float), y);
    }
}
"""
"""A kernel that writes ``_image()`` through a surface object."""


def _image() -> np.ndarray:
    """Return a float32 image whose every element is distinct: ``row * 100 + column``."""
    rows, columns = np.mgrid[0:HEIGHT, 0:WIDTH]
    return (rows * 100 + columns).astype(np.float32)


def _opaque(device, *, surface: bool = False):
    """Return a float32 array of WIDTH x HEIGHT elements."""
    options = texture.OpaqueArrayOptions(
        shape=(WIDTH, HEIGHT), format="float32", num_channels=1, is_surface_load_store=surface
    )
    return device.create_opaque_array(options)


def test_an_opaque_array_describes_itself_and_round_trips_data(device, stream) -> None:
    array = _opaque(device)
    assert array.shape == (WIDTH, HEIGHT)
    assert array.format == ArrayFormatType.FLOAT32
    assert array.num_channels == 1
    assert array.element_bytes == 4
    assert array.size_bytes == WIDTH * HEIGHT * 4
    assert array.is_surface_load_store is False
    assert array.device == device
    assert int(array.handle) != 0
    image = _image()
    array.copy_from(image, stream=stream)
    back = np.zeros_like(image)
    assert array.copy_to(back, stream=stream) is back
    stream.sync()
    np.testing.assert_array_equal(back, image)
    with array:
        assert not array.is_closed
    assert array.is_closed
    array.close()  # a second close does nothing


def test_a_texture_object_samples_its_array_from_a_kernel(device, stream) -> None:
    image = _image()
    array = _opaque(device)
    array.copy_from(image, stream=stream)
    resource = texture.ResourceDescriptor.from_opaque_array(array)
    assert resource.source is array
    assert resource.kind == "array"
    # Format and channels belong to the array; the descriptor holds them only for linear and pitched memory.
    assert resource.num_channels is None
    assert resource.format is None
    options = texture.TextureObjectOptions(filter_mode="point", address_mode="clamp")
    tex = device.create_texture_object(resource=resource, options=options)
    assert tex.resource is resource
    assert tex.options == options
    assert tex.device == device
    kernel = _kernel(device, _SAMPLE, "sample")
    out = device.allocate(image.nbytes, stream=stream)
    launch(stream, LaunchConfig(grid=HEIGHT, block=WIDTH), kernel, np.uint64(int(tex.handle)), out, WIDTH, HEIGHT)
    host = LegacyPinnedMemoryResource().allocate(image.nbytes)
    out.copy_to(host, stream=stream)
    stream.sync()
    back = np.frombuffer(ctypes.string_at(int(host.handle), image.nbytes), dtype=np.float32)
    np.testing.assert_array_equal(back.reshape(image.shape), image)
    tex.close()
    assert tex.is_closed
    out.close(stream)
    array.close()


def test_a_surface_object_needs_a_load_store_array(device) -> None:
    array = _opaque(device, surface=True)
    assert array.is_surface_load_store is True
    surface = device.create_surface_object(resource=texture.ResourceDescriptor.from_opaque_array(array))
    assert surface.resource.source is array
    assert surface.device == device
    assert int(surface.handle) != 0
    surface.close()
    assert surface.is_closed
    array.close()


def test_a_mipmapped_array_has_levels_of_halving_size(device) -> None:
    options = texture.MipmappedArrayOptions(shape=(16, 16), format="float32", num_channels=1, num_levels=3)
    mipmapped = device.create_mipmapped_array(options)
    assert mipmapped.num_levels == 3
    assert mipmapped.shape == (16, 16)
    assert mipmapped.format == ArrayFormatType.FLOAT32
    assert mipmapped.num_channels == 1
    assert mipmapped.is_surface_load_store is False
    assert mipmapped.device == device
    assert int(mipmapped.handle) != 0
    level = mipmapped.get_level(1)
    assert isinstance(level, texture.OpaqueArray)
    assert level.shape == (8, 8)
    resource = texture.ResourceDescriptor.from_mipmapped_array(mipmapped)
    sampled = device.create_texture_object(
        resource=resource,
        options=texture.TextureObjectOptions(mipmap_filter_mode="linear", max_mipmap_level_clamp=2.0),
    )
    sampled.close()
    mipmapped.close()
    assert mipmapped.is_closed


def test_linear_and_pitched_memory_can_back_a_texture(device, stream) -> None:
    linear = device.allocate(1024, stream=stream)
    resource = texture.ResourceDescriptor.from_linear(linear, format=np.float32, num_channels=1)
    assert resource.size_bytes == 1024
    assert resource.format == ArrayFormatType.FLOAT32
    device.create_texture_object(resource=resource).close()
    alignment = device.properties.texture_pitch_alignment
    pitch = -(-WIDTH * 4 // alignment) * alignment
    pitched = device.allocate(pitch * HEIGHT, stream=stream)
    resource = texture.ResourceDescriptor.from_pitch2d(
        pitched, format="float32", num_channels=1, width=WIDTH, height=HEIGHT, pitch_bytes=pitch
    )
    assert (resource.width, resource.height, resource.pitch_bytes) == (WIDTH, HEIGHT, pitch)
    assert resource.kind is not None
    device.create_texture_object(resource=resource).close()
    stream.sync()
    linear.close(stream)
    pitched.close(stream)


def _kernel(device, code: str, name: str):
    """Return kernel ``name`` of CUDA C++ ``code``, compiled for the device."""
    program = Program(code, "c++", options=ProgramOptions(arch=f"sm_{device.arch}"))
    return program.compile("cubin").get_kernel(name)


def _read_back(buffer, stream) -> np.ndarray:
    """Return a device buffer's contents as float32 values, copied through pinned memory."""
    host = LegacyPinnedMemoryResource().allocate(buffer.size)
    buffer.copy_to(host, stream=stream)
    stream.sync()
    values = np.frombuffer(ctypes.string_at(int(host.handle), buffer.size), dtype=np.float32).copy()
    host.close()
    return values


def test_a_kernel_writes_an_array_through_a_surface_object(device, stream) -> None:
    array = _opaque(device, surface=True)
    surface = device.create_surface_object(resource=texture.ResourceDescriptor.from_opaque_array(array))
    kernel = _kernel(device, _PAINT, "paint")
    launch(stream, LaunchConfig(grid=HEIGHT, block=WIDTH), kernel, np.uint64(int(surface.handle)), WIDTH, HEIGHT)
    back = np.zeros((HEIGHT, WIDTH), dtype=np.float32)
    array.copy_to(back, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(back, _image())
    surface.close()
    array.close()


def test_a_texture_object_fetches_linear_memory_by_index(device, stream) -> None:
    values = np.arange(256, dtype=np.float32) * 0.5
    pinned = LegacyPinnedMemoryResource().allocate(values.nbytes)
    ctypes.memmove(int(pinned.handle), values.ctypes.data, values.nbytes)
    linear = device.allocate(values.nbytes, stream=stream)
    linear.copy_from(pinned, stream=stream)
    resource = texture.ResourceDescriptor.from_linear(linear, format="float32", num_channels=1)
    assert resource.kind == "linear"
    tex = device.create_texture_object(resource=resource)
    code = """
    extern "C" __global__ void fetch(cudaTextureObject_t tex, float* out, int count) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < count) {
            out[i] = tex1Dfetch<float>(tex, i);
        }
    }
    """
    kernel = _kernel(device, code, "fetch")
    out = device.allocate(values.nbytes, stream=stream)
    launch(stream, LaunchConfig(grid=2, block=128), kernel, np.uint64(int(tex.handle)), out, values.size)
    np.testing.assert_array_equal(_read_back(out, stream), values)
    tex.close()
    out.close(stream)
    linear.close(stream)
    stream.sync()
    pinned.close()


def test_a_mipmap_level_copies_data_in_and_out(device, stream) -> None:
    options = texture.MipmappedArrayOptions(shape=(WIDTH, HEIGHT), format="float32", num_channels=1, num_levels=2)
    mipmapped = device.create_mipmapped_array(options)
    level = mipmapped.get_level(1)
    assert level.shape == (WIDTH // 2, HEIGHT // 2)
    assert level.format == ArrayFormatType.FLOAT32
    data = np.arange(level.size_bytes // 4, dtype=np.float32).reshape(HEIGHT // 2, WIDTH // 2)
    level.copy_from(data, stream=stream)
    back = np.zeros_like(data)
    level.copy_to(back, stream=stream)
    stream.sync()
    np.testing.assert_array_equal(back, data)
    level.close()
    mipmapped.close()


def test_arrays_take_their_options_as_a_dict(device) -> None:
    array = device.create_opaque_array({"shape": (32,), "format": "uint8", "num_channels": 4})
    assert (array.shape, array.format, array.num_channels, array.element_bytes) == ((32,), ArrayFormatType.UINT8, 4, 4)
    assert array.size_bytes == 128
    array.close()


def test_a_surface_object_needs_an_array_that_allows_surfaces(device, stream) -> None:
    array = _opaque(device)
    with pytest.raises(ValueError, match="is_surface_load_store"):
        device.create_surface_object(resource=texture.ResourceDescriptor.from_opaque_array(array))
    linear = device.allocate(1024, stream=stream)
    with pytest.raises(ValueError, match="linear"):
        device.create_surface_object(
            resource=texture.ResourceDescriptor.from_linear(linear, format="float32", num_channels=1)
        )
    with pytest.raises(TypeError):
        device.create_texture_object(resource=array)
    linear.close(stream)
    array.close()


def _sampled(device, stream, tex) -> np.ndarray:
    """Return what the sampling kernel reads through ``tex``, as a HEIGHT x WIDTH image."""
    out = device.allocate(WIDTH * HEIGHT * 4, stream=stream)
    kernel = _kernel(device, _SAMPLE, "sample")
    launch(stream, LaunchConfig(grid=HEIGHT, block=WIDTH), kernel, np.uint64(int(tex.handle)), out, WIDTH, HEIGHT)
    values = _read_back(out, stream).reshape(HEIGHT, WIDTH)
    out.close(stream)
    return values


def _bound(device, kind: str):
    """Return a new surface-capable array and a ``kind`` object (``"texture"`` or ``"surface"``) bound to it."""
    array = _opaque(device, surface=True)
    resource = texture.ResourceDescriptor.from_opaque_array(array)
    if kind == "texture":
        return array, device.create_texture_object(resource=resource)
    return array, device.create_surface_object(resource=resource)


def _handle_or_error(bound) -> int | str:
    """Return the handle of a texture or surface object, or the message of the RuntimeError it raises instead."""
    try:
        return int(bound.handle)
    except RuntimeError as error:
        return str(error)


def test_a_texture_samples_its_array_after_the_array_is_closed_and_collected(device, stream) -> None:
    array = _opaque(device)
    array.copy_from(_image(), stream=stream)
    stream.sync()
    tex = device.create_texture_object(
        resource=texture.ResourceDescriptor.from_opaque_array(array),
        options=texture.TextureObjectOptions(filter_mode="point", address_mode="clamp"),
    )
    array.close()
    del array
    gc.collect()
    # The texture object keeps the driver array alive: the kernel still reads what was copied in.
    np.testing.assert_array_equal(_sampled(device, stream, tex), _image())
    tex.close()


def test_a_surface_writes_an_array_whose_object_is_gone_and_a_texture_reads_it(device, stream) -> None:
    array = _opaque(device, surface=True)
    resource = texture.ResourceDescriptor.from_opaque_array(array)
    surface = device.create_surface_object(resource=resource)
    tex = device.create_texture_object(resource=resource)
    array.close()
    del array, resource
    gc.collect()
    kernel = _kernel(device, _PAINT, "paint")
    launch(stream, LaunchConfig(grid=HEIGHT, block=WIDTH), kernel, np.uint64(int(surface.handle)), WIDTH, HEIGHT)
    stream.sync()
    surface.close()
    # Written through one object and read through the other, after the array's own object was closed.
    np.testing.assert_array_equal(_sampled(device, stream, tex), _image())
    tex.close()


@pytest.mark.parametrize("kind", ["texture", "surface"])
def test_an_object_closed_on_another_thread_is_closed_on_this_one(device, kind) -> None:
    array, bound = _bound(device, kind)
    assert not bound.is_closed
    closer = threading.Thread(target=bound.close)
    closer.start()
    closer.join()
    assert bound.is_closed
    # A closed object never hands out the destroyed driver object: the reference raises, upstream answers 0 (D14).
    assert _handle_or_error(bound) in (0, f"{type(bound).__name__} has been closed")
    bound.close()  # a second close, on this thread, does nothing
    with bound:  # a closed object still works as a context manager, and stays closed
        pass
    assert bound.is_closed
    array.close()


@pytest.mark.parametrize("kind", ["texture", "surface"])
def test_an_object_dropped_without_closing_is_destroyed_quietly(device, kind, recwarn) -> None:
    array, bound = _bound(device, kind)
    # Upstream's objects take no weak reference: there, the drop is watched through the warnings alone.
    try:
        watched = weakref.ref(bound)
    except TypeError:
        watched = None
    del bound
    gc.collect()
    if watched is not None:
        assert watched() is None
    array.close()
    del array
    gc.collect()
    # The collector destroyed the driver object (and let the array go) without complaint: a failed
    # destroy is reported as a RuntimeWarning.
    assert [str(warning.message) for warning in recwarn if issubclass(warning.category, RuntimeWarning)] == []
