# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA devices: selection, properties, and the streams, events and memory made on them.

:class:`Device` is the entry point of :mod:`cuda.core`. Each thread has its
own :class:`Device` object per ordinal, and its own current context, so a
thread calls :meth:`Device.set_current` before it makes streams, events or
allocations.
"""

from __future__ import annotations

from cpython.object cimport PyObject, PyTypeObject, newfunc
from cpython.pystate cimport PyThreadState_GetDict
from libc.stdint cimport uintptr_t
from cuda.bindings cimport cydriver

from cuda.core._context cimport (
    Context,
    Context_create_green,
    Context_from_handle,
    Context_pop_if_pushed,
    Context_push_if_not_current,
)
from cuda.core._device_resources cimport DeviceResources_create
from cuda.core._event cimport Event_create
from cuda.core._stream cimport Stream_create, Stream_from_protocol, default_stream
from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_argument_type, index_argument

import inspect
import operator
import threading

from cuda.core._context import ContextOptions
from cuda.core._device_resources import DeviceResources
from cuda.core._event import Event, EventOptions
from cuda.core._stream import Stream, StreamOptions
from cuda.core._utils.cuda_utils import ComputeCapability, CUDAError
from cuda.core.graph import GraphBuilder

__all__ = ["Device", "DeviceProperties"]

cdef enum:
    # Buffer sizes for strings the driver writes. 256 is the size of the name
    # field of the runtime's cudaDeviceProp; a PCI bus id such as
    # "00000000:01:00.0" needs 17 bytes with its terminator.
    _NAME_BUFFER_SIZE = 256
    _PCI_BUS_ID_BUFFER_SIZE = 32

cdef extern from *:
    """
    // Set the vectorcall slot of a type object, which calls of the type use
    // instead of its tp_new and tp_init: Cython's PyTypeObject leaves it out.
    static void cuda_core_set_type_vectorcall(PyTypeObject *type, void *call) {
        type->tp_vectorcall = (vectorcallfunc)call;
    }
    """
    void cuda_core_set_type_vectorcall(PyTypeObject* type, void* call)
    Py_ssize_t PyVectorcall_NARGS(size_t nargsf)

# Per thread: the Device objects, one per ordinal, under this key of the
# thread state's dictionary (see Device_thread_devices).
cdef str _THREAD_DEVICES_KEY = "cuda.core._device.Device objects"

# Process-wide: cuInit is called once, under _init_lock.
cdef bint _driver_initialized = False
_init_lock = threading.Lock()

# Process-wide: the primary context of each device, retained on first use and
# kept until the process exits. Maps ordinal -> CUcontext address.
_primary_contexts = {}
_primary_lock = threading.Lock()

# The Device type's own allocation, saved before Device_install_constructor
# replaces the type's constructor; and the arguments it is called with.
cdef newfunc _device_allocate = NULL
cdef tuple _NO_ARGUMENTS = ()

# The default memory resource's type, and the C body of its allocate, once
# cuda.core._memory has registered them (Device_register_default_allocate).
cdef object _default_resource_type = None
cdef AllocateFunction _default_allocate = NULL


cdef class Device:
    """Represent a CUDA device, the entry point for streams, events and memory.

    ``Device(ordinal)`` returns the same object every time it is called with
    the same ordinal on the same thread; other threads get objects of their
    own. Creating one does not initialize the device: call
    :meth:`set_current` before making streams, events or allocations on it.

    Parameters
    ----------
    device_id : Device, int or None, optional
        The device ordinal. A :class:`Device` is returned as it is. ``None``
        (the default) selects the device of the calling thread's current
        context, or device 0 if the thread has no current context, as the
        CUDA runtime does.

    Raises
    ------
    TypeError
        If ``device_id`` is not a :class:`Device`, an int or ``None``.
    ValueError
        If ``device_id`` is negative or not below the number of devices.
    CUDAError
        If the driver cannot be initialized.
    RuntimeError
        If there is no CUDA driver on this machine (``cuda.pathfinder``'s
        ``DynamicLibNotFoundError``).

    Notes
    -----
    Each thread has its own current context, which is why each thread has
    its own Device objects: :meth:`set_current` and :attr:`context` concern
    the calling thread only. The driver is initialized once per process, and
    a device's primary context is retained once per process, both under a
    lock.

    Examples
    --------
    >>> device = Device(0)
    >>> device.set_current()
    >>> stream = device.create_stream()
    """

    # Read from other objects by the comparisons, so readable from Python.
    cdef readonly int _device_id
    # The context set_current made current on this thread, and the primary
    # context's view, kept once made.
    cdef Context _context
    cdef Context _primary
    # The green context made current here, held while it is current.
    cdef object _current_green
    cdef object _memory_resource
    cdef object _properties
    cdef object _uuid
    cdef object __weakref__

    # What inspect.signature(Device) answers: it cannot read a compiled
    # type's constructor, and Device_new checks the arguments itself.
    __signature__ = inspect.Signature([
        inspect.Parameter(
            "device_id",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=None,
            annotation="Device | int | None",
        )
    ])

    def __init__(self, device_id: Device | int | None = None) -> None:
        """Do nothing: ``Device(device_id)`` returned the calling thread's existing object."""


    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Device):
            return NotImplemented
        return self._device_id == other._device_id

    def __hash__(self) -> int:
        return hash(self._device_id)

    def __int__(self) -> int:
        return self._device_id

    def __reduce__(self) -> tuple[object, ...]:
        return Device, (self._device_id,)

    def __repr__(self) -> str:
        return f"<Device {self._device_id} ({self.name})>"

    def set_current(self, ctx: Context | None = None) -> Context | None:
        """Make this device's context the calling thread's current context.

        Without ``ctx``, the device's primary context becomes current; it is
        retained the first time and stays retained until the process exits.
        With ``ctx``, the thread's current context is replaced by ``ctx``
        and returned.

        Parameters
        ----------
        ctx : Context, optional
            A context of this device to make current.

        Returns
        -------
        Context or None
            The context that ``ctx`` replaced, or ``None`` if there was none
            or ``ctx`` was not given. A context that this device made
            current (:attr:`context`) is returned as that very object, so
            that ``device.set_current(device.set_current(ctx))`` restores
            it; one made current elsewhere is returned as a new view.

        Raises
        ------
        TypeError
            If ``ctx`` is not a :class:`Context`, in Cython's words:
            ``Argument 'ctx' has incorrect type (expected
            cuda.core._context.Context, got int)``.
        ValueError
            If ``ctx`` belongs to another device.
        RuntimeError
            If ``ctx`` is closed.
        CUDAError
            If the driver reports an error.

        Examples
        --------
        >>> device = Device(0)
        >>> device.set_current()
        """
        cdef Context c_given
        cdef Context c_primary
        cdef cydriver.CUcontext c_ctx = NULL
        cdef cydriver.CUcontext c_previous = NULL
        cdef cydriver.CUdevice c_previous_device = 0
        if ctx is None:
            # A Device object belongs to one thread, so its view of the
            # primary context is kept on it: later calls make no lookup
            # under the lock and no new object (PRF005). A view the user
            # closed is replaced.
            c_primary = self._primary
            if c_primary is None or c_primary._handle == NULL:
                c_ctx = Device_primary_context(self._device_id)
                c_primary = Context_from_handle(c_ctx, self._device_id)
                self._primary = c_primary
            c_ctx = c_primary._handle
            with nogil:
                HANDLE_RETURN(cydriver.cuCtxSetCurrent(c_ctx))
            self._context = c_primary
            # Let go of a green context made current before, now that it is not.
            self._current_green = None
            return None
        check_argument_type(ctx, Context, "ctx")
        c_given = ctx
        if c_given._device_id != self._device_id:
            raise ValueError(
                f"ctx belongs to device {c_given._device_id}, not to device {self._device_id}"
            )
        c_ctx = c_given._handle
        if c_ctx == NULL:
            raise RuntimeError("cannot make a closed context current")
        with nogil:
            HANDLE_RETURN(cydriver.cuCtxGetCurrent(&c_previous))
            if c_previous != NULL:
                HANDLE_RETURN(cydriver.cuCtxGetDevice(&c_previous_device))
                HANDLE_RETURN(cydriver.cuCtxPopCurrent(&c_previous))
            HANDLE_RETURN(cydriver.cuCtxPushCurrent(c_ctx))
        previous = self._context
        self._context = c_given
        # While current here, the green context is kept alive by this thread as well:
        # closing the Context on another thread must not destroy the thread's current context.
        self._current_green = c_given._green
        if c_previous == NULL:
            return None
        # The object this device made current comes back as itself: it may be a
        # green context, whose view owns the green context.
        if previous is not None and (<Context>previous)._handle == c_previous:
            return previous
        return Context_from_handle(c_previous, c_previous_device)

    def sync(self) -> None:
        """Block the calling thread until all work on the device's context has completed.

        Raises
        ------
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver reports an error, including one from the awaited work.
        """
        cdef cydriver.CUcontext c_ctx = Device_context_handle(self)
        cdef bint pushed = False
        with nogil:
            Context_push_if_not_current(c_ctx, &pushed)
            try:
                HANDLE_RETURN(cydriver.cuCtxSynchronize())
            finally:
                Context_pop_if_pushed(pushed)

    def create_stream(
        self, obj: object | None = None, options: StreamOptions | None = None
    ) -> Stream:
        """Create a stream on this device, or wrap a stream made elsewhere.

        Parameters
        ----------
        obj : object, optional
            An object with a ``__cuda_stream__`` method, whose stream to
            wrap. The new :class:`Stream` borrows it and keeps ``obj`` alive.
        options : StreamOptions or dict, optional
            Options of a new stream; only when ``obj`` is not given.

        Returns
        -------
        Stream
            The new stream.

        Raises
        ------
        TypeError
            If ``obj`` has no ``__cuda_stream__`` method, or ``options`` is
            not :class:`StreamOptions`, a dict or ``None``.
        ValueError
            If both ``obj`` and ``options`` are given, or the priority is
            out of the device's range.
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver reports an error.
        """
        if obj is not None and options is not None:
            raise ValueError("pass either obj to wrap or options for a new stream, not both")
        cdef cydriver.CUcontext c_ctx = Device_context_handle(self)
        if obj is not None:
            return Stream_from_protocol(obj)
        return Stream_create(self._device_id, c_ctx, options, Device_green_context(self))

    def create_context(self, options: ContextOptions | None = None) -> Context:
        """Create a green context from a partition of this device's resources.

        The new context is not made current; pass it to :meth:`set_current`
        to make it so, or create streams on it with
        :meth:`Context.create_stream`.

        Parameters
        ----------
        options : ContextOptions or dict
            The resources of the new context. Required: only green
            contexts can be created.

        Returns
        -------
        Context
            The new green context. Its driver green context is destroyed
            once it is closed and every stream created on it is closed.

        Raises
        ------
        ValueError
            If ``options`` is not given (``options with device resources
            must be provided to create a green context``), its resources are
            ``None`` (``ContextOptions.resources must be provided ...``) or
            empty, hold a result of a dry-run split (``dry-run SMResource
            objects cannot be used to create a context``), or hold more than
            one workqueue resource.
        TypeError
            If ``options`` is not :class:`ContextOptions`, a dict or
            ``None``, or a resource is neither an :class:`SMResource` nor a
            :class:`WorkqueueResource` (``Unsupported context resource
            type: <class 'int'>``).
        NotImplementedError
            If the driver is older than CUDA 12.4.
        CUDAError
            If the driver refuses the resources.

        Examples
        --------
        >>> groups, _ = device.resources.sm.split(SMResourceOptions(count=8))
        >>> ctx = device.create_context(ContextOptions(resources=groups))
        >>> stream = ctx.create_stream()
        """
        return Context_create_green(self._device_id, options)

    def create_graph_builder(self) -> GraphBuilder:
        """Create a graph builder that records work on a new stream of this device.

        Returns
        -------
        GraphBuilder
            A new builder, not building yet: call its
            :meth:`~cuda.core.graph.GraphBuilder.begin_building`.

        Raises
        ------
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver cannot create the stream.
        """
        return GraphBuilder._init(self.create_stream())

    def create_event(self, options: EventOptions | None = None) -> Event:
        """Create an event on this device, not yet recorded.

        Parameters
        ----------
        options : EventOptions or dict, optional
            Options of the new event.

        Returns
        -------
        Event
            The new event.

        Raises
        ------
        TypeError
            If ``options`` is not :class:`EventOptions`, a dict or ``None``,
            or asks for an IPC-enabled event (``IPC-enabled events must be
            bound; use Stream.record for creation.``): such an event is made
            by :meth:`Stream.record`, which records it at once.
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver reports an error.
        """
        cdef cydriver.CUcontext c_ctx = Device_context_handle(self)
        return Event_create(self._device_id, c_ctx, options, Device_green_context(self), False)

    # The texture classes come from cuda.core.texture, which imports cuda.core._memory,
    # which imports this module: they are imported lazily, in each method.
    def create_opaque_array(self, options: OpaqueArrayOptions) -> OpaqueArray:
        """Allocate a CUDA array on this device, for texture and surface objects.

        The array is made in the context :meth:`set_current` made current
        for this device.

        Parameters
        ----------
        options : OpaqueArrayOptions or dict
            Its shape, element format and channels, and whether surfaces may
            be made of it.

        Returns
        -------
        OpaqueArray
            The new array.

        Raises
        ------
        TypeError
            If ``options`` is neither :class:`~cuda.core.texture.OpaqueArrayOptions`
            nor a dict of its fields (``None`` included).
        ValueError
            If a field is not valid (see :class:`~cuda.core.texture.OpaqueArrayOptions`).
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver cannot allocate the array.
        """
        from cuda.core.texture._opaque_array import _create_opaque_array

        return _create_opaque_array(self, options)

    def create_mipmapped_array(self, options: MipmappedArrayOptions) -> MipmappedArray:
        """Allocate a mipmapped CUDA array on this device, for textures sampled across levels.

        The array is made in the context :meth:`set_current` made current
        for this device.

        Parameters
        ----------
        options : MipmappedArrayOptions or dict
            The base level's shape, the element format and channels, the
            number of levels, and whether surfaces may be made of the levels.

        Returns
        -------
        MipmappedArray
            The new mipmapped array.

        Raises
        ------
        TypeError
            If ``options`` is neither :class:`~cuda.core.texture.MipmappedArrayOptions`
            nor a dict of its fields (``None`` included).
        ValueError
            If a field is not valid (see :class:`~cuda.core.texture.MipmappedArrayOptions`).
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver refuses, for example more levels than the base
            level's extents can halve to.
        """
        from cuda.core.texture._mipmapped_array import _create_mipmapped_array

        return _create_mipmapped_array(self, options)

    def create_texture_object(
        self, *, resource: ResourceDescriptor, options: TextureObjectOptions | None = None
    ) -> TextureObject:
        """Create a texture object on this device, through which kernels sample memory.

        The object is made in the context :meth:`set_current` made current
        for this device.

        Parameters
        ----------
        resource : ResourceDescriptor
            The memory to read: an array or mipmapped array of this device,
            or linear or pitched memory.
        options : TextureObjectOptions or dict, optional
            How to sample it; :class:`~cuda.core.texture.TextureObjectOptions`'
            defaults when omitted.

        Returns
        -------
        TextureObject
            The new texture object.

        Raises
        ------
        TypeError
            If ``resource`` is not a :class:`~cuda.core.texture.ResourceDescriptor`,
            or ``options`` is neither the options class, a dict nor ``None``.
        ValueError
            If the resource's array is on another device.
        RuntimeError
            If the resource's array or buffer is closed.
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver refuses the resource or the options.
        """
        from cuda.core.texture._texture_object import _create_texture_object

        return _create_texture_object(self, resource, options)

    def create_surface_object(self, *, resource: ResourceDescriptor) -> SurfaceObject:
        """Create a surface object on this device, through which kernels read and write an array.

        The object is made in the context :meth:`set_current` made current
        for this device.

        Parameters
        ----------
        resource : ResourceDescriptor
            A descriptor of an array of this device created with
            ``is_surface_load_store=True``
            (:meth:`~cuda.core.texture.ResourceDescriptor.from_opaque_array`).

        Returns
        -------
        SurfaceObject
            The new surface object.

        Raises
        ------
        TypeError
            If ``resource`` is not a :class:`~cuda.core.texture.ResourceDescriptor`.
        ValueError
            If it describes no array, an array that does not allow surfaces,
            or one on another device.
        RuntimeError
            If the array is closed.
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the driver refuses the resource.
        """
        from cuda.core.texture._surface_object import _create_surface_object

        return _create_surface_object(self, resource)

    # Buffer and MemoryResource come from cuda.core._memory, which imports this
    # module: they are imported lazily, so Cython cannot know them as types.
    def allocate(self, size: int, *, stream: Stream) -> Buffer:
        """Allocate device memory from this device's memory resource, ordered on a stream.

        Parameters
        ----------
        size : int
            The number of bytes.
        stream : Stream
            The stream that orders the allocation; pass
            :attr:`default_stream` to use the default stream.

        Returns
        -------
        Buffer
            The new buffer, from :attr:`memory_resource`.

        Raises
        ------
        CUDAError
            If :meth:`set_current` has not been called on this thread, or
            the allocation fails.
        TypeError
            If ``size`` is not an integer (a ``float`` is refused, not
            truncated), in Cython's words: ``Argument 'size' has incorrect
            type (expected int, got str)``; or as the memory resource's
            ``allocate`` raises, for example if ``stream`` is not a
            :class:`Stream`.
        RuntimeError
            If the memory resource refuses ``stream``, for example when it
            is being captured into a graph (see
            :meth:`DeviceMemoryResource.allocate`).
        """
        if type(size) is not int:
            # A size of the wrong type is refused before a missing context.
            index_argument(size, "size")
        Device_context_handle(self)
        # The resource is read from its slot, not through the property: one
        # Python call fewer on every allocation once the resource exists.
        mr = self._memory_resource
        if mr is None:
            mr = self.memory_resource
        if type(mr) is _default_resource_type:
            # The default resource, not a subclass that may override allocate:
            # its C body, without a Python call.
            return _default_allocate(mr, size, stream)
        return mr.allocate(size, stream=stream)

    def can_access_peer(self, peer: Device | int) -> bool:
        """Return whether this device can access memory of another device.

        Parameters
        ----------
        peer : Device or int
            The other device.

        Returns
        -------
        bool
            ``True`` if peer access is possible (always, for this device itself).

        Raises
        ------
        TypeError
            If ``peer`` is not a :class:`Device` or an int.
        ValueError
            If ``peer`` is not a valid ordinal.
        CUDAError
            If the driver reports an error.
        """
        cdef cydriver.CUdevice c_device = self._device_id
        cdef cydriver.CUdevice c_peer = (<Device>Device(peer))._device_id
        cdef int c_can_access = 0
        if c_device == c_peer:
            return True
        with nogil:
            HANDLE_RETURN(cydriver.cuDeviceCanAccessPeer(&c_can_access, c_device, c_peer))
        return bool(c_can_access)

    @classmethod
    def get_all_devices(cls) -> tuple[Device, ...]:
        """Return this thread's :class:`Device` objects, one per ordinal.

        Returns
        -------
        tuple of Device
            The devices, in ordinal order.

        Raises
        ------
        CUDAError
            If the driver cannot be initialized.
        """
        return tuple(Device_thread_devices(cls))

    def to_system_device(self) -> system.Device:
        """Return NVML's view of this device, a :class:`cuda.core.system.Device`, found by UUID.

        Returns
        -------
        cuda.core.system.Device
            The device, to query through NVML.

        Raises
        ------
        RuntimeError
            If the NVML library cannot be loaded (``cuda.pathfinder``'s
            ``DynamicLibNotFoundError``, which names ``nvml``).
        CUDAError
            If the driver cannot give the device's UUID.
        NvmlError
            If NVML has no device with this UUID, or may not query it.
        """
        # Imported here: cuda.core.system is loaded only by those who use it.
        from cuda.core.system import Device as SystemDevice

        return SystemDevice(uuid=self.uuid)

    @property
    def arch(self) -> str:
        """Return the compute capability as digits, such as ``"90"`` for 9.0."""
        major, minor = self.compute_capability
        return f"{major}{minor}"

    @property
    def compute_capability(self) -> ComputeCapability:
        """Return the compute capability as a ``(major, minor)`` named tuple."""
        properties = self.properties
        return ComputeCapability(
            properties.compute_capability_major, properties.compute_capability_minor
        )

    @property
    def context(self) -> Context:
        """Return the context that :meth:`set_current` made current for this device.

        Raises
        ------
        CUDAError
            If :meth:`set_current` has not been called on this thread.
        """
        Device_context_handle(self)
        return self._context

    @property
    def default_stream(self) -> Stream:
        """Return the default stream.

        This is :data:`LEGACY_DEFAULT_STREAM`, or
        :data:`PER_THREAD_DEFAULT_STREAM` when the environment variable
        ``CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM`` is a non-zero number.
        """
        return default_stream()

    @property
    def device_id(self) -> int:
        """Return the device ordinal."""
        return self._device_id

    @property
    def memory_resource(self) -> MemoryResource:
        """Return or set the memory resource that :meth:`allocate` uses.

        By default, a :class:`DeviceMemoryResource` of this device, made on
        first use. The setting belongs to this thread's :class:`Device`
        object.

        Raises
        ------
        TypeError
            When set to something that is not a :class:`MemoryResource`
            (``None`` included), in Cython's words: ``Argument 'mr' has
            incorrect type (expected cuda.core._memory._buffer.MemoryResource,
            got int)``.
        """
        if self._memory_resource is None:
            # Imported here, and only on first use: cuda.core._memory imports
            # this module, and an import statement costs every call that
            # runs it (Device.allocate reads this property each time).
            from cuda.core._memory import DeviceMemoryResource

            self._memory_resource = DeviceMemoryResource(self._device_id)
        return self._memory_resource

    @memory_resource.setter
    def memory_resource(self, mr: MemoryResource) -> None:
        # Imported here: cuda.core._memory imports this module.
        from cuda.core._memory import MemoryResource

        check_argument_type(mr, MemoryResource, "mr")
        self._memory_resource = mr

    @property
    def name(self) -> str:
        """Return the device's name, such as ``"NVIDIA H100 80GB HBM3"``.

        Raises
        ------
        CUDAError
            If the driver reports an error.
        """
        cdef char c_name[_NAME_BUFFER_SIZE]
        cdef cydriver.CUdevice c_device = self._device_id
        with nogil:
            HANDLE_RETURN(cydriver.cuDeviceGetName(c_name, _NAME_BUFFER_SIZE, c_device))
        return (<char*>c_name).decode()

    @property
    def pci_bus_id(self) -> str:
        """Return the device's PCI bus id, as ``domain:bus:device.function`` in hexadecimal.

        Raises
        ------
        CUDAError
            If the driver reports an error.
        """
        cdef char c_bus_id[_PCI_BUS_ID_BUFFER_SIZE]
        cdef cydriver.CUdevice c_device = self._device_id
        with nogil:
            HANDLE_RETURN(cydriver.cuDeviceGetPCIBusId(c_bus_id, _PCI_BUS_ID_BUFFER_SIZE, c_device))
        return (<char*>c_bus_id).decode()

    @property
    def properties(self) -> DeviceProperties:
        """Return the device's :class:`DeviceProperties`, made on first use."""
        if self._properties is None:
            self._properties = DeviceProperties._init(self._device_id)
        return self._properties

    @property
    def resources(self) -> DeviceResources:
        """Return the hardware resources of the whole device, to partition for green contexts."""
        return DeviceResources_create(self._device_id, NULL, None)

    @property
    def uuid(self) -> str:
        """Return the device's UUID, formatted as ``8-4-4-4-12`` hexadecimal digits.

        Raises
        ------
        CUDAError
            If the driver reports an error.
        """
        cdef cydriver.CUuuid c_uuid
        cdef cydriver.CUdevice c_device = self._device_id
        if self._uuid is None:
            with nogil:
                HANDLE_RETURN(cydriver.cuDeviceGetUuid(&c_uuid, c_device))
            digits = (<char*>c_uuid.bytes)[:sizeof(c_uuid.bytes)].hex()
            self._uuid = (
                f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"
            )
        return self._uuid


