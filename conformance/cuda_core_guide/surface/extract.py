# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The public surface of the installed ``cuda.core``, as data.

The public modules are ``cuda.core`` and every submodule whose path has no
segment starting with an underscore, found by walking the package. Each
module gives the names of its ``__all__`` (or, without one, its public
names), each name its kind, and each class its public members: those
without a leading underscore, and the dunder methods of the protocols that
users rely on (:data:`PROTOCOL_DUNDERS`). Members that a class inherits
from Python itself (``object``, ``int``, :class:`enum.Enum`, ...) are left
out. A module that does not import is recorded with its error.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import importlib.metadata
import pkgutil
import platform
import types
import typing

from cuda_core_guide.surface.signatures import describe_signature, normalized_repr, stub_constructor

__all__ = ["FORMAT", "PACKAGE", "PROTOCOL_DUNDERS", "SIGNED_DUNDERS", "describe_installed", "describe_module"]

FORMAT = 1
"""The version of the surface's layout."""

PACKAGE = "cuda.core"
"""The package whose surface is described."""

PROTOCOL_DUNDERS = frozenset(
    {
        # The CUDA and array interchange protocols.
        "__cuda_stream__",
        "__cuda_array_interface__",
        "__array_interface__",
        "__dlpack__",
        "__dlpack_device__",
        "__buffer__",
        "__release_buffer__",
        # Context managers, pickling and copying.
        "__enter__",
        "__exit__",
        "__reduce__",
        "__getstate__",
        "__setstate__",
        "__copy__",
        "__deepcopy__",
        # Operators, equality and conversion. A class that defines one rich
        # comparison shows all six, so the ordering ones say nothing.
        "__add__",
        "__sub__",
        "__iadd__",
        "__isub__",
        "__eq__",
        "__hash__",
        "__int__",
        "__index__",
        "__bool__",
        # Containers and callables.
        "__len__",
        "__iter__",
        "__next__",
        "__getitem__",
        "__setitem__",
        "__contains__",
        "__call__",
        "__class_getitem__",
    }
)
"""The dunder members recorded: those of protocols that users call or that other libraries probe."""

SIGNED_DUNDERS = frozenset({"__cuda_stream__", "__dlpack__", "__dlpack_device__", "__call__"})
"""The dunder methods whose parameters are recorded.

Python calls the others through their slots, positionally and with fixed
arities, so their parameter names are no part of the API (``__exit__``'s
``exc_val`` or ``exc_value``); only whether a class has them is recorded.
"""

_PYTHON_MODULES = frozenset({"builtins", "enum", "typing", "abc", "_abc", "typing_extensions", "backports.strenum"})
"""Modules whose classes' members a ``cuda.core`` class inherits from Python, not from ``cuda.core``."""

_PROPERTY_TYPES = (property, types.GetSetDescriptorType, types.MemberDescriptorType)
"""The descriptors that are properties to their users."""

_VALUE_TYPES = (bool, int, float, str, bytes, type(None))
"""Constants whose value, not only their type, is part of the surface."""


def describe_installed() -> dict[str, object]:
    """Return the surface of the installed ``cuda.core``.

    Returns
    -------
    dict
        ``format``, ``package`` (the distribution that provides
        ``cuda.core`` and its version), ``environment`` (the Python and
        ``cuda-bindings`` versions it was described under) and ``modules``:
        each public module's name to :func:`describe_module`'s description.
    """
    return {
        "format": FORMAT,
        "package": _distribution(),
        "environment": {"python": platform.python_version(), "cuda-bindings": _version("cuda-bindings")},
        "modules": dict(_walk(PACKAGE)),
    }


def describe_module(name: str) -> dict[str, object]:
    """Return the surface of one module.

    Parameters
    ----------
    name : str
        The module's dotted name (``cuda.core.utils``), imported here.

    Returns
    -------
    dict
        ``{"error": "..."}`` if it does not import; else ``all`` (its
        ``__all__`` in order, or ``None`` without one) and ``names``, each
        public name's description: its ``kind`` (``module``, ``class``,
        ``exception``, ``enum``, ``function``, ``type alias``, ``constant``)
        and, by kind, its ``signature``, ``bases``, ``members``, ``type`` or
        ``value``.
    """
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001 - any failure to import is recorded, not raised
        return {"error": f"{type(exc).__name__}: {exc}"}
    return _describe_loaded(module)


def _describe_loaded(module: types.ModuleType) -> dict[str, object]:
    """Return the surface of an imported module."""
    listed = getattr(module, "__all__", None)
    names = list(listed) if listed is not None else sorted(n for n in vars(module) if not n.startswith("_"))
    described: dict[str, object] = {}
    for name in names:
        if not hasattr(module, name):
            described[name] = {"kind": "absent"}
        else:
            described[name] = _describe_object(getattr(module, name), name)
    return {"all": list(listed) if listed is not None else None, "names": described}


def _walk(name: str) -> typing.Iterator[tuple[str, dict[str, object]]]:
    """Yield a package's public modules and their surfaces, the package first."""
    yield name, describe_module(name)
    try:
        package = importlib.import_module(name)
    except Exception:  # noqa: BLE001 - already recorded by describe_module
        return
    for info in sorted(pkgutil.iter_modules(getattr(package, "__path__", [])), key=lambda info: info.name):
        if not info.name.startswith("_"):
            yield from _walk(f"{name}.{info.name}")


