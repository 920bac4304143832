# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Compiling CUDA C++ with NVRTC, and PTX with the linker.

A :class:`Program` compiles source code into an :class:`ObjectCode`: C++
through NVRTC (to PTX, a cubin or LTO IR), PTX through nvJitLink. The
:class:`ProgramOptions` translate to NVRTC's command-line flags.
"""

from __future__ import annotations

cimport cython

from cuda.core._linker cimport append_setting_flags, switch_flags
from cuda.core._module cimport ObjectCode_create
from cuda.core._utils.cuda_utils cimport check_argument_type, check_or_create_options

from cuda.bindings import nvrtc
import dataclasses
import warnings

from cuda.core._linker import Linker, LinkerOptions
from cuda.core._module import ObjectCode
from cuda.core._utils.cuda_utils import handle_return

__all__ = ["Program", "ProgramOptions"]

_NVRTC_BACKEND = "NVRTC"
"""The backend that compiles C++."""

_NVRTC_TARGET_TYPES = ("ptx", "cubin", "ltoir")
"""The kinds of code NVRTC produces."""

_LINKER_TARGET_TYPES = ("cubin", "ptx")
"""The kinds of code the linker produces from PTX."""

_PCH_CREATED = "created"
_PCH_NOT_ATTEMPTED = "not_attempted"
_PCH_FAILED = "failed"

_NVRTC_SWITCHES = {
    "extensible_whole_program": "--extensible-whole-program",
    "debug": "--device-debug",
    "lineinfo": "--generate-line-info",
    "device_code_optimize": "--dopt=on",
    "use_fast_math": "--use_fast_math",
    "extra_device_vectorization": "--extra-device-vectorization",
    "link_time_optimization": "--dlink-time-opt",
    "gen_opt_lto": "--gen-opt-lto",
    "no_source_include": "--no-source-include",
    "disable_warnings": "--disable-warnings",
    "restrict": "--restrict",
    "device_as_default_execution_space": "--device-as-default-execution-space",
    "device_int128": "--device-int128",
    "device_float128": "--device-float128",
    "no_display_error_number": "--no-display-error-number",
    "fdevice_syntax_only": "--fdevice-syntax-only",
    "minimal": "--minimal",
    "no_cache": "--no-cache",
    "pch": "--pch",
    "numba_debug": "--numba-debug",
}
"""Options passed to NVRTC as a bare flag when they are true."""

_NVRTC_BOOLEAN_FLAGS = {
    "relocatable_device_code": "--relocatable-device-code",
    "ftz": "--ftz",
    "prec_sqrt": "--prec-sqrt",
    "prec_div": "--prec-div",
    "fma": "--fmad",
    "builtin_move_forward": "--builtin-move-forward",
    "builtin_initializer_list": "--builtin-initializer-list",
    "brief_diagnostics": "--brief-diagnostics",
    "pch_verbose": "--pch-verbose",
    "pch_messages": "--pch-messages",
    "instantiate_templates_in_pch": "--instantiate-templates-in-pch",
}
"""Options passed to NVRTC as ``flag=true`` or ``flag=false`` whenever they are set."""

_NVRTC_VALUE_FLAGS = {
    "ptxas_options": "--ptxas-options",
    "max_register_count": "--maxrregcount",
    "undefine_macro": "--undefine-macro",
    "include_path": "--include-path",
    "pre_include": "--pre-include",
    "std": "--std",
    "optimization_info": "--optimization-info",
    "diag_error": "--diag-error",
    "diag_suppress": "--diag-suppress",
    "diag_warn": "--diag-warn",
    "time": "--time",
    "split_compile": "--split-compile",
    "fdevice_time_trace": "--fdevice-time-trace",
    "frandom_seed": "--frandom-seed",
    "ofast_compile": "--Ofast-compile",
    "create_pch": "--create-pch",
    "use_pch": "--use-pch",
    "pch_dir": "--pch-dir",
}
"""Options passed to NVRTC as ``flag=value``, once for each value of a sequence."""


# no_gc_clear: __dealloc__ needs the handle to destroy it.
# auto_pickle(False): an unpickled copy would destroy the same handle again.
@cython.auto_pickle(False)
@cython.no_gc_clear
cdef class Program:
    """Compile source code into an :class:`ObjectCode`.

    C++ (``code_type="c++"``) is compiled by NVRTC; PTX (``"ptx"``) is
    compiled and linked by nvJitLink. NVVM IR is not supported.

    Parameters
    ----------
    code : str
        The source code.
    code_type : str
        ``"c++"`` or ``"ptx"`` (case does not matter).
    options : ProgramOptions or dict, optional
        The compiler's options.

    Raises
    ------
    NotImplementedError
        If ``code_type`` is ``"nvvm"``, or ``options.use_bundled_headers``
        is set.
    NVRTCError
        If NVRTC cannot create the program.
    TypeError
        If ``code_type`` is not a ``str`` (in Cython's words: ``Argument
        'code_type' has incorrect type (expected str, got int)``), ``code``
        is not a ``str``, or ``options`` is neither :class:`ProgramOptions`,
        a ``dict`` of its fields nor ``None``.
    ValueError
        If ``code_type`` is unknown, ``options`` has unknown keys, or sets
        an option that only NVVM IR takes.
    """

    cdef:
        object _handle
        object _linker
        object _options
        str _backend
        bytes _code
        object _pch_status
        object __weakref__

    def __init__(self, code: str, code_type: str, options: ProgramOptions | None = None) -> None:
        """Check the code and options and create the compiler's program."""
        options = check_or_create_options(ProgramOptions, options, "Program options")
        check_argument_type(code_type, str, "code_type")
        if not isinstance(code, str):
            raise TypeError(f"code must be a str, got {type(code).__name__}")
        kind = code_type.lower()
        if kind == "nvvm":
            raise NotImplementedError("NVVM IR programs are not supported; compile C++ or PTX")
        if kind not in ("c++", "ptx"):
            raise ValueError(f"code_type must be 'c++' or 'ptx', got {code_type!r}")
        if options.extra_sources is not None or options.use_libdevice:
            raise ValueError("extra_sources and use_libdevice apply to NVVM IR programs only")
        if options.use_bundled_headers:
            raise NotImplementedError(
                "use_bundled_headers is not supported; set include_path instead"
            )
        self._options = options
        self._pch_status = None
        self._code = code.encode()
        if kind == "c++":
            self._handle = Program_create_nvrtc(self)
            self._backend = _NVRTC_BACKEND
        else:
            ptx = ObjectCode_create(self._code, "ptx", options.name, None)
            self._linker = Linker(ptx, options=ProgramOptions_linker_options(options))
            self._backend = Linker.which_backend()

    def __dealloc__(self):
        try:
            Program_close(self)
        except Exception as exc:
            # Nothing can be raised from here: say so instead. stacklevel=1 names
            # the Python line that dropped the last reference: compiled Cython
            # functions push no Python frames of their own.
            warnings.warn(
                f"destroying an NVRTC program while garbage collecting its Program failed: {exc}",
                RuntimeWarning,
                stacklevel=1,
            )

    def __repr__(self) -> str:
        return f"<Program backend={self._backend!r}>"

    def close(self) -> None:
        """Destroy the NVRTC program (or the linker). Closing is idempotent.

        Raises
        ------
        CUDAError
            If NVRTC or nvJitLink fails to destroy it.
        """
        Program_close(self)

    def compile(
        self,
        target_type: str,
        name_expressions: tuple[str, ...] | list[str] = (),
        logs: object | None = None,
        *,
        cache: object | None = None,
    ) -> ObjectCode:
        """Compile the program into an :class:`ObjectCode` of ``target_type``.

        When the options ask for a precompiled header and NVRTC cannot
        create it, the compilation still succeeds, :attr:`pch_status` is
        ``"failed"``, and a :class:`UserWarning` names the header and the
        reason (audit decision 2). If NVRTC's PCH heap is too small, it is
        enlarged and the compilation retried once.

        Parameters
        ----------
        target_type : str
            ``"ptx"``, ``"cubin"`` or ``"ltoir"`` for C++; ``"cubin"`` or
            ``"ptx"`` for PTX.
        name_expressions : sequence of str, optional
            Expressions naming kernels (such as template instantiations)
            whose mangled names :meth:`ObjectCode.get_kernel` should find.
        logs : object, optional
            An object with a ``write`` method, such as a file or
            ``io.StringIO``, that receives the compiler's log.
        cache : ProgramCacheResource, optional
            A cache of compiled programs (see :mod:`cuda.core.utils`). The
            key comes from :func:`~cuda.core.utils.make_program_cache_key`;
            on a hit nothing compiles (``logs`` receives nothing) and the
            cached bytes come back as a new object code of ``target_type``
            named ``options.name``; on a miss the compiled bytes are stored.
            Independent of ``ProgramOptions.no_cache``.

        Returns
        -------
        ObjectCode
            The compiled code, named after ``options.name``.

        Raises
        ------
        NVRTCError
            If compilation fails; the message holds the compiler's log.
        RuntimeError
            If the program is closed.
        TypeError
            If ``name_expressions`` holds a non-string, ``logs`` has no
            ``write`` method, or ``cache`` is not a ``ProgramCacheResource``.
        ValueError
            If ``target_type`` is not one this program can produce, or NVRTC
            produced none of it: LTO IR needs ``link_time_optimization``,
            and a cubin needs it unset. With ``cache``: if
            ``name_expressions`` is not empty (the cache keeps no symbol
            mapping), or the options need an ``extra_digest`` (see
            :func:`~cuda.core.utils.make_program_cache_key`).
        """
        Program_check_open(self)
        if logs is not None and not hasattr(logs, "write"):
            raise TypeError(f"logs must have a write method, got {type(logs).__name__}")
        if self._linker is not None:
            if target_type not in _LINKER_TARGET_TYPES:
                raise ValueError(
                    "target_type must be one of "
                    f"{', '.join(map(repr, _LINKER_TARGET_TYPES))} for PTX code, "
                    f"got {target_type!r}"
                )
            if cache is not None:
                return Program_compile_cached(self, target_type, logs, cache)
            return self._linker.link(target_type)
        if target_type not in _NVRTC_TARGET_TYPES:
            raise ValueError(
                "target_type must be one of "
                f"{', '.join(map(repr, _NVRTC_TARGET_TYPES))} for C++ code, "
                f"got {target_type!r}"
            )
        names = []
        for name in name_expressions:
            if not isinstance(name, (str, bytes)):
                raise TypeError(
                    "name expressions must be str or bytes, "
                    f"got {type(name).__name__}: {name!r}"
                )
            names.append(name)
        if cache is not None:
            if names:
                raise ValueError(
                    "name_expressions cannot be combined with cache: the cache stores "
                    "the binary only, not the symbol mapping that name expressions make"
                )
            return Program_compile_cached(self, target_type, logs, cache)
        return Program_compile_nvrtc(self, target_type, names, logs)

    @property
    def backend(self) -> str:
        """Return the backend that compiles the program: ``"NVRTC"`` or ``"nvJitLink"``."""
        return self._backend

    @property
    def handle(self) -> nvrtc.nvrtcProgram | int:
        """Return the ``nvrtc.nvrtcProgram``, or the nvJitLink handle for PTX.

        Raises
        ------
        RuntimeError
            If the program is closed.
        """
        Program_check_open(self)
        return self._linker.handle if self._linker is not None else self._handle

    @property
    def is_closed(self) -> bool:
        """Return whether :meth:`close` has been called."""
        return self._handle is None and (self._linker is None or self._linker.is_closed)

    @property
    def pch_status(self) -> str | None:
        """Return what became of the precompiled header the last :meth:`compile` asked for.

        ``"created"``, ``"not_attempted"`` (NVRTC chose not to create one),
        ``"failed"`` (:meth:`compile` warned about it), or ``None`` when no
        header was asked for or nothing was compiled yet.
        """
        return self._pch_status


