# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The check of an integer argument that refuses ``bool``, shared by the NVML, texture and graphics modules.

:func:`int_argument` turns an ``int``, or another integer type through
``__index__``, into an ``int``, and raises the :class:`TypeError` that names
the argument otherwise. A ``bool`` is an ``int`` to Python but never a count,
an index or a name here, so it is refused too. The callers check the range
they need themselves.
"""

from __future__ import annotations

import operator

__all__ = ["int_argument"]


def int_argument(value: object, name: str) -> int:
    """Return an integer argument as an ``int``, refusing a ``bool`` and a ``float``.

    Parameters
    ----------
    value : object
        What the caller passed: an ``int``, or an integer type such as NumPy's.
    name : str
        How the message names it: ``"level"``, ``"shape[1]"``.

    Returns
    -------
    int
        ``operator.index(value)``.

    Raises
    ------
    TypeError
        If ``value`` is a ``bool``, or has no ``__index__``.
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None
