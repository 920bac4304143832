# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Checks and conversions of the arguments of :mod:`cuda.core.system`'s queries, before NVML sees them.

NVML's bindings take C integers: a value that does not fit is an
``OverflowError`` there, and a wrong type a message about C types. These
helpers turn the arguments into what the bindings take, or raise the
exception the guide's table names, with the argument's name.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from enum import StrEnum

from cuda.bindings import nvml

from cuda.core._utils.cuda_utils import enum_argument, int_argument

__all__ = [
    "field_value_array",
    "free_quietly",
    "index_argument",
    "pack_mask",
    "pstate_argument",
    "text_argument",
    "unpack_mask",
    "unpack_mask_words",
]

# The bits of one word of NVML's CPU and NUMA-node masks (a C unsigned long).
_MASK_WORD_BITS = 64
# The highest performance state, P15.
_MAX_PSTATE = 15


def index_argument(value: object, name: str) -> int:
    """Return a non-negative integer argument as an ``int``.

    Parameters
    ----------
    value : object
        The argument: an ``int`` or another integer type (``__index__``),
        never a ``bool`` or a ``float``.
    name : str
        The argument's name, for the messages.

    Returns
    -------
    int
        The value.

    Raises
    ------
    TypeError
        If ``value`` is not an integer.
    ValueError
        If ``value`` is negative.
    """
    number = int_argument(value, name)
    if number < 0:
        raise ValueError(f"{name} must not be negative, got {number}")
    return number


def pstate_argument(value: object) -> int:
    """Return a performance state argument, from 0 (P0) to 15 (P15).

    Parameters
    ----------
    value : object
        The argument.

    Returns
    -------
    int
        The performance state.

    Raises
    ------
    TypeError
        If ``value`` is not an integer.
    ValueError
        If ``value`` is not in ``[0, 15]``.
    """
    number = index_argument(value, "pstate")
    if number > _MAX_PSTATE:
        raise ValueError(f"pstate must be in [0, {_MAX_PSTATE}], got {number}")
    return number


def text_argument(value: object, name: str) -> str:
    """Return a ``str`` or ``bytes`` argument as a ``str``.

    Parameters
    ----------
    value : object
        The argument.
    name : str
        The argument's name, for the messages.

    Returns
    -------
    str
        The text (bytes decoded as ASCII).

    Raises
    ------
    TypeError
        If ``value`` is neither a ``str`` nor ``bytes``.
    ValueError
        If ``value`` is empty, or bytes that are not ASCII.
    """
    if isinstance(value, bytes):
        try:
            value = value.decode("ascii")
        except UnicodeDecodeError:
            raise ValueError(f"{name} must be ASCII, got {value!r}") from None
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str or bytes, got {type(value).__name__}")
    if not value:
        raise ValueError(f"{name} must not be empty")
    return value


def pack_mask(values: object, bits: dict[int, StrEnum], enum_type: type[StrEnum], name: str) -> int:
    """Return the bit mask of one member of a string enumeration, or of a list of them.

    Parameters
    ----------
    values : object
        A member, its value, or a list or tuple of them.
    bits : dict of int to StrEnum
        NVML's bit of each member.
    enum_type, name
        As for :func:`enum_argument`, which checks each value.

    Returns
    -------
    int
        The bits of the members, or'ed together.

    Raises
    ------
    TypeError
        If ``values`` is neither a member, a string, a list nor a tuple.
    ValueError
        If a value is not one of the enumeration's, or has no bit.
    """
    if isinstance(values, str):
        values = [values]
    elif not isinstance(values, (list, tuple)):
        raise TypeError(f"{name} must be a {enum_type.__name__}, a str, or a list of them; got {type(values).__name__}")
    by_member = {member: bit for bit, member in bits.items()}
    mask = 0
    for value in values:
        member = enum_argument(value, enum_type, name)
        if member not in by_member:
            raise ValueError(f"{name} cannot hold {member!r}: it is no event NVML records")
        mask |= by_member[member]
    return mask


def unpack_mask(mask: int, bits: dict[int, StrEnum]) -> list[StrEnum]:
    """Return the members of a string enumeration whose bits a mask has, in the order of ``bits``.

    Parameters
    ----------
    mask : int
        NVML's mask.
    bits : dict of int to StrEnum
        NVML's bit of each member.

    Returns
    -------
    list of StrEnum
        The members whose bits are set.
    """
    mask = int(mask)
    return [member for bit, member in bits.items() if bit and mask & bit == bit]


def unpack_mask_words(words: Sequence[int]) -> list[int]:
    """Return the indices of the set bits of a mask NVML gives as an array of 64-bit words.

    Parameters
    ----------
    words : sequence of int
        The words, the lowest bits first.

    Returns
    -------
    list of int
        The indices of the set bits, in increasing order.
    """
    found = []
    for position, word in enumerate(words):
        word = int(word)
        found.extend(position * _MASK_WORD_BITS + bit for bit in range(_MASK_WORD_BITS) if word >> bit & 1)
    return found


def field_value_array(field_ids: object) -> nvml.FieldValue:
    """Return NVML's array of field values for a list of fields, each a field id or a (field id, scope) pair.

    Parameters
    ----------
    field_ids : object
        The fields.

    Returns
    -------
    cuda.bindings.nvml.FieldValue
        The array, with each entry's field and scope set.

    Raises
    ------
    TypeError
        If ``field_ids`` is not a list or tuple of field ids and pairs.
    ValueError
        If a field id or scope is negative.
    """
    if not isinstance(field_ids, (list, tuple)):
        raise TypeError(
            f"field_ids must be a list of field ids or (field id, scope) pairs; got {type(field_ids).__name__}"
        )
    values = nvml.FieldValue(len(field_ids))
    for position, item in enumerate(field_ids):
        if isinstance(item, tuple):
            if len(item) != 2:
                raise TypeError(f"field_ids[{position}] must be a field id or a (field id, scope) pair; got {item!r}")
            field, scope = item
        else:
            field, scope = item, 0
        values[position].field_id = index_argument(field, f"field_ids[{position}]")
        values[position].scope_id = index_argument(scope, f"the scope of field_ids[{position}]")
    return values


def free_quietly(free: Callable[[int], object], handle: int | None) -> None:
    """Free an NVML handle while its owner is collected: a failure is a warning, never an exception.

    Parameters
    ----------
    free : callable
        NVML's function that frees the handle.
    handle : int or None
        The handle; ``None`` (already freed) frees nothing.
    """
    if handle is None:
        return
    try:
        free(handle)
    except nvml.NvmlError as exc:
        warnings.warn(
            f"could not free NVML handle {handle:#x} while collecting it: {exc}", RuntimeWarning, stacklevel=2
        )