@dataclasses.dataclass
class ProgramOptions:
    """Options for a :class:`Program`.

    Every option left at ``None`` is not passed to the compiler, which then
    uses its own default (given below in parentheses).

    Attributes
    ----------
    name : str
        The program's name, for messages, and of the :class:`ObjectCode`.
    arch : str, optional
        The target, such as ``"sm_90"`` (or ``"compute_90"`` for PTX); the
        current device's when the program is compiled, by default.
    relocatable_device_code : bool, optional
        Generate relocatable device code, for linking (False).
    extensible_whole_program : bool, optional
        Compile the whole program, but extensibly (False).
    debug : bool, optional
        Generate debug information; turns optimizations off (False).
    lineinfo : bool, optional
        Generate line-number information (False).
    device_code_optimize : bool, optional
        Optimize device code even with ``debug`` (None).
    ptxas_options : str or sequence of str, optional
        Options passed on to ptxas, such as ``["-v", "-O2"]``.
    max_register_count : int, optional
        The most registers a thread may use.
    ftz : bool, optional
        Flush single-precision denormals to zero (False).
    prec_sqrt : bool, optional
        Use IEEE-rounded single-precision square roots (True).
    prec_div : bool, optional
        Use IEEE-rounded single-precision division (True).
    fma : bool, optional
        Contract multiplies and adds into fused multiply-adds (True).
    use_fast_math : bool, optional
        Use fast, less precise math (False).
    extra_device_vectorization : bool, optional
        Vectorize device code more aggressively (False).
    link_time_optimization : bool, optional
        Generate code for link-time optimization (False).
    gen_opt_lto : bool, optional
        Optimize before generating LTO IR (False).
    define_macro : str, tuple of (str, str), or sequence of those, optional
        Macros to define: ``"NAME"`` (as 1) or ``("NAME", "value")``.
    undefine_macro : str or sequence of str, optional
        Macros to undefine.
    include_path : str or sequence of str, optional
        Directories to search for headers.
    use_bundled_headers : bool, optional
        Use the headers bundled with NVRTC. Not supported.
    pre_include : str or sequence of str, optional
        Headers to include before the source.
    no_source_include : bool, optional
        Do not search the source's own directory for headers (False).
    std : str, optional
        The C++ dialect, such as ``"c++17"`` (c++17).
    builtin_move_forward : bool, optional
        Provide built-in ``std::move`` and ``std::forward`` (True).
    builtin_initializer_list : bool, optional
        Provide a built-in ``std::initializer_list`` (True).
    disable_warnings : bool, optional
        Suppress all warnings (False).
    restrict : bool, optional
        Assume that kernel pointer parameters do not alias (False).
    device_as_default_execution_space : bool, optional
        Treat functions without an execution space as ``__device__`` (False).
    device_int128 : bool, optional
        Allow ``__int128`` in device code (False).
    optimization_info : str, optional
        The kind of optimization to report on.
    no_display_error_number : bool, optional
        Leave diagnostic numbers out of messages (False).
    diag_error : int or sequence of int, optional
        Diagnostics to report as errors.
    diag_suppress : int or sequence of int, optional
        Diagnostics to suppress.
    diag_warn : int or sequence of int, optional
        Diagnostics to report as warnings.
    brief_diagnostics : bool, optional
        Leave source lines out of diagnostics (False).
    time : str, optional
        A file to write the time of each compilation phase to, as CSV.
    split_compile : int, optional
        The most threads to optimize with; 0 means one per processor (1).
    fdevice_syntax_only : bool, optional
        Stop after checking the device code's syntax (False).
    minimal : bool, optional
        Leave out language features small programs rarely need (False).
    no_cache : bool, optional
        Disable the compiler's cache (False).
    fdevice_time_trace : str, optional
        A file to write a JSON time trace of the compilation to.
    device_float128 : bool, optional
        Allow ``__float128`` in device code (False).
    frandom_seed : str, optional
        The seed of randomized optimizations.
    ofast_compile : str, optional
        Trade run time for compile time: ``"0"``, ``"min"``, ``"mid"`` or ``"max"``.
    pch : bool, optional
        Create and use precompiled headers automatically (False).
    create_pch : str, optional
        A precompiled header file to create.
    use_pch : str, optional
        A precompiled header file to use.
    pch_dir : str, optional
        The directory of precompiled headers.
    pch_verbose : bool, optional
        Report on precompiled headers verbosely (False).
    pch_messages : bool, optional
        Report why a precompiled header was not created or used (False).
    instantiate_templates_in_pch : bool, optional
        Instantiate templates in precompiled headers (False).
    extra_sources : sequence of (str, str or bytes), optional
        Further NVVM IR modules; NVVM IR programs only, so not supported.
    use_libdevice : bool, optional
        Link NVIDIA's libdevice; NVVM IR programs only, so not supported.
    numba_debug : bool, optional
        Emit the debug information Numba expects (False).
    """

    name: str | None = "default_program"
    arch: str | None = None
    relocatable_device_code: bool | None = None
    extensible_whole_program: bool | None = None
    debug: bool | None = None
    lineinfo: bool | None = None
    device_code_optimize: bool | None = None
    ptxas_options: str | list[str] | tuple[str] | None = None
    max_register_count: int | None = None
    ftz: bool | None = None
    prec_sqrt: bool | None = None
    prec_div: bool | None = None
    fma: bool | None = None
    use_fast_math: bool | None = None
    extra_device_vectorization: bool | None = None
    link_time_optimization: bool | None = None
    gen_opt_lto: bool | None = None
    define_macro: (
        str
        | tuple[str, str]
        | list[str | tuple[str, str]]
        | tuple[str | tuple[str, str], ...]
        | None
    ) = None
    undefine_macro: str | list[str] | tuple[str] | None = None
    include_path: str | list[str] | tuple[str] | None = None
    use_bundled_headers: bool | None = None
    pre_include: str | list[str] | tuple[str] | None = None
    no_source_include: bool | None = None
    std: str | None = None
    builtin_move_forward: bool | None = None
    builtin_initializer_list: bool | None = None
    disable_warnings: bool | None = None
    restrict: bool | None = None
    device_as_default_execution_space: bool | None = None
    device_int128: bool | None = None
    optimization_info: str | None = None
    no_display_error_number: bool | None = None
    diag_error: int | list[int] | tuple[int] | None = None
    diag_suppress: int | list[int] | tuple[int] | None = None
    diag_warn: int | list[int] | tuple[int] | None = None
    brief_diagnostics: bool | None = None
    time: str | None = None
    split_compile: int | None = None
    fdevice_syntax_only: bool | None = None
    minimal: bool | None = None
    no_cache: bool | None = None
    fdevice_time_trace: str | None = None
    device_float128: bool | None = None
    frandom_seed: str | None = None
    ofast_compile: str | None = None
    pch: bool | None = None
    create_pch: str | None = None
    use_pch: str | None = None
    pch_dir: str | None = None
    pch_verbose: bool | None = None
    pch_messages: bool | None = None
    instantiate_templates_in_pch: bool | None = None
    extra_sources: (
        list[tuple[str, str | bytes | bytearray]]
        | tuple[tuple[str, str | bytes | bytearray], ...]
        | None
    ) = None
    use_libdevice: bool | None = None
    numba_debug: bool | None = None

    def as_bytes(self, backend: str, target_type: str | None = None) -> list[bytes]:
        """Return the options as the flags the backend takes.

        Parameters
        ----------
        backend : str
            ``"nvrtc"``, the only compiler backend supported.
        target_type : str, optional
            The kind of code to produce; NVRTC's flags do not depend on it.

        Returns
        -------
        list of bytes
            One flag per element, such as ``b"--std=c++17"``; the
            architecture comes first.

        Raises
        ------
        NotImplementedError
            If ``backend`` is ``"nvvm"``, or ``use_bundled_headers`` is set.
        TypeError
            If ``define_macro`` holds something other than names and
            ``(name, value)`` pairs.
        ValueError
            If ``backend`` is unknown.
        """
        kind = backend.lower()
        if kind == "nvvm":
            raise NotImplementedError("the NVVM backend is not supported")
        if kind != "nvrtc":
            raise ValueError(f"backend must be 'nvrtc', got {backend!r}")
        if self.use_bundled_headers:
            raise NotImplementedError(
                "use_bundled_headers is not supported; set include_path instead"
            )
        return [flag.encode() for flag in ProgramOptions_nvrtc_flags(self)]