cdef class DeviceProperties:
    """Query the attributes of a device, one property per attribute.

    Obtain it from :attr:`Device.properties`; it cannot be constructed
    directly. Values are read from the driver on first access and cached.

    Notes
    -----
    Like ``dict.get``, a property reads as ``0`` (``False`` for flags) when
    the driver answers ``CUDA_ERROR_INVALID_VALUE``: the attribute is unknown
    to this driver or device. Every other driver error raises
    :class:`~cuda.core._utils.cuda_utils.CUDAError`.
    """

    cdef:
        int _device_id
        dict _cache

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError(
            "DeviceProperties cannot be instantiated directly. Please use Device APIs."
        )

    @classmethod
    def _init(cls, device_id: int) -> DeviceProperties:
        """Return the properties of device ``device_id`` (not checked)."""
        cdef DeviceProperties properties = cls.__new__(cls)
        properties._device_id = device_id
        properties._cache = {}
        return properties

    def _get_attribute(self, attr: int) -> int:
        """Read one attribute from the driver, uncached; ``0`` if the driver does not know it."""
        cdef cydriver.CUdevice_attribute c_attr = attr
        cdef cydriver.CUdevice c_device = self._device_id
        cdef cydriver.CUresult err
        cdef int c_value = 0
        with nogil:
            err = cydriver.cuDeviceGetAttribute(&c_value, c_attr, c_device)
        if err == cydriver.CUresult.CUDA_ERROR_INVALID_VALUE:
            return 0
        HANDLE_RETURN(err)
        return c_value

    @property
    def async_engine_count(self) -> int:
        """Return the number of engines that copy memory concurrently with kernels."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT
        )

    @property
    def can_flush_remote_writes(self) -> bool:
        """Return whether the device can flush remote writes.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES
            )
        )

    @property
    def can_map_host_memory(self) -> bool:
        """Return whether the device can map host memory into its address space."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY
            )
        )

    @property
    def can_tex2d_gather(self) -> bool:
        """Return whether the device can 2D texture gather.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER
            )
        )

    @property
    def can_use_64_bit_stream_mem_ops(self) -> bool:
        """Return whether the device can use 64-bit stream memory ops.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS
            )
        )

    @property
    def can_use_host_pointer_for_registered_mem(self) -> bool:
        """Return whether the device can use host pointer for registered memory.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM
            )
        )

    @property
    def can_use_stream_wait_value_nor(self) -> bool:
        """Return whether the device can use stream wait value NOR.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR
            )
        )

    @property
    def clock_rate(self) -> int:
        """Return the typical clock frequency, in kilohertz."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CLOCK_RATE
        )

    @property
    def cluster_launch(self) -> bool:
        """Return whether the device can launch thread block clusters."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH
            )
        )

    @property
    def compute_capability_major(self) -> int:
        """Return the major version of the compute capability."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
        )

    @property
    def compute_capability_minor(self) -> int:
        """Return the minor version of the compute capability."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
        )

    @property
    def compute_mode(self) -> int:
        """Return the compute mode, a ``CUcomputemode`` value."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_MODE
        )

    @property
    def compute_preemption_supported(self) -> bool:
        """Return whether the device supports compute preemption.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED
            )
        )

    @property
    def concurrent_kernels(self) -> bool:
        """Return whether the device can run several kernels at once."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS
            )
        )

    @property
    def concurrent_managed_access(self) -> bool:
        """Return whether the device and the host can access managed memory at the same time."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS
            )
        )

    @property
    def cooperative_launch(self) -> bool:
        """Return whether the device can launch cooperative kernels."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH
            )
        )

    @property
    def d3d12_cig_supported(self) -> bool:
        """Return whether the device supports D3D12 CIG.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED
            )
        )

    @property
    def deferred_mapping_cuda_array_supported(self) -> bool:
        """Return whether the device supports deferred mapping CUDA array.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED
            )
        )

    @property
    def direct_managed_mem_access_from_host(self) -> bool:
        """Return the device's direct managed memory access from host flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST
            )
        )

    @property
    def dma_buf_supported(self) -> bool:
        """Return whether the device supports DMA-BUF.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED
            )
        )

    @property
    def ecc_enabled(self) -> bool:
        """Return whether error-correcting memory is enabled."""
        return bool(
            DeviceProperties_get(self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_ECC_ENABLED)
        )

    @property
    def generic_compression_supported(self) -> bool:
        """Return whether the device supports generic compression.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED
            )
        )

    @property
    def global_l1_cache_supported(self) -> bool:
        """Return whether the device supports global L1 cache.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED
            )
        )

    @property
    def global_memory_bus_width(self) -> int:
        """Return the width of the global memory bus, in bits."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH
        )

    @property
    def gpu_direct_rdma_flush_writes_options(self) -> int:
        """Return the device's GPU direct RDMA flush writes options value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS
        )

    @property
    def gpu_direct_rdma_supported(self) -> bool:
        """Return whether the device supports GPU direct RDMA.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED
            )
        )

    @property
    def gpu_direct_rdma_with_cuda_vmm_supported(self) -> bool:
        """Return whether the device supports GPU direct RDMA with CUDA VMM.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED
            )
        )

    @property
    def gpu_direct_rdma_writes_ordering(self) -> int:
        """Return the device's GPU direct RDMA writes ordering value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING
        )

    @property
    def gpu_overlap(self) -> bool:
        """Return the device's GPU overlap flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_OVERLAP``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_OVERLAP
            )
        )

    @property
    def gpu_pci_device_id(self) -> int:
        """Return the device's GPU PCI device id value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID
        )

    @property
    def gpu_pci_subsystem_id(self) -> int:
        """Return the device's GPU PCI subsystem id value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID
        )

    @property
    def handle_type_fabric_supported(self) -> bool:
        """Return whether the device supports handle type fabric.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED
            )
        )

    @property
    def handle_type_posix_file_descriptor_supported(self) -> bool:
        """Return whether the device supports handle type POSIX file descriptor.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self,
                cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED
            )
        )

    @property
    def handle_type_win32_handle_supported(self) -> bool:
        """Return whether the device supports handle type Win32 handle.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED
            )
        )

    @property
    def handle_type_win32_kmt_handle_supported(self) -> bool:
        """Return whether the device supports handle type Win32 KMT handle.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED
            )
        )

    @property
    def host_alloc_dma_buf_supported(self) -> bool:
        """Return whether the device supports host alloc DMA-BUF.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED
            )
        )

    @property
    def host_memory_pools_supported(self) -> bool:
        """Return whether the device supports host memory pools.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED
            )
        )

    @property
    def host_native_atomic_supported(self) -> bool:
        """Return whether the device supports host native atomic.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED
            )
        )

    @property
    def host_numa_id(self) -> int:
        """Return the device's host NUMA id value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID
        )

    @property
    def host_numa_memory_pools_supported(self) -> bool:
        """Return whether the device supports host NUMA memory pools.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED
            )
        )

    @property
    def host_numa_multinode_ipc_supported(self) -> bool:
        """Return whether the device supports host NUMA multinode IPC.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED
            )
        )

    @property
    def host_numa_virtual_memory_management_supported(self) -> bool:
        """Return whether the device supports host NUMA virtual memory management.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self,
                cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
            )
        )

    @property
    def host_register_supported(self) -> bool:
        """Return whether the device supports host register.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED
            )
        )

    @property
    def host_virtual_memory_management_supported(self) -> bool:
        """Return whether the device supports host virtual memory management.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
            )
        )

    @property
    def integrated(self) -> bool:
        """Return whether the device shares its memory with the host (an integrated GPU)."""
        return bool(
            DeviceProperties_get(self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_INTEGRATED)
        )

    @property
    def ipc_event_supported(self) -> bool:
        """Return whether the device supports sharing events between processes."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED
            )
        )

    @property
    def kernel_exec_timeout(self) -> bool:
        """Return whether kernels have a run time limit."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT
            )
        )

    @property
    def l2_cache_size(self) -> int:
        """Return the size of the L2 cache, in bytes."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE
        )

    @property
    def local_l1_cache_supported(self) -> bool:
        """Return whether the device supports local L1 cache.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED
            )
        )

    @property
    def managed_memory(self) -> bool:
        """Return whether the device can allocate managed memory."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY
            )
        )

    @property
    def max_access_policy_window_size(self) -> int:
        """Return the device's max access policy window size value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE
        )

    @property
    def max_block_dim_x(self) -> int:
        """Return the largest x dimension of a thread block."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X
        )

    @property
    def max_block_dim_y(self) -> int:
        """Return the largest y dimension of a thread block."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y
        )

    @property
    def max_block_dim_z(self) -> int:
        """Return the largest z dimension of a thread block."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z
        )

    @property
    def max_blocks_per_multiprocessor(self) -> int:
        """Return the largest number of thread blocks resident on one multiprocessor."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR
        )

    @property
    def max_grid_dim_x(self) -> int:
        """Return the largest x dimension of a grid."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X
        )

    @property
    def max_grid_dim_y(self) -> int:
        """Return the largest y dimension of a grid."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y
        )

    @property
    def max_grid_dim_z(self) -> int:
        """Return the largest z dimension of a grid."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z
        )

    @property
    def max_persisting_l2_cache_size(self) -> int:
        """Return the device's max persisting L2 cache size value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE
        )

    @property
    def max_pitch(self) -> int:
        """Return the device's max pitch value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAX_PITCH``.
        """
        return DeviceProperties_get(self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_PITCH)

    @property
    def max_registers_per_block(self) -> int:
        """Return the number of 32-bit registers available to one thread block."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK
        )

    @property
    def max_registers_per_multiprocessor(self) -> int:
        """Return the number of 32-bit registers available on one multiprocessor."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR
        )

    @property
    def max_shared_memory_per_block(self) -> int:
        """Return the shared memory available to one thread block by default, in bytes."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK
        )

    @property
    def max_shared_memory_per_block_optin(self) -> int:
        """Return the shared memory one thread block can opt in to, in bytes."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
        )

    @property
    def max_shared_memory_per_multiprocessor(self) -> int:
        """Return the shared memory available on one multiprocessor, in bytes."""
        return DeviceProperties_get(
            self,
            cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
        )

    @property
    def max_threads_per_block(self) -> int:
        """Return the largest number of threads in one thread block."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK
        )

    @property
    def max_threads_per_multiprocessor(self) -> int:
        """Return the largest number of threads resident on one multiprocessor."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR
        )

    @property
    def maximum_surface1d_layered_layers(self) -> int:
        """Return the device's maximum 1D surface layered layers value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS
        )

    @property
    def maximum_surface1d_layered_width(self) -> int:
        """Return the device's maximum 1D surface layered width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH
        )

    @property
    def maximum_surface1d_width(self) -> int:
        """Return the device's maximum 1D surface width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH
        )

    @property
    def maximum_surface2d_height(self) -> int:
        """Return the device's maximum 2D surface height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT
        )

    @property
    def maximum_surface2d_layered_height(self) -> int:
        """Return the device's maximum 2D surface layered height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT
        )

    @property
    def maximum_surface2d_layered_layers(self) -> int:
        """Return the device's maximum 2D surface layered layers value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS
        )

    @property
    def maximum_surface2d_layered_width(self) -> int:
        """Return the device's maximum 2D surface layered width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH
        )

    @property
    def maximum_surface2d_width(self) -> int:
        """Return the device's maximum 2D surface width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH
        )

    @property
    def maximum_surface3d_depth(self) -> int:
        """Return the device's maximum 3D surface depth value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH
        )

    @property
    def maximum_surface3d_height(self) -> int:
        """Return the device's maximum 3D surface height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT
        )

    @property
    def maximum_surface3d_width(self) -> int:
        """Return the device's maximum 3D surface width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH
        )

    @property
    def maximum_surfacecubemap_layered_layers(self) -> int:
        """Return the device's maximum cubemap surface layered layers value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS
        )

    @property
    def maximum_surfacecubemap_layered_width(self) -> int:
        """Return the device's maximum cubemap surface layered width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH
        )

    @property
    def maximum_surfacecubemap_width(self) -> int:
        """Return the device's maximum cubemap surface width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH
        )

    @property
    def maximum_texture1d_layered_layers(self) -> int:
        """Return the device's maximum 1D texture layered layers value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS
        )

    @property
    def maximum_texture1d_layered_width(self) -> int:
        """Return the device's maximum 1D texture layered width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH
        )

    @property
    def maximum_texture1d_linear_width(self) -> int:
        """Return the device's maximum 1D texture linear width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH
        )

    @property
    def maximum_texture1d_mipmapped_width(self) -> int:
        """Return the device's maximum 1D texture mipmapped width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH
        )

    @property
    def maximum_texture1d_width(self) -> int:
        """Return the device's maximum 1D texture width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH
        )

    @property
    def maximum_texture2d_gather_height(self) -> int:
        """Return the device's maximum 2D texture gather height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT
        )

    @property
    def maximum_texture2d_gather_width(self) -> int:
        """Return the device's maximum 2D texture gather width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH
        )

    @property
    def maximum_texture2d_height(self) -> int:
        """Return the device's maximum 2D texture height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT
        )

    @property
    def maximum_texture2d_layered_height(self) -> int:
        """Return the device's maximum 2D texture layered height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT
        )

    @property
    def maximum_texture2d_layered_layers(self) -> int:
        """Return the device's maximum 2D texture layered layers value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS
        )

    @property
    def maximum_texture2d_layered_width(self) -> int:
        """Return the device's maximum 2D texture layered width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH
        )

    @property
    def maximum_texture2d_linear_height(self) -> int:
        """Return the device's maximum 2D texture linear height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT
        )

    @property
    def maximum_texture2d_linear_pitch(self) -> int:
        """Return the device's maximum 2D texture linear pitch value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH
        )

    @property
    def maximum_texture2d_linear_width(self) -> int:
        """Return the device's maximum 2D texture linear width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH
        )

    @property
    def maximum_texture2d_mipmapped_height(self) -> int:
        """Return the device's maximum 2D texture mipmapped height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT
        )

    @property
    def maximum_texture2d_mipmapped_width(self) -> int:
        """Return the device's maximum 2D texture mipmapped width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH
        )

    @property
    def maximum_texture2d_width(self) -> int:
        """Return the device's maximum 2D texture width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH
        )

    @property
    def maximum_texture3d_depth(self) -> int:
        """Return the device's maximum 3D texture depth value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH
        )

    @property
    def maximum_texture3d_depth_alternate(self) -> int:
        """Return the device's maximum 3D texture depth alternate value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE
        )

    @property
    def maximum_texture3d_height(self) -> int:
        """Return the device's maximum 3D texture height value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT
        )

    @property
    def maximum_texture3d_height_alternate(self) -> int:
        """Return the device's maximum 3D texture height alternate value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE
        )

    @property
    def maximum_texture3d_width(self) -> int:
        """Return the device's maximum 3D texture width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH
        )

    @property
    def maximum_texture3d_width_alternate(self) -> int:
        """Return the device's maximum 3D texture width alternate value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE
        )

    @property
    def maximum_texturecubemap_layered_layers(self) -> int:
        """Return the device's maximum cubemap texture layered layers value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS
        )

    @property
    def maximum_texturecubemap_layered_width(self) -> int:
        """Return the device's maximum cubemap texture layered width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH
        )

    @property
    def maximum_texturecubemap_width(self) -> int:
        """Return the device's maximum cubemap texture width value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH
        )

    @property
    def mem_decompress_algorithm_mask(self) -> int:
        """Return the device's memory decompress algorithm mask value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK
        )

    @property
    def mem_decompress_maximum_length(self) -> int:
        """Return the device's memory decompress maximum length value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH
        )

    @property
    def mem_sync_domain_count(self) -> int:
        """Return the device's memory sync domain count value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT
        )

    @property
    def memory_clock_rate(self) -> int:
        """Return the peak memory clock frequency, in kilohertz."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE
        )

    @property
    def memory_pools_supported(self) -> bool:
        """Return whether the device supports stream-ordered memory pools."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED
            )
        )

    @property
    def mempool_supported_handle_types(self) -> int:
        """Return the device's mempool supported handle types value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES
        )

    @property
    def mps_enabled(self) -> bool:
        """Return the device's MPS enabled flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MPS_ENABLED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MPS_ENABLED
            )
        )

    @property
    def multi_gpu_board(self) -> bool:
        """Return the device's multi GPU board flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD
            )
        )

    @property
    def multi_gpu_board_group_id(self) -> int:
        """Return the device's multi GPU board group id value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID
        )

    @property
    def multicast_supported(self) -> bool:
        """Return whether the device supports multicast.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED
            )
        )

    @property
    def multiprocessor_count(self) -> int:
        """Return the number of multiprocessors."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
        )

    @property
    def numa_config(self) -> int:
        """Return the device's NUMA config value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_NUMA_CONFIG``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_NUMA_CONFIG
        )

    @property
    def numa_id(self) -> int:
        """Return the device's NUMA id value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_NUMA_ID``.
        """
        return DeviceProperties_get(self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_NUMA_ID)

    @property
    def only_partial_host_native_atomic_supported(self) -> bool:
        """Return whether the device supports only partial host native atomic.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self,
                cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED
            )
        )

    @property
    def pageable_memory_access(self) -> bool:
        """Return the device's pageable memory access flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS
            )
        )

    @property
    def pageable_memory_access_uses_host_page_tables(self) -> bool:
        """Return the device's pageable memory access uses host page tables flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES``.
        """
        return bool(
            DeviceProperties_get(
                self,
                cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES
            )
        )

    @property
    def pci_bus_id(self) -> int:
        """Return the PCI bus number of the device."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PCI_BUS_ID
        )

    @property
    def pci_device_id(self) -> int:
        """Return the PCI device number of the device."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID
        )

    @property
    def pci_domain_id(self) -> int:
        """Return the PCI domain number of the device."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID
        )

    @property
    def read_only_host_register_supported(self) -> bool:
        """Return whether the device supports read only host register.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED
            )
        )

    @property
    def reserved_shared_memory_per_block(self) -> int:
        """Return the device's reserved shared memory per block value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK
        )

    @property
    def single_to_double_precision_perf_ratio(self) -> int:
        """Return the device's single to double precision perf ratio value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO
        )

    @property
    def sparse_cuda_array_supported(self) -> bool:
        """Return whether the device supports sparse CUDA array.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED
            )
        )

    @property
    def stream_priorities_supported(self) -> bool:
        """Return whether streams can have priorities on this device."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED
            )
        )

    @property
    def surface_alignment(self) -> int:
        """Return the device's surface alignment value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT
        )

    @property
    def tcc_driver(self) -> bool:
        """Return the device's TCC driver flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_TCC_DRIVER``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_TCC_DRIVER
            )
        )

    @property
    def tensor_map_access_supported(self) -> bool:
        """Return whether the device supports tensor map access.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED
            )
        )

    @property
    def texture_alignment(self) -> int:
        """Return the device's texture alignment value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT
        )

    @property
    def texture_pitch_alignment(self) -> int:
        """Return the device's texture pitch alignment value.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT``.
        """
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT
        )

    @property
    def timeline_semaphore_interop_supported(self) -> bool:
        """Return whether the device supports timeline semaphore interop.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED
            )
        )

    @property
    def total_constant_memory(self) -> int:
        """Return the constant memory available to kernels, in bytes."""
        return DeviceProperties_get(
            self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY
        )

    @property
    def unified_addressing(self) -> bool:
        """Return whether the device shares one virtual address space with the host."""
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING
            )
        )

    @property
    def unified_function_pointers(self) -> bool:
        """Return the device's unified function pointers flag.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS
            )
        )

    @property
    def virtual_memory_management_supported(self) -> bool:
        """Return whether the device supports virtual memory management.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
            )
        )

    @property
    def vulkan_cig_supported(self) -> bool:
        """Return whether the device supports vulkan CIG.

        Reads the driver's ``CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED``.
        """
        return bool(
            DeviceProperties_get(
                self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED
            )
        )

    @property
    def warp_size(self) -> int:
        """Return the number of threads in a warp."""
        return DeviceProperties_get(self, cydriver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_WARP_SIZE)


