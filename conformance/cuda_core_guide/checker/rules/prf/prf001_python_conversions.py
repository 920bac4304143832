# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PRF001: C values are not converted through Python types."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, TreeIndex, expression_start, tree_index
from cuda_core_guide.source import ParseFailure, SourceFile, load_source, nodes

__all__ = ["PythonConversions"]

_CONVERTERS = frozenset({"int", "float"})
_C_MODULES = frozenset({"cydriver", "cyruntime", "cynvrtc", "cynvjitlink", "libc", "cpython"})
_CLASS_NODES = (Nodes.CClassDefNode, Nodes.PyClassDefNode)
_SIGNED_NAMES = frozenset({"char", "int", "float", "double"})


class PythonConversions(Rule):
    """Check ``cdef`` initialisers that pass a C value through ``int()`` or ``float()``.

    ``cdef size_t n = int(self._size)`` builds a Python ``int`` from the C
    value and converts it back. The declaration is flagged when its type
    is a C type and the argument of ``int()``/``float()`` is known to be a
    C value: a number, a C cast, ``sizeof``, a parameter or ``cdef``
    variable with a C type, an attribute ``self.x`` declared with a C type
    in the class (in this file or its ``.pxd``), or arithmetic on those.
    Converting a Python object (``int(handle)``) is the right way to get a
    C value from it and is not flagged.
    """

    code = "PRF001"
    kinds = frozenset({"pyx", "pxd", "pxi"})

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each round trip of a C value through a Python number."""
        index = tree_index(source)
        for declaration in index.of(Nodes.CVarDefNode):
            base = declaration.base_type
            for declarator in declaration.declarators or ():
                call = getattr(declarator, "default", None)
                if not isinstance(call, ExprNodes.SimpleCallNode) or len(call.args or ()) != 1:
                    continue
                converter = nodes.dotted_name(call.function)
                if converter not in _CONVERTERS or not _is_c_type(base, declarator):
                    continue
                argument = call.args[0]
                if not _is_c_value(source, index, argument, declaration):
                    continue
                line, column = expression_start(call)
                yield Violation(
                    line,
                    column,
                    f"`{_type_text(base)} {_declared_name(declarator)}` is initialised with `{converter}()` of a "
                    "C value; assign the C value directly",
                )


def _is_c_value(source: SourceFile, index: TreeIndex, node: Nodes.Node, where: Nodes.Node) -> bool:
    """Return whether an expression is known to have a C type."""
    if isinstance(node, (ExprNodes.IntNode, ExprNodes.FloatNode, ExprNodes.TypecastNode)):
        return True
    if isinstance(node, (ExprNodes.SizeofTypeNode, ExprNodes.SizeofVarNode)):
        return True
    if isinstance(node, ExprNodes.NumBinopNode):
        return _is_c_value(source, index, node.operand1, where) and _is_c_value(source, index, node.operand2, where)
    if isinstance(node, ExprNodes.NameNode):
        return _name_has_c_type(index, node.name, where)
    if isinstance(node, ExprNodes.AttributeNode) and isinstance(node.obj, ExprNodes.NameNode):
        return node.obj.name == "self" and _attribute_has_c_type(source, index, node.attribute, where)
    return False


def _name_has_c_type(index: TreeIndex, name: str, where: Nodes.Node) -> bool:
    """Return whether ``name`` is a C-typed parameter or ``cdef`` variable where it is used."""
    scope = index.scope_of(where)
    declared = index.memo("prf001.declarations", _Declarations)
    if isinstance(scope, FUNCTION_NODES):
        argument = declared.argument(scope, name)
        if argument is not None:
            return _is_c_type(argument.base_type, argument.declarator)
    found = declared.first(name, scope, where)
    return found is not None and _is_c_type(*found)


class _Declarations:
    """The ``cdef`` variables of a file by name and scope, and the arguments of its functions by name.

    Built once per file, so that each initialiser looks its argument's
    name up instead of going through every declaration of the file.

    Parameters
    ----------
    index : TreeIndex
        The file's tree index.
    """

    def __init__(self, index: TreeIndex) -> None:
        self._root = index.root
        self._arguments: dict[int, dict[str, Nodes.CArgDeclNode]] = {}
        # (name, scope id) -> (ordinal, declaration, declarator) for each declaration that declares the
        # name, in source order, with its first declarator of that name.
        self._variables: dict[tuple[str, int], list[tuple[int, Nodes.Node, Nodes.Node]]] = {}
        for ordinal, declaration in enumerate(index.of(Nodes.CVarDefNode)):
            scope = id(index.scope_of(declaration))
            seen = set()
            for declarator in declaration.declarators or ():
                name = _declared_name(declarator)
                if name not in seen:
                    seen.add(name)
                    self._variables.setdefault((name, scope), []).append((ordinal, declaration, declarator))

    def argument(self, function: Nodes.Node, name: str) -> Nodes.CArgDeclNode | None:
        """Return the first argument of ``function`` named ``name``, if any."""
        arguments = self._arguments.get(id(function))
        if arguments is None:
            arguments = self._arguments[id(function)] = {}
            for argument in _argument_nodes(function):
                arguments.setdefault(_argument_name(argument), argument)
        return arguments.get(name)

    def first(self, name: str, scope: Nodes.Node, where: Nodes.Node) -> tuple[Nodes.Node, Nodes.Node] | None:
        """Return the base type and declarator of the first declaration of ``name`` other than ``where``.

        Only declarations in ``scope`` or at module level count; of those,
        the first in source order wins.
        """
        best = None
        for place in (scope, self._root):
            for ordinal, declaration, declarator in self._variables.get((name, id(place)), ()):
                if declaration is not where:
                    if best is None or ordinal < best[0]:
                        best = (ordinal, declaration.base_type, declarator)
                    break
        return None if best is None else best[1:]


def _attribute_has_c_type(source: SourceFile, index: TreeIndex, attribute: str, where: Nodes.Node) -> bool:
    """Return whether ``self.<attribute>`` is declared with a C type in the enclosing ``cdef class``."""
    cls = next((a for a in index.ancestors(where) if isinstance(a, _CLASS_NODES)), None)
    if not isinstance(cls, Nodes.CClassDefNode):
        return False
    found = _attribute_type(cls, attribute)
    if found is None:
        sibling = _pxd_attribute_types(str(Path(source.path).with_suffix(".pxd")), cls.class_name)
        return sibling.get(attribute, False)
    return found


def _attribute_type(cls: Nodes.CClassDefNode, attribute: str) -> bool | None:
    """Return whether a class body declares ``attribute`` with a C type; ``None`` if it does not declare it."""
    for statement in nodes.flatten(cls.body):
        if isinstance(statement, Nodes.CVarDefNode):
            for declarator in statement.declarators or ():
                if _declared_name(declarator) == attribute:
                    return _is_c_type(statement.base_type, declarator)
    return None


@functools.lru_cache(maxsize=64)
def _pxd_attribute_types(path: str, class_name: str) -> dict[str, bool]:
    """Return the attributes a ``.pxd`` declares for a class, and whether each has a C type."""
    if not Path(path).is_file():
        return {}
    try:
        declarations = load_source(path)
    except (ParseFailure, OSError, UnicodeDecodeError):
        return {}
    result: dict[str, bool] = {}
    for node in tree_index(declarations).of(Nodes.CClassDefNode):
        if node.class_name != class_name:
            continue
        for statement in nodes.flatten(node.body):
            if isinstance(statement, Nodes.CVarDefNode):
                for declarator in statement.declarators or ():
                    result[_declared_name(declarator)] = _is_c_type(statement.base_type, declarator)
    return result


def _is_c_type(base: Nodes.Node | None, declarator: Nodes.Node | None) -> bool:
    """Return whether a declared type is a C type rather than a Python or extension type."""
    if declarator is not None and not isinstance(declarator, Nodes.CNameDeclaratorNode):
        return isinstance(declarator, Nodes.CPtrDeclaratorNode)
    if not isinstance(base, Nodes.CSimpleBaseTypeNode) or not base.name:
        return False
    if isinstance(declarator, Nodes.CNameDeclaratorNode) and not declarator.name and not base.is_basic_c_type:
        return False  # an untyped argument: its name sits where the type would
    if base.is_basic_c_type:
        return True
    if base.module_path and base.module_path[0] in _C_MODULES:
        return True
    return base.name.endswith("_t")


def _argument_nodes(function: Nodes.Node) -> list[Nodes.CArgDeclNode]:
    """Return the argument declarations of a ``def``, ``cdef`` or ``cpdef`` function."""
    if isinstance(function, Nodes.DefNode):
        return list(function.args)
    declarator = function.declarator
    while declarator is not None and not isinstance(declarator, Nodes.CFuncDeclaratorNode):
        declarator = getattr(declarator, "base", None)
    return list(declarator.args) if declarator is not None else []


def _argument_name(argument: Nodes.CArgDeclNode) -> str:
    """Return an argument's name, for typed and untyped arguments alike."""
    name = _declared_name(argument.declarator)
    if not name and isinstance(argument.base_type, Nodes.CSimpleBaseTypeNode):
        return argument.base_type.name or ""
    return name


def _declared_name(declarator: Nodes.Node | None) -> str:
    """Return the name at the bottom of a declarator chain."""
    while declarator is not None:
        if isinstance(declarator, Nodes.CNameDeclaratorNode):
            return declarator.name
        declarator = getattr(declarator, "base", None)
    return ""


def _type_text(base: Nodes.Node) -> str:
    """Return a simple base type as written (``size_t``, ``cydriver.CUdeviceptr``)."""
    if not isinstance(base, Nodes.CSimpleBaseTypeNode) or not base.name:
        return "C value"
    if base.module_path or base.name not in _SIGNED_NAMES:
        return ".".join([*base.module_path, base.name])
    words = {0: ["unsigned"], 2: ["signed"]}.get(getattr(base, "signed", 1), [])
    longness = getattr(base, "longness", 0) or 0
    if longness < 0:
        words.append("short")
    words.extend(["long"] * max(longness, 0))
    if base.name != "int" or longness == 0:
        words.append(base.name)
    return " ".join(words)