cdef list ProgramOptions_nvrtc_flags(object self):
    """Return the NVRTC flags for the options ``self``, as strings."""
    flags = switch_flags(self, _NVRTC_SWITCHES)
    append_setting_flags(flags, self, _NVRTC_BOOLEAN_FLAGS, _NVRTC_VALUE_FLAGS)
    if self.define_macro is not None:
        flags.extend(ProgramOptions_macro_flags(self))
    return flags


cdef list ProgramOptions_macro_flags(object self):
    """Return the ``--define-macro`` flags for ``self.define_macro``."""
    macros = self.define_macro
    if isinstance(macros, str) or is_macro_pair(macros):
        macros = [macros]
    flags = []
    for macro in macros:
        if isinstance(macro, str):
            flags.append(f"--define-macro={macro}")
        elif is_macro_pair(macro):
            flags.append(f"--define-macro={macro[0]}={macro[1]}")
        else:
            raise TypeError(
                f"define_macro entries must be names or (name, value) pairs of str, got {macro!r}"
            )
    return flags


cdef object ProgramOptions_linker_options(object self):
    """Return the :class:`LinkerOptions` that compile PTX as the options ``self`` ask."""
    return LinkerOptions(
        name=self.name,
        arch=self.arch,
        max_register_count=self.max_register_count,
        time=True if self.time else None,
        link_time_optimization=self.link_time_optimization,
        debug=self.debug,
        lineinfo=self.lineinfo,
        ftz=self.ftz,
        prec_div=self.prec_div,
        prec_sqrt=self.prec_sqrt,
        fma=self.fma,
        split_compile=self.split_compile,
        ptxas_options=self.ptxas_options,
        no_cache=self.no_cache,
    )


