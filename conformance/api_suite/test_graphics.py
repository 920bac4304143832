# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``GraphicsResource``: OpenGL buffers registered with CUDA, mapped, written and given back.

The OpenGL context is a headless one, made with EGL on the EGL device of
CUDA device 0 (``EGL_EXT_platform_device``), with no window and no display
server. Where no such context can be made (no ``libEGL``, no EGL device,
no OpenGL on the device), the tests skip and say why.
``test_texture_api.py`` has the tests that need neither a device nor OpenGL.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Iterator

import pytest

from cuda.core import GraphicsResource, LegacyPinnedMemoryResource
from cuda.core._utils.cuda_utils import CUDAError

pytestmark = pytest.mark.gpu

# EGL and OpenGL constants (EGL 1.5, EGL_EXT_device_base, EGL_NV_device_cuda; OpenGL 1.5).
EGL_NONE = 0x3038
EGL_SURFACE_TYPE = 0x3033
EGL_PBUFFER_BIT = 0x0001
EGL_RENDERABLE_TYPE = 0x3040
EGL_OPENGL_BIT = 0x0008
EGL_OPENGL_API = 0x30A2
EGL_PLATFORM_DEVICE_EXT = 0x313F
EGL_CUDA_DEVICE_NV = 0x323A
GL_ARRAY_BUFFER = 0x8892
GL_DYNAMIC_DRAW = 0x88E8
MAX_EGL_DEVICES = 16


class HeadlessGL:
    """An OpenGL context made current on this thread with EGL, without a window or a display server."""

    def __init__(self, cuda_ordinal: int) -> None:
        """Make the context on the EGL device of CUDA device ``cuda_ordinal``; skip the test if that fails."""
        self.egl = _library("EGL", "libEGL.so.1")
        egl = self.egl
        egl.eglGetProcAddress.restype = ctypes.c_void_p
        egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
        egl.eglInitialize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        egl.eglChooseConfig.argtypes = [
            ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_int),
        ]
        egl.eglCreateContext.restype = ctypes.c_void_p
        egl.eglCreateContext.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        egl.eglMakeCurrent.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        egl.eglDestroyContext.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        egl.eglTerminate.argtypes = [ctypes.c_void_p]
        egl.eglBindAPI.argtypes = [ctypes.c_uint]
        query_devices = self._extension(
            "eglQueryDevicesEXT", ctypes.c_uint, ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)
        )
        query_attribute = self._extension(
            "eglQueryDeviceAttribEXT", ctypes.c_uint, ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_ssize_t)
        )
        platform_display = self._extension(
            "eglGetPlatformDisplayEXT", ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p
        )
        devices = (ctypes.c_void_p * MAX_EGL_DEVICES)()
        count = ctypes.c_int(0)
        if not query_devices(MAX_EGL_DEVICES, devices, ctypes.byref(count)) or count.value == 0:
            pytest.skip("no headless OpenGL: EGL lists no device")
        chosen = None
        for index in range(count.value):
            ordinal = ctypes.c_ssize_t(-1)
            if query_attribute(devices[index], EGL_CUDA_DEVICE_NV, ctypes.byref(ordinal)) and (
                ordinal.value == cuda_ordinal
            ):
                chosen = devices[index]
                break
        if chosen is None:
            pytest.skip(f"no headless OpenGL: no EGL device is CUDA device {cuda_ordinal} (EGL_NV_device_cuda)")
        self.display = platform_display(EGL_PLATFORM_DEVICE_EXT, chosen, None)
        if not self.display or not egl.eglInitialize(self.display, None, None):
            pytest.skip("no headless OpenGL: eglInitialize failed on the device's display")
        wanted = (EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE)
        attributes = (ctypes.c_int * len(wanted))(*wanted)
        config = ctypes.c_void_p()
        configs = ctypes.c_int(0)
        if not egl.eglBindAPI(EGL_OPENGL_API) or not egl.eglChooseConfig(
            self.display, attributes, ctypes.byref(config), 1, ctypes.byref(configs)
        ):
            egl.eglTerminate(self.display)
            pytest.skip("no headless OpenGL: the device offers no desktop OpenGL configuration")
        self.context = egl.eglCreateContext(self.display, config, None, None)
        if not self.context or not egl.eglMakeCurrent(self.display, None, None, self.context):
            egl.eglTerminate(self.display)
            pytest.skip("no headless OpenGL: no surfaceless context could be made current")
        self.gen_buffers = self._gl("glGenBuffers", None, ctypes.c_int, ctypes.POINTER(ctypes.c_uint))
        self.delete_buffers = self._gl("glDeleteBuffers", None, ctypes.c_int, ctypes.POINTER(ctypes.c_uint))
        self.bind_buffer = self._gl("glBindBuffer", None, ctypes.c_uint, ctypes.c_uint)
        self.buffer_data = self._gl(
            "glBufferData", None, ctypes.c_uint, ctypes.c_ssize_t, ctypes.c_void_p, ctypes.c_uint
        )
        self.get_buffer_sub_data = self._gl(
            "glGetBufferSubData", None, ctypes.c_uint, ctypes.c_ssize_t, ctypes.c_ssize_t, ctypes.c_void_p
        )
        self.finish = self._gl("glFinish", None)

    def _extension(self, name: str, result: object, *arguments: object) -> object:
        """Return an EGL extension function; skip the test if EGL lacks it."""
        address = self.egl.eglGetProcAddress(name.encode())
        if not address:
            pytest.skip(f"no headless OpenGL: EGL lacks {name}")
        return ctypes.CFUNCTYPE(result, *arguments)(address)

    def _gl(self, name: str, result: object, *arguments: object) -> object:
        """Return an OpenGL function of the current context."""
        address = self.egl.eglGetProcAddress(name.encode())
        if not address:
            pytest.skip(f"no headless OpenGL: EGL does not give {name}")
        return ctypes.CFUNCTYPE(result, *arguments)(address)

    def buffer(self, data: bytes) -> int:
        """Return the name of a new buffer object that holds ``data``."""
        name = ctypes.c_uint(0)
        self.gen_buffers(1, ctypes.byref(name))
        self.bind_buffer(GL_ARRAY_BUFFER, name.value)
        self.buffer_data(GL_ARRAY_BUFFER, len(data), data, GL_DYNAMIC_DRAW)
        self.bind_buffer(GL_ARRAY_BUFFER, 0)
        self.finish()
        return name.value

    def read(self, name: int, size: int) -> bytes:
        """Return the first ``size`` bytes of buffer object ``name``."""
        out = ctypes.create_string_buffer(size)
        self.bind_buffer(GL_ARRAY_BUFFER, name)
        self.get_buffer_sub_data(GL_ARRAY_BUFFER, 0, size, out)
        self.bind_buffer(GL_ARRAY_BUFFER, 0)
        return out.raw

    def delete(self, name: int) -> None:
        """Delete buffer object ``name``."""
        handle = ctypes.c_uint(name)
        self.delete_buffers(1, ctypes.byref(handle))

    def close(self) -> None:
        """Release the context and the display."""
        self.egl.eglMakeCurrent(self.display, None, None, None)
        self.egl.eglDestroyContext(self.display, self.context)
        self.egl.eglTerminate(self.display)


