# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Graphics interoperability: OpenGL buffers and images that CUDA kernels use in place.

A :class:`GraphicsResource` registers an OpenGL buffer object, texture or
renderbuffer with CUDA. Mapping it (:meth:`GraphicsResource.map`) hands
the buffer's memory to CUDA as a :class:`~cuda.core.Buffer`, until the
buffer is closed, which gives it back to OpenGL. Registration and mapping
need the OpenGL context that owns the object to be current on the calling
thread, besides a CUDA context.
"""

from __future__ import annotations

from cpython.ref cimport Py_REFCNT
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._context cimport Context_pop_if_pushed, Context_push_if_not_current
from cuda.core._memory._buffer cimport Buffer, Buffer_from_ptr, MemoryResource
from cuda.core._stream cimport Stream, Stream_accept
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, int_argument, warn_destroy_failure

import operator
import weakref


__all__ = ["GraphicsResource"]

# The registration flags by name; several may be given together.
_REGISTER_FLAGS = {
    "none": cydriver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_NONE,
    "read_only": cydriver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY,
    "write_discard": cydriver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD,
    "surface_load_store": cydriver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_SURFACE_LDST,
    "texture_gather": cydriver.CUgraphicsRegisterFlags.CU_GRAPHICS_REGISTER_FLAGS_TEXTURE_GATHER,
}
# OpenGL names (GLuint) and targets (GLenum) are 32-bit unsigned integers.
_GL_UINT_LIMIT = 1 << 32


cdef class GraphicsResource:
    """Register an OpenGL buffer or image with CUDA, to map its memory for kernels.

    A resource is made by :meth:`from_gl_buffer` or :meth:`from_gl_image`;
    it cannot be constructed directly. :meth:`map` gives the memory of a
    buffer object to CUDA as a :class:`~cuda.core.Buffer`; closing that
    buffer, :meth:`unmap` or :meth:`close` gives it back to OpenGL.

    Used in a ``with`` statement, a resource is closed at the end of the
    block. The block gets the resource itself, or, when
    :meth:`from_gl_buffer` was given a ``stream``, the buffer that mapping
    it on that stream returns.

    Notes
    -----
    OpenGL must not use the object while it is mapped. The registration
    lives as long as the resource is open or its mapped buffer is: closing
    the resource while the buffer is mapped unmaps it first. A resource
    that was never closed is unregistered when it is garbage-collected,
    and a failure then is reported as a :class:`RuntimeWarning`.

    Examples
    --------
    >>> resource = GraphicsResource.from_gl_buffer(vbo, flags="write_discard")
    >>> with resource.map(stream=stream) as buffer:
    ...     launch(stream, config, kernel, buffer, count)
    >>> resource.close()
    """

    def __init__(self) -> None:
        """Refuse direct construction: see :meth:`from_gl_buffer` and :meth:`from_gl_image`."""
        raise RuntimeError(
            "GraphicsResource objects cannot be instantiated directly. "
            "Please use GraphicsResource.from_gl_buffer() or GraphicsResource.from_gl_image()."
        )

    def __enter__(self) -> object:
        if self._context_manager_stream is None:
            return self
        return self.map(stream=self._context_manager_stream)

    def __exit__(self, exc_type: object, exc_value: object, traceback: object) -> bool:
        self.close()
        return False

    def __repr__(self) -> str:
        if self._registration is None:
            return "<GraphicsResource (closed)>"
        address = <uintptr_t>self._registration._handle
        mapped = " mapped" if self._registration._mapped else ""
        return f"<GraphicsResource handle={address:#x}{mapped}>"

    @classmethod
    def from_gl_buffer(
        cls, gl_buffer: int, *, flags: str | tuple[str, ...] | list[str] | None = None, stream: Stream | None = None
    ) -> GraphicsResource:
        """Register an OpenGL buffer object with CUDA, in the current CUDA and OpenGL contexts.

        Parameters
        ----------
        gl_buffer : int
            The buffer object's name (a ``GLuint``).
        flags : str or sequence of str, optional
            How CUDA will use the memory: ``"none"`` (the default),
            ``"read_only"``, ``"write_discard"`` (CUDA overwrites all of
            it), ``"surface_load_store"`` or ``"texture_gather"``; a
            sequence combines several.
        stream : Stream, optional
            Make the resource, used in a ``with`` statement, map itself on
            this stream, and give the block the mapped buffer.

        Returns
        -------
        GraphicsResource
            The registered resource.

        Raises
        ------
        TypeError
            If ``gl_buffer`` is not an int, ``flags`` is neither a str nor
            a sequence of them, or ``stream`` is not a stream.
        ValueError
            If ``gl_buffer`` is negative or beyond 32 bits, or a flag is unknown.
        CUDAError
            If the driver refuses, for example when no OpenGL context is
            current (``CUDA_ERROR_INVALID_GRAPHICS_CONTEXT``) or no CUDA
            context is, or ``gl_buffer`` names no buffer object.
        RuntimeError
            If there is no CUDA driver on this machine (``cuda.pathfinder``'s
            ``DynamicLibNotFoundError``, which names ``cuda``).
        """
        cdef unsigned int c_buffer = GraphicsResource_gl_name(gl_buffer, "gl_buffer")
        cdef unsigned int c_flags = GraphicsResource_flags(flags)
        if stream is not None:
            stream = Stream_accept(stream)
        cdef cydriver.CUgraphicsResource c_handle = NULL
        cdef cydriver.CUcontext c_ctx = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_ctx))
            HANDLE_RETURN(cydriver.cuGraphicsGLRegisterBuffer(&c_handle, c_buffer, c_flags))
        cdef GraphicsResource resource = GraphicsResource_wrap(c_handle, c_ctx)
        resource._context_manager_stream = stream
        return resource

    @classmethod
    def from_gl_image(
        cls, image: int, target: int, *, flags: str | tuple[str, ...] | list[str] | None = None
    ) -> GraphicsResource:
        """Register an OpenGL texture or renderbuffer with CUDA, in the current CUDA and OpenGL contexts.

        An image maps to CUDA arrays, not to linear memory: :meth:`map`
        refuses it.

        Parameters
        ----------
        image : int
            The texture's or renderbuffer's name (a ``GLuint``).
        target : int
            Its OpenGL target (a ``GLenum``), such as ``GL_TEXTURE_2D``
            (``0x0DE1``) or ``GL_RENDERBUFFER`` (``0x8D41``).
        flags : str or sequence of str, optional
            How CUDA will use the image, as for :meth:`from_gl_buffer`.

        Returns
        -------
        GraphicsResource
            The registered image.

        Raises
        ------
        TypeError
            If ``image`` or ``target`` is not an int, or ``flags`` is
            neither a str nor a sequence of them.
        ValueError
            If ``image`` or ``target`` is negative or beyond 32 bits, or a
            flag is unknown.
        CUDAError
            If the driver refuses, for example when no OpenGL context is
            current, or the image's format cannot be shared.
        RuntimeError
            If there is no CUDA driver on this machine (``DynamicLibNotFoundError``).
        """
        cdef unsigned int c_image = GraphicsResource_gl_name(image, "image")
        cdef unsigned int c_target = GraphicsResource_gl_name(target, "target")
        cdef unsigned int c_flags = GraphicsResource_flags(flags)
        cdef cydriver.CUgraphicsResource c_handle = NULL
        cdef cydriver.CUcontext c_ctx = NULL
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_ctx))
            HANDLE_RETURN(cydriver.cuGraphicsGLRegisterImage(&c_handle, c_image, c_target, c_flags))
        return GraphicsResource_wrap(c_handle, c_ctx)

    def map(self, *, stream: Stream) -> Buffer:
        """Map the resource for CUDA, in stream order, and return its memory as a buffer.

        Until the buffer is closed (by :meth:`Buffer.close`, :meth:`unmap`,
        :meth:`close`, or its ``with`` block), the memory belongs to CUDA;
        closing it gives the memory back to OpenGL, in order on ``stream``
        unless another stream is given then.

        Parameters
        ----------
        stream : Stream or GraphBuilder
            The stream to map on; pass ``device.default_stream`` for the
            default stream.

        Returns
        -------
        Buffer
            The mapped memory.

        Raises
        ------
        RuntimeError
            If the resource is closed or already mapped.
        TypeError
            If ``stream`` is not a stream.
        CUDAError
            If the driver fails to map it, or the resource is an image,
            which has no linear memory (``CUDA_ERROR_NOT_MAPPED_AS_POINTER``).
        """
        cdef _GraphicsRegistration registration = GraphicsResource_check_mapped(self, False)
        cdef Stream mapping_stream = Stream_accept(stream)
        cdef cydriver.CUgraphicsResource c_handle = registration._handle
        cdef cydriver.CUstream c_stream = mapping_stream._handle
        cdef cydriver.CUdeviceptr c_ptr = 0
        cdef size_t c_size = 0
        cdef cydriver.CUresult err
        with nogil:
            HANDLE_RETURN(cydriver.cuGraphicsMapResources(1, &c_handle, c_stream))
            err = cydriver.cuGraphicsResourceGetMappedPointer(&c_ptr, &c_size, c_handle)
            if err != cydriver.CUresult.CUDA_SUCCESS:
                # An image maps to arrays, not to a pointer: give it back before reporting that.
                HANDLE_RETURN(cydriver.cuGraphicsUnmapResources(1, &c_handle, c_stream))
                HANDLE_RETURN(err)
        cdef _GraphicsMapping mapping = _GraphicsMapping.__new__(_GraphicsMapping)
        mapping._registration = registration
        cdef Buffer buffer = Buffer_from_ptr(<uintptr_t>c_ptr, c_size, mapping, None, mapping_stream)
        registration._mapped = True
        registration._buffer = weakref.ref(buffer)
        registration._stream = mapping_stream
        return buffer

    def unmap(self, *, stream: Stream | None = None) -> None:
        """Give the mapped memory back to OpenGL, by closing the buffer :meth:`map` returned.

        The buffer must not be used afterwards.

        Parameters
        ----------
        stream : Stream, optional
            The stream to unmap on; the stream it was mapped on by default.

        Raises
        ------
        RuntimeError
            If the resource is closed, or has no mapping from :meth:`map`.
        TypeError
            If ``stream`` is not a stream.
        CUDAError
            If the driver fails to unmap it.
        """
        GraphicsRegistration_unmap(GraphicsResource_check_mapped(self, True), stream)

    def close(self, stream: Stream | None = None) -> None:
        """Unmap the resource if it is mapped, and unregister it from CUDA.

        Closing a closed resource does nothing.

        Parameters
        ----------
        stream : Stream, optional
            The stream to unmap on, if the resource is mapped; the stream
            it was mapped on by default.

        Raises
        ------
        TypeError
            If ``stream`` is not a stream.
        CUDAError
            If the driver fails to unmap or unregister it. The resource
            counts as closed even then.
        """
        cdef _GraphicsRegistration registration = self._registration
        if registration is None:
            return
        if stream is not None:
            stream = Stream_accept(stream)
        self._registration = None
        self._context_manager_stream = None
        try:
            if registration._mapped:
                GraphicsRegistration_unmap(registration, stream)
        finally:
            # Only this local holds it now (the mapped buffer, once closed, let go of it):
            # unregister here, where a failure can be raised.
            if Py_REFCNT(registration) == 1:
                GraphicsRegistration_unregister(registration)

    @property
    def handle(self) -> int:
        """The driver's ``CUgraphicsResource``, as an int; the resource keeps ownership of it.

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        return <uintptr_t>GraphicsResource_check_open(self)._handle

    @property
    def is_closed(self) -> bool:
        """Whether the resource has been closed."""
        return self._registration is None

    @property
    def is_mapped(self) -> bool:
        """Whether the resource is mapped: its buffer is open."""
        return self._registration is not None and self._registration._mapped

    @property
    def resource_handle(self) -> int:
        """The driver's ``CUgraphicsResource``, as an int (the same as :attr:`handle`).

        Raises
        ------
        RuntimeError
            If the resource is closed.
        """
        return self.handle


