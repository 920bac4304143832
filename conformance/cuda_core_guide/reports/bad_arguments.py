# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The table of bad arguments: what each public callable of ``cuda.core`` raises for an argument it refuses.

Each :class:`BadArgument` row names a callable, the argument, the bad value
(as shown), the exception the documentation promises and a fragment of its
message that names the argument (a regular expression). The API suite's
``test_bad_arguments.py`` calls every row against the installed
``cuda.core``; ``python -m cuda_core_guide.reports.bad_arguments_report`` publishes
the table with the latest outcomes.

Where upstream legitimately differs (a difference of
``guide/_data/differences.toml``), a row carries upstream's own
:class:`Expectation` with the difference's ID; where upstream departs from
its documentation, the row carries an ``xfail`` that says what upstream does.
Rows whose ``gpus`` is 0 need no device; the others are built from a device
(see :class:`Subjects` in the test module). Nothing here imports ``cuda.core``:
each row's ``call`` receives the module and the subjects.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CASES", "BadArgument", "Expectation"]

_UNUSED_ADDRESS = 0x1000
"""An address that no test reads or writes: buffers made from it are only checked, never used."""

_HUGE = 1 << 70
"""A size or address that no C integer holds."""

_NEGATIVE = 'OverflowError "can\'t convert negative value to size_t"'
"""What upstream raises for a negative size, address or handle."""
_TOO_LARGE = "OverflowError 'Python int too large to convert to C unsigned long'"
"""What upstream raises for a size, address or handle that no C integer holds."""


@dataclass(frozen=True)
class Expectation:
    """What a call with a bad argument raises.

    Parameters
    ----------
    exception : str
        The name of the built-in exception class, such as ``"TypeError"``.
    match : str
        A regular expression searched in the message; it names the argument.
    difference : str, optional
        The ID of a documented difference (``D2``) when this expectation is
        one implementation's own.
    xfail : str, optional
        What the implementation does instead, when it departs from its
        documentation; the row is then an expected failure (strict).
    """

    exception: str
    match: str
    difference: str = ""
    xfail: str = ""


@dataclass(frozen=True)
class BadArgument:
    """One row of the table: a callable, one bad argument and what it must raise.

    Parameters
    ----------
    callable : str
        The qualified name, as the API reference spells it (``Device.allocate``).
    argument : str
        The parameter given the bad value (``self`` for a closed object).
    value : str
        The bad value, as the table shows it.
    expected : Expectation
        The documented behaviour.
    call : callable
        ``call(core, subjects)`` makes the call; ``core`` is the ``cuda.core``
        module and ``subjects`` the objects a GPU row works on.
    gpus : int, optional
        The devices the row needs: 0 (none), 1 or 2.
    upstream : Expectation, optional
        Upstream's expectation where it differs from ``expected``.
    """

    callable: str
    argument: str
    value: str
    expected: Expectation
    call: Callable[[Any, Any], object] = field(repr=False, compare=False)
    gpus: int = 0
    upstream: Expectation | None = None

    def expectation(self, implementation: str) -> Expectation:
        """Return what ``implementation`` (``reference`` or ``upstream``) must raise.

        Parameters
        ----------
        implementation : str
            The implementation under test.

        Returns
        -------
        Expectation
            The upstream expectation for upstream, where the row has one;
            otherwise the documented one.
        """
        if implementation == "upstream" and self.upstream is not None:
            return self.upstream
        return self.expected

    @property
    def id(self) -> str:
        """Return the row's test ID: ``Device.allocate-size--1``."""
        text = f"{self.callable}-{self.argument}-{self.value}"
        return re.sub(r"[^A-Za-z0-9_.<>=+-]+", "_", text).strip("_")


def _buffer(core: Any, size: int = 256) -> Any:
    """Return a buffer over an address no test touches (no device needed)."""
    return core.Buffer.from_handle(_UNUSED_ADDRESS, size)


def _closed_buffer(core: Any) -> Any:
    """Return a closed buffer."""
    buffer = _buffer(core)
    buffer.close()
    return buffer


