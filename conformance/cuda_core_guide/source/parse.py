# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Parse ``.pyx``, ``.pxd``, ``.pxi`` and ``.py`` text with Cython's own parser.

Only the parser runs: no type analysis, no code generation, no ``cimport``
resolution, and nothing of the checked code is imported or executed.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import queue
import threading
from collections.abc import Callable
from typing import TypeVar

from Cython.Compiler import Errors, Parsing
from Cython.Compiler.Main import Context
from Cython.Compiler.ModuleNode import ModuleNode
from Cython.Compiler.Scanning import PyrexScanner, StringSourceDescriptor
from Cython.Compiler.Symtab import ModuleScope

__all__ = ["ParseFailure", "abandon_parser_thread", "parse_module", "warm_up"]

_PARSE_SUFFIX = {"pyx": ".pyx", "pxi": ".pyx", "pxd": ".pxd", "py": ".py"}
_MAX_UNDEFINED_ROUNDS = 4
_PARSER_STACK_BYTES = 512 * 1024 * 1024
_T = TypeVar("_T")
_PARSER: tuple[int, _ParserThread] | None = None
_PARSER_LOCK = threading.Lock()


class ParseFailure(Exception):
    """Report text that Cython's parser rejects.

    Parameters
    ----------
    line : int
        The 1-based line the parser stopped at.
    column : int
        The 1-based column the parser stopped at.
    message : str
        The parser's own message.
    """

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.message = message


def parse_module(text: str, name: str, kind: str) -> ModuleNode:
    """Parse one file's text into a Cython module tree.

    Parameters
    ----------
    text : str
        The decoded source text.
    name : str
        The file name, used in positions.
    kind : str
        ``"pyx"``, ``"pxd"``, ``"pxi"`` or ``"py"``: ``.pxd`` files parse as
        declaration files and ``.py`` files as Python, where ``cdef`` is an
        ordinary name.

    Returns
    -------
    ModuleNode
        The parse tree; every node's ``pos`` is ``(source, line, column)``
        with a 1-based line and a 0-based column.

    Raises
    ------
    ParseFailure
        If the parser rejects the text.
    """
    # Cython reads files with universal newlines; the scanner rejects ``\r``.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    undefined: frozenset[str] = frozenset()
    for _ in range(_MAX_UNDEFINED_ROUNDS):
        tree, errors = _in_deep_thread(_parse_once, text, name, kind, undefined)
        missing = frozenset(_undefined_name(error) for error in errors) - {None}
        if not errors or not missing or missing <= undefined:
            break
        # ``IF NAME:`` names a compile-time constant that the build defines
        # (``cythonize(compile_time_env=...)``): parse as if it were 0.
        undefined |= missing
    if errors:
        raise _failure(errors[0])
    return tree


def warm_up() -> None:
    """Build the parser's tables in the calling thread, before any worker process forks.

    Cython builds its scanner's tables on the first parse, which costs about
    a third of a second; worker processes forked afterwards share them
    instead of each building its own. The parse runs in the calling thread
    (its input nests nothing), so no thread exists yet when workers fork.
    """
    _parse_once("x = 1\n", "warm_up", "pyx", frozenset())


def _parse_once(text: str, name: str, kind: str, undefined: frozenset[str]) -> tuple[ModuleNode | None, list]:
    """Parse once, with ``undefined`` compile-time names set to 0; return the tree and the errors."""
    descriptor = StringSourceDescriptor(name + _PARSE_SUFFIX[kind], text)
    # Python files parse with Python's keywords: ``include`` and ``cdef``
    # are ordinary names there.
    descriptor.set_file_type_from_name(name + _PARSE_SUFFIX[kind])
    context, language_futures = _context()
    context.future_directives = set(language_futures)
    scope = ModuleScope(name, parent_module=None, context=context)
    Errors.init_thread()
    with Errors.local_errors() as errors:
        try:
            scanner = PyrexScanner(
                _LineReader(text),
                descriptor,
                source_encoding="UTF-8",
                scope=scope,
                context=context,
                initial_pos=(descriptor, 1, 0),
            )
            for constant in undefined:
                scanner.compile_time_env.declare(constant, 0)
            tree = Parsing.p_module(scanner, kind == "pxd", name, ctx=Parsing.Ctx())
        except Errors.CompileError as exc:
            raise _failure(exc) from None
        except (RecursionError, ValueError, AssertionError, IndexError) as exc:
            # Crashes inside the parser on pathological input: still a location.
            raise ParseFailure(1, 1, f"Cython's parser failed: {type(exc).__name__}: {exc}") from None
    return tree, list(errors)


