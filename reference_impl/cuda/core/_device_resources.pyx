# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The hardware resources of a device or context, and their partitions.

A device's streaming multiprocessors (SMs) can be split into disjoint
groups; a group, or several, then makes a green context
(:meth:`Device.create_context`), whose streams run only on those SMs.
:class:`DeviceResources` answers what a device, a context or a stream's
context has; :class:`SMResource` and :class:`WorkqueueResource` hold copies
of the driver's ``CUdevResource`` structures.
"""

from __future__ import annotations

from libc.stdint cimport uintptr_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cuda.bindings cimport cydriver

from cuda.core._utils.cuda_utils cimport HANDLE_RETURN, check_argument_type

from collections.abc import Sequence
import dataclasses

from cuda.core._workqueue_scope import WorkqueueSharingScopeType


__all__ = [
    "DeviceResources",
    "SMResource",
    "SMResourceOptions",
    "WorkqueueResource",
    "WorkqueueResourceOptions",
]

cdef enum:
    # Driver versions, as cuDriverGetVersion reports them (1000 * major + 10 * minor).
    _GREEN_CONTEXT_DRIVER = 12040
    _STRUCTURED_SPLIT_DRIVER = 13010

# The fields of SMResourceOptions that give one value per group.
_PER_GROUP_FIELDS = ("coscheduled_sm_count", "preferred_coscheduled_sm_count", "backfill")


cdef class DeviceResources:
    """Answer which hardware resources a device, or a context, has.

    :attr:`Device.resources` returns the whole device's;
    :attr:`Context.resources` and :attr:`Stream.resources` return those of
    the context (for a green context, the ones it was created with). It
    cannot be constructed directly; each query asks the driver anew.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :attr:`Device.resources`."""
        raise RuntimeError(
            "DeviceResources cannot be instantiated directly. Use dev.resources or ctx.resources."
        )

    def __repr__(self) -> str:
        if self._ctx == NULL:
            return f"<DeviceResources device={self._device_id}>"
        return f"<DeviceResources context={<uintptr_t>self._ctx:#x} device={self._device_id}>"

    @property
    def sm(self) -> SMResource:
        """Return the SMs of the device or context.

        Raises
        ------
        NotImplementedError
            If the driver is older than CUDA 12.4.
        CUDAError
            If the driver reports an error.
        """
        DeviceResources_check_green_support()
        cdef SMResource result = SMResource.__new__(SMResource)
        DeviceResources_query(
            self, &result._resource, cydriver.CUdevResourceType.CU_DEV_RESOURCE_TYPE_SM
        )
        result._min_partition_size = result._resource.sm.minSmPartitionSize
        result._coscheduled_alignment = result._resource.sm.smCoscheduledAlignment
        result._is_usable = True
        return result

    @property
    def workqueue(self) -> WorkqueueResource:
        """Return the workqueues of the device or context, with their configuration.

        Raises
        ------
        RuntimeError
            If the driver is older than CUDA 13.1.
        CUDAError
            If the driver reports an error.
        """
        DeviceResources_check_workqueue_support()
        cdef WorkqueueResource result = WorkqueueResource.__new__(WorkqueueResource)
        DeviceResources_query(
            self,
            &result._config,
            cydriver.CUdevResourceType.CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG,
        )
        DeviceResources_query(
            self, &result._workqueue, cydriver.CUdevResourceType.CU_DEV_RESOURCE_TYPE_WORKQUEUE
        )
        return result


@dataclasses.dataclass
class SMResourceOptions:
    """Choose how :meth:`SMResource.split` divides the SMs.

    Each field takes one value, for a single group, or a sequence with one
    value per group; ``count`` sets the number of groups, and the other
    sequences must have its length.

    Parameters
    ----------
    count : int, Sequence[int] or None, optional
        The number of SMs of each group; ``None`` lets the driver choose
        (the smallest partition it allows). Default: ``None``.
    coscheduled_sm_count : int, Sequence[int] or None, optional
        The number of SMs of each group that must be scheduled together.
        Default: ``None``.
    preferred_coscheduled_sm_count : int, Sequence[int] or None, optional
        The number of co-scheduled SMs the driver tries to give, falling
        back to ``coscheduled_sm_count``. Default: ``None``.
    backfill : bool or Sequence[bool], optional
        Let the driver relax co-scheduling so that counts the hardware's
        layout would refuse are accepted. Default: ``False``.

    Notes
    -----
    Before CUDA 13.1, the driver splits by count only: every group has the
    same count, and ``coscheduled_sm_count`` and
    ``preferred_coscheduled_sm_count`` raise :class:`NotImplementedError`.
    """

    count: int | Sequence[int] | None = None
    coscheduled_sm_count: int | Sequence[int] | None = None
    preferred_coscheduled_sm_count: int | Sequence[int] | None = None
    backfill: bool | Sequence[bool] = False


@dataclasses.dataclass
class WorkqueueResourceOptions:
    """Choose how :meth:`WorkqueueResource.configure` changes a workqueue resource.

    Parameters
    ----------
    sharing_scope : WorkqueueSharingScopeType, str or None, optional
        How far the workqueues are shared: ``"device_ctx"`` or
        ``"green_ctx_balanced"``; ``None`` leaves the scope as it is.
        Default: ``None``.
    concurrency_limit : int or None, optional
        The expected largest number of stream-ordered workloads running at
        once, at least 1; ``None`` leaves it as it is. Default: ``None``.

    Raises
    ------
    ValueError
        If ``sharing_scope`` is not a scope, or ``concurrency_limit`` is
        below 1.
    TypeError
        If ``concurrency_limit`` is not a number.
    """

    sharing_scope: WorkqueueSharingScopeType | str | None = None
    concurrency_limit: int | None = None

    def __post_init__(self) -> None:
        if self.sharing_scope is not None:
            try:
                WorkqueueSharingScopeType(self.sharing_scope)
            except ValueError:
                raise ValueError(
                    f"{self.sharing_scope!r} is not a valid WorkqueueSharingScopeType. "
                    "Must be None, 'device_ctx' or 'green_ctx_balanced'"
                ) from None
        if self.concurrency_limit is not None:
            if not isinstance(self.concurrency_limit, (int, float)):
                raise TypeError(f"Expected int, got {type(self.concurrency_limit).__name__}")
            self.concurrency_limit = int(self.concurrency_limit)
            if self.concurrency_limit < 1:
                raise ValueError(
                    f"concurrency_limit must be >= 1, got {self.concurrency_limit}"
                )


cdef class SMResource:
    """Represent a set of a device's streaming multiprocessors (SMs).

    :attr:`DeviceResources.sm` and :meth:`SMResource.split` return one; it
    cannot be constructed directly. The object holds a copy of the driver's
    ``CUdevResource`` structure; it owns nothing that needs releasing.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :attr:`DeviceResources.sm`."""
        raise RuntimeError(
            "SMResource cannot be instantiated directly. "
            "Use dev.resources.sm or SMResource.split()."
        )

    def __repr__(self) -> str:
        return f"<SMResource sm_count={self._resource.sm.smCount}>"

    def split(
        self, options: SMResourceOptions, *, dry_run: bool = False
    ) -> tuple[list[SMResource], SMResource]:
        """Split the SMs into disjoint groups and a remainder.

        Parameters
        ----------
        options : SMResourceOptions
            The number of groups and the SMs of each.
        dry_run : bool, optional
            Only report the groups the driver would make: the results
            cannot create a context. Default: ``False``.

        Returns
        -------
        tuple[list[SMResource], SMResource]
            The groups, and the SMs left over.

        Raises
        ------
        TypeError
            If ``options`` is not :class:`SMResourceOptions` (a dict or
            ``None`` included), in Cython's words: ``Argument 'options' has
            incorrect type (expected cuda.core._device_resources.SMResourceOptions,
            got dict)``; or a count is not an int.
        ValueError
            If a count is negative, ``count`` is an empty sequence, or a
            per-group sequence's length differs from ``count``'s.
        NotImplementedError
            If the driver is older than CUDA 12.4, or older than 13.1 and
            the options need the structured split (see
            :class:`SMResourceOptions`).
        CUDAError
            If the driver refuses the split.

        Examples
        --------
        >>> groups, rest = device.resources.sm.split(SMResourceOptions(count=[8, 8]))
        """
        check_argument_type(options, SMResourceOptions, "options")
        cdef int n_groups = SMResource_group_count(options)
        DeviceResources_check_green_support()
        if DeviceResources_driver_version() >= _STRUCTURED_SPLIT_DRIVER:
            return SMResource_split_structured(self, options, n_groups, dry_run)
        return SMResource_split_by_count(self, options, n_groups, dry_run)

    @property
    def coscheduled_alignment(self) -> int:
        """Return the number of SMs that are guaranteed to be scheduled together."""
        return self._coscheduled_alignment

    @property
    def flags(self) -> int:
        """Return the driver's flags of this SM resource."""
        return self._resource.sm.flags

    @property
    def handle(self) -> int:
        """Return the address of the ``CUdevResource`` structure this object holds."""
        return <uintptr_t>&self._resource

    @property
    def min_partition_size(self) -> int:
        """Return the smallest number of SMs a group can have."""
        return self._min_partition_size

    @property
    def sm_count(self) -> int:
        """Return the number of SMs."""
        return self._resource.sm.smCount


