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

from cuda.core._context cimport Context
from cuda.core.texture._opaque_array cimport OpaqueArray, _KIND_SURFACE_OBJECT
from cuda.core.texture._texture_object cimport BindlessObject_open, ResourceDescriptor, ResourceDescriptor_fill

__all__ = ["SurfaceObject"]


cdef class SurfaceObject(_BindlessObject):
    """Own a surface object, through which kernels read and write an array.

    Kernels take its :attr:`handle` as a ``cudaSurfaceObject_t`` argument.
    Only :meth:`Device.create_surface_object` makes one: it cannot be
    constructed directly.

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

    def __repr__(self) -> str:
        if self._handle == 0:
            return "<SurfaceObject (closed)>"
        return f"<SurfaceObject handle={self._handle:#x}>"


def _create_surface_object(device: object, resource: object) -> SurfaceObject:
    """Create a surface object in ``device``'s current context: :meth:`Device.create_surface_object`."""
    cdef Context ctx = device.context
    cdef SurfaceObject surface = SurfaceObject_create(device.device_id, ctx._handle, resource)
    # The object is destroyed in its context: a green one must outlive it.
    surface._green = ctx._green
    return surface

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
    cdef SurfaceObject surface = SurfaceObject.__new__(SurfaceObject)
    BindlessObject_open(surface, _KIND_SURFACE_OBJECT, ctx, device_id, descriptor, keep, &c_resource, NULL)
    return surface