cdef bint is_macro_pair(object macro):
    """Return whether ``macro`` is a ``(name, value)`` pair of strings."""
    return (
        isinstance(macro, tuple)
        and len(macro) == 2
        and all(isinstance(part, str) for part in macro)
    )


cdef object Program_create_nvrtc(Program self):
    """Create the NVRTC program that compiles the code of ``self``."""
    name = self._options.name
    return handle_return(
        nvrtc.nvrtcCreateProgram(self._code, name.encode() if name else b"", 0, [], [])
    )


cdef int Program_check_open(Program self) except -1:
    """Raise :class:`RuntimeError` if ``self`` has been closed."""
    if self._handle is None and (self._linker is None or self._linker.is_closed):
        raise RuntimeError("the Program is closed")
    return 0


cdef int Program_close(Program self) except -1:
    """Destroy the NVRTC program or the linker of ``self``, once."""
    if self._linker is not None:
        self._linker.close()
    if self._handle is None:
        return 0
    handle = self._handle
    self._handle = None
    handle_return(nvrtc.nvrtcDestroyProgram(handle))
    return 0


cdef object Program_compile_cached(Program self, str target_type, object logs, object cache):
    """Return the code of ``self`` from ``cache``, compiling and storing it on a miss."""
    # Imported here: cuda.core.utils imports this module.
    from cuda.core.utils import ProgramCacheResource, make_program_cache_key

    if not isinstance(cache, ProgramCacheResource):
        raise TypeError(f"cache must be a ProgramCacheResource, got {type(cache).__name__}")
    key = make_program_cache_key(
        code=self._code.decode(),
        code_type="c++" if self._linker is None else "ptx",
        options=self._options,
        target_type=target_type,
    )
    data = cache.get(key)
    if data is not None:
        return ObjectCode_create(data, target_type, self._options.name, None)
    if self._linker is not None:
        code = self._linker.link(target_type)
    else:
        code = Program_compile_nvrtc(self, target_type, [], logs)
    cache[key] = code
    return code


