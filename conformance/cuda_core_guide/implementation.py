# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Which ``cuda.core`` is installed: the reference implementation or upstream ``cuda-core``."""

from __future__ import annotations

import functools
import importlib.metadata

__all__ = ["IMPLEMENTATIONS", "implementation_under_test"]

IMPLEMENTATIONS = {"reference": "cuda-core-reference", "upstream": "cuda-core"}
"""Each implementation's name in reports, and the distribution that provides it."""


@functools.cache
def implementation_under_test() -> tuple[str, str] | None:
    """Return the installed implementation of ``cuda.core`` and its version.

    Returns
    -------
    tuple of (str, str) or None
        ``("reference", version)`` or ``("upstream", version)``; ``None`` if
        neither distribution is installed.
    """
    for name, distribution in IMPLEMENTATIONS.items():
        try:
            return name, importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None
