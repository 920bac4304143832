# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The API conformance suite: behaviour any ``cuda.core`` must show.

It imports whichever ``cuda.core`` is installed, the reference build or
upstream ``cuda-core``, and never anything specific to one of them.
Tests that need a device carry ``@pytest.mark.gpu``; tests that need none
but must run against both implementations in the GPU sessions carry
``@pytest.mark.surface``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from cuda_core_guide.gpu import gpu_status
from cuda_core_guide.implementation import implementation_under_test
from cuda_core_guide.testing import HostGate


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``surface`` and ``pool_import_in_child`` markers."""
    config.addinivalue_line("markers", "surface: compares the installed cuda.core's surface; GPU sessions run it too")
    config.addinivalue_line(
        "markers",
        "pool_import_in_child: a spawned child imports a memory pool the test exports; the soak's sanitized run "
        "leaves these out (conformance/soak/sanitizer.py, UNSANITIZED_MARKERS, says why)",
    )


@pytest.fixture
def device():
    """Return device 0, made current."""
    available, reason = gpu_status()
    if not available:
        pytest.skip(f"needs a GPU: {reason}")
    from cuda.core import Device

    dev = Device(0)
    dev.set_current()
    return dev


@pytest.fixture
def stream(device):
    """Return a new stream on the device, closed afterwards."""
    new_stream = device.create_stream()
    yield new_stream
    new_stream.close()


@pytest.fixture
def gate() -> Iterator[HostGate]:
    """Return a :class:`HostGate` that is released when the test ends, whatever happens."""
    host_gate = HostGate()
    yield host_gate
    host_gate.release()


@pytest.fixture
def known_upstream_bug(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Return a function that marks the test a strict expected failure when upstream cuda-core is under test.

    The test asserts what every ``cuda.core`` should do; the reason names
    upstream's bug, and a strict mark fails the run once upstream fixes it.
    """

    def mark(reason: str) -> None:
        under_test = implementation_under_test()
        if under_test is not None and under_test[0] == "upstream":
            request.applymarker(pytest.mark.xfail(reason=reason, strict=True))

    return mark
