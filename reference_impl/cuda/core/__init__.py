# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Pythonic access to CUDA devices, streams, memory and kernels.

This is the reference implementation of the core of ``cuda.core``: the same
public names and signatures as upstream ``cuda-core`` 1.2, written exactly as
the cuda.core developer guide prescribes.
"""

from cuda.core._device import *  # noqa: F403
from cuda.core._device import __all__ as _device_all
from cuda.core._version import __version__  # noqa: F401 - re-exported as cuda.core.__version__

__all__ = [
    *_device_all,
]
