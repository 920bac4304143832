# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Caches of compiled programs, and the keys they are looked up by.

:func:`make_program_cache_key` digests what goes into a compilation (the
code, its kind, the options that reach the compiler, the target and the
compiler's version) into a key. A :class:`ProgramCacheResource` maps such
keys to the compiled bytes: :class:`InMemoryProgramCache` for one process,
:class:`FileStreamProgramCache` for a directory that processes share.
:meth:`cuda.core.Program.compile` takes either as its ``cache``.
"""

from __future__ import annotations

import abc
import collections
import collections.abc
import contextlib
import hashlib
import os
import tempfile
import threading
import time
from pathlib import Path

from cuda.core._module import ObjectCode
from cuda.core._program import ProgramOptions

__all__ = [
    "FileStreamProgramCache",
    "InMemoryProgramCache",
    "ProgramCacheResource",
    "make_program_cache_key",
]

# Changing what a key digests changes this number, so old entries miss.
_KEY_SCHEMA = 1

# The targets Program.compile produces from each kind of code.
_TARGETS = {
    "c++": ("cubin", "ltoir", "ptx"),
    "nvvm": ("ltoir", "ptx"),
    "ptx": ("cubin", "ptx"),
}

# NVRTC options that write a file as they compile: a cache hit would skip it.
_SIDE_EFFECT_OPTIONS = ("create_pch", "time", "fdevice_time_trace")

# NVRTC options that read files the key cannot see.
_EXTERNAL_OPTIONS = ("include_path", "pre_include", "pch", "use_pch", "pch_dir")

# The ProgramOptions fields that reach the linker when PTX is compiled.
_LINKER_FIELDS = (
    "name",
    "arch",
    "max_register_count",
    "time",
    "link_time_optimization",
    "debug",
    "lineinfo",
    "ftz",
    "prec_div",
    "prec_sqrt",
    "fma",
    "split_compile",
    "ptxas_options",
    "no_cache",
)

# The fields of ProgramOptions that an NVVM compilation reads.
_NVVM_FIELDS = (
    "arch",
    "debug",
    "device_code_optimize",
    "fma",
    "ftz",
    "link_time_optimization",
    "numba_debug",
    "prec_div",
    "prec_sqrt",
)

_ENTRIES_DIR = "entries"
_TMP_DIR = "tmp"
# A temporary file this old belongs to a writer that died.
_STALE_TMP_SECONDS = 3600


class ProgramCacheResource(abc.ABC):
    """Store compiled programs as bytes, under ``bytes`` or ``str`` keys.

    A ``str`` key is its UTF-8 encoding: ``"k"`` and ``b"k"`` are one
    entry. Values go in as ``bytes``, ``bytearray``, ``memoryview`` or an
    :class:`~cuda.core.ObjectCode` (whose code is read, from its file when
    it names one) and come back as ``bytes``: the cubin, PTX or LTO IR
    itself, which tools such as ``cuobjdump`` read. An object code's name
    and symbol mapping are not stored.

    Most code passes a cache to :meth:`cuda.core.Program.compile`, which
    derives the key with :func:`make_program_cache_key`. There is no
    ``in``: between ``key in cache`` and ``cache[key]`` another process
    may remove the entry, so look up with :meth:`ProgramCacheResource.get`, which answers both
    questions at once.

    A cache is a context manager; leaving the ``with`` block calls
    :meth:`close`.
    """

    def __enter__(self) -> ProgramCacheResource:
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        self.close()

    @abc.abstractmethod
    def __getitem__(self, key: bytes | str) -> bytes:
        """Return the bytes stored under ``key``.

        Raises
        ------
        KeyError
            If nothing is stored under ``key``.
        """

    @abc.abstractmethod
    def __setitem__(self, key: bytes | str, value: bytes | bytearray | memoryview | ObjectCode) -> None:
        """Store ``value``'s bytes under ``key``, replacing what was there."""

    @abc.abstractmethod
    def __delitem__(self, key: bytes | str) -> None:
        """Remove the entry of ``key``.

        Raises
        ------
        KeyError
            If nothing is stored under ``key``.
        """

    @abc.abstractmethod
    def __len__(self) -> int:
        """Return the number of entries."""

    @abc.abstractmethod
    def clear(self) -> None:
        """Remove every entry."""

    def close(self) -> None:  # noqa: B027 - does nothing unless overridden
        """Release what the cache holds; this base class holds nothing."""

    def get(self, key: bytes | str, default: bytes | None = None) -> bytes | None:
        """Return the bytes stored under ``key``, or ``default`` if there are none.

        Parameters
        ----------
        key : bytes or str
            The key.
        default : bytes, optional
            What to return when ``key`` has no entry.

        Returns
        -------
        bytes or None
            The stored bytes, or ``default``.
        """
        try:
            return self[key]
        except KeyError:
            return default

    def update(
        self,
        items: (
            collections.abc.Mapping[bytes | str, bytes | bytearray | memoryview | ObjectCode]
            | collections.abc.Iterable[tuple[bytes | str, bytes | bytearray | memoryview | ObjectCode]]
        ),
        /,
    ) -> None:
        """Store each of ``items``, a mapping or ``(key, value)`` pairs, in turn.

        A failure leaves the entries stored before it in place.
        """
        if isinstance(items, collections.abc.Mapping):
            items = items.items()
        for key, value in items:
            self[key] = value


class InMemoryProgramCache(ProgramCacheResource):
    """Keep compiled programs in this process's memory, least recently used out first.

    A lock makes each operation atomic, so threads can share the cache.
    Reading an entry (``cache[key]`` or :meth:`ProgramCacheResource.get`) makes it the most
    recently used.

    Parameters
    ----------
    max_size_bytes : int, optional
        The most bytes the stored values may take together; a write that
        passes it removes the least recently used entries, the new one
        too when it alone is larger. ``None`` (the default) sets no limit.

    Raises
    ------
    ValueError
        If ``max_size_bytes`` is not positive.
    """

    def __init__(self, *, max_size_bytes: int | None = None) -> None:
        _check_max_size(max_size_bytes)
        self._max_size_bytes = max_size_bytes
        self._entries: collections.OrderedDict[bytes, bytes] = collections.OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def __getitem__(self, key: bytes | str) -> bytes:
        k = _key_bytes(key)
        with self._lock:
            try:
                data = self._entries[k]
            except KeyError:
                raise KeyError(key) from None
            self._entries.move_to_end(k)
            return data

    def __setitem__(self, key: bytes | str, value: bytes | bytearray | memoryview | ObjectCode) -> None:
        data = _value_bytes(value)
        k = _key_bytes(key)
        with self._lock:
            old = self._entries.pop(k, None)
            if old is not None:
                self._size -= len(old)
            self._entries[k] = data
            self._size += len(data)
            if self._max_size_bytes is not None:
                while self._entries and self._size > self._max_size_bytes:
                    self._size -= len(self._entries.popitem(last=False)[1])

    def __delitem__(self, key: bytes | str) -> None:
        with self._lock:
            try:
                self._size -= len(self._entries.pop(_key_bytes(key)))
            except KeyError:
                raise KeyError(key) from None

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Remove every entry."""
        with self._lock:
            self._entries.clear()
            self._size = 0


class FileStreamProgramCache(ProgramCacheResource):
    """Keep compiled programs as files of a directory that processes share.

    Each entry is one file under ``entries/`` that holds the compiled
    bytes and nothing else, so tools such as ``cuobjdump`` read it. A
    write goes to a file under ``tmp/`` first, which then replaces the
    entry's file in one rename: a reader in any process sees the old bytes
    or the new ones, never part of them. Entries survive the process, and
    stay valid across cuda.core releases because keys include the
    compiler's version. The directory is not synced, so a crash of the
    machine may lose the latest entries.

    Reading an entry updates its access time; when a write takes the files
    past ``max_size_bytes``, the entries read longest ago are removed
    until they fit. Processes writing at once may pass the limit for a
    while.

    Parameters
    ----------
    path : str or os.PathLike, optional
        The directory, created if missing. ``None`` (the default) is
        ``cuda-python/program-cache`` under ``$XDG_CACHE_HOME`` (else
        ``~/.cache``), or under ``%LOCALAPPDATA%`` on Windows.
    max_size_bytes : int, optional
        The most bytes the files may take together. ``None`` (the
        default) sets no limit.

    Raises
    ------
    ValueError
        If ``max_size_bytes`` is not positive.
    OSError
        If the directory cannot be created.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        max_size_bytes: int | None = None,
    ) -> None:
        _check_max_size(max_size_bytes)
        self._max_size_bytes = max_size_bytes
        self._root = Path(path) if path is not None else _default_cache_dir()
        self._entries = self._root / _ENTRIES_DIR
        self._tmp = self._root / _TMP_DIR
        self._entries.mkdir(parents=True, exist_ok=True)
        self._tmp.mkdir(mode=0o700, exist_ok=True)
        self._remove_stale_tmp_files()

    def __getitem__(self, key: bytes | str) -> bytes:
        path = self._entry_path(key)
        try:
            with open(path, "rb") as file:
                data = file.read()
                # Set the access time by hand: relatime and noatime mounts
                # would not, and eviction goes by it.
                with contextlib.suppress(OSError):
                    mtime = os.fstat(file.fileno()).st_mtime_ns
                    # The open file, not the path: another writer may have
                    # replaced the path's file since.
                    target = file.fileno() if os.utime in os.supports_fd else path
                    os.utime(target, ns=(time.time_ns(), mtime))
        except FileNotFoundError:
            raise KeyError(key) from None
        return data

    def __setitem__(self, key: bytes | str, value: bytes | bytearray | memoryview | ObjectCode) -> None:
        data = _value_bytes(value)
        target = self._entry_path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        self._tmp.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix="entry-", dir=self._tmp)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(tmp_name, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise
        if self._max_size_bytes is not None:
            self._evict()

    def __delitem__(self, key: bytes | str) -> None:
        try:
            self._entry_path(key).unlink()
        except FileNotFoundError:
            raise KeyError(key) from None

    def __len__(self) -> int:
        """Return the number of entry files, those of keys no longer derived included."""
        return sum(1 for _ in self._entry_files())

    def clear(self) -> None:
        """Remove every entry, and temporary files left by writers that died."""
        for path in list(self._entry_files()):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        with contextlib.suppress(FileNotFoundError):
            for directory in self._entries.iterdir():
                with contextlib.suppress(OSError):
                    directory.rmdir()
        self._remove_stale_tmp_files()

    def _entry_path(self, key: bytes | str) -> Path:
        """Return the file of ``key``: its SHA-256, in a directory named by the first 2 digits."""
        digest = hashlib.sha256(_key_bytes(key), usedforsecurity=False).hexdigest()
        return self._entries / digest[:2] / digest[2:]

    def _entry_files(self) -> collections.abc.Iterator[Path]:
        """Yield the entry files, skipping those removed meanwhile."""
        with contextlib.suppress(FileNotFoundError), os.scandir(self._entries) as outer:
            for directory in outer:
                if not directory.is_dir(follow_symlinks=False):
                    continue
                with contextlib.suppress(FileNotFoundError), os.scandir(directory.path) as inner:
                    for entry in inner:
                        if entry.is_file(follow_symlinks=False):
                            yield Path(entry.path)

    def _evict(self) -> None:
        """Remove the entries read longest ago until the files fit ``max_size_bytes``."""
        files = []
        total = 0
        for path in [*self._entry_files(), *self._tmp_files()]:
            try:
                st = path.stat()
            except FileNotFoundError:
                continue
            total += st.st_size
            if path.parent != self._tmp:
                files.append((st.st_atime_ns, st.st_size, path))
        files.sort()
        for _, size, path in files:
            if total <= self._max_size_bytes:
                break
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            total -= size

    def _tmp_files(self) -> list[Path]:
        """Return the temporary files of writes in progress (or abandoned)."""
        try:
            return [p for p in self._tmp.iterdir() if p.is_file()]
        except FileNotFoundError:
            return []

    def _remove_stale_tmp_files(self) -> None:
        """Remove temporary files that writers which died left behind."""
        cutoff = time.time() - _STALE_TMP_SECONDS
        for path in self._tmp_files():
            with contextlib.suppress(OSError):
                if path.stat().st_mtime < cutoff:
                    path.unlink()


def make_program_cache_key(
    *,
    code: str | bytes,
    code_type: str,
    options: ProgramOptions,
    target_type: str,
    name_expressions: collections.abc.Sequence[str | bytes | bytearray] = (),
    extra_digest: bytes | None = None,
) -> bytes:
    """Return the cache key of a compilation: a SHA-256 digest of what decides its output.

    The key digests the code, ``code_type`` and ``target_type`` (in lower
    case), the options as the compiler sees them (so options that make
    the same flags make the same key), ``options.name``, the name
    expressions (in any order; ``"f"`` and ``b"f"`` differ) and the
    version of the compiler (NVRTC, nvJitLink or NVVM). A version that
    cannot be read is digested as the kind of its failure, so keys stay
    stable but never match those of a working compiler.

    Parameters
    ----------
    code : str or bytes
        The source; ``bytes`` only for NVVM IR.
    code_type : str
        ``"c++"``, ``"ptx"`` or ``"nvvm"``.
    options : ProgramOptions
        The options of the program; set ``arch``.
    target_type : str
        ``"ptx"``, ``"cubin"`` or ``"ltoir"``, one the code type compiles to.
    name_expressions : sequence of str or bytes, optional
        The name expressions given to :meth:`Program.compile`.
    extra_digest : bytes, optional
        Bytes to digest too. Required when the compilation reads files the
        key cannot see: ``include_path``, ``pre_include``, ``pch``,
        ``use_pch`` or ``pch_dir``, an ``options.name`` with a directory
        (NVRTC finds quoted includes there), or NVVM's ``use_libdevice``;
        pass a digest of those files.

    Returns
    -------
    bytes
        The 32 bytes of the key.

    Raises
    ------
    TypeError
        If ``code`` is not a ``str`` (or ``bytes`` for NVVM), or a name
        expression is neither ``str`` nor ``bytes``.
    ValueError
        If ``code_type`` or ``target_type`` is not one of those above or the
        pair does not compile; if the options write files as they compile
        (``create_pch``, ``time``, ``fdevice_time_trace``), which a cache
        hit would not; if they read files and ``extra_digest`` is ``None``
        (an NVRTC ``options.name`` with a directory raises ``...
        (NVRTC source-filename with a directory component) without an
        extra_digest; ...``); or if ``extra_sources`` is set for code other
        than NVVM.
    """
    kind = code_type.lower() if isinstance(code_type, str) else code_type
    target = target_type.lower() if isinstance(target_type, str) else target_type
    if kind not in _TARGETS:
        raise ValueError(f"{code_type!r} is not a valid code_type. Must be 'c++', 'nvvm' or 'ptx'")
    if target not in ("cubin", "ltoir", "ptx"):
        supported = "'cubin', 'ltoir' or 'ptx'"
        message = f"target_type={target_type!r} is not supported by the program cache"
        raise ValueError(f"{message} (must be {supported})")
    if target not in _TARGETS[kind]:
        supported = list(_TARGETS[kind])
        message = f"target_type={target_type!r} is not valid for code_type={kind!r}"
        raise ValueError(f"{message} (supported: {supported})")
    if kind != "nvvm" and getattr(options, "extra_sources", None) is not None:
        raise ValueError(f"extra_sources is only valid for code_type='nvvm', not {kind!r}")
    if kind == "c++":
        _check_nvrtc_options(options, extra_digest)
    elif kind == "nvvm" and extra_digest is None and getattr(options, "use_libdevice", None):
        raise ValueError(
            "make_program_cache_key() needs an extra_digest for NVVM with "
            "use_libdevice=True: it links a libdevice file the key cannot see"
        )

    digest = hashlib.sha256(usedforsecurity=False)

    def add(label: str, payload: bytes) -> None:
        digest.update(label.encode())
        digest.update(len(payload).to_bytes(8, "big"))
        digest.update(payload)

    add("schema", str(_KEY_SCHEMA).encode())
    add("compiler", _compiler_version(kind).encode())
    add("code_type", kind.encode())
    add("target_type", target.encode())
    add("code", _code_bytes(code, kind))
    for flag in _option_fingerprint(options, kind, target):
        add("option", flag)
    if kind == "c++":
        names = sorted(_name_tag(name) for name in name_expressions)
        add("names", str(len(names)).encode())
        for name in names:
            add("name", name)
    if kind == "nvvm":
        for source_name, source in getattr(options, "extra_sources", None) or ():
            add("extra_source_name", str(source_name).encode())
            add("extra_source", source.encode() if isinstance(source, str) else bytes(source))
        if getattr(options, "use_libdevice", None):
            add("use_libdevice", b"1")
    if getattr(options, "name", None) is not None:
        add("options_name", str(options.name).encode())
    if extra_digest is not None:
        add("extra_digest", bytes(extra_digest))
    return digest.digest()


def _check_max_size(max_size_bytes: int | None) -> None:
    """Raise ``ValueError`` unless ``max_size_bytes`` is ``None`` or positive."""
    if max_size_bytes is not None and max_size_bytes <= 0:
        raise ValueError("max_size_bytes must be positive or None (0 would evict every write)")


def _key_bytes(key: object) -> bytes:
    """Return ``key`` as ``bytes``: a ``str`` encoded as UTF-8."""
    if isinstance(key, (bytes, bytearray)):
        return bytes(key)
    if isinstance(key, str):
        return key.encode()
    raise TypeError(f"cache keys must be bytes or str, got {type(key).__name__}")


def _value_bytes(value: object) -> bytes:
    """Return the bytes to store for ``value``, reading a file an object code names."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, ObjectCode):
        code = value.code
        if not isinstance(code, str):
            return bytes(code)
        try:
            return Path(code).read_bytes()
        except FileNotFoundError:
            raise FileNotFoundError(f"cannot cache path-backed ObjectCode: {code} no longer exists") from None
    raise TypeError(f"cache values must be bytes-like or ObjectCode, got {type(value).__name__}")


def _default_cache_dir() -> Path:
    """Return the user's cache directory for compiled programs."""
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA")
        root = Path(base) if base else Path.home() / "AppData" / "Local"
    else:
        base = os.environ.get("XDG_CACHE_HOME")
        root = Path(base) if base else Path.home() / ".cache"
    return root / "cuda-python" / "program-cache"


def _check_nvrtc_options(options: ProgramOptions, extra_digest: bytes | None) -> None:
    """Raise ``ValueError`` for NVRTC options whose effect a key cannot capture."""
    written = [name for name in _SIDE_EFFECT_OPTIONS if getattr(options, name, None) is not None]
    if written:
        raise ValueError(
            "make_program_cache_key() refuses to build a key for options that have "
            f"compile-time side effects ({', '.join(written)}); a cache hit skips "
            "compilation, so the side effect would not occur"
        )
    if extra_digest is not None:
        return
    read = [name for name in _EXTERNAL_OPTIONS if _option_is_set(options, name)]
    if read:
        raise ValueError(
            "make_program_cache_key() refuses to build a key for options that pull in "
            f"external file content ({', '.join(read)}) without an extra_digest; pass "
            "a digest of the files the compiler reads as extra_digest"
        )
    name = getattr(options, "name", None)
    if isinstance(name, str) and ("/" in name or "\\" in name):
        # Upstream's words, which its users match on ("directory component").
        raise ValueError(
            f"make_program_cache_key() refuses to build a key for options.name={name!r} "
            "(NVRTC source-filename with a directory component) without an extra_digest; "
            "NVRTC resolves quoted #include directives relative to that directory, so a "
            "digest covering the headers it may pull in must be supplied."
        )


def _option_is_set(options: ProgramOptions, name: str) -> bool:
    """Return whether the option ``name`` makes NVRTC read a file."""
    value = getattr(options, name, None)
    if name == "pch":
        return bool(value)
    if name in ("include_path", "pre_include"):
        return isinstance(value, str) or (isinstance(value, collections.abc.Sequence) and len(value) > 0)
    return value is not None


def _code_bytes(code: object, kind: str) -> bytes:
    """Return the source ``code`` as bytes; only NVVM IR may be bytes already."""
    if isinstance(code, str):
        return code.encode()
    if isinstance(code, (bytes, bytearray)):
        if kind == "nvvm":
            return bytes(code)
        only = "code_type='nvvm'"
        message = f"code must be str for code_type={kind!r}"
        raise TypeError(f"{message}; bytes/bytearray are only accepted for {only}.")
    raise TypeError(f"code must be str or bytes, got {type(code).__name__}")


def _name_tag(name: object) -> bytes:
    """Return a name expression tagged with its type, so ``"f"`` and ``b"f"`` differ."""
    if isinstance(name, str):
        return b"s:" + name.encode()
    if isinstance(name, bytes):
        return b"b:" + name
    raise TypeError(
        f"name_expressions elements must be str or bytes, got {type(name).__name__} "
        "(Program.compile keys its symbol mapping by them, and a bytearray is unhashable)"
    )


def _option_fingerprint(options: ProgramOptions, kind: str, target: str) -> list[bytes]:
    """Return the options of ``options`` that the compiler of ``kind`` reads, as bytes."""
    if kind == "c++":
        return options.as_bytes("nvrtc", target)
    if kind == "ptx":
        fields = _LINKER_FIELDS
        values = {name: _linker_value(name, getattr(options, name, None)) for name in fields}
    else:
        fields = _NVVM_FIELDS
        values = {name: getattr(options, name, None) for name in fields}
    return [f"{name}={values[name]!r}".encode() for name in fields]


def _linker_value(name: str, value: object) -> object:
    """Return the linker option ``name`` as the flag it makes, so equal flags compare equal."""
    if name == "time":
        return bool(value)
    if name in ("link_time_optimization", "debug", "lineinfo"):
        return bool(value)
    if name in ("ftz", "prec_div", "prec_sqrt", "fma"):
        return None if value is None else bool(value)
    if name == "no_cache":
        return value is True
    if name == "ptxas_options":
        if isinstance(value, str):
            return (value,)
        return tuple(value) if value else None
    return value


def _compiler_version(kind: str) -> str:
    """Return the version of the compiler of ``kind``, or the kind of failure to read it."""
    try:
        if kind == "c++":
            from cuda.bindings import nvrtc

            status, major, minor = nvrtc.nvrtcVersion()
            if status != nvrtc.nvrtcResult.NVRTC_SUCCESS:
                return f"nvrtc failed: {status.name}"
            return f"nvrtc {major}.{minor}"
        if kind == "ptx":
            from cuda.bindings import nvjitlink

            return f"nvJitLink {nvjitlink.version()}"
        from cuda.bindings import nvvm

        return f"nvvm {nvvm.version()} ir {nvvm.ir_version()}"
    except Exception as exc:  # noqa: BLE001 - any failure is digested by its kind
        return f"{kind} probe failed: {type(exc).__name__}"
