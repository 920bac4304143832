# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A stand-in for ``cuda.core.graph``: graph definitions whose calls do nothing."""

from __future__ import annotations

from cuda.core import _Object

__all__ = ["GraphDefinition"]


class GraphDefinition(_Object):
    """A graph definition."""
