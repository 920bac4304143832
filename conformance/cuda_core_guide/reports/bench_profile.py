# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Where an operation's time goes: py-spy's sampled stacks, summarized by part of the process.

``nox -s bench`` runs ``profile_op.py`` under ``py-spy record --native
--format raw``, which writes one line per distinct stack: the frames from
the outermost to the innermost, separated by ``;``, then the number of
samples that caught it. :func:`summarize` reads those lines and says, for
the operation, what share of the samples were

``driver``
    inside the CUDA driver (a frame of ``libcuda`` anywhere on the stack:
    the driver's own work and what it calls);
``module``
    in compiled Cython code (``cuda.core``'s modules, or the floor's),
    outside the driver;
``interpreter``
    in the Python interpreter or in Python code, outside the driver;
``other``
    anywhere else (the C library, the kernel, frames without a name).

and which innermost functions took the most samples. The part of a
sample is the innermost frame's, except that any frame in the driver
makes the whole sample the driver's.
"""

from __future__ import annotations

import collections
import enum
from collections.abc import Iterable

__all__ = ["Part", "classify", "parse_raw", "summarize"]

_TOP = 5


class Part(enum.StrEnum):
    """A part of a process that a sample is counted in; each compares equal to its name."""

    DRIVER = "driver"
    MODULE = "module"
    INTERPRETER = "interpreter"
    OTHER = "other"


def parse_raw(lines: Iterable[str]) -> list[tuple[list[str], int]]:
    """Return the stacks and their sample counts of py-spy's ``raw`` (collapsed) output.

    Parameters
    ----------
    lines : iterable of str
        The lines of the file; blank and malformed lines are skipped.

    Returns
    -------
    list of (list of str, int)
        Each stack's frames, outermost first, and its count.
    """
    stacks = []
    for line in lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not stack or not count.isdigit():
            continue
        stacks.append((stack.split(";"), int(count)))
    return stacks


def classify(frame: str) -> Part:
    """Return the part of the process a frame belongs to.

    Parameters
    ----------
    frame : str
        A frame as py-spy writes it: ``name (file:line)`` for Python code
        and for native code with debugging information, ``name
        (library)`` otherwise. Cython's generated functions (``__pyx_…``,
        ``__Pyx_…``) are the compiled module's, even where they call the
        C API; ``_Py…`` and ``Py…`` functions are the interpreter's.

    Returns
    -------
    Part
        The part (a ``str``: it compares equal to its name).
    """
    name, _, where = frame.partition(" (")
    where = where.rstrip(")")
    if "libcuda" in where or "libcuda" in name:
        return Part.DRIVER
    if name.lower().startswith("__pyx") or ".pyx" in where or "cuda_core_floor" in where or ".cpython-" in where:
        return Part.MODULE
    if where.endswith((".py", ".pyi")) or ".py:" in where or "libpython" in where or "python3" in where:
        return Part.INTERPRETER
    if name.startswith(("_Py", "Py", "_PyEval", "method_vectorcall", "cfunction_", "vectorcall")):
        return Part.INTERPRETER
    return Part.OTHER


def summarize(stacks: list[tuple[list[str], int]], within: str | None = None) -> dict[str, object]:
    """Return the shares of the samples by part, and the innermost functions that took the most.

    Parameters
    ----------
    stacks : list of (list of str, int)
        What :func:`parse_raw` returns.
    within : str, optional
        Keep only the stacks with a frame that starts with this (the
        timed loop's function, so that the set-up is left out).

    Returns
    -------
    dict
        ``samples`` (the total), ``shares`` (part to fraction of the
        samples, see the module's documentation) and ``top`` (up to five
        ``{"frame", "part", "share"}``: the innermost frames that took the
        most samples, each with the part its samples were counted in).
    """
    parts: collections.Counter[Part] = collections.Counter()
    leaves: collections.Counter[tuple[str, Part]] = collections.Counter()
    total = 0
    for frames, count in stacks:
        if not frames or (within is not None and not any(frame.startswith(within) for frame in frames)):
            continue
        total += count
        kinds = [classify(frame) for frame in frames]
        part = Part.DRIVER if Part.DRIVER in kinds else kinds[-1]
        parts[part] += count
        leaves[frames[-1], part] += count
    if not total:
        return {"samples": 0, "shares": {}, "top": []}
    return {
        "samples": total,
        "shares": {part.value: parts[part] / total for part in Part},
        "top": [
            {"frame": frame, "part": part.value, "share": count / total}
            for (frame, part), count in leaves.most_common(_TOP)
        ],
    }
