# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Name shapes the naming and class rules test: CapWords, snake_case, UPPER_SNAKE_CASE.

Leading underscores (private names) never change a name's shape: ``_Buffer``
is CapWords and ``_close`` is snake_case. Digits may follow the first letter.
"""

from __future__ import annotations

__all__ = [
    "acronym",
    "is_cap_words",
    "is_class_helper",
    "is_snake_case",
    "is_upper_snake_case",
    "to_snake_case",
    "to_upper_snake_case",
]


def is_cap_words(name: str) -> bool:
    """Return whether ``name`` is CapWords (``Buffer``, ``CUDAError``, ``_IPCData``).

    Parameters
    ----------
    name : str
        An identifier.

    Returns
    -------
    bool
        True if, after leading underscores, it starts with a capital letter
        and holds only letters and digits.
    """
    core = name.lstrip("_")
    return bool(core) and core[0].isupper() and core.isalnum() and core.isascii()


def is_snake_case(name: str) -> bool:
    """Return whether ``name`` is snake_case (``copy_to``, ``_close``, ``to_fp16``).

    Parameters
    ----------
    name : str
        An identifier.

    Returns
    -------
    bool
        True if, after leading underscores, it starts with a lowercase
        letter and holds only lowercase letters, digits and underscores.
    """
    core = name.lstrip("_")
    return bool(core) and core[0].islower() and all(c.islower() or c.isdigit() or c == "_" for c in core)


def is_upper_snake_case(name: str) -> bool:
    """Return whether ``name`` is UPPER_SNAKE_CASE (``LEGACY_DEFAULT_STREAM``, ``_MAX_2D``).

    Parameters
    ----------
    name : str
        An identifier.

    Returns
    -------
    bool
        True if, after leading underscores, it starts with a capital letter
        and holds only capital letters, digits and underscores.
    """
    core = name.lstrip("_")
    return bool(core) and core[0].isupper() and all(c.isupper() or c.isdigit() or c == "_" for c in core)


def is_class_helper(name: str, prefixes: tuple[str, ...] | None = None) -> bool:
    """Return whether ``name`` has the class-helper shape ``Prefix_snake_case``.

    Parameters
    ----------
    name : str
        A function name, optionally with leading underscores
        (``DMR_close``, ``_Buffer_close``).
    prefixes : tuple of str, optional
        The prefixes allowed; by default any CapWords or ALLCAPS word.

    Returns
    -------
    bool
        True if the name is a prefix, one underscore, and a snake_case
        method name.
    """
    core = name.lstrip("_")
    prefix, separator, method = core.partition("_")
    if not separator or not method or not method[0].isalnum() or not is_snake_case(method):
        return False
    if prefixes is None:
        return is_cap_words(prefix)
    return prefix in prefixes


def acronym(class_name: str) -> str:
    """Return the capital letters of a class name (``DMR`` for ``DeviceMemoryResource``).

    Parameters
    ----------
    class_name : str
        A CapWords class name.

    Returns
    -------
    str
        Its capital letters and digits, in order.
    """
    return "".join(c for c in class_name.lstrip("_") if c.isupper() or c.isdigit())


def to_snake_case(name: str) -> str:
    """Return a snake_case spelling of ``name``, for messages.

    Parameters
    ----------
    name : str
        An identifier in camelCase, PascalCase or already in snake_case.

    Returns
    -------
    str
        ``copyTo`` becomes ``copy_to``, ``deviceID`` becomes ``device_id``.
    """
    lead = name[: len(name) - len(name.lstrip("_"))]
    core = name.lstrip("_")
    words: list[str] = []
    for index, char in enumerate(core):
        previous = core[index - 1] if index else ""
        following = core[index + 1] if index + 1 < len(core) else ""
        starts_word = char.isupper() and (previous.islower() or previous.isdigit() or following.islower())
        if starts_word and words and not words[-1].endswith("_"):
            words.append("_")
        words.append(char.lower())
    return lead + "".join(words).replace("__", "_")


def to_upper_snake_case(name: str) -> str:
    """Return an UPPER_SNAKE_CASE spelling of ``name``, for messages.

    Parameters
    ----------
    name : str
        An identifier in any case.

    Returns
    -------
    str
        ``defaultSize`` and ``default_size`` both become ``DEFAULT_SIZE``.
    """
    return to_snake_case(name).upper()
