# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Bad arguments raise the documented exception, with a message that names the argument.

The rows are :data:`cuda_core_guide.reports.bad_arguments.CASES`: each calls one
public callable of ``cuda.core`` with one bad value (a wrong type, ``None``,
a negative or overflowing size, an unknown option name, a closed object, an
object of another device). A row's expectation may be upstream's own, for a
documented difference, or an expected failure that says what upstream does.
"""

from __future__ import annotations

import builtins
import functools
import re
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

import cuda.core
import cuda.core.utils  # a submodule: importing it makes it an attribute of cuda.core
from cuda_core_guide.implementation import implementation_under_test
from cuda_core_guide.reports.bad_arguments import CASES, BadArgument

# Upstream types these arguments, and Cython words the TypeError of a wrong type:
# "Argument 'x' has incorrect type (expected <module.Type>, got <type name>)".
# Code matches on those words, so every cuda.core raises them exactly.
_TYPED_WITHOUT_A_DEVICE = [
    ("config", "cuda.core._launch_config.LaunchConfig", "int", lambda c: c.launch(c.LEGACY_DEFAULT_STREAM, 1, None)),
    (
        "kernel",
        "cuda.core._module.Kernel",
        "NoneType",
        lambda c: c.launch(c.LEGACY_DEFAULT_STREAM, c.LaunchConfig(grid=1, block=1), None),
    ),
    ("mod", "cuda.core._module.ObjectCode", "str", lambda c: c.Kernel.from_handle(0x1000, mod="code")),
    (
        "ipc_descriptor",
        "cuda.core._event.IPCEventDescriptor",
        "NoneType",
        lambda c: c.Event.from_ipc_descriptor(None),
    ),
    ("name", "str", "int", lambda c: c.ObjectCode.from_cubin(b"", name=3)),
    ("symbol_mapping", "dict", "list", lambda c: c.ObjectCode.from_ptx(b"", symbol_mapping=[])),
    ("shmem_size", "int", "str", lambda c: c.LaunchConfig(grid=1, block=1, shmem_size="0")),
    ("backend", "str", "int", lambda c: c.LinkerOptions(arch="sm_90").as_bytes(1)),
    ("other", "cuda.core._memoryview.StridedMemoryView", "int", lambda c: _host_view(c).copy_from(1, stream=None)),
    ("other", "cuda.core._memoryview.StridedMemoryView", "int", lambda c: _host_view(c).copy_to(1)),
]


def _implementation() -> str:
    """Return ``reference`` or ``upstream``: the implementation under test."""
    under_test = implementation_under_test()
    return under_test[0] if under_test else "reference"


class Subjects:
    """The objects that GPU rows call methods on, made on first use and closed at the end."""

    def __init__(self, device) -> None:
        self.device = device
        self._closing: list = []

    def close(self) -> None:
        """Close what was made."""
        for thing in reversed(self._closing):
            thing.close()

    @functools.cached_property
    def stream(self):
        """Return a new stream of device 0."""
        stream = self.device.create_stream()
        self._closing.append(stream)
        return stream

    @functools.cached_property
    def second_device(self):
        """Return device 1 (a row that uses it needs 2 GPUs)."""
        return cuda.core.Device(1)


def _params() -> Iterator[object]:
    """Yield one parameter per row, GPU rows marked ``gpu``."""
    for case in CASES:
        # Rows without a device are "surface" tests: the GPU sessions run them against both implementations.
        marks = [pytest.mark.gpu] if case.gpus else [pytest.mark.surface]
        yield pytest.param(case, id=case.id, marks=marks)


def _check(case: BadArgument, subjects: Subjects | None, request: pytest.FixtureRequest) -> None:
    """Call the row and check the exception and its message against the implementation's expectation."""
    expectation = case.expectation(_implementation())
    if expectation.xfail:
        request.applymarker(pytest.mark.xfail(reason=expectation.xfail, strict=True))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(Exception) as caught:  # noqa: PT011 - the type is checked below
            case.call(cuda.core, subjects)
    if expectation.xfail:
        # What the documentation says: the implementation is expected to fail it.
        expectation = case.expected
    expected_type = getattr(builtins, expectation.exception)
    assert isinstance(caught.value, expected_type), f"raised {type(caught.value).__name__}: {caught.value}"
    assert re.search(expectation.match, str(caught.value)), (
        f"the message does not name {case.argument!r} (/{expectation.match}/): {caught.value}"
    )


@pytest.mark.parametrize("case", [p for p in _params() if not p.values[0].gpus])
def test_bad_argument_without_a_device(case: BadArgument, request: pytest.FixtureRequest) -> None:
    _check(case, None, request)


@pytest.mark.gpu
@pytest.mark.parametrize("case", [p for p in _params() if p.values[0].gpus])
def test_bad_argument_on_a_device(case: BadArgument, device, request: pytest.FixtureRequest) -> None:
    if case.gpus > 1 and len(cuda.core.Device.get_all_devices()) < case.gpus:
        pytest.skip(f"needs {case.gpus} GPUs")
    subjects = Subjects(device)
    try:
        _check(case, subjects, request)
    finally:
        subjects.close()
        device.set_current()


def _host_view(core: object) -> object:
    """Return a StridedMemoryView of a small host array (no device needed)."""
    return core.utils.StridedMemoryView.from_dlpack(np.zeros(4, dtype=np.float32), stream_ptr=-1)


@pytest.mark.surface
@pytest.mark.parametrize(("argument", "expected", "got", "call"), _TYPED_WITHOUT_A_DEVICE)
def test_a_typed_argument_is_refused_in_cythons_words(argument, expected, got, call) -> None:
    message = rf"^Argument '{argument}' has incorrect type \(expected {re.escape(expected)}, got {got}\)$"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # upstream's LinkerOptions warns when nvJitLink is missing
        with pytest.raises(TypeError, match=message):
            call(cuda.core)


@pytest.mark.gpu
def test_a_typed_argument_of_a_device_object_is_refused_in_cythons_words(device) -> None:
    sm = device.resources.sm
    for options, got in ((1, "int"), ({"count": 8}, "dict"), (None, "NoneType")):
        message = (
            r"^Argument 'options' has incorrect type "
            rf"\(expected cuda\.core\._device_resources\.SMResourceOptions, got {got}\)$"
        )
        with pytest.raises(TypeError, match=message):
            sm.split(options)
    if hasattr(cuda.core, "DeviceMemoryResource"):
        proxy = type(cuda.core.DeviceMemoryResource(device).peer_accessible_by)
        message = (
            r"^Argument 'mr' has incorrect type "
            r"\(expected cuda\.core\._memory\._device_memory_resource\.DeviceMemoryResource, got int\)$"
        )
        with pytest.raises(TypeError, match=message):
            proxy(1)


def test_every_row_names_an_argument_and_a_known_exception() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "two rows have the same ID"
    for case in CASES:
        for expectation in (case.expected, case.upstream):
            if expectation is None or expectation.xfail:
                continue
            assert issubclass(getattr(builtins, expectation.exception), BaseException), case.id
            re.compile(expectation.match)