cdef class WorkqueueResource:
    """Represent the workqueues of a device or context, with their configuration.

    :attr:`DeviceResources.workqueue` returns one; it cannot be constructed
    directly. It holds copies of the driver's workqueue configuration and
    workqueue resources; :meth:`configure` changes the copy, which takes
    effect in a context created from it.
    """

    def __init__(self, *args, **kwargs) -> None:
        """Refuse direct construction: see :attr:`DeviceResources.workqueue`."""
        raise RuntimeError(
            "WorkqueueResource cannot be instantiated directly. Use dev.resources.workqueue."
        )

    def __repr__(self) -> str:
        return (
            f"<WorkqueueResource sharing_scope={self.sharing_scope.value!r} "
            f"concurrency_limit={self.concurrency_limit}>"
        )

    def configure(self, options: WorkqueueResourceOptions) -> None:
        """Change the sharing scope or concurrency limit of this resource.

        Parameters
        ----------
        options : WorkqueueResourceOptions
            The values to change; fields left ``None`` stay as they are.

        Raises
        ------
        TypeError
            If ``options`` is not :class:`WorkqueueResourceOptions`, in
            Cython's words: ``Argument 'options' has incorrect type
            (expected cuda.core._device_resources.WorkqueueResourceOptions,
            got int)``.
        RuntimeError
            If the driver is older than CUDA 13.1.
        """
        check_argument_type(options, WorkqueueResourceOptions, "options")
        DeviceResources_check_workqueue_support()
        if options.sharing_scope is not None:
            scope = WorkqueueSharingScopeType(options.sharing_scope)
            if scope is WorkqueueSharingScopeType.DEVICE_CTX:
                self._config.wqConfig.sharingScope = (
                    cydriver.CUdevWorkqueueConfigScope.CU_WORKQUEUE_SCOPE_DEVICE_CTX
                )
            else:
                self._config.wqConfig.sharingScope = (
                    cydriver.CUdevWorkqueueConfigScope.CU_WORKQUEUE_SCOPE_GREEN_CTX_BALANCED
                )
        if options.concurrency_limit is not None:
            self._config.wqConfig.wqConcurrencyLimit = options.concurrency_limit

    @property
    def concurrency_limit(self) -> int:
        """Return the expected largest number of stream-ordered workloads running at once."""
        return self._config.wqConfig.wqConcurrencyLimit

    @property
    def device(self) -> Device:
        """Return the :class:`Device` these workqueues belong to."""
        # Imported here: cuda.core._device imports this module.
        from cuda.core._device import Device

        return Device(<int>self._config.wqConfig.device)

    @property
    def handle(self) -> int:
        """Return the address of the configuration ``CUdevResource`` structure."""
        return <uintptr_t>&self._config

    @property
    def sharing_scope(self) -> WorkqueueSharingScopeType:
        """Return how far the workqueues are shared."""
        if (
            self._config.wqConfig.sharingScope
            == cydriver.CUdevWorkqueueConfigScope.CU_WORKQUEUE_SCOPE_GREEN_CTX_BALANCED
        ):
            return WorkqueueSharingScopeType.GREEN_CTX_BALANCED
        return WorkqueueSharingScopeType.DEVICE_CTX


