# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Linking object codes into one, with nvJitLink.

A :class:`Linker` takes PTX, cubins, fatbins, LTO IR, objects and libraries
and links them into a cubin (or, with link-time optimization, PTX). Every
nvJitLink call is checked: a failure raises :class:`CUDAError` naming the
call (audit decision 3), with the linker's error log when there is one.
"""

from __future__ import annotations

cimport cython

from cuda.core._module cimport ObjectCode, ObjectCode_create
from cuda.core._utils.cuda_utils cimport check_argument_type, check_or_create_options

from cuda.bindings import nvjitlink
import dataclasses
import warnings

from cuda.core._device import Device
from cuda.core._utils.cuda_utils import CUDAError

__all__ = ["Linker", "LinkerOptions"]

_BACKEND = "nvJitLink"
"""The name of the only linking backend, as :meth:`Linker.which_backend` reports it."""

_TARGET_TYPES = ("cubin", "ptx")
"""The kinds of code :meth:`Linker.link` produces."""

_OPTIMIZATION_LEVELS = (0, 3)
"""The optimization levels nvJitLink accepts."""

_INPUT_TYPES = {
    "cubin": nvjitlink.InputType.CUBIN,
    "ptx": nvjitlink.InputType.PTX,
    "ltoir": nvjitlink.InputType.LTOIR,
    "fatbin": nvjitlink.InputType.FATBIN,
    "object": nvjitlink.InputType.OBJECT,
    "library": nvjitlink.InputType.LIBRARY,
}
"""The nvJitLink input type of each kind of :class:`ObjectCode`."""

_SWITCHES = {
    "time": "-time",
    "verbose": "-verbose",
    "link_time_optimization": "-lto",
    "ptx": "-ptx",
    "debug": "-g",
    "lineinfo": "-lineinfo",
    "optimize_unused_variables": "-optimize-unused-variables",
    "no_cache": "-no-cache",
}
"""Options passed as a bare flag when they are true."""

_BOOLEAN_FLAGS = {
    "ftz": "-ftz",
    "prec_div": "-prec-div",
    "prec_sqrt": "-prec-sqrt",
    "fma": "-fma",
}
"""Options passed as ``flag=true`` or ``flag=false`` whenever they are set."""

_VALUE_FLAGS = {
    "max_register_count": "-maxrregcount",
    "kernels_used": "-kernels-used",
    "variables_used": "-variables-used",
    "ptxas_options": "-Xptxas",
    "split_compile": "-split-compile",
    "split_compile_extended": "-split-compile-extended",
}
"""Options passed as ``flag=value``, once for each value of a sequence."""


# no_gc_clear: __dealloc__ needs the handle to destroy it.
# auto_pickle(False): an unpickled copy would destroy the same handle again.
@cython.auto_pickle(False)
@cython.no_gc_clear
cdef class Linker:
    """Link one or more :class:`ObjectCode` objects into one, with nvJitLink.

    Parameters
    ----------
    *object_codes : ObjectCode
        The code to link; at least one.
    options : LinkerOptions or dict, optional
        The linker's options.

    Raises
    ------
    CUDAError
        If nvJitLink refuses the options or an input, with its error log.
    TypeError
        If an input is not an :class:`ObjectCode`, or ``options`` is neither
        :class:`LinkerOptions`, a ``dict`` of its fields nor ``None``.
    ValueError
        If no input is given, or ``options`` has unknown keys or bad values.
    """

    cdef:
        object _handle
        object _options
        tuple _object_codes
        object __weakref__

    def __init__(self, *object_codes: ObjectCode, options: LinkerOptions | None = None) -> None:
        """Create the nvJitLink handle and add every object code to it."""
        options = check_or_create_options(LinkerOptions, options, "Linker options")
        if not object_codes:
            raise ValueError("at least one ObjectCode is needed to link")
        for index, code in enumerate(object_codes):
            if not isinstance(code, ObjectCode):
                raise TypeError(
                    f"object_codes[{index}] must be an ObjectCode, got {type(code).__name__}"
                )
        flags = LinkerOptions_nvjitlink_flags(options)
        self._options = options
        self._object_codes = object_codes
        self._handle = nvjitlink_call("nvJitLinkCreate", nvjitlink.create, (len(flags), flags))
        for code in object_codes:
            Linker_add(self, <ObjectCode>code)

    def __dealloc__(self):
        try:
            Linker_close(self)
        except Exception as exc:
            # Nothing can be raised from here: say so instead. stacklevel=1 names
            # the Python line that dropped the last reference: compiled Cython
            # functions push no Python frames of their own.
            warnings.warn(
                f"destroying an nvJitLink handle while garbage collecting its Linker failed: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def __repr__(self) -> str:
        return f"<Linker backend={_BACKEND!r} inputs={len(self._object_codes or ())}>"

    def close(self) -> None:
        """Destroy the nvJitLink handle. Closing is idempotent.

        Raises
        ------
        CUDAError
            If nvJitLink fails to destroy the handle.
        """
        Linker_close(self)

    def get_error_log(self) -> str:
        """Return the messages nvJitLink logged as errors.

        Returns
        -------
        str
            The error log; empty when there were no errors.

        Raises
        ------
        CUDAError
            If nvJitLink fails to report its log (audit decision 3).
        RuntimeError
            If the linker is closed.
        """
        Linker_check_open(self)
        return Linker_log(
            self, "nvJitLinkGetErrorLog", nvjitlink.get_error_log_size, nvjitlink.get_error_log
        )

    def get_info_log(self) -> str:
        """Return the informational messages nvJitLink logged.

        Returns
        -------
        str
            The info log; empty when there were no messages.

        Raises
        ------
        CUDAError
            If nvJitLink fails to report its log (audit decision 3).
        RuntimeError
            If the linker is closed.
        """
        Linker_check_open(self)
        return Linker_log(
            self, "nvJitLinkGetInfoLog", nvjitlink.get_info_log_size, nvjitlink.get_info_log
        )

    def link(self, target_type: str) -> ObjectCode:
        """Link the inputs into one :class:`ObjectCode` of ``target_type``.

        Parameters
        ----------
        target_type : str
            ``"cubin"``, or ``"ptx"`` (which needs
            ``LinkerOptions(link_time_optimization=True, ptx=True)``).

        Returns
        -------
        ObjectCode
            The linked code, named after ``options.name``.

        Raises
        ------
        CUDAError
            If linking fails, with nvJitLink's error log.
        RuntimeError
            If the linker is closed.
        ValueError
            If ``target_type`` is not ``"cubin"`` or ``"ptx"``.
        """
        Linker_check_open(self)
        if target_type not in _TARGET_TYPES:
            raise ValueError(
                f"target_type must be one of {', '.join(map(repr, _TARGET_TYPES))}, "
                f"got {target_type!r}"
            )
        Linker_call(self, "nvJitLinkComplete", nvjitlink.complete, (self._handle,))
        if target_type == "cubin":
            size = Linker_call(
                self,
                "nvJitLinkGetLinkedCubinSize",
                nvjitlink.get_linked_cubin_size,
                (self._handle,),
            )
            code = bytearray(size)
            Linker_call(
                self, "nvJitLinkGetLinkedCubin", nvjitlink.get_linked_cubin, (self._handle, code)
            )
        else:
            size = Linker_call(
                self, "nvJitLinkGetLinkedPtxSize", nvjitlink.get_linked_ptx_size, (self._handle,)
            )
            code = bytearray(size)
            Linker_call(
                self, "nvJitLinkGetLinkedPtx", nvjitlink.get_linked_ptx, (self._handle, code)
            )
        return ObjectCode_create(bytes(code), target_type, self._options.name, None)

    @classmethod
    def which_backend(cls) -> str:
        """Return the name of the linking backend: always ``"nvJitLink"`` here.

        Returns
        -------
        str
            ``"nvJitLink"``.
        """
        return _BACKEND

    @property
    def handle(self) -> int:
        """Return the nvJitLink handle, as an ``int``.

        Raises
        ------
        RuntimeError
            If the linker is closed.
        """
        Linker_check_open(self)
        return self._handle

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._handle is None


@dataclasses.dataclass
class LinkerOptions:
    """Options for a :class:`Linker`.

    Every option left at ``None`` is not passed to nvJitLink, which then
    uses its own default.

    Attributes
    ----------
    name : str
        The name of the linked :class:`ObjectCode`.
    arch : str, optional
        The target, such as ``"sm_90"``; the current device's by default.
    max_register_count : int, optional
        The most registers a thread may use.
    time : bool, optional
        Log the time each step takes, in the info log.
    verbose : bool, optional
        Log verbose messages, in the info log.
    link_time_optimization : bool, optional
        Optimize across the inputs, which must include LTO IR.
    ptx : bool, optional
        Produce PTX rather than a cubin; needs ``link_time_optimization``.
    optimization_level : int, optional
        0 or 3.
    debug : bool, optional
        Generate debug information.
    lineinfo : bool, optional
        Generate line-number information.
    ftz : bool, optional
        Flush single-precision denormals to zero.
    prec_div : bool, optional
        Use IEEE-rounded single-precision division.
    prec_sqrt : bool, optional
        Use IEEE-rounded single-precision square roots.
    fma : bool, optional
        Contract multiplies and adds into fused multiply-adds.
    kernels_used : str or sequence of str, optional
        The kernels that are used; the others may be removed.
    variables_used : str or sequence of str, optional
        The variables that are used; the others may be removed.
    optimize_unused_variables : bool, optional
        Remove variables that device code does not reference.
    ptxas_options : str or sequence of str, optional
        Options passed on to ptxas.
    split_compile : int, optional
        The most threads to compile with; 0 means one per processor.
    split_compile_extended : int, optional
        The most threads for the more aggressive split compilation of LTO.
    no_cache : bool, optional
        Do not cache the intermediate steps.
    numba_debug : bool, optional
        Deprecated and without effect: no linker understands it. Setting it
        warns.
    """

    name: str | None = "<default linker>"
    arch: str | None = None
    max_register_count: int | None = None
    time: bool | None = None
    verbose: bool | None = None
    link_time_optimization: bool | None = None
    ptx: bool | None = None
    optimization_level: int | None = None
    debug: bool | None = None
    lineinfo: bool | None = None
    ftz: bool | None = None
    prec_div: bool | None = None
    prec_sqrt: bool | None = None
    fma: bool | None = None
    kernels_used: str | tuple[str] | list[str] | None = None
    variables_used: str | tuple[str] | list[str] | None = None
    optimize_unused_variables: bool | None = None
    ptxas_options: str | tuple[str] | list[str] | None = None
    split_compile: int | None = None
    split_compile_extended: int | None = None
    no_cache: bool | None = None
    numba_debug: bool | None = None

    def __post_init__(self) -> None:
        if self.numba_debug is not None:
            # stacklevel=2: level 1 is the __init__ that dataclasses generated.
            warnings.warn(
                "LinkerOptions.numba_debug is deprecated and has no effect: "
                "no linker understands it; set ProgramOptions.numba_debug instead",
                DeprecationWarning,
                stacklevel=2,
            )
        if (
            self.optimization_level is not None
            and self.optimization_level not in _OPTIMIZATION_LEVELS
        ):
            raise ValueError(
                f"optimization_level must be one of {', '.join(map(str, _OPTIMIZATION_LEVELS))}, "
                f"got {self.optimization_level!r}"
            )

    def as_bytes(self, backend: str = "nvjitlink") -> list[bytes]:
        """Return the options as the flags the backend takes.

        Parameters
        ----------
        backend : str, optional
            ``"nvjitlink"``, the only backend.

        Returns
        -------
        list of bytes
            One flag per element, such as ``b"-arch=sm_90"``.

        Raises
        ------
        TypeError
            If ``backend`` is not a str, in Cython's words: ``Argument
            'backend' has incorrect type (expected str, got int)``.
        ValueError
            If ``backend`` is not ``"nvjitlink"``.
        """
        check_argument_type(backend, str, "backend")
        if backend.lower() != _BACKEND.lower():
            raise ValueError(f"as_bytes() only supports 'nvjitlink' backend, got {backend!r}")
        return [flag.encode() for flag in LinkerOptions_nvjitlink_flags(self)]


cdef list LinkerOptions_nvjitlink_flags(object self):
    """Return the nvJitLink flags for the options ``self``, as strings."""
    flags = switch_flags(self, _SWITCHES)
    if self.optimization_level is not None:
        flags.append(f"-O{self.optimization_level}")
    append_setting_flags(flags, self, _BOOLEAN_FLAGS, _VALUE_FLAGS)
    return flags


cdef list switch_flags(object options, dict switches):
    """Return ``-arch`` (the current device's by default) and the flags of ``switches`` that are on.

    ``switches`` maps a field of ``options`` to the flag passed when the
    field is true. :class:`ProgramOptions` builds NVRTC's flags with it too.
    """
    arch = options.arch if options.arch is not None else f"sm_{Device().arch}"
    flags = [f"-arch={arch}"]
    for field, flag in switches.items():
        if getattr(options, field):
            flags.append(flag)
    return flags


cdef int append_setting_flags(list flags, object options, dict booleans, dict values) except -1:
    """Append to ``flags`` a ``flag=value`` flag for each field of ``options`` that is set.

    A field of ``booleans`` gives ``flag=true`` or ``flag=false``; a field
    of ``values`` one flag for each of its values when it holds a list or a
    tuple. :class:`ProgramOptions` builds NVRTC's flags with it too.
    """
    for field, flag in booleans.items():
        value = getattr(options, field)
        if value is not None:
            flags.append(f"{flag}={'true' if value else 'false'}")
    for field, flag in values.items():
        value = getattr(options, field)
        if value is None:
            continue
        for item in (value if isinstance(value, (list, tuple)) else (value,)):
            flags.append(f"{flag}={item}")
    return 0


cdef int Linker_add(Linker self, ObjectCode code) except -1:
    """Add the code of ``code`` to the link."""
    input_type = _INPUT_TYPES[code._code_type]
    if isinstance(code._module, str):
        Linker_call(
            self, "nvJitLinkAddFile", nvjitlink.add_file, (self._handle, input_type, code._module)
        )
    else:
        name = code._name or code._code_type
        args = (self._handle, input_type, code._module, len(code._module), name)
        Linker_call(self, "nvJitLinkAddData", nvjitlink.add_data, args)
    return 0


cdef object Linker_call(Linker self, str name, object function, tuple args):
    """Call nvJitLink; on failure raise :class:`CUDAError` with the call's name and log."""
    try:
        return function(*args)
    except nvjitlink.nvJitLinkError as exc:
        message = f"{name} failed: {exc}"
        try:
            log = Linker_log(
                self, "nvJitLinkGetErrorLog", nvjitlink.get_error_log_size, nvjitlink.get_error_log
            )
        except CUDAError as log_exc:
            message += f"\n(the error log is unavailable: {log_exc})"
        else:
            if log:
                message += f"\nerror log:\n{log}"
        raise CUDAError(message) from exc


cdef str Linker_log(Linker self, str name, object size_function, object log_function):
    """Return one of the logs of ``self``, checking both nvJitLink calls it takes."""
    size = nvjitlink_call(f"{name}Size", size_function, (self._handle,))
    log = bytearray(size)
    if size:
        nvjitlink_call(name, log_function, (self._handle, log))
    return log.rstrip(b"\0").decode(errors="backslashreplace")


cdef int Linker_check_open(Linker self) except -1:
    """Raise :class:`RuntimeError` if ``self`` has been closed."""
    if self._handle is None:
        raise RuntimeError("the Linker is closed")
    return 0


cdef int Linker_close(Linker self) except -1:
    """Destroy the nvJitLink handle of ``self``, once."""
    if self._handle is None:
        return 0
    handle = self._handle
    self._handle = None
    nvjitlink_call("nvJitLinkDestroy", nvjitlink.destroy, (handle,))
    return 0


cdef object nvjitlink_call(str name, object function, tuple args):
    """Call nvJitLink; on failure raise :class:`CUDAError` naming the call."""
    try:
        return function(*args)
    except nvjitlink.nvJitLinkError as exc:
        raise CUDAError(f"{name} failed: {exc}") from exc