def _library(name: str, soname: str) -> ctypes.CDLL:
    """Load a shared library by its soname; skip the test if it is not installed."""
    try:
        return ctypes.CDLL(ctypes.util.find_library(name) or soname)
    except OSError as exc:
        pytest.skip(f"no headless OpenGL: {soname} cannot be loaded ({exc})")


@pytest.fixture
def gl(device) -> Iterator[HeadlessGL]:
    """Return a headless OpenGL context on device 0, current on this thread."""
    context = HeadlessGL(device.device_id)
    yield context
    context.close()


def test_without_an_opengl_context_registration_fails_with_cuda_error(device) -> None:
    with pytest.raises(CUDAError):
        GraphicsResource.from_gl_buffer(1)


def test_an_opengl_buffer_is_mapped_written_and_given_back(device, stream, gl) -> None:
    data = bytes(range(256))
    name = gl.buffer(data)
    resource = GraphicsResource.from_gl_buffer(name)
    assert not resource.is_closed
    assert not resource.is_mapped
    assert int(resource.handle) != 0
    assert resource.resource_handle == resource.handle
    buffer = resource.map(stream=stream)
    assert resource.is_mapped
    assert buffer.size == len(data)
    with pytest.raises(RuntimeError):
        resource.map(stream=stream)
    host = LegacyPinnedMemoryResource().allocate(len(data))
    buffer.copy_to(host, stream=stream)
    stream.sync()
    assert ctypes.string_at(int(host.handle), len(data)) == data
    buffer.fill(7, stream=stream)
    resource.unmap(stream=stream)
    stream.sync()
    assert not resource.is_mapped
    with pytest.raises(RuntimeError):
        resource.unmap()
    assert gl.read(name, len(data)) == bytes([7]) * len(data)
    with resource.map(stream=stream) as mapped:
        assert resource.is_mapped
        assert mapped.size == len(data)
    stream.sync()
    assert not resource.is_mapped
    resource.close()
    assert resource.is_closed
    resource.close()  # a second close does nothing
    host.close()
    gl.delete(name)


def test_a_registration_with_a_stream_maps_in_its_with_block(device, stream, gl) -> None:
    name = gl.buffer(bytes(64))
    resource = GraphicsResource.from_gl_buffer(name, flags=("read_only",), stream=stream)
    with resource as mapped:
        assert resource.is_mapped
        assert mapped.size == 64
    stream.sync()
    assert resource.is_closed
    gl.delete(name)