cdef DeviceResources DeviceResources_create(int device_id, cydriver.CUcontext ctx, object owner):
    """Return the resources of device ``device_id``, or of ``ctx`` when it is not NULL.

    ``owner`` is kept alive with the object: the green context behind ``ctx``.
    """
    cdef DeviceResources resources = DeviceResources.__new__(DeviceResources)
    resources._device_id = device_id
    resources._ctx = ctx
    resources._owner = owner
    return resources


cdef int DeviceResources_query(
    DeviceResources self, cydriver.CUdevResource* result, cydriver.CUdevResourceType kind
) except -1:
    """Fill ``result`` with the resource of type ``kind`` of the device or context."""
    cdef cydriver.CUcontext c_ctx = self._ctx
    cdef cydriver.CUdevice c_device = self._device_id
    memset(result, 0, sizeof(cydriver.CUdevResource))
    with nogil:
        if c_ctx != NULL:
            HANDLE_RETURN(cydriver.cuCtxGetDevResource(c_ctx, result, kind))
        else:
            HANDLE_RETURN(cydriver.cuDeviceGetDevResource(c_device, result, kind))
    return 0


cdef int DeviceResources_driver_version() except -1:
    """Return the driver's CUDA version, as ``1000 * major + 10 * minor``."""
    cdef int c_version = 0
    with nogil:
        HANDLE_RETURN(cydriver.cuDriverGetVersion(&c_version))
    return c_version