cdef object Program_compile_nvrtc(Program self, str target_type, list names, object logs):
    """Compile C++ with NVRTC, then find out what became of a precompiled header."""
    flags = [flag.encode() for flag in ProgramOptions_nvrtc_flags(self._options)]
    code = Program_run_nvrtc(self, target_type, names, logs, flags)
    options = self._options
    if not (options.pch or options.create_pch):
        self._pch_status = None
        return code
    status = Program_read_pch_status(self)
    if status == nvrtc.nvrtcResult.NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED:
        # The header did not fit NVRTC's PCH heap: enlarge the heap to the
        # size NVRTC asks for and compile once more, with a fresh program.
        required = handle_return(
            nvrtc.nvrtcGetPCHHeapSizeRequired(self._handle), handle=self._handle
        )
        handle_return(nvrtc.nvrtcSetPCHHeapSize(required))
        Program_close(self)
        self._handle = Program_create_nvrtc(self)
        code = Program_run_nvrtc(self, target_type, names, logs, flags)
        status = Program_read_pch_status(self)
    if status == nvrtc.nvrtcResult.NVRTC_SUCCESS:
        self._pch_status = _PCH_CREATED
    elif status == nvrtc.nvrtcResult.NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED:
        self._pch_status = _PCH_NOT_ATTEMPTED
    else:
        self._pch_status = _PCH_FAILED
        header = options.create_pch or "the automatic precompiled header"
        # stacklevel=1 names the caller of compile(): compiled Cython
        # functions push no Python frames of their own.
        warnings.warn(
            f"the precompiled header {header!r} was not created: {nvrtc_error_text(status)}; "
            "the program compiled without it",
            UserWarning,
            stacklevel=1,
        )
    return code


