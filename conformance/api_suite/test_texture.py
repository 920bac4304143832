# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.texture``: CUDA arrays, and texture and surface objects bound to them.

The reference implementation defers this module (the ``texture`` group of
``guide/_data/differences.toml``), so these tests run against upstream
only: they make arrays of each kind, copy data through them, bind texture
and surface objects, and sample a texture from a kernel.
"""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from cuda.core import (
    LaunchConfig,
    LegacyPinnedMemoryResource,
    Program,
    ProgramOptions,
    launch,
)
from cuda.core.typing import ArrayFormatType

texture = pytest.importorskip(
    "cuda.core.texture", reason="cuda.core.texture is deferred in this implementation (differences.toml: texture)"
)

pytestmark = pytest.mark.gpu

WIDTH, HEIGHT = 16, 8


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
    code = """
    extern "C" __global__ void sample(cudaTextureObject_t tex, float* out, int width, int height) {
        int x = threadIdx.x, y = blockIdx.x;
        if (x < width && y < height) {
            out[y * width + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
        }
    }
    """
    kernel = (
        Program(code, "c++", options=ProgramOptions(arch=f"sm_{device.arch}")).compile("cubin").get_kernel("sample")
    )
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