cdef str DeviceResources_version_name(int version):
    """Return a driver version number as ``"major.minor"``."""
    return f"{version // 1000}.{version % 1000 // 10}"


cdef int DeviceResources_check_green_support() except -1:
    """Raise :class:`NotImplementedError` if the driver cannot make green contexts."""
    cdef int version = DeviceResources_driver_version()
    if version < _GREEN_CONTEXT_DRIVER:
        raise NotImplementedError(
            "Green context support requires CUDA driver 12.4 or newer. "
            f"Using driver version {DeviceResources_version_name(version)}"
        )
    return 0


cdef int DeviceResources_check_workqueue_support() except -1:
    """Raise :class:`RuntimeError` if the driver has no workqueue resources, as upstream does."""
    cdef int version = DeviceResources_driver_version()
    if version < _STRUCTURED_SPLIT_DRIVER:
        raise RuntimeError(
            "WorkqueueResource requires CUDA driver 13.1 or newer "
            f"(current driver: {DeviceResources_version_name(version)}.0)"
        )
    return 0


cdef bint SMResource_is_sequence(object value):
    """Return whether ``value`` gives one value per group (a sequence, but not a string)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray))


cdef int SMResource_group_count(object options) except -1:
    """Return the number of groups ``options`` asks for; check the per-group lengths."""
    count = options.count
    cdef int n_groups = 1
    cdef bint count_is_scalar = True
    if SMResource_is_sequence(count):
        n_groups = len(count)
        count_is_scalar = False
        if n_groups == 0:
            raise ValueError("count sequence must not be empty")
    elif count is not None and not isinstance(count, int):
        raise TypeError(f"count must be int, Sequence, or None, got {type(count).__name__}")
    for name in _PER_GROUP_FIELDS:
        value = getattr(options, name)
        if not SMResource_is_sequence(value):
            continue
        if count_is_scalar:
            raise ValueError(
                f"{name} is a Sequence but count is scalar; "
                "count must be a Sequence to specify multiple groups"
            )
        if len(value) != n_groups:
            raise ValueError(
                f"{name} has length {len(value)}, expected {n_groups} (must match count)"
            )
    return n_groups


cdef list SMResource_per_group(object value, int n_groups):
    """Return one value per group: ``value`` itself if it is a sequence, else repeated."""
    if SMResource_is_sequence(value):
        return list(value)
    return [value] * n_groups


cdef unsigned int SMResource_uint(object value, str name) except? 0:
    """Return an option value as an unsigned int; ``None`` is 0."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int or None, got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be non-negative, got {value}")
    return value


cdef SMResource SMResource_from(cydriver.CUdevResource* res, SMResource parent, bint usable):
    """Return a new :class:`SMResource` holding a copy of ``res``, a result of splitting ``parent``.

    The copy stays as the driver wrote it, since ``cuDevResourceGenerateDesc``
    refuses a changed one; where the driver leaves the partition size or the
    alignment at 0, the properties report ``parent``'s.
    """
    cdef SMResource result = SMResource.__new__(SMResource)
    result._resource = res[0]
    result._min_partition_size = res.sm.minSmPartitionSize or parent._min_partition_size
    result._coscheduled_alignment = res.sm.smCoscheduledAlignment or parent._coscheduled_alignment
    result._is_usable = usable
    return result