cdef object Program_run_nvrtc(Program self, str target_type, list names, object logs, list flags):
    """Run NVRTC over the program of ``self`` and return the :class:`ObjectCode` it produces."""
    prog = self._handle
    encoded = [name.encode() if isinstance(name, str) else name for name in names]
    for name in encoded:
        handle_return(nvrtc.nvrtcAddNameExpression(prog, name), handle=prog)
    handle_return(nvrtc.nvrtcCompileProgram(prog, len(flags), flags), handle=prog)
    if target_type == "ptx":
        size = handle_return(nvrtc.nvrtcGetPTXSize(prog), handle=prog)
        data = bytearray(size)
        handle_return(nvrtc.nvrtcGetPTX(prog, data), handle=prog)
    elif target_type == "cubin":
        size = handle_return(nvrtc.nvrtcGetCUBINSize(prog), handle=prog)
        data = bytearray(size)
        handle_return(nvrtc.nvrtcGetCUBIN(prog, data), handle=prog)
    else:
        size = handle_return(nvrtc.nvrtcGetLTOIRSize(prog), handle=prog)
        data = bytearray(size)
        handle_return(nvrtc.nvrtcGetLTOIR(prog, data), handle=prog)
    if not size:
        # NVRTC succeeds without producing the target when the options ask
        # for something else; an empty ObjectCode would only fail later.
        raise ValueError(
            f"NVRTC produced no {target_type} with these options: LTO IR needs "
            "link_time_optimization=True, and a cubin needs it unset"
        )
    mapping = {}
    for name, name_bytes in zip(names, encoded):
        lowered = handle_return(nvrtc.nvrtcGetLoweredName(prog, name_bytes), handle=prog)
        key = name if isinstance(name, str) else name.decode()
        mapping[key] = lowered.decode() if isinstance(lowered, bytes) else lowered
    if logs is not None:
        log_size = handle_return(nvrtc.nvrtcGetProgramLogSize(prog), handle=prog)
        if log_size > 1:
            log = bytearray(log_size)
            handle_return(nvrtc.nvrtcGetProgramLog(prog, log), handle=prog)
            logs.write(log.rstrip(b"\0").decode(errors="backslashreplace"))
    return ObjectCode_create(bytes(data), target_type, self._options.name, mapping)


cdef object Program_read_pch_status(Program self):
    """Return NVRTC's status code for the precompiled header of the last compilation."""
    (status,) = nvrtc.nvrtcGetPCHCreateStatus(self._handle)
    return status


cdef str nvrtc_error_text(object status):
    """Return the name and NVRTC's description of an NVRTC status code."""
    err, text = nvrtc.nvrtcGetErrorString(status)
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        return status.name
    return f"{status.name}: {text.decode()}"