cdef class _GraphicsRegistration:
    """Own a registration of a graphics object with CUDA, and unregister it when the last holder lets go.

    Not part of the public API: a :class:`GraphicsResource` holds one, and
    so does the memory resource of its mapped buffer, so that the memory
    stays registered while the buffer is open.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError("_GraphicsRegistration objects are made by GraphicsResource.from_gl_buffer")

    def __dealloc__(self) -> None:
        GraphicsRegistration_dealloc(self)

    def close(self) -> None:
        """Unregister the graphics object now; a second call does nothing.

        Only for its last holder: the resource must not be mapped.

        Raises
        ------
        CUDAError
            If the driver fails to unregister it.
        """
        GraphicsRegistration_unregister(self)


cdef class _GraphicsMapping(MemoryResource):
    """The memory resource of a mapped graphics buffer: closing the buffer unmaps the resource.

    Not part of the public API: :meth:`GraphicsResource.map` makes one for
    each mapping. It allocates nothing.
    """

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError("_GraphicsMapping objects are made by GraphicsResource.map")

    def allocate(self, size: int, *, stream: Stream) -> Buffer:
        """Refuse: a mapping allocates nothing.

        Parameters
        ----------
        size : int
            Ignored.
        stream : Stream
            Ignored.

        Returns
        -------
        Buffer
            Never.

        Raises
        ------
        RuntimeError
            Always.
        """
        raise RuntimeError("the memory resource of a mapped GraphicsResource allocates nothing")

    def deallocate(self, ptr: int, size: int, *, stream: Stream | None) -> None:
        """Unmap the graphics resource, whose mapped memory ``ptr`` is.

        Parameters
        ----------
        ptr : int
            The address of the mapped memory.
        size : int
            Its size in bytes.
        stream : Stream or None
            The stream to unmap on; the one it was mapped on when ``None``.

        Raises
        ------
        CUDAError
            If the driver fails to unmap it.
        """
        self._deallocate(operator.index(ptr), operator.index(size), stream)

    cdef int _deallocate(self, uintptr_t ptr, size_t size, object stream) except -1:
        GraphicsRegistration_release_mapping(self._registration, stream)
        return 0

    @property
    def device_id(self) -> int:
        """The ordinal of the device the resource was registered on."""
        return self._registration._device_id

    @property
    def is_device_accessible(self) -> bool:
        """Whether the device can access the memory: always ``True``."""
        return True

    @property
    def is_host_accessible(self) -> bool:
        """Whether the host can access the memory: always ``False``."""
        return False


cdef GraphicsResource GraphicsResource_wrap(cydriver.CUgraphicsResource handle, cydriver.CUcontext ctx):
    """Return an open resource around a registration made in context ``ctx``."""
    cdef cydriver.CUdevice c_device = 0
    cdef _GraphicsRegistration registration = _GraphicsRegistration.__new__(_GraphicsRegistration)
    registration._handle = handle
    registration._ctx = ctx
    cdef bint pushed = False
    with nogil:
        Context_push_if_not_current(ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_device))
        finally:
            Context_pop_if_pushed(pushed)
    registration._device_id = c_device
    cdef GraphicsResource resource = GraphicsResource.__new__(GraphicsResource)
    resource._registration = registration
    return resource


cdef _GraphicsRegistration GraphicsResource_check_open(GraphicsResource self):
    """Return the resource's registration; raise :class:`RuntimeError` if the resource is closed."""
    if self._registration is None:
        raise RuntimeError("GraphicsResource has been closed")
    return self._registration