def _describe_object(obj: object, name: str) -> dict[str, object]:
    """Return the description of one public name of a module."""
    if isinstance(obj, types.ModuleType):
        return {"kind": "module"}
    if _is_type_alias(obj):
        return {"kind": "type alias", "value": normalized_repr(obj)}
    if isinstance(obj, type):
        return _describe_class(obj)
    if callable(obj):
        return {"kind": "function", "signature": describe_signature(obj, [(obj.__doc__, name)])}
    entry: dict[str, object] = {"kind": "constant", "type": type(obj).__name__}
    if isinstance(obj, _VALUE_TYPES):
        entry["value"] = normalized_repr(obj)
    return entry


def _is_type_alias(obj: object) -> bool:
    """Tell whether an object is a typing construct rather than a class: a union, a ``Literal``, a generic."""
    if isinstance(obj, types.UnionType | typing.TypeVar):
        return True
    return not isinstance(obj, type) and typing.get_origin(obj) is not None


def _describe_class(cls: type) -> dict[str, object]:
    """Return the description of a class: its kind, bases, constructor and members."""
    if issubclass(cls, enum.Enum):
        kind = "enum"
    elif issubclass(cls, BaseException):
        kind = "exception"
    else:
        kind = "class"
    entry: dict[str, object] = {
        "kind": kind,
        "bases": [base.__name__ for base in cls.__mro__[1:] if not base.__name__.startswith("_")],
    }
    if kind == "class":
        init = getattr(cls, "__init__", None)
        sources = [(getattr(init, "__doc__", None), "__init__"), (cls.__doc__, cls.__name__)]
        stub = stub_constructor(cls)
        # A class that inherits its constructor has the signature of the
        # class it inherits it from, which is where Cython records it.
        owner = next((klass for klass in cls.__mro__ if "__init__" in vars(klass)), object)
        if owner is not cls and owner is not object:
            sources.append((owner.__doc__, owner.__name__))
            stub = stub or stub_constructor(owner)
        signature = describe_signature(cls, sources, stub=stub)
        # A constructor's signature is the class's, as it is called: an
        # ``__init__`` line of a docstring names ``self`` too.
        parameters = signature["parameters"]
        if signature["source"] == "docstring" and parameters and parameters[0]["name"] == "self":
            signature["parameters"] = parameters[1:]
        entry["signature"] = signature
    values = cls.__members__ if kind == "enum" else {}
    if kind == "enum":
        entry["values"] = {member: normalized_repr(value.value) for member, value in values.items()}
    members = [(name, raw) for name, raw in _public_members(cls) if name not in values]
    # A dataclass's fields are fields however the class holds them: a
    # compiled dataclass as properties, a Python one as class attributes
    # holding the defaults.
    fields = {field.name for field in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    described = {
        name: {"kind": "field"} if name in fields else _describe_member(cls, name, raw) for name, raw in members
    }
    # A field without a default is no class attribute of a Python dataclass.
    described |= {name: {"kind": "field"} for name in fields if name not in described and not name.startswith("_")}
    entry["members"] = dict(sorted(described.items()))
    return entry


def _public_members(cls: type) -> list[tuple[str, object]]:
    """Return a class's recorded members, each with the object its defining class holds, by name."""
    members = []
    for name in sorted(dir(cls)):
        if name.startswith("_") and name not in PROTOCOL_DUNDERS:
            continue
        owner = next((klass for klass in cls.__mro__ if name in vars(klass)), None)
        if owner is None or owner is object or owner.__module__ in _PYTHON_MODULES:
            continue
        raw = vars(owner)[name]
        # Cython gives every cdef class pickling methods of its own making
        # (``__reduce_cython__``); they are no part of the designed API.
        if getattr(raw, "__name__", "").endswith("_cython__"):
            continue
        members.append((name, raw))
    return members


def _describe_member(cls: type, name: str, raw: object) -> dict[str, object]:
    """Return the description of one member: its kind and, for a callable, its signature."""
    if isinstance(raw, staticmethod):
        kind = "staticmethod"
    elif isinstance(raw, classmethod) or type(raw).__name__ == "classmethod_descriptor":
        kind = "classmethod"
    elif isinstance(raw, _PROPERTY_TYPES) or _is_cached_property(raw):
        return {"kind": "property"}
    elif isinstance(raw, type):
        return {"kind": "class"}
    elif callable(raw):
        kind = "method"
        if name.startswith("__") and name not in SIGNED_DUNDERS:
            return {"kind": kind}
    else:
        entry: dict[str, object] = {"kind": "attribute", "type": type(raw).__name__}
        if isinstance(raw, _VALUE_TYPES):
            entry["value"] = normalized_repr(raw)
        return entry
    # Static and class methods are described as called on the class; methods
    # as held by it, with their ``self``.
    target = getattr(cls, name) if kind != "method" else raw
    return {"kind": kind, "signature": describe_signature(target, [(getattr(target, "__doc__", None), name)])}


def _is_cached_property(raw: object) -> bool:
    """Tell whether a class attribute is a :func:`functools.cached_property`."""
    return type(raw).__name__ == "cached_property"


def _distribution() -> dict[str, str | None]:
    """Return the distribution that provides ``cuda.core``, and its version."""
    for distribution in importlib.metadata.packages_distributions().get("cuda", []):
        files = importlib.metadata.files(distribution) or []
        if any(str(path).startswith("cuda/core/") for path in files):
            return {"distribution": distribution, "version": _version(distribution)}
    return {"distribution": None, "version": None}


def _version(distribution: str) -> str | None:
    """Return an installed distribution's version, or ``None``."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None
