# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The pieces that the classes of :mod:`cuda.core.system` share: NVML's queries as properties, and event sets.

Most properties of :mod:`cuda.core.system` read one member of an NVML
answer, or ask NVML one question about a device handle. Each of those is a
line of a class body here, :func:`answer_field` or :func:`handle_query`,
with its own docstring and return annotation, so that ``help()`` and the
API reference show it as the property it is. :class:`EventSet` is what
:class:`~cuda.core.system.DeviceEvents` and
:class:`~cuda.core.system.RegisteredSystemEvents` share: an NVML event set
that ``close`` and garbage collection free.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

from cuda.bindings import nvml

from cuda.core.system._arguments import free_quietly

__all__ = [
    "EventSet",
    "answer_field",
    "checked_item",
    "enabled",
    "handle_query",
]

# The Raises section of a query's docstring that only NVML's own failures can end.
_NVML_FAILS = "If NVML fails."


class EventSet:
    """Own an NVML event set, freed by :meth:`close` or by garbage collection.

    A subclass names the binding that frees its kind of set in
    ``_free_name``, the name of a function of :mod:`cuda.bindings.nvml`.
    Its ``wait`` holds the set through :meth:`_waiting`: a :meth:`close` on
    another thread while NVML waits on the set leaves the freeing to the
    last wait, when NVML no longer uses the set.
    """

    __slots__ = ("_event_set", "_lock", "_unfreed", "_waits")
    _free_name = "event_set_free"

    def __del__(self) -> None:
        free = getattr(nvml, self._free_name)
        free_quietly(free, getattr(self, "_event_set", None))
        free_quietly(free, getattr(self, "_unfreed", None))

    def close(self) -> None:
        """Stop recording and free the event set; closing a closed set does nothing.

        A wait in progress on another thread ends as NVML ends it (an event,
        or its timeout); the set is freed then.

        Raises
        ------
        NvmlError
            If NVML fails to free the set; it counts as closed even then.
        """
        with self._lock:
            event_set, self._event_set = self._event_set, None
            if event_set is not None and self._waits:
                self._unfreed = event_set
                return
        if event_set is not None:
            getattr(nvml, self._free_name)(event_set)

    def _open(self, create: Callable[[], int], register: Callable[[int], object]) -> None:
        """Create the event set with ``create`` and register it with ``register``; close it if that fails."""
        self._lock = threading.Lock()
        self._waits = 0
        self._unfreed = None
        self._event_set = create()
        try:
            register(self._event_set)
        except BaseException:
            self.close()
            raise

    @contextlib.contextmanager
    def _waiting(self) -> Iterator[int]:
        """Lend the event set to a wait, or raise :class:`RuntimeError` once it is closed.

        A set closed during the wait is freed when the last wait returns.
        """
        with self._lock:
            if self._event_set is None:
                raise RuntimeError(f"{type(self).__name__} has been closed")
            self._waits += 1
            event_set = self._event_set
        try:
            yield event_set
        finally:
            with self._lock:
                self._waits -= 1
                unfreed = self._unfreed if self._waits == 0 else None
                if unfreed is not None:
                    self._unfreed = None
            # The close that left it here has returned: a failure is a warning.
            free_quietly(getattr(nvml, self._free_name), unfreed)


def answer_field(
    slot: str, field: str, doc: str, returns: str = "int", convert: Callable[[object], object] = int
) -> property:
    """Return a read-only property whose value is ``convert(self.<slot>.<field>)``, a member of an NVML answer.

    Parameters
    ----------
    slot : str
        The attribute of the object that holds NVML's answer.
    field : str
        The member of the answer.
    doc : str
        The property's docstring.
    returns : str, optional
        The property's return annotation; ``"int"`` by default.
    convert : callable, optional
        What turns the member into the value; ``int`` by default.

    Returns
    -------
    property
        The property.
    """

    def getter(self: object) -> object:
        return convert(getattr(getattr(self, slot), field))

    return _document(getter, doc, returns)


def handle_query(
    function: str,
    doc: str,
    returns: str = "int",
    convert: Callable[[object], object] = int,
    *,
    fails: str = _NVML_FAILS,
    arguments: tuple[int, ...] = (),
    index: str | None = None,
) -> property:
    """Return a read-only property whose value is ``convert(nvml.<function>(self._handle, *arguments))``.

    With ``index``, the call passes the object's attribute of that name (a
    fan's or a link's number) right after the handle.

    The docstring is ``doc`` followed by a Raises section that names
    :class:`~cuda.core.system.NvmlError`, with ``fails`` saying when.

    Parameters
    ----------
    function : str
        The function of :mod:`cuda.bindings.nvml` to call, looked up at each call.
    doc : str
        The property's docstring, without its Raises section.
    returns : str, optional
        The property's return annotation; ``"int"`` by default.
    convert : callable, optional
        What turns NVML's answer into the value; ``int`` by default.
    fails : str, optional
        When NVML raises; ``"If NVML fails."`` by default.
    arguments : tuple of int, optional
        The arguments of the call after the handle (and after ``index``).
    index : str, optional
        The attribute of the object to pass after the handle; none by default.

    Returns
    -------
    property
        The property.
    """

    def getter(self: object) -> object:
        own = () if index is None else (getattr(self, index),)
        return convert(getattr(nvml, function)(self._handle, *own, *arguments))

    return _document(getter, f"{doc}\n\nRaises\n------\nNvmlError\n    {fails}\n", returns)


def enabled(state: object) -> bool:
    """Return whether an NVML ``EnableState`` is ``FEATURE_ENABLED``."""
    return int(state) == int(nvml.EnableState.FEATURE_ENABLED)


def checked_item(index: int, length: int, item: str, items: str) -> int:
    """Return ``index`` as an index into ``length`` items, counting from the end when negative.

    Parameters
    ----------
    index : int
        The index asked for.
    length : int
        The number of items.
    item : str
        What the index is called, for the message.
    items : str
        What the items are called, for the message.

    Returns
    -------
    int
        The index, from 0.

    Raises
    ------
    IndexError
        If ``index`` is not in ``[-length, length)``.
    """
    if not -length <= index < length:
        raise IndexError(f"{item} {index} out of range for {length} {items}")
    return index % length


def _document(getter: Callable[[object], object], doc: str, returns: str) -> property:
    """Return ``getter`` as a read-only property with docstring ``doc`` and return annotation ``returns``."""
    getter.__doc__ = doc
    getter.__annotations__ = {"return": returns}
    return property(getter, doc=doc)
