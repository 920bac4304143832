# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Surface objects: bindless handles through which kernels read and write CUDA arrays.

A :class:`SurfaceObject` owns a ``CUsurfObject``, made by
:meth:`Device.create_surface_object` from a
:class:`~cuda.core.texture.ResourceDescriptor` of an
:class:`~cuda.core.texture.OpaqueArray` created with
``is_surface_load_store=True``. Unlike a texture, a surface has no
sampling state: kernels address it in bytes and elements, with
``surf2Dread`` and ``surf2Dwrite``.
"""

from __future__ import annotations

from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._context cimport Context, Context_pop_if_pushed, Context_push_if_not_current
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN
from cuda.core.texture._opaque_array cimport OpaqueArray, _KIND_SURFACE_OBJECT, destroy_or_raise, destroy_or_warn
from cuda.core.texture._texture_object cimport ResourceDescriptor, ResourceDescriptor_fill

__all__ = ["SurfaceObject"]


cdef class SurfaceObject:
    """Own a surface object, through which kernels read and write an array.

    A surface object is made by :meth:`Device.create_surface_object`; it
    cannot be constructed directly. Pass :attr:`handle` to a kernel whose
    parameter is a ``cudaSurfaceObject_t``.

    Notes
    -----
    The surface object keeps the driver array it reads and writes alive,
    even once the array object is closed. :meth:`close` destroys the
    surface object; garbage collection does if it was never closed, and
    reports a failure as a :class:`RuntimeWarning`.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :meth:`Device.create_surface_object`."""
        raise RuntimeError(
            "SurfaceObject objects cannot be instantiated directly. Please use Device.create_surface_object()."
        )

    def __dealloc__(self) -> None:
        SurfaceObject_dealloc(self)

    def __enter__(self) -> SurfaceObject:
        return self

    def __exit__(self, exc_type: object, exc_value: object, traceback: object) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._handle == 0:
            return "<SurfaceObject (closed)>"
        return f"<SurfaceObject handle={self._handle:#x}>"

    def close(self) -> None:
        """Destroy the surface object, and let go of the array it uses.

        Closing a closed surface object does nothing.

        Raises
        ------
        CUDAError
            If the driver fails to destroy the surface object. It counts as
            closed even then.
        """
        cdef cydriver.CUsurfObject c_handle = self._handle
        cdef cydriver.CUcontext c_ctx = self._ctx
        if c_handle == 0:
            return
        self._handle = 0
        try:
            destroy_or_raise(c_ctx, _KIND_SURFACE_OBJECT, c_handle)
        finally:
            self._keep = None

    @property
    def device(self) -> Device:
        """The :class:`Device` the surface object was created on."""
        # Imported here: cuda.core._device makes surface objects, and imports this module when it does.
        from cuda.core._device import Device

        return Device(self._device_id)

    @property
    def handle(self) -> int:
        """The driver's ``CUsurfObject``, a 64-bit integer to pass to kernels.

        Raises
        ------
        RuntimeError
            If the surface object is closed.
        """
        if self._handle == 0:
            raise RuntimeError("SurfaceObject has been closed")
        return self._handle

    @property
    def is_closed(self) -> bool:
        """Whether the surface object has been closed."""
        return self._handle == 0

    @property
    def resource(self) -> ResourceDescriptor:
        """The :class:`~cuda.core.texture.ResourceDescriptor` of the array the surface object uses."""
        return self._resource


def _create_surface_object(device: object, resource: object) -> SurfaceObject:
    """Create a surface object in ``device``'s current context: :meth:`Device.create_surface_object`."""
    cdef Context ctx = device.context
    return SurfaceObject_create(device.device_id, ctx._handle, resource)

cdef SurfaceObject SurfaceObject_create(int device_id, cydriver.CUcontext ctx, object resource):
    """Create a surface object in context ``ctx`` of device ``device_id``."""
    if not isinstance(resource, ResourceDescriptor):
        raise TypeError(f"resource must be a ResourceDescriptor, got {type(resource).__name__}")
    cdef ResourceDescriptor descriptor = <ResourceDescriptor>resource
    if descriptor._kind != "array":
        raise ValueError(
            f"a surface object needs a resource of an OpaqueArray (ResourceDescriptor.from_opaque_array), "
            f"got one of kind {descriptor._kind!r}"
        )
    if not (<OpaqueArray>descriptor._source)._surface_load_store:
        raise ValueError(
            "a surface object needs an array created with OpaqueArrayOptions(is_surface_load_store=True)"
        )
    cdef cydriver.CUDA_RESOURCE_DESC c_resource
    memset(&c_resource, 0, sizeof(c_resource))
    keep = ResourceDescriptor_fill(descriptor, &c_resource, device_id)
    cdef cydriver.CUsurfObject c_handle = 0
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuSurfObjectCreate(&c_handle, &c_resource))
        finally:
            Context_pop_if_pushed(pushed)
    cdef SurfaceObject surface = SurfaceObject.__new__(SurfaceObject)
    surface._handle = c_handle
    surface._ctx = ctx
    surface._device_id = device_id
    surface._resource = descriptor
    surface._keep = keep
    return surface


cdef void SurfaceObject_dealloc(SurfaceObject self) noexcept:
    """Destroy a surface object that was never closed; report a failure as a warning."""
    cdef cydriver.CUsurfObject c_handle = self._handle
    if c_handle == 0:
        return
    self._handle = 0
    destroy_or_warn(self._ctx, _KIND_SURFACE_OBJECT, c_handle, "surface object")