cdef _GraphicsRegistration GraphicsResource_check_mapped(GraphicsResource self, bint mapped):
    """Return the open resource's registration; raise :class:`RuntimeError` unless it is ``mapped`` (or not)."""
    cdef _GraphicsRegistration registration = GraphicsResource_check_open(self)
    if mapped and not registration._mapped:
        raise RuntimeError("GraphicsResource is not mapped")
    if not mapped and registration._mapped:
        raise RuntimeError("GraphicsResource is already mapped; unmap it first")
    return registration


cdef unsigned int GraphicsResource_gl_name(object value, str name) except? 0:
    """Return an OpenGL name or enum argument checked: an int in ``[0, 2**32)``."""
    number = int_argument(value, name)
    if not 0 <= number < _GL_UINT_LIMIT:
        raise ValueError(f"{name} must be a 32-bit unsigned int, got {number}")
    return number


cdef unsigned int GraphicsResource_flags(object flags) except? 0:
    """Return the registration flags named by ``flags``: ``None``, a name, or a sequence of names."""
    if flags is None:
        return 0
    names = (flags,) if isinstance(flags, str) else flags
    if not isinstance(names, (tuple, list)):
        raise TypeError(f"flags must be a str or a sequence of str, got {type(flags).__name__}")
    cdef unsigned int c_flags = 0
    for name in names:
        if name not in _REGISTER_FLAGS:
            raise ValueError(
                f"unknown register flag {name!r}; valid flags are {', '.join(sorted(_REGISTER_FLAGS))}"
            )
        c_flags |= _REGISTER_FLAGS[name]
    return c_flags