def _in_deep_thread(function: Callable[..., _T], *args: object) -> _T:
    """Run ``function`` on this process's parser thread, which has a large stack.

    Cython's compiled parser recurses in C once per nesting level of the
    source; on the main thread's stack, a few thousand nested brackets
    crash the process instead of raising. One long-lived thread per process
    does all the parsing, so a run pays for its stack once, not per file.
    The caller waits in a way a signal can interrupt (the time limit).
    """
    worker = _parser_thread()
    if worker is None:
        return function(*args)  # the platform cannot give the thread its stack: parse here
    return worker.run(function, *args)


def abandon_parser_thread() -> None:
    """Leave this process's parser thread to whatever it is stuck in; the next parse starts a new one.

    The thread is a daemon, so a parse that never ends does not keep the
    process alive at exit.
    """
    global _PARSER
    with _PARSER_LOCK:
        if _PARSER is not None and _PARSER[0] == os.getpid():
            _PARSER[1].stop()
        _PARSER = None


class _ParserThread:
    """A daemon thread that runs one job at a time, for callers that wait on it."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="cuda-core-guide-parser", daemon=True)
        self._thread.start()

    def run(self, function: Callable[..., _T], *args: object) -> _T:
        """Run ``function(*args)`` on the thread and return its result or raise its exception."""
        job = _Job(function, args)
        self._jobs.put(job)
        job.done.wait()
        if job.error is not None:
            raise job.error
        return job.result

    def stop(self) -> None:
        """Ask the thread to end once its current job returns."""
        self._jobs.put(None)

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job.result = job.function(*job.args)
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller
                job.error = exc
            job.done.set()


@dataclasses.dataclass
class _Job:
    """One call for the parser thread, and its outcome."""

    function: Callable[..., object]
    args: tuple[object, ...]
    result: object = None
    error: BaseException | None = None
    done: threading.Event = dataclasses.field(default_factory=threading.Event)


def _parser_thread() -> _ParserThread | None:
    """Return this process's parser thread, starting it on first use.

    A forked worker process inherits the parent's record of the thread but
    not the thread, so the record is keyed by process id.
    """
    global _PARSER
    with _PARSER_LOCK:
        if _PARSER is not None and _PARSER[0] == os.getpid():
            return _PARSER[1]
        try:
            previous = threading.stack_size(_PARSER_STACK_BYTES)
        except (ValueError, RuntimeError):
            return None
        try:
            worker = _ParserThread()
        except RuntimeError:
            return None  # no memory for the stack
        finally:
            threading.stack_size(previous)
        _PARSER = (os.getpid(), worker)
        return worker


def _undefined_name(error: Errors.CompileError) -> str | None:
    """Return the name of an undefined compile-time constant the error is about, if it is one."""
    message = getattr(error, "message_only", None) or str(error)
    head, tail = "Compile-time name '", "' not defined"
    if message.startswith(head) and message.endswith(tail):
        return message[len(head) : -len(tail)]
    return None


@functools.cache
def _context() -> tuple[Context, frozenset]:
    """Return the parser context this process uses, and its language-level futures.

    A ``from __future__`` import adds to the context's futures, so each
    parse starts again from the ones ``language_level=3`` implies.
    """
    # C++ mode: the parser then also accepts C++ declarations (`&&`, `enum class`), which
    # `.pxd` files for C++ libraries use; nothing in C code parses differently.
    context = _UnfollowedIncludes([], {}, cpp=True, language_level="3")
    return context, frozenset(context.future_directives)


class _UnfollowedIncludes(Context):
    """A parser context in which ``include "file.pxi"`` reads an empty file.

    Cython's parser would read the included file into the including one,
    and refuses to when the text did not come from a file. The checker
    checks each file on its own: an included ``.pxi`` is checked where it
    lies (a directory walk finds it), and the including file is checked
    without it, so its findings keep their own lines.
    """

    def find_include_file(self, filename: str, pos: tuple | None = None, source_file_path: str | None = None) -> str:
        """Return a file with nothing in it, whatever ``filename`` names.

        Parameters
        ----------
        filename : str
            The name the ``include`` statement gives.
        pos : tuple, optional
            The statement's position.
        source_file_path : str, optional
            The including file.

        Returns
        -------
        str
            The operating system's empty device.
        """
        return os.devnull


def _failure(error: Errors.CompileError) -> ParseFailure:
    """Turn Cython's error into a located :class:`ParseFailure`."""
    position = getattr(error, "position", None)
    message = getattr(error, "message_only", None) or str(error)
    if position:
        return ParseFailure(position[1], position[2] + 1, message)
    return ParseFailure(1, 1, message)


@dataclasses.dataclass
class _LineReader:
    """Feed the scanner the text, the way a file object would."""

    text: str
    _offset: int = 0

    def read(self, size: int = -1) -> str:
        """Return the next ``size`` characters, or the rest."""
        end = len(self.text) if size is None or size < 0 else self._offset + size
        chunk = self.text[self._offset : end]
        self._offset += len(chunk)
        return chunk
