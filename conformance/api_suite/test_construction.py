# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Classes that only factories create refuse direct construction in upstream's words.

Code written for upstream ``cuda.core`` matches these messages, for example
``pytest.raises(RuntimeError, match=r"^Event objects cannot be instantiated
directly\\.")``, so every ``cuda.core`` words them the same way.
"""

from __future__ import annotations

import importlib
import re

import pytest

# (module, class, the message's first sentence, the advice that follows it)
FACTORY_ONLY = [
    ("cuda.core", "Buffer", "Buffer objects", "Please use MemoryResource APIs."),
    ("cuda.core", "Context", "Context objects", "Please use Device or Stream APIs."),
    ("cuda.core", "Event", "Event objects", "Please use Stream APIs (record)."),
    ("cuda.core", "Kernel", "Kernel objects", "Please use ObjectCode APIs."),
    (
        "cuda.core",
        "ObjectCode",
        "ObjectCode objects",
        "Please use ObjectCode APIs (from_cubin, from_ptx) or Program APIs (compile).",
    ),
    (
        "cuda.core",
        "Stream",
        "Stream objects",
        "Please use Device APIs (create_stream) or other Stream APIs (from_handle).",
    ),
    ("cuda.core._device", "DeviceProperties", "DeviceProperties", "Please use Device APIs."),
    ("cuda.core._module", "KernelAttributes", "KernelAttributes", "Please use Kernel APIs."),
]


@pytest.mark.parametrize(("module", "name", "subject", "advice"), FACTORY_ONLY)
def test_direct_construction_is_refused_in_upstream_words(module: str, name: str, subject: str, advice: str) -> None:
    cls = getattr(importlib.import_module(module), name, None)
    if cls is None:
        pytest.skip(f"the installed cuda.core has no {module}.{name}")
    expected = f"{subject} cannot be instantiated directly. {advice}"
    with pytest.raises(RuntimeError, match=f"^{re.escape(expected)}$"):
        cls()
    with pytest.raises(RuntimeError, match=f"^{re.escape(subject)} cannot be instantiated directly\\."):
        cls(1, keyword=2)