cdef int GraphicsRegistration_unmap(_GraphicsRegistration self, object stream) except -1:
    """Unmap the registration by closing its mapped buffer (or directly, if the buffer is gone)."""
    buffer = self._buffer() if self._buffer is not None else None
    if buffer is not None:
        buffer.close(stream)
    else:
        GraphicsRegistration_release_mapping(self, stream)
    return 0


cdef int GraphicsRegistration_release_mapping(_GraphicsRegistration self, object stream) except -1:
    """Unmap the resource on ``stream`` (its mapping stream when ``None``); do nothing if it is not mapped."""
    if not self._mapped:
        return 0
    cdef Stream unmap_stream = Stream_accept(stream) if stream is not None else <Stream>self._stream
    cdef cydriver.CUgraphicsResource c_handle = self._handle
    cdef cydriver.CUstream c_stream = unmap_stream._handle
    # Forget the mapping first: an unmap that fails must not be retried on a resource that may be unmapped.
    self._mapped = False
    self._buffer = None
    self._stream = None
    with nogil:
        HANDLE_RETURN(cydriver.cuGraphicsUnmapResources(1, &c_handle, c_stream))
    return 0


cdef int GraphicsRegistration_unregister(_GraphicsRegistration self) except -1:
    """Unregister the graphics object now, in the context it was registered in."""
    cdef cydriver.CUgraphicsResource c_handle = self._handle
    cdef cydriver.CUcontext c_ctx = self._ctx
    cdef bint pushed = False
    if c_handle == NULL:
        return 0
    self._handle = NULL
    with nogil:
        Context_push_if_not_current(c_ctx, &pushed)
        try:
            HANDLE_RETURN(cydriver.cuGraphicsUnregisterResource(c_handle))
        finally:
            Context_pop_if_pushed(pushed)
    return 0


cdef void GraphicsRegistration_dealloc(_GraphicsRegistration self) noexcept:
    """Unregister a graphics object that its last holder let go of; report a failure as a warning."""
    cdef cydriver.CUgraphicsResource c_handle = self._handle
    cdef cydriver.CUresult err
    if c_handle == NULL:
        return
    self._handle = NULL
    with nogil:
        err = cydriver.cuGraphicsUnregisterResource(c_handle)
    warn_destroy_failure(err, "graphics resource", <uintptr_t>c_handle)
