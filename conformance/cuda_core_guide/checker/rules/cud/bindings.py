# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Recognise calls into ``cuda.bindings`` and the functions that check their results.

A call is a binding call when it names a function of one of the binding
modules, through the module (``cydriver.cuMemFree``, ``driver.cuInit``,
``cuda.bindings.nvrtc.nvrtcCompileProgram``, an alias bound by an import
or cimport of the module) or directly (a name imported or cimported from
the module). The function name must carry the library's prefix (``cu``,
``cuda``, ``nvrtc``, ``nvJitLink``) followed by a capital letter, so
types and enums such as ``driver.CUdeviceptr`` are never taken for calls
that return a status.

Calls through the ``cy`` modules (``cydriver``, ``cynvrtc``...) return the
status itself; calls through the Python modules return a tuple whose
first element is the status.
"""

from __future__ import annotations

import dataclasses

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.rules.cud.tree import call_function, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = [
    "RAISING_CHECKERS",
    "STATUS_TYPES",
    "BindingCall",
    "Bindings",
    "bindings_of",
    "is_raising_checker",
    "is_status_type",
]

RAISING_CHECKERS = frozenset(
    {
        "HANDLE_RETURN",
        "HANDLE_RETURN_NVJITLINK",
        "HANDLE_RETURN_NVRTC",
        "HANDLE_RETURN_NVVM",
        "_check_driver_error",
        "_check_nvrtc_error",
        "_check_runtime_error",
        "handle_return",
        "raise_if_driver_error",
    }
)
"""Functions that raise when the status they are given is an error."""

STATUS_TYPES = frozenset({"CUresult", "cudaError_t", "nvJitLinkResult", "nvrtcResult"})
"""The status types of the driver, runtime, NVRTC and nvJitLink."""

_PREFIXES = {"driver": "cu", "runtime": "cuda", "nvrtc": "nvrtc", "nvjitlink": "nvJitLink"}
_MODULES = {
    **{library: library for library in _PREFIXES},
    **{f"cy{library}": library for library in _PREFIXES},
}
_PACKAGE = "cuda.bindings"


class Bindings:
    """The binding modules and functions that one file can call.

    Parameters
    ----------
    source : SourceFile
        The file; its imports and cimports, at any depth, are read.
    """

    def __init__(self, source: SourceFile) -> None:
        self.modules: dict[str, str] = {name: name for name in _MODULES}
        self.modules.update({f"{_PACKAGE}.{name}": name for name in _MODULES})
        self.functions: dict[str, tuple[str, str]] = {}
        index = tree_index(source)
        for node in index.of(
            Nodes.CImportStatNode, Nodes.FromCImportStatNode, Nodes.FromImportStatNode, Nodes.SingleAssignmentNode
        ):
            self._add_import(node)
        self._calls: list[BindingCall] | None = None
        self._index = index

    def calls(self) -> list[BindingCall]:
        """Return every binding call in the file, in source order.

        Returns
        -------
        list of BindingCall
            The calls.
        """
        if self._calls is None:
            found = (self.resolve(node) for node in self._index.of(ExprNodes.SimpleCallNode, ExprNodes.GeneralCallNode))
            self._calls = [call for call in found if call is not None]
        return self._calls

    def resolve(self, node: Nodes.Node) -> BindingCall | None:
        """Return the binding call that ``node`` is, if it is one.

        Parameters
        ----------
        node : Nodes.Node
            Any node of the indexed file; only calls can be binding calls.

        Returns
        -------
        BindingCall or None
            The call, or ``None`` if ``node`` calls no binding function.
        """
        function = call_function(node)
        name = nodes.dotted_name(function) if function is not None else None
        if name is None:
            return None
        qualifier, _, last = name.rpartition(".")
        if qualifier:
            module = self.modules.get(qualifier)
            if module is None or not _has_prefix(last, _MODULES[module]):
                return None
            return BindingCall(node, name, last, module)
        direct = self.functions.get(name)
        if direct is None:
            return None
        return BindingCall(node, name, direct[0], direct[1])

    def _add_import(self, node: Nodes.Node) -> None:
        """Record the module aliases and function names an import statement binds."""
        if isinstance(node, Nodes.CImportStatNode):
            module = _binding_module(node.module_name)
            if module is not None and node.as_name:
                self.modules[node.as_name] = module
        elif isinstance(node, Nodes.FromCImportStatNode):
            self._add_from(node.module_name, [(name, alias) for _, name, alias in node.imported_names])
        elif isinstance(node, Nodes.FromImportStatNode):
            module_name = getattr(node.module.module_name, "value", None)
            if isinstance(module_name, str) and not node.module.level:
                self._add_from(module_name, [(name, target.name) for name, target in node.items])
        elif isinstance(node.rhs, ExprNodes.ImportNode) and isinstance(node.lhs, ExprNodes.NameNode):
            module_name = getattr(node.rhs.module_name, "value", None)
            module = _binding_module(module_name) if isinstance(module_name, str) else None
            if module is not None and node.lhs.name != module_name.partition(".")[0]:
                self.modules[node.lhs.name] = module

    def _add_from(self, module_name: str, names: list[tuple[str, str | None]]) -> None:
        """Record ``from module_name (c)import name as alias`` bindings."""
        module = _binding_module(module_name)
        for name, alias in names:
            bound = alias or name
            if module is not None:
                if _has_prefix(name, _MODULES[module]):
                    self.functions[bound] = (name, module)
            elif name in _MODULES and (module_name == _PACKAGE or module_name.endswith("cuda_utils")):
                self.modules[bound] = name


@dataclasses.dataclass(frozen=True)
class BindingCall:
    """A call of a ``cuda.bindings`` function.

    Parameters
    ----------
    node : Nodes.Node
        The call node.
    name : str
        The called name as written (``cydriver.cuMemFree``).
    function : str
        The binding function's own name (``cuMemFree``).
    module : str
        The binding module (``cydriver``, ``driver``, ``nvrtc``...).
    """

    node: Nodes.Node
    name: str
    function: str
    module: str

    @property
    def returns_status(self) -> bool:
        """Whether the call returns the status itself (``cy`` modules) rather than a tuple."""
        return self.module.startswith("cy")


def bindings_of(source: SourceFile) -> Bindings:
    """Return the :class:`Bindings` of a file, built on first use.

    Parameters
    ----------
    source : SourceFile
        The file whose calls into ``cuda.bindings`` are found, once.

    Returns
    -------
    Bindings
        Its binding modules, functions and calls.
    """
    return source.memo("cud.bindings", Bindings)


def is_raising_checker(node: Nodes.Node) -> bool:
    """Return whether ``node`` calls a function that raises for an error status.

    Parameters
    ----------
    node : Nodes.Node
        A node of a function body; a call of ``HANDLE_RETURN`` or ``handle_return`` is a checker.

    Returns
    -------
    bool
        True for calls of :data:`RAISING_CHECKERS`, however qualified.
    """
    function = call_function(node)
    name = nodes.dotted_name(function) if function is not None else None
    return name is not None and name.rpartition(".")[2] in RAISING_CHECKERS


def is_status_type(name: str | None) -> bool:
    """Return whether a (possibly module-qualified) type name is a CUDA status type.

    Parameters
    ----------
    name : str or None
        A type name such as ``cydriver.CUresult``.

    Returns
    -------
    bool
        True if its last component is one of :data:`STATUS_TYPES`.
    """
    return name is not None and name.rpartition(".")[2] in STATUS_TYPES


def _binding_module(module_name: str) -> str | None:
    """Return the binding module a dotted module name refers to, if any."""
    package, _, last = module_name.rpartition(".")
    if package == _PACKAGE and last in _MODULES:
        return last
    return None


def _has_prefix(name: str, library: str) -> bool:
    """Return whether ``name`` is a function name of ``library`` (prefix, then a capital)."""
    prefix = _PREFIXES[library]
    return len(name) > len(prefix) and name.startswith(prefix) and name[len(prefix)].isupper()
