# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Calls of ``warnings.warn`` and their arguments, for ``ERR001`` and ``ERR002``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules.cud.tree import call_function, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["CallArguments", "call_arguments", "warn_calls", "warn_calls_without"]

_WARNINGS = "warnings"


@dataclasses.dataclass(frozen=True)
class CallArguments:
    """The arguments of a call, as far as they can be known without running it.

    Parameters
    ----------
    positional : tuple of Nodes.Node
        The positional arguments written before any ``*args``.
    keywords : dict of str to Nodes.Node
        The keyword arguments written out.
    has_star : bool
        Whether a ``*args`` may add positional arguments.
    has_starstar : bool
        Whether a ``**kwargs`` may add keyword arguments.
    """

    positional: tuple[Nodes.Node, ...]
    keywords: dict[str, Nodes.Node]
    has_star: bool
    has_starstar: bool


def warn_calls(source: SourceFile) -> Iterator[tuple[Nodes.Node, str]]:
    """Yield the calls of ``warnings.warn`` in a file, however the function is named.

    Parameters
    ----------
    source : SourceFile
        The file.

    Yields
    ------
    tuple of (Nodes.Node, str)
        Each call and the name it calls through (``warnings.warn``,
        ``warn``, ``w.warn``).
    """
    index = tree_index(source)
    modules = {_WARNINGS}
    functions: set[str] = set()
    for node in index.of(Nodes.SingleAssignmentNode, Nodes.FromImportStatNode):
        if isinstance(node, Nodes.FromImportStatNode):
            if getattr(node.module.module_name, "value", None) == _WARNINGS and not node.module.level:
                functions.update(target.name for name, target in node.items if name == "warn")
        elif (
            isinstance(node.rhs, ExprNodes.ImportNode)
            and isinstance(node.lhs, ExprNodes.NameNode)
            and getattr(node.rhs.module_name, "value", None) == _WARNINGS
        ):
            modules.add(node.lhs.name)
    for call in index.of(ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode):
        name = nodes.dotted_name(call_function(call))
        if name is None:
            continue
        qualifier, _, last = name.rpartition(".")
        if (qualifier in modules and last == "warn") or (not qualifier and name in functions):
            yield call, name


def warn_calls_without(
    source: SourceFile, keyword: str, position: int
) -> Iterator[tuple[Nodes.Node, str, CallArguments]]:
    """Yield the calls of ``warnings.warn`` that surely leave one of its arguments out.

    Parameters
    ----------
    source : SourceFile
        The parsed file.
    keyword : str
        The argument's keyword (``stacklevel``).
    position : int
        Its 0-based position among the positional arguments.

    Yields
    ------
    tuple of Node, str and CallArguments
        The call, the name it is called by, and its arguments. A call that
        unpacks ``*args`` or ``**kwargs`` may pass the argument and is left out.
    """
    for call, name in warn_calls(source):
        arguments = call_arguments(call)
        if arguments.has_star or arguments.has_starstar or keyword in arguments.keywords:
            continue
        if len(arguments.positional) <= position:
            yield call, name, arguments


def call_arguments(call: Nodes.Node) -> CallArguments:
    """Return the arguments of a call node.

    Parameters
    ----------
    call : Nodes.Node
        A ``SimpleCallNode`` or ``GeneralCallNode``.

    Returns
    -------
    CallArguments
        Its positional and keyword arguments.
    """
    if isinstance(call, ExprNodes.SimpleCallNode):
        positional, has_star = _positional(call.args or [])
        return CallArguments(positional, {}, has_star, False)
    if isinstance(call, ExprNodes.GeneralCallNode):
        given = call.positional_args
        if isinstance(given, (ExprNodes.TupleNode, ExprNodes.ListNode)):
            positional, has_star = _positional(given.args)
        elif isinstance(given, ExprNodes.AddNode) and isinstance(given.operand1, ExprNodes.TupleNode):
            # ``f(a, *args)``: the written arguments, then the unpacked ones.
            positional, has_star = _positional(given.operand1.args)[0], True
        else:
            positional, has_star = (), given is not None
        keywords, has_starstar = _keywords(call.keyword_args)
        return CallArguments(positional, keywords, has_star, has_starstar)
    return CallArguments((), {}, False, False)


def _positional(args: list[Nodes.Node]) -> tuple[tuple[Nodes.Node, ...], bool]:
    """Split written positional arguments from a ``*args`` among them."""
    result = []
    for arg in args:
        if isinstance(arg, ExprNodes.StarredUnpackingNode):
            return tuple(result), True
        result.append(arg)
    return tuple(result), False


def _keywords(node: Nodes.Node | None) -> tuple[dict[str, Nodes.Node], bool]:
    """Return the written keyword arguments and whether a ``**kwargs`` adds more."""
    if node is None:
        return {}, False
    parts = node.keyword_args if isinstance(node, ExprNodes.MergedDictNode) else [node]
    keywords: dict[str, Nodes.Node] = {}
    has_starstar = False
    for part in parts:
        if not isinstance(part, ExprNodes.DictNode):
            has_starstar = True
            continue
        for item in part.key_value_pairs:
            key = nodes.string_value(item.key)
            if key is None:
                has_starstar = True
            else:
                keywords[key] = item.value
    return keywords, has_starstar