def _closed_stream(core: Any) -> Any:
    """Return a closed stream that wrapped an address no test uses (closing it makes no driver call)."""
    stream = core.Stream.from_handle(_UNUSED_ADDRESS)
    stream.close()
    return stream


def _upstream_says(what: str) -> Expectation:
    """Return an upstream expected failure: it raises ``what``, whose message does not name the argument."""
    return Expectation("", "", xfail=f"upstream 1.2.2: {what}")


def _ok(exception: str, match: str) -> Expectation:
    """Return a plain expectation."""
    return Expectation(exception, match)


_E = Expectation
_R = BadArgument


def _unknown_name(name: str, call: Callable[[Any, Any], object]) -> BadArgument:
    """Return the row of a keyword argument that ``name`` does not have: ``bogus=1``."""
    return _R(name, "bogus", "1", _E("TypeError", "bogus"), call)


def _unknown_option(name: str, call: Callable[[Any, Any], object], gpus: int = 0) -> BadArgument:
    """Return the row of ``options`` given a mapping with an unknown key (difference D2)."""
    return _R(
        name,
        "options",
        "{'bogus': 1}",
        _E("ValueError", "bogus", difference="D2"),
        call,
        gpus=gpus,
        upstream=_E("TypeError", "bogus", difference="D2"),
    )


def _options_not_options(name: str, call: Callable[[Any, Any], object], gpus: int = 0) -> BadArgument:
    """Return the row of ``options`` given ``3``, neither options nor a mapping."""
    return _R(name, "options", "3", _E("TypeError", "(?i)options"), call, gpus=gpus)


def _negative_handle(name: str, call: Callable[[Any, Any], object]) -> BadArgument:
    """Return the row of a ``handle`` of ``-1``, which upstream refuses without naming it."""
    return _R(name, "handle", "-1", _E("ValueError", "handle"), call, upstream=_upstream_says(_NEGATIVE))


def _bad_sizes(name: str, call: Callable[[Any, object], object]) -> list[BadArgument]:
    """Return the rows of a ``size`` that is negative, ``None`` or too large: ``call(core, size)`` passes it."""
    return [
        _R(
            name,
            "size",
            "-1",
            _E("ValueError", "size"),
            lambda c, s: call(c, -1),
            upstream=_upstream_says(_NEGATIVE),
        ),
        _R(
            name,
            "size",
            "None",
            _E("TypeError", "size"),
            lambda c, s: call(c, None),
            upstream=_upstream_says("TypeError 'an integer is required'"),
        ),
        _R(
            name,
            "size",
            "1 << 70",
            _E("OverflowError", "size"),
            lambda c, s: call(c, _HUGE),
            upstream=_upstream_says(_TOO_LARGE),
        ),
    ]