cdef object Device_check_ordinal(object device_id):
    """Return ``device_id`` as a non-negative int, before the driver is asked anything."""
    try:
        ordinal = operator.index(device_id)
    except TypeError:
        raise TypeError(
            "device_id must be a Device, an int or None, "
            f"got {type(device_id).__name__}: {device_id!r}"
        ) from None
    if ordinal < 0:
        raise ValueError(f"device_id must be >= 0, got {device_id}")
    return ordinal


cdef inline cydriver.CUcontext Device_context_handle(Device self) except NULL:
    """Return the driver context that ``set_current`` gave this thread's Device object."""
    cdef Context ctx = self._context
    if ctx is None:
        raise CUDAError(
            f"Device {self._device_id} is not initialized on this thread; "
            f"call Device({self._device_id}).set_current() first"
        )
    if ctx._handle == NULL:
        raise RuntimeError(
            f"the context of Device {self._device_id} has been closed; call set_current() again"
        )
    return ctx._handle


cdef object Device_green_context(Device self):
    """Return the green context handle of the context ``set_current`` gave this thread's Device object.

    ``None`` for a primary context. What is made in the context holds it, so
    that closing the :class:`Context` leaves the green context to them. Call
    it after :func:`Device_context_handle`, which refuses a closed context.
    """
    return self._current_green


