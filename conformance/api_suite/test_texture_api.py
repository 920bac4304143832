# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``cuda.core.texture`` and ``GraphicsResource`` without a device: options, descriptors and refusals.

The options classes check and normalize their fields when they are made,
and the factories check their arguments before the driver sees them; the
objects that own driver handles refuse direct construction. Without a
driver, registering an OpenGL object fails with ``RuntimeError`` naming
``cuda``; with one but no OpenGL context, with ``CUDAError``.
"""

from __future__ import annotations

import numpy as np
import pytest

from cuda.core import Device, GraphicsResource, texture
from cuda.core._utils.cuda_utils import CUDAError
from cuda.core.typing import AddressModeType, ArrayFormatType, FilterModeType, ReadModeType
from cuda_core_guide.gpu import gpu_status


@pytest.mark.parametrize(
    "cls", ["OpaqueArray", "MipmappedArray", "TextureObject", "SurfaceObject", "ResourceDescriptor"]
)
def test_objects_that_own_driver_handles_are_made_by_factories(cls: str) -> None:
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        getattr(texture, cls)()


def test_a_graphics_resource_is_made_by_its_factories() -> None:
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        GraphicsResource()


def test_array_options_normalize_shape_and_format() -> None:
    options = texture.OpaqueArrayOptions(shape=[16, 8], format="float32", num_channels=1)
    assert options.shape == (16, 8)
    assert options.format is ArrayFormatType.FLOAT32
    assert options.is_surface_load_store is False
    assert texture.OpaqueArrayOptions(shape=(4,), format=np.int16, num_channels=2).format is ArrayFormatType.INT16
    assert texture.OpaqueArrayOptions(shape=(4,), format=np.dtype("uint8"), num_channels=4).format is (
        ArrayFormatType.UINT8
    )
    assert options == texture.OpaqueArrayOptions(shape=(16, 8), format=ArrayFormatType.FLOAT32, num_channels=1)
    mipmapped = texture.MipmappedArrayOptions(shape=(16, 16), format="uint8", num_channels=4, num_levels=3)
    assert (mipmapped.shape, mipmapped.format, mipmapped.num_levels) == ((16, 16), ArrayFormatType.UINT8, 3)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("shape", ()),
        ("shape", (1, 2, 3, 4)),
        ("shape", (0, 4)),
        ("format", "uint64"),
        ("format", np.float64),
        ("format", 5),
        ("num_channels", 3),
        ("num_channels", True),
    ],
)
def test_array_options_refuse_bad_values(field: str, value: object) -> None:
    fields = {"shape": (4,), "format": "uint8", "num_channels": 1, field: value}
    with pytest.raises(ValueError, match=field):
        texture.OpaqueArrayOptions(**fields)


def test_array_options_refuse_a_shape_that_is_no_sequence() -> None:
    with pytest.raises(TypeError):
        texture.OpaqueArrayOptions(shape=5, format="uint8", num_channels=1)


def test_mipmapped_array_options_need_a_level() -> None:
    for levels in (0, -1):
        with pytest.raises(ValueError, match="num_levels"):
            texture.MipmappedArrayOptions(shape=(16, 16), format="float32", num_channels=1, num_levels=levels)


def test_texture_options_take_enumerations_or_their_values() -> None:
    default = texture.TextureObjectOptions()
    assert default.address_mode == AddressModeType.CLAMP
    assert default.filter_mode == FilterModeType.POINT
    assert default.read_mode == ReadModeType.ELEMENT_TYPE
    assert default.border_color is None
    options = texture.TextureObjectOptions(
        filter_mode="linear", address_mode=("wrap", "clamp"), read_mode="normalized_float", max_anisotropy=4
    )
    assert options.filter_mode == FilterModeType.LINEAR
    assert tuple(options.address_mode) == (AddressModeType.WRAP, AddressModeType.CLAMP)
    assert options.read_mode == ReadModeType.NORMALIZED_FLOAT
    assert options == texture.TextureObjectOptions(
        filter_mode=FilterModeType.LINEAR,
        address_mode=(AddressModeType.WRAP, AddressModeType.CLAMP),
        read_mode=ReadModeType.NORMALIZED_FLOAT,
        max_anisotropy=4,
    )
    with pytest.raises(ValueError, match="filter_mode"):
        texture.TextureObjectOptions(filter_mode="cubic")


def test_resource_descriptors_check_their_source() -> None:
    with pytest.raises(TypeError):
        texture.ResourceDescriptor.from_opaque_array(5)
    with pytest.raises(TypeError):
        texture.ResourceDescriptor.from_mipmapped_array(object())
    with pytest.raises(TypeError):
        texture.ResourceDescriptor.from_linear(b"bytes are not device memory", format="uint8", num_channels=1)
    with pytest.raises(TypeError):
        texture.ResourceDescriptor.from_pitch2d(
            bytearray(64), format="uint8", num_channels=1, width=8, height=8, pitch_bytes=8
        )


def test_unknown_registration_flags_are_refused_before_the_driver_is_called() -> None:
    with pytest.raises(ValueError, match="bogus"):
        GraphicsResource.from_gl_buffer(1, flags="bogus")
    with pytest.raises(ValueError, match="bogus"):
        GraphicsResource.from_gl_buffer(1, flags=["read_only", "bogus"])
    with pytest.raises(ValueError, match="bogus"):
        GraphicsResource.from_gl_image(1, 0x0DE1, flags="bogus")
    with pytest.raises(TypeError):
        GraphicsResource.from_gl_buffer("1")


def test_registering_without_a_driver_or_an_opengl_context_raises() -> None:
    available, _ = gpu_status()
    if available:
        # A driver, but no CUDA context made current and no OpenGL context: the driver refuses.
        with pytest.raises(CUDAError):
            GraphicsResource.from_gl_buffer(1)
        with pytest.raises(CUDAError):
            GraphicsResource.from_gl_image(1, 0x0DE1)
    else:
        with pytest.raises(RuntimeError, match="cuda"):
            GraphicsResource.from_gl_buffer(1)
        with pytest.raises(RuntimeError, match="cuda"):
            GraphicsResource.from_gl_image(1, 0x0DE1)


def test_without_a_driver_a_device_has_no_system_device() -> None:
    available, reason = gpu_status()
    if available:
        pytest.skip(f"a driver is here ({reason}); the GPU suite maps devices to NVML")
    with pytest.raises(RuntimeError, match="cuda"):
        Device(0).to_system_device()