cdef tuple SMResource_split_by_count(
    SMResource self, object options, int n_groups, bint dry_run
):
    """Split with ``cuDevSmResourceSplitByCount``: equal groups (drivers before CUDA 13.1)."""
    if options.coscheduled_sm_count is not None:
        raise NotImplementedError(
            "SMResourceOptions.coscheduled_sm_count requires the CUDA 13.1 structured SM split API"
        )
    if options.preferred_coscheduled_sm_count is not None:
        raise NotImplementedError(
            "SMResourceOptions.preferred_coscheduled_sm_count requires the "
            "CUDA 13.1 structured SM split API"
        )
    cdef list counts = SMResource_per_group(options.count, n_groups)
    cdef list backfills = SMResource_per_group(options.backfill, n_groups)
    if any(value != counts[0] for value in counts) or any(
        bool(value) != bool(backfills[0]) for value in backfills
    ):
        raise NotImplementedError(
            "CUDA 12 SM splitting only supports homogeneous count values; "
            "use CUDA 13.1 or newer for per-group counts"
        )
    cdef unsigned int c_min_count = SMResource_uint(counts[0], "count")
    cdef unsigned int c_flags = 0
    if backfills[0]:
        c_flags = cydriver.CUdevSmResourceSplitByCount_flags.CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING
    cdef unsigned int c_groups = n_groups
    cdef cydriver.CUdevResource c_remaining
    cdef cydriver.CUdevResource* c_results = <cydriver.CUdevResource*>malloc(
        n_groups * sizeof(cydriver.CUdevResource)
    )
    if c_results == NULL:
        raise MemoryError()
    try:
        memset(c_results, 0, n_groups * sizeof(cydriver.CUdevResource))
        memset(&c_remaining, 0, sizeof(cydriver.CUdevResource))
        with nogil:
            HANDLE_RETURN(
                cydriver.cuDevSmResourceSplitByCount(
                    c_results, &c_groups, &self._resource, &c_remaining, c_flags, c_min_count
                )
            )
        groups = [SMResource_from(&c_results[i], self, not dry_run) for i in range(c_groups)]
        return groups, SMResource_from(&c_remaining, self, not dry_run)
    finally:
        free(c_results)


cdef tuple SMResource_split_structured(
    SMResource self, object options, int n_groups, bint dry_run
):
    """Split with ``cuDevSmResourceSplit``: one set of parameters per group (CUDA 13.1)."""
    cdef list counts = SMResource_per_group(options.count, n_groups)
    cdef list coscheduled = SMResource_per_group(options.coscheduled_sm_count, n_groups)
    cdef list preferred = SMResource_per_group(options.preferred_coscheduled_sm_count, n_groups)
    cdef list backfills = SMResource_per_group(options.backfill, n_groups)
    cdef unsigned int c_groups = n_groups
    cdef cydriver.CUdevResource c_remaining
    cdef cydriver.CUdevResource c_synthetic
    cdef cydriver.CUdevResource* c_results = NULL
    cdef cydriver.CU_DEV_SM_RESOURCE_GROUP_PARAMS* c_params = (
        <cydriver.CU_DEV_SM_RESOURCE_GROUP_PARAMS*>malloc(
            n_groups * sizeof(cydriver.CU_DEV_SM_RESOURCE_GROUP_PARAMS)
        )
    )
    if c_params == NULL:
        raise MemoryError()
    try:
        memset(c_params, 0, n_groups * sizeof(cydriver.CU_DEV_SM_RESOURCE_GROUP_PARAMS))
        for i in range(n_groups):
            c_params[i].smCount = SMResource_uint(counts[i], "count")
            c_params[i].coscheduledSmCount = SMResource_uint(coscheduled[i], "coscheduled_sm_count")
            c_params[i].preferredCoscheduledSmCount = SMResource_uint(
                preferred[i], "preferred_coscheduled_sm_count"
            )
            if backfills[i]:
                c_params[i].flags = cydriver.CUdevSmResourceGroup_flags.CU_DEV_SM_RESOURCE_GROUP_BACKFILL
        if not dry_run:
            # A dry run passes no result array: the driver only checks the request.
            c_results = <cydriver.CUdevResource*>malloc(n_groups * sizeof(cydriver.CUdevResource))
            if c_results == NULL:
                raise MemoryError()
            memset(c_results, 0, n_groups * sizeof(cydriver.CUdevResource))
        memset(&c_remaining, 0, sizeof(cydriver.CUdevResource))
        with nogil:
            HANDLE_RETURN(
                cydriver.cuDevSmResourceSplit(
                    c_results, c_groups, &self._resource, &c_remaining, 0, c_params
                )
            )
        groups = []
        for i in range(n_groups):
            if c_results != NULL:
                groups.append(SMResource_from(&c_results[i], self, True))
            else:
                memset(&c_synthetic, 0, sizeof(cydriver.CUdevResource))
                c_synthetic.type = cydriver.CUdevResourceType.CU_DEV_RESOURCE_TYPE_SM
                c_synthetic.sm.smCount = c_params[i].smCount
                groups.append(SMResource_from(&c_synthetic, self, False))
        return groups, SMResource_from(&c_remaining, self, not dry_run)
    finally:
        free(c_params)
        free(c_results)