cdef int Device_register_default_allocate(type cls, AllocateFunction allocate) except -1:
    """Let :meth:`Device.allocate` call ``allocate`` for resources of exactly ``cls``.

    Called by ``cuda.core._memory._device_memory_resource`` as it is
    imported: it imports this module, so this module cannot import it.
    """
    global _default_resource_type, _default_allocate
    _default_resource_type = cls
    _default_allocate = allocate
    return 0


cdef int Device_count() except -1:
    """Return the number of devices, initializing the driver first."""
    cdef int c_count = 0
    Device_init_driver()
    with nogil:
        HANDLE_RETURN(cydriver.cuDeviceGetCount(&c_count))
    return c_count


cdef int Device_current_ordinal() except -1:
    """Return the device of the current context, or 0 when the thread has none (as cudart does)."""
    cdef cydriver.CUdevice c_device = 0
    cdef cydriver.CUresult err
    Device_init_driver()
    with nogil:
        err = cydriver.cuCtxGetDevice(&c_device)
    if err == cydriver.CUresult.CUDA_ERROR_INVALID_CONTEXT:
        return 0
    HANDLE_RETURN(err)
    return c_device


cdef int Device_init_driver() except -1:
    """Initialize the driver once per process."""
    global _driver_initialized
    if _driver_initialized:
        return 0
    with _init_lock:
        if not _driver_initialized:
            with nogil:
                # cuInit takes no flags: 0 is the only valid value.
                HANDLE_RETURN(cydriver.cuInit(0))
            _driver_initialized = True
    return 0


