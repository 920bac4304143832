# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""How far a workqueue resource is shared: the enumeration ``cuda.core.typing`` publishes.

It lives in a module of its own so that ``cuda.core._device_resources``,
which takes it in ``WorkqueueResourceOptions``, and ``cuda.core.typing``,
which builds ``DeviceResourcesType`` from that module's classes, can both
import it at the top without importing each other.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["WorkqueueSharingScopeType"]


class WorkqueueSharingScopeType(StrEnum):
    """How far a workqueue resource is shared.

    * ``DEVICE_CTX``: across all contexts, the driver's default.
    * ``GREEN_CTX_BALANCED``: where possible, not with other balanced green contexts.
    """

    DEVICE_CTX = "device_ctx"
    GREEN_CTX_BALANCED = "green_ctx_balanced"
