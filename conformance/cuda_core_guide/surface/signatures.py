# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The signature of a callable, as data: each parameter's name, kind and default.

:func:`inspect.signature` answers for Python functions and for Cython
functions compiled with ``binding=True``. It cannot answer for the
``__init__`` of a Cython ``cdef class``, a slot wrapper, whose parameters
only Cython's ``embedsignature`` records, as the first line of a
docstring (``Buffer.__init__(self, size, *, stream=None)``). That line is
parsed as Python parameters; where neither source answers, the signature
is recorded as unknown rather than guessed.
"""

from __future__ import annotations

import ast
import functools
import inspect
import re
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["UNKNOWN", "describe_signature", "docstring_signature", "normalized_repr", "stub_constructor"]

UNKNOWN = "unknown"
"""The source of a signature that neither inspection nor a docstring gives."""

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
"""The memory address in the default ``repr`` of an object, which differs from run to run."""

_PRIVATE_PATH = re.compile(r"\bcuda\.core((?:\.\w+)*)\.(\w+)")
"""A dotted name under ``cuda.core``, whose private modules differ between implementations."""

_KINDS = {
    "posonlyargs": inspect.Parameter.POSITIONAL_ONLY.name,
    "args": inspect.Parameter.POSITIONAL_OR_KEYWORD.name,
    "vararg": inspect.Parameter.VAR_POSITIONAL.name,
    "kwonlyargs": inspect.Parameter.KEYWORD_ONLY.name,
    "kwarg": inspect.Parameter.VAR_KEYWORD.name,
}
"""The kind of parameter each field of :class:`ast.arguments` holds."""

# A slot wrapper that no class overrides reports these generic parameters;
# they say nothing about the callable.
_GENERIC = [
    {"name": "self", "kind": "POSITIONAL_ONLY"},
    {"name": "args", "kind": "VAR_POSITIONAL"},
    {"name": "kwargs", "kind": "VAR_KEYWORD"},
]


def normalized_repr(value: object) -> str:
    """Return ``repr(value)`` without what differs between runs and between implementations.

    The memory address that an object's default ``repr`` shows is masked,
    and a ``cuda.core`` name is written without its private modules
    (``cuda.core._stream.Stream`` becomes ``cuda.core.Stream``), as each
    implementation lays out its private modules its own way.

    Parameters
    ----------
    value : object
        A default value or a constant.

    Returns
    -------
    str
        Its ``repr``, the same from run to run.
    """
    return _PRIVATE_PATH.sub(_public_path, _ADDRESS.sub(" at 0x…", repr(value)))


def _public_path(match: re.Match[str]) -> str:
    """Return a dotted ``cuda.core`` name without its private segments."""
    public = [part for part in match.group(1).split(".") if part and not part.startswith("_")]
    return ".".join(["cuda.core", *public, match.group(2)])


def describe_signature(
    obj: object, docstrings: Sequence[tuple[str | None, str]], stub: list[dict[str, str]] | None = None
) -> dict[str, object]:
    """Return the parameters of a callable, and where they were read from.

    Parameters
    ----------
    obj : object
        The callable: a function, a method as found on its class, or a class.
    docstrings : sequence of tuple of (str or None, str)
        Where to look, in order, when inspection fails: docstrings, each
        with the name its ``embedsignature`` line starts with (``fill``;
        ``__init__`` or the class's name for a class).
    stub : list of dict, optional
        The parameters a type stub (``.pyi``) declares, as
        :func:`stub_constructor` gives them: preferred to a docstring, whose
        ``embedsignature`` line may be written in Cython's C style, which
        puts a keyword-only parameter before ``*args``.

    Returns
    -------
    dict
        ``{"source": "inspect" | "stub" | "docstring" | "unknown", "parameters": [...]}``;
        each parameter is ``{"name", "kind"}`` with ``"default"`` (a ``repr``)
        when it has one. An unknown signature has no parameters.
    """
    try:
        parameters = [_describe_parameter(parameter) for parameter in inspect.signature(obj).parameters.values()]
    except (TypeError, ValueError):
        parameters = None
    if parameters is not None and parameters != _GENERIC:
        return {"source": "inspect", "parameters": parameters}
    if stub is not None:
        return {"source": "stub", "parameters": stub}
    for docstring, name in docstrings:
        from_docstring = docstring_signature(docstring, name)
        if from_docstring is not None:
            return {"source": "docstring", "parameters": from_docstring}
    return {"source": UNKNOWN, "parameters": []}


def stub_constructor(cls: type) -> list[dict[str, str]] | None:
    """Return the constructor parameters that the type stub beside a class's module declares.

    A compiled module ``_linker.cpython-312-x86_64-linux-gnu.so`` may ship
    ``_linker.pyi``; the stub is read with :mod:`ast`, and the class's
    ``__init__`` (without ``self``) is its constructor.

    Parameters
    ----------
    cls : type
        The class.

    Returns
    -------
    list of dict or None
        The parameters; ``None`` without a stub, or when the stub declares
        no ``__init__`` for the class.
    """
    module = sys.modules.get(cls.__module__)
    filename = getattr(module, "__file__", None)
    if not filename:
        return None
    path = Path(filename)
    stub = path.with_name(path.name.split(".", 1)[0] + ".pyi")
    tree = _parsed_stub(stub)
    if tree is None:
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and member.name == "__init__":
                    return _describe_arguments(member.args)[1:]
    return None


@functools.cache
def _parsed_stub(path: Path) -> ast.Module | None:
    """Return a type stub's syntax tree, or ``None`` when there is none or it does not parse."""
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None


def docstring_signature(docstring: str | None, name: str) -> list[dict[str, str]] | None:
    """Return the parameters that an ``embedsignature`` line at the top of a docstring declares.

    Parameters
    ----------
    docstring : str or None
        The docstring.
    name : str
        The callable's name; the line is ``[Class.]name(parameters)[ -> type]``.

    Returns
    -------
    list of dict or None
        The parameters, as :func:`describe_signature` gives them (a default
        as written in the line); ``None`` when the first line is not such a
        signature or does not parse.
    """
    if not docstring:
        return None
    first = docstring.strip().splitlines()[0] if docstring.strip() else ""
    match = re.match(rf"^(?:[\w.]+\.)?{re.escape(name)}\((.*)\)(?:\s*->.*)?$", first)
    if match is None:
        return None
    try:
        arguments = ast.parse(f"def f({_without_c_types(match.group(1))}): pass").body[0].args
    except SyntaxError:
        return None
    if not isinstance(arguments, ast.arguments):
        return None
    return _describe_arguments(arguments)


def _without_c_types(parameters: str) -> str:
    """Return an ``embedsignature`` parameter list without the C types Cython writes before names.

    ``int shmem_size: int | None = None`` becomes ``shmem_size: int | None = None``.
    """
    pieces, depth, start = [], 0, 0
    for index, char in enumerate(parameters):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            pieces.append(parameters[start:index])
            start = index + 1
    pieces.append(parameters[start:])
    cleaned = []
    for piece in pieces:
        # The name is the last word before the annotation or the default.
        head, rest = re.match(r"([^:=]*)(.*)", piece, re.DOTALL).groups()
        cleaned.append(" ".join(head.split()[-1:]) + rest)
    return ", ".join(cleaned)


def _describe_parameter(parameter: inspect.Parameter) -> dict[str, str]:
    """Return one inspected parameter as a name, a kind and a default ``repr``."""
    entry = {"name": parameter.name, "kind": parameter.kind.name}
    if parameter.default is not inspect.Parameter.empty:
        entry["default"] = normalized_repr(parameter.default)
    return entry


def _describe_arguments(arguments: ast.arguments) -> list[dict[str, str]]:
    """Return the parameters of a parsed argument list, in order."""
    positional = [*arguments.posonlyargs, *arguments.args]
    # Defaults belong to the last positional parameters.
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    described = []
    for index, argument in enumerate(positional):
        field = "posonlyargs" if index < len(arguments.posonlyargs) else "args"
        described.append(_entry(argument.arg, _KINDS[field], defaults[index]))
    if arguments.vararg is not None:
        described.append(_entry(arguments.vararg.arg, _KINDS["vararg"], None))
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        described.append(_entry(argument.arg, _KINDS["kwonlyargs"], default))
    if arguments.kwarg is not None:
        described.append(_entry(arguments.kwarg.arg, _KINDS["kwarg"], None))
    return described


def _entry(name: str, kind: str, default: ast.expr | None) -> dict[str, str]:
    """Return a parameter parsed from a docstring: its default as the line writes it."""
    entry = {"name": name, "kind": kind}
    if default is not None:
        entry["default"] = ast.unparse(default)
    return entry