cdef cydriver.CUcontext Device_primary_context(int device_id) except NULL:
    """Return the primary context of a device, retaining it the first time in this process."""
    cdef cydriver.CUcontext c_ctx = NULL
    cdef cydriver.CUdevice c_device = device_id
    with _primary_lock:
        address = _primary_contexts.get(device_id)
        if address is None:
            with nogil:
                HANDLE_RETURN(cydriver.cuDevicePrimaryCtxRetain(&c_ctx, c_device))
            _primary_contexts[device_id] = <uintptr_t>c_ctx
        else:
            c_ctx = <cydriver.CUcontext><uintptr_t>address
    return c_ctx


cdef object Device_lookup(type cls, object device_id):
    """Return this thread's Device object for ``device_id``: the body of ``Device(device_id)``."""
    cdef Py_ssize_t c_ordinal
    if device_id is None:
        c_ordinal = Device_current_ordinal()
    elif type(device_id) is int and device_id >= 0:
        c_ordinal = device_id  # the common case, checked without a Python call
    elif isinstance(device_id, Device):
        return device_id
    else:
        c_ordinal = Device_check_ordinal(device_id)
    cdef list devices = Device_thread_devices(cls)
    if c_ordinal >= len(devices):
        raise ValueError(f"device_id must be in [0, {len(devices)}), got {device_id}")
    return devices[c_ordinal]