_CPU: list[BadArgument] = [
    # Options dataclasses: unknown option names and wrong types.
    _unknown_name("StreamOptions", lambda c, s: c.StreamOptions(bogus=1)),
    _R(
        "StreamOptions",
        "priority",
        "'x'",
        _E("TypeError", "priority"),
        lambda c, s: c.StreamOptions(priority="x"),
        upstream=_upstream_says("TypeError 'Expected int, got str'"),
    ),
    _R(
        "StreamOptions",
        "priority",
        "1.5",
        _E("TypeError", "priority"),
        lambda c, s: c.StreamOptions(priority=1.5),
        upstream=_upstream_says("accepts the float"),
    ),
    _unknown_name("EventOptions", lambda c, s: c.EventOptions(bogus=1)),
    _unknown_name("DeviceMemoryResourceOptions", lambda c, s: c.DeviceMemoryResourceOptions(bogus=1)),
    _unknown_name("PinnedMemoryResourceOptions", lambda c, s: c.PinnedMemoryResourceOptions(bogus=1)),
    _unknown_name("ManagedMemoryResourceOptions", lambda c, s: c.ManagedMemoryResourceOptions(bogus=1)),
    _unknown_name("ProgramOptions", lambda c, s: c.ProgramOptions(bogus=1)),
    _unknown_name("LinkerOptions", lambda c, s: c.LinkerOptions(bogus=1)),
    _unknown_name("LaunchConfig", lambda c, s: c.LaunchConfig(grid=1, block=1, bogus=1)),
    # LaunchConfig: dimensions and sizes.
    _R("LaunchConfig", "grid", "-1", _E("ValueError", "grid"), lambda c, s: c.LaunchConfig(grid=-1, block=1)),
    _R("LaunchConfig", "grid", "0", _E("ValueError", "grid"), lambda c, s: c.LaunchConfig(grid=0, block=1)),
    _R("LaunchConfig", "block", "-1", _E("ValueError", "block"), lambda c, s: c.LaunchConfig(grid=1, block=-1)),
    _R(
        "LaunchConfig",
        "grid",
        "1 << 70",
        _E("ValueError", "grid"),
        lambda c, s: c.LaunchConfig(grid=_HUGE, block=1),
        upstream=_upstream_says("accepts the value (it overflows later, at launch)"),
    ),
    _R(
        "LaunchConfig",
        "grid",
        "(1, 2, 3, 4)",
        _E("ValueError", "grid"),
        lambda c, s: c.LaunchConfig(grid=(1, 2, 3, 4), block=1),
    ),
    _R(
        "LaunchConfig",
        "grid",
        "()",
        _E("ValueError", "grid"),
        lambda c, s: c.LaunchConfig(grid=(), block=1),
        upstream=_upstream_says("accepts an empty tuple"),
    ),
    _R(
        "LaunchConfig",
        "grid",
        "None",
        _E("ValueError", "grid"),
        lambda c, s: c.LaunchConfig(grid=None, block=1),
    ),
    _R(
        "LaunchConfig",
        "block",
        "None",
        _E("ValueError", "block"),
        lambda c, s: c.LaunchConfig(grid=1, block=None),
    ),
    _R(
        "LaunchConfig",
        "grid",
        "'a'",
        _E("TypeError", "grid"),
        lambda c, s: c.LaunchConfig(grid="a", block=1),
        upstream=_upstream_says("ValueError 'LaunchConfig.grid must be an int, or a tuple with up to 3 ints'"),
    ),
    _R(
        "LaunchConfig",
        "block",
        "1.0",
        _E("TypeError", "block"),
        lambda c, s: c.LaunchConfig(grid=1, block=1.0),
        upstream=_upstream_says("ValueError 'LaunchConfig.block must be an int, or a tuple with up to 3 ints'"),
    ),
    _R(
        "LaunchConfig",
        "shmem_size",
        "'a'",
        _E("TypeError", "shmem_size"),
        lambda c, s: c.LaunchConfig(grid=1, block=1, shmem_size="a"),
    ),
    _R(
        "LaunchConfig",
        "shmem_size",
        "-1",
        _E("ValueError", "shmem_size"),
        lambda c, s: c.LaunchConfig(grid=1, block=1, shmem_size=-1),
        upstream=_upstream_says("accepts a negative size"),
    ),
    _R(
        "LaunchConfig",
        "shmem_size",
        "1 << 70",
        _E("ValueError", "shmem_size"),
        lambda c, s: c.LaunchConfig(grid=1, block=1, shmem_size=_HUGE),
        upstream=_upstream_says("OverflowError 'Python int too large to convert to C long'"),
    ),
    # Program and Linker: code, code type, options.
    _options_not_options("Program", lambda c, s: c.Program("x", "c++", options=3)),
    _unknown_option("Program", lambda c, s: c.Program("x", "c++", options={"bogus": 1})),
    _R(
        "Linker",
        "object_codes",
        "()",
        _E("ValueError", "(?i)ObjectCode"),
        lambda c, s: c.Linker(),
    ),
    # Buffer: handles, sizes, fill values, copies, closed buffers.
    *_bad_sizes("Buffer.from_handle", lambda c, size: c.Buffer.from_handle(_UNUSED_ADDRESS, size)),
    _R(
        "Buffer.from_handle",
        "ptr",
        "-1",
        _E("ValueError", "ptr"),
        lambda c, s: c.Buffer.from_handle(-1, 4),
        upstream=_upstream_says(_NEGATIVE),
    ),
    _R(
        "Buffer.from_handle",
        "ptr",
        "None",
        _E("TypeError", "ptr"),
        lambda c, s: c.Buffer.from_handle(None, 4),
        upstream=_upstream_says("TypeError \"int() argument must be a string, ... not 'NoneType'\""),
    ),
    _R(
        "Buffer.from_handle",
        "ptr",
        "1 << 70",
        _E("OverflowError", "ptr"),
        lambda c, s: c.Buffer.from_handle(_HUGE, 4),
        upstream=_upstream_says(_TOO_LARGE),
    ),
    _R(
        "Buffer.from_handle",
        "mr",
        "3",
        _E("TypeError", "mr"),
        lambda c, s: c.Buffer.from_handle(_UNUSED_ADDRESS, 4, mr=3),
    ),
    _R(
        "Buffer.from_ipc_descriptor",
        "ipc_descriptor",
        "None",
        _E("TypeError", "ipc_descriptor"),
        lambda c, s: c.Buffer.from_ipc_descriptor(None, None, stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.fill",
        "value",
        "256",
        _E("ValueError", "value", difference="D1"),
        lambda c, s: _buffer(c).fill(256, stream=c.LEGACY_DEFAULT_STREAM),
        upstream=_upstream_says("OverflowError 'value too large to convert to uint8_t' (D1)"),
    ),
    _R(
        "Buffer.fill",
        "value",
        "-1",
        _E("ValueError", "value", difference="D1"),
        lambda c, s: _buffer(c).fill(-1, stream=c.LEGACY_DEFAULT_STREAM),
        upstream=_upstream_says('OverflowError "can\'t convert negative value to uint8_t" (D1)'),
    ),
    _R(
        "Buffer.fill",
        "value",
        "None",
        _E("TypeError", "value"),
        lambda c, s: _buffer(c).fill(None, stream=c.LEGACY_DEFAULT_STREAM),
        upstream=_upstream_says("TypeError \"a bytes-like object is required, not 'NoneType'\""),
    ),
    _R(
        "Buffer.fill",
        "value",
        "b'abc'",
        _E("ValueError", "3"),
        lambda c, s: _buffer(c).fill(b"abc", stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.fill",
        "stream",
        "None",
        _E("TypeError", "stream"),
        lambda c, s: _buffer(c).fill(0, stream=None),
    ),
    _R(
        "Buffer.copy_to",
        "dst",
        "3",
        _E("TypeError", "dst"),
        lambda c, s: _buffer(c).copy_to(3, stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.copy_to",
        "stream",
        "3",
        _E("TypeError", "(?i)stream"),
        lambda c, s: _buffer(c).copy_to(_buffer(c), stream=3),
    ),
    _R(
        "Buffer.copy_from",
        "src",
        "None",
        _E("TypeError", "src"),
        lambda c, s: _buffer(c).copy_from(None, stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.copy_from",
        "src",
        "a buffer of 8 bytes",
        _E("ValueError", "8"),
        lambda c, s: _buffer(c).copy_from(_buffer(c, 8), stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.fill",
        "self",
        "a closed buffer",
        _E("RuntimeError", "(?i)closed"),
        lambda c, s: _closed_buffer(c).fill(0, stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.copy_to",
        "self",
        "a closed buffer",
        _E("RuntimeError", "(?i)closed"),
        lambda c, s: _closed_buffer(c).copy_to(_buffer(c), stream=c.LEGACY_DEFAULT_STREAM),
    ),
    _R(
        "Buffer.__dlpack__",
        "copy",
        "True",
        _E("BufferError", "copy"),
        lambda c, s: _buffer(c).__dlpack__(copy=True),
    ),
    # Memory resources without a device.
    *_bad_sizes("LegacyPinnedMemoryResource.allocate", lambda c, size: c.LegacyPinnedMemoryResource().allocate(size)),
    _options_not_options("PinnedMemoryResource", lambda c, s: c.PinnedMemoryResource(options=3)),
    _options_not_options("ManagedMemoryResource", lambda c, s: c.ManagedMemoryResource(options=3)),
    _R("Host", "numa_id", "-1", _E("ValueError", "numa_id"), lambda c, s: c.Host(-1)),
    _R("Host", "numa_id", "'0'", _E("ValueError", "numa_id"), lambda c, s: c.Host("0")),
    # Streams, kernels and object code from handles and bytes.
    _R(
        "Event.from_ipc_descriptor",
        "ipc_descriptor",
        "object()",
        _E("TypeError", "ipc_descriptor"),
        lambda c, s: c.Event.from_ipc_descriptor(object()),
    ),
    _R(
        "Stream.from_handle",
        "handle",
        "None",
        _E("TypeError", "handle"),
        lambda c, s: c.Stream.from_handle(None),
        upstream=_upstream_says("TypeError 'an integer is required'"),
    ),
    _negative_handle("Stream.from_handle", lambda c, s: c.Stream.from_handle(-1)),
    _R(
        "Stream.from_handle",
        "handle",
        "1 << 70",
        _E("ValueError", "handle"),
        lambda c, s: c.Stream.from_handle(_HUGE),
        upstream=_upstream_says(_TOO_LARGE),
    ),
    _R(
        "Stream.wait",
        "event_or_stream",
        "3",
        _E("TypeError", "event_or_stream", difference="D5"),
        lambda c, s: c.Stream.from_handle(_UNUSED_ADDRESS).wait(3),
        upstream=_E("ValueError", "(?i)waited", difference="D5"),
    ),
    _R(
        "Stream.sync",
        "self",
        "a closed stream",
        _E("RuntimeError", "(?i)closed"),
        lambda c, s: _closed_stream(c).sync(),
    ),
    _R(
        "Kernel.from_handle",
        "handle",
        "'x'",
        _E("TypeError", "handle"),
        lambda c, s: c.Kernel.from_handle("x"),
    ),
    _negative_handle("Kernel.from_handle", lambda c, s: c.Kernel.from_handle(-1)),
    _R(
        "ObjectCode.from_cubin",
        "name",
        "3",
        _E("TypeError", "name"),
        lambda c, s: c.ObjectCode.from_cubin(b"", name=3),
    ),
    _R(
        "ObjectCode.from_ptx",
        "symbol_mapping",
        "3",
        _E("TypeError", "symbol_mapping"),
        lambda c, s: c.ObjectCode.from_ptx(b"", symbol_mapping=3),
    ),
    _R(
        "ObjectCode.from_ptx",
        "module",
        "3",
        _E("TypeError", "module"),
        lambda c, s: c.ObjectCode.from_ptx(3),
        upstream=_upstream_says("accepts the int (it fails later, when the code is loaded)"),
    ),
    _R(
        "launch",
        "stream",
        "None",
        _E("TypeError", "stream"),
        lambda c, s: c.launch(None, c.LaunchConfig(grid=1, block=1), None),
        upstream=_upstream_says("TypeError about the kernel: it checks the kernel before the stream"),
    ),
    _R(
        "launch",
        "config",
        "3",
        _E("TypeError", "config"),
        lambda c, s: c.launch(c.LEGACY_DEFAULT_STREAM, 3, None),
    ),
    # StridedMemoryView over host memory.
    _R(
        "StridedMemoryView.from_dlpack",
        "stream_ptr",
        "'x'",
        _E("TypeError", "stream_ptr"),
        lambda c, s: c.utils.StridedMemoryView.from_dlpack(_host_array(), "x"),
        upstream=None,
    ),
    _R(
        "args_viewable_as_strided_memory",
        "arg_indices",
        "3",
        _E("TypeError", "arg_indices"),
        lambda c, s: c.utils.args_viewable_as_strided_memory(3),
    ),
]


def _host_array() -> Any:
    """Return a small NumPy array (imported here, so the table loads without NumPy)."""
    import numpy as np

    return np.zeros(4, dtype=np.float32)


_GPU: list[BadArgument] = [
    _R("Device", "device_id", "-1", _E("ValueError", "device_id"), lambda c, s: c.Device(-1), gpus=1),
    _R("Device", "device_id", "10000", _E("ValueError", "device_id"), lambda c, s: c.Device(10_000), gpus=1),
    _R(
        "Device",
        "device_id",
        "'0'",
        _E("TypeError", "device_id"),
        lambda c, s: c.Device("0"),
        gpus=1,
        upstream=_upstream_says("TypeError \"'<' not supported between instances of 'str' and 'int'\""),
    ),
    _R(
        "Device.allocate",
        "size",
        "-1",
        _E("ValueError", "size"),
        lambda c, s: s.device.allocate(-1, stream=s.stream),
        gpus=1,
        upstream=_upstream_says('OverflowError "can\'t convert negative value to size_t" (inferred)'),
    ),
    _R(
        "Device.allocate",
        "size",
        "'x'",
        _E("TypeError", "size"),
        lambda c, s: s.device.allocate("x", stream=s.stream),
        gpus=1,
    ),
    _R(
        "Device.allocate",
        "size",
        "1 << 70",
        _E("OverflowError", "size"),
        lambda c, s: s.device.allocate(_HUGE, stream=s.stream),
        gpus=1,
        upstream=_upstream_says("OverflowError 'Python int too large to convert to C unsigned long' (inferred)"),
    ),
    _unknown_option("Device.create_stream", lambda c, s: s.device.create_stream(options={"bogus": 1}), gpus=1),
    _unknown_option("Device.create_event", lambda c, s: s.device.create_event(options={"bogus": 1}), gpus=1),
    _R(
        "DeviceMemoryResource.allocate",
        "size",
        "-1",
        _E("ValueError", "size"),
        lambda c, s: s.device.memory_resource.allocate(-1, stream=s.stream),
        gpus=1,
        upstream=_upstream_says('OverflowError "can\'t convert negative value to size_t" (inferred)'),
    ),
    _R(
        "Device.allocate",
        "stream",
        "None",
        _E("TypeError", "stream"),
        lambda c, s: s.device.allocate(16, stream=None),
        gpus=1,
    ),
    _R(
        "Device.allocate",
        "stream",
        "3",
        _E("TypeError", "(?i)stream"),
        lambda c, s: s.device.allocate(16, stream=3),
        gpus=1,
    ),
    _R(
        "Device.set_current",
        "ctx",
        "3",
        _E("TypeError", "ctx"),
        lambda c, s: s.device.set_current(3),
        gpus=1,
    ),
    _options_not_options("Device.create_stream", lambda c, s: s.device.create_stream(options=3), gpus=1),
    _R(
        "Device.create_stream",
        "options",
        "{'priority': 'x'}",
        _E("TypeError", "priority"),
        lambda c, s: s.device.create_stream(options={"priority": "x"}),
        gpus=1,
        upstream=_upstream_says("TypeError 'Expected int, got str', as StreamOptions(priority='x') raises"),
    ),
    _options_not_options("Device.create_event", lambda c, s: s.device.create_event(options=3), gpus=1),
    _unknown_option("Stream.record", lambda c, s: s.stream.record(options={"bogus": 1}), gpus=1),
    _R(
        "LaunchConfig",
        "cluster",
        "-1",
        _E("ValueError", "cluster"),
        lambda c, s: c.LaunchConfig(grid=1, block=1, cluster=-1),
        gpus=1,
    ),
    _R(
        "Device.set_current",
        "ctx",
        "the context of device 0",
        _E("ValueError", "ctx"),
        lambda c, s: s.second_device.set_current(s.device.context),
        gpus=2,
        upstream=_upstream_says(
            "RuntimeError 'the provided context was created on the device with id=0, which is different "
            "from the target id=1' (from upstream's source; not yet run on 2 GPUs)"
        ),
    ),
]

CASES: list[BadArgument] = [*_CPU, *_GPU]
"""Every row of the table, the rows that need no device first."""