cdef object Device_call(type cls, tuple args, dict kwargs):
    """Return ``cls(*args, **kwargs)``, checking the arguments as a signature ``(device_id=None)`` would."""
    cdef Py_ssize_t given = len(args) + len(kwargs)
    for name in kwargs:
        if name != "device_id":
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
        if args:
            raise TypeError(f"{cls.__name__}() got multiple values for argument 'device_id'")
    if given > 1:
        raise TypeError(f"{cls.__name__}() takes at most 1 argument ({given} given)")
    if args:
        return Device_lookup(cls, args[0])
    return Device_lookup(cls, kwargs.get("device_id"))


cdef object Device_new(type cls, PyObject* args, PyObject* kwargs):
    """The Device type's constructor (``tp_new``), which subclasses' calls and ``Device.__new__`` reach."""
    return Device_call(
        cls,
        <tuple>args if args != NULL else _NO_ARGUMENTS,
        <dict>kwargs if kwargs != NULL else {},
    )


cdef object Device_vectorcall(PyObject* cls, PyObject** args, size_t nargsf, PyObject* kwnames):
    """Calls of the Device type itself: ``Device()`` and ``Device(0)`` without building an argument tuple."""
    cdef Py_ssize_t nargs = PyVectorcall_NARGS(nargsf)
    cdef Py_ssize_t i
    if kwnames == NULL:
        if nargs == 0:
            return Device_lookup(<type>cls, None)
        if nargs == 1:
            return Device_lookup(<type>cls, <object>args[0])
    positional = tuple([<object>args[i] for i in range(nargs)])
    names = <tuple>kwnames if kwnames != NULL else ()
    keywords = {names[i]: <object>args[nargs + i] for i in range(len(names))}
    return Device_call(<type>cls, positional, keywords)


cdef int Device_install_constructor() except -1:
    """Make calls of :class:`Device` look up the thread's object, as a Python ``__new__`` would.

    A compiled type's constructor makes a new object; ``Device(0)`` must
    return the same one each time on a thread. The type's ``tp_new``, which
    subclasses inherit and ``Device.__new__`` calls, is replaced by
    :func:`Device_new`; calls of ``Device`` itself go to
    :func:`Device_vectorcall`, past ``type.__call__``. ``__init__`` does
    nothing, so skipping it changes nothing.
    """
    global _device_allocate
    cdef PyTypeObject* c_type = <PyTypeObject*>Device
    _device_allocate = c_type.tp_new
    c_type.tp_new = <newfunc>Device_new
    cuda_core_set_type_vectorcall(c_type, <void*>Device_vectorcall)
    return 0


cdef list Device_thread_devices(type cls):
    """Return this thread's Device objects, one per ordinal, creating them on first use.

    They are kept in the thread state's dictionary, which the interpreter
    clears when the thread ends: one dictionary lookup per ``Device()``,
    where a ``threading.local`` attribute costs a lookup of the thread's
    dictionary and then of the attribute in it.
    """
    cdef dict state = <dict><object>PyThreadState_GetDict()
    devices = state.get(_THREAD_DEVICES_KEY)
    if devices is None:
        devices = []
        for ordinal in range(Device_count()):
            # The type's own allocation, not the call: that would look the object up.
            device = _device_allocate(cls, <PyObject*>_NO_ARGUMENTS, NULL)
            (<Device>device)._device_id = ordinal
            devices.append(device)
        state[_THREAD_DEVICES_KEY] = devices
    return devices


cdef int DeviceProperties_get(DeviceProperties self, cydriver.CUdevice_attribute attr) except? -1:
    """Return an attribute's value, from the cache or, the first time, from the driver."""
    value = self._cache.get(attr)
    if value is None:
        value = self._cache[attr] = self._get_attribute(attr)
    return value


Device_install_constructor()
