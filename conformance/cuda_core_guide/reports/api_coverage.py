# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Which of upstream's public callables the API suite calls, recorded while it runs.

Upstream's callables are those of its public surface
(``conformance/api_suite/upstream_surface.json``): each public function, each
class (its constructor), and each public method, class method, static method
and property of a class (:func:`surface_callables`). As a pytest plugin
(``pytest -p cuda_core_guide.reports.api_coverage_plugin --api-coverage=FILE``,
:mod:`cuda_core_guide.reports.api_coverage_plugin`), a :class:`CallRecorder` watches
every call while the tests run, with ``sys.monitoring``
(Python 3.12 and later) or ``sys.setprofile``, maps each callee that is one
of the installed ``cuda.core``'s public callables back to its surface name,
and writes the names it saw to ``FILE``. Then::

    python -m cuda_core_guide.reports.api_coverage reports/api-coverage-reference.json \\
        reports/api-coverage-upstream.json --output reports/api_coverage.json

counts the covered callables against the surface, per implementation and per
module, and lists the uncovered ones; the conformance page shows the counts.

A property of a compiled (Cython) class is a C getter that neither hook
sees, and so is a :class:`property` whose getter is compiled (a Cython
function, as upstream's ``Device.arch``): while recording, each such
property of the surface is replaced in its class by a :class:`property`
that notes the access and hands every get, set and delete to the original
(so values, errors and the surface's kinds stay the same), and put back
afterwards. On Python 3.11, ``sys.setprofile``
sees neither the methods of compiled classes nor their class methods, so
only Python 3.12 and later count those; and a run without a GPU skips the
GPU tests. Both undercount.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import importlib
import inspect
import json
import sys
import types
from collections.abc import Iterable, Sequence
from pathlib import Path

from cuda_core_guide.reports.provenance import provenance

__all__ = ["SURFACE", "CallRecorder", "coverage", "hook_name", "main", "surface_callables"]

SURFACE = Path("conformance") / "api_suite" / "upstream_surface.json"
"""The snapshot of upstream's public surface, relative to the project's root.

It lives beside the API suite, not in this package: an installed package
finds it from the working directory (the command) or pytest's root (the
plugin)."""

_MEMBER_KINDS = ("method", "classmethod", "staticmethod", "property")
_TOOL_ID = 4
"""The ``sys.monitoring`` tool ID the recorder takes (one no standard tool uses)."""


class CallRecorder:
    """Record which callables of a surface are called, while started.

    Parameters
    ----------
    names : iterable of str
        The surface names to watch (from :func:`surface_callables`); each is
        looked up in the installed modules, and a name that is not there is
        never seen.
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.seen: set[str] = set()
        self._by_id: dict[int, list[str]] = {}
        self._keep: list[object] = []
        self._getters: list[tuple[type, str, object]] = []
        # An abstract member's own body never runs: a call of it on an object of its class
        # (through a subclass's implementation) counts.
        self._abstract: dict[str, list[tuple[type, str]]] = {}
        for name in names:
            targets = _targets(name)
            for target in targets:
                self._keep.append(target)
                self._by_id.setdefault(id(target), []).append(name)
            if targets and getattr(targets[0], "__isabstractmethod__", False):
                owner = _owner_class(name)
                if owner is not None:
                    self._abstract.setdefault(name.rpartition(".")[2], []).append((owner, name))
            if targets and type(targets[0]).__name__ == "getset_descriptor":
                self._getters.append((targets[0].__objclass__, targets[0].__name__, targets[0]))
            elif targets:
                member = _compiled_property(name)
                if member is not None:
                    self._getters.append(member)

    def start(self) -> None:
        """Start watching calls: with ``sys.monitoring`` where there is one, else ``sys.setprofile``."""
        done: set[tuple[int, str]] = set()
        for cls, attribute, original in self._getters:
            if (id(cls), attribute) not in done:
                done.add((id(cls), attribute))
                _replace(cls, attribute, _RecordingProperty(original, self))
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is not None:
            monitoring.use_tool_id(_TOOL_ID, "cuda_core_guide.reports.api_coverage")
            monitoring.register_callback(_TOOL_ID, monitoring.events.CALL, self._on_call)
            monitoring.register_callback(_TOOL_ID, monitoring.events.PY_START, self._on_start)
            monitoring.set_events(_TOOL_ID, monitoring.events.CALL | monitoring.events.PY_START)
        else:
            sys.setprofile(self._on_profile)

    def stop(self) -> None:
        """Stop watching, and put back the getters of compiled classes."""
        for cls, attribute, original in self._getters:
            _replace(cls, attribute, original)
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is not None:
            monitoring.set_events(_TOOL_ID, 0)
            monitoring.free_tool_id(_TOOL_ID)
        else:
            sys.setprofile(None)

    def note(self, callee: object, instance: object = None) -> None:
        """Record a call of ``callee`` if it is one of the watched callables (or bound to one).

        Parameters
        ----------
        callee : object
            A function, a method (bound or not), a descriptor, a class or a code object.
        instance : object, optional
            The object the call is made on, if known: a member that several
            classes inherit counts only for the classes of this object.
        """
        names = self._by_id.get(id(callee))
        owner = None
        # Only a method object is looked into: any other object's attributes may run its code.
        if names is None and isinstance(callee, (types.MethodType, types.BuiltinMethodType)):
            owner = callee.__self__
            underlying = getattr(callee, "__func__", None)
            if underlying is not None:
                names = self._by_id.get(id(underlying))
            if names is None and owner is not None:
                for cls in (owner if isinstance(owner, type) else type(owner)).__mro__:
                    if callee.__name__ in vars(cls):
                        names = self._by_id.get(id(_unwrap(vars(cls)[callee.__name__])))
                        break
        if instance is None and owner is not None and not isinstance(owner, type):
            instance = owner
        if instance is not None and self._abstract:
            called = getattr(callee, "__name__", None) or getattr(callee, "co_name", "")
            for cls, name in self._abstract.get(called, ()):
                if isinstance(instance, cls):
                    self.seen.add(name)
        if names is None:
            return
        if instance is not None and len(names) > 1:
            classes = {cls.__name__ for cls in type(instance).__mro__}
            names = [name for name in names if name.partition(":")[2].partition(".")[0] in classes] or names
        self.seen.update(names)

    def _on_call(self, code: object, offset: int, callee: object, arg0: object) -> None:
        """Take a ``sys.monitoring`` CALL event (``arg0`` is the object of a method call)."""
        self.note(callee, None if arg0 is sys.monitoring.MISSING else arg0)

    def _on_start(self, code: object, offset: int) -> None:
        """Take a ``sys.monitoring`` PY_START event: a Python function (a property's getter) began."""
        instance = None
        if self._abstract and code.co_argcount:
            # The started function's frame is the callback's caller: its first argument is the object.
            instance = sys._getframe(1).f_locals.get(code.co_varnames[0])
        self.note(code, instance)

    def _on_profile(self, frame, event: str, arg: object) -> None:
        """Take a ``sys.setprofile`` event."""
        if event == "call":
            code = frame.f_code
            self.note(code, frame.f_locals.get(code.co_varnames[0]) if code.co_argcount else None)
        elif event == "c_call":
            self.note(arg)


def surface_callables(surface: dict) -> dict[str, str]:
    """Return the public callables of a surface snapshot, with their kinds.

    Parameters
    ----------
    surface : dict
        A snapshot written by ``python -m cuda_core_guide.surface``.

    Returns
    -------
    dict of str to str
        ``module:Name`` (a function or a class's constructor) or
        ``module:Class.member`` to ``function``, ``constructor``, or the
        member's kind. Names that start with ``_`` are left out, and so are
        the constructors of protocols (``typing.Protocol`` classes), which
        make no instances.
    """
    found: dict[str, str] = {}
    for module, described in surface.get("modules", {}).items():
        for name, entry in described.get("names", {}).items():
            if name.startswith("_"):
                continue
            kind = entry.get("kind")
            if kind == "function":
                found[f"{module}:{name}"] = "function"
            elif kind == "class":
                # A Protocol is a type to check objects against; it has no instances to make.
                if "Protocol" not in entry.get("bases", []):
                    found[f"{module}:{name}"] = "constructor"
                for member, member_entry in entry.get("members", {}).items():
                    if not member.startswith("_") and member_entry.get("kind") in _MEMBER_KINDS:
                        found[f"{module}:{name}.{member}"] = member_entry["kind"]
    return found


class _RecordingProperty(property):
    """A stand-in for a compiled class's getter: notes each get, and hands everything to the original."""

    def __init__(self, original: object, recorder: CallRecorder) -> None:
        super().__init__(doc=getattr(original, "__doc__", None))
        self._original = original
        self._recorder = recorder

    def __get__(self, instance: object, owner: type | None = None) -> object:
        """Note the access and return what the original getter returns."""
        if instance is not None:
            # The surface name is filed under a property's getter (_unwrap), under a C getter itself.
            self._recorder.note(_unwrap(self._original), instance)
        return self._original.__get__(instance, owner)

    def __set__(self, instance: object, value: object) -> None:
        """Set through the original (which raises as it would for a read-only attribute)."""
        self._original.__set__(instance, value)

    def __delete__(self, instance: object) -> None:
        """Delete through the original."""
        self._original.__delete__(instance)


def _replace(cls: type, attribute: str, value: object) -> None:
    """Put ``value`` into a class's namespace, even for a compiled (immutable) class, and drop cached lookups."""
    (namespace,) = (referent for referent in gc.get_referents(cls.__dict__) if isinstance(referent, dict))
    namespace[attribute] = value
    ctypes.pythonapi.PyType_Modified(ctypes.py_object(cls))


def _unwrap(raw: object) -> object:
    """Return what a class attribute calls: a static or class method's function, a property's getter."""
    if isinstance(raw, (staticmethod, classmethod)):
        return raw.__func__
    if isinstance(raw, property):
        return raw.fget
    return raw


def _owner_class(name: str) -> type | None:
    """Return the class of a ``module:Class.member`` surface name, if it is installed."""
    module_name, _, path = name.partition(":")
    class_name = path.partition(".")[0]
    try:
        cls = inspect.getattr_static(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError):
        return None
    return cls if isinstance(cls, type) else None


def _compiled_property(name: str) -> tuple[type, str, property] | None:
    """Return where a surface member is defined, its name and itself, if it is a property with a compiled getter.

    A property whose getter is a Python function needs no stand-in: the
    getter's code starts, and the hooks see it.
    """
    member = name.partition(":")[2].split(".")
    cls = _owner_class(name) if len(member) == 2 else None
    if cls is None:
        return None
    for klass in cls.__mro__:
        raw = vars(klass).get(member[1])
        if raw is None:
            continue
        if isinstance(raw, property) and raw.fget is not None and not isinstance(raw.fget, types.FunctionType):
            return klass, member[1], raw
        return None
    return None


def _targets(name: str) -> list[object]:
    """Return the objects whose calls count as calls of the surface name (none if it is not installed)."""
    module_name, _, path = name.partition(":")
    try:
        obj: object = importlib.import_module(module_name)
    except ImportError:
        return []
    owner = None
    for part in path.split("."):
        owner = obj
        try:
            obj = inspect.getattr_static(obj, part)
        except AttributeError:
            return []
    if isinstance(owner, type):
        obj = _unwrap(obj)
    targets = [obj]
    code = getattr(obj, "__code__", None)
    if code is not None:
        targets.append(code)
    return targets


def coverage(callables: dict[str, str], seen: Iterable[str]) -> dict:
    """Count the covered callables, in all and per module.

    Parameters
    ----------
    callables : dict of str to str
        The surface's callables (:func:`surface_callables`).
    seen : iterable of str
        The names a run called.

    Returns
    -------
    dict
        ``covered``, ``total``, ``percent``, ``modules`` (per module,
        ``covered`` and ``total``) and ``uncovered`` (sorted).
    """
    covered = set(seen) & set(callables)
    modules: dict[str, dict[str, int]] = {}
    for name in callables:
        counts = modules.setdefault(name.partition(":")[0], {"covered": 0, "total": 0})
        counts["total"] += 1
        counts["covered"] += name in covered
    total = len(callables)
    return {
        "covered": len(covered),
        "total": total,
        "percent": round(100 * len(covered) / total, 1) if total else 0.0,
        "modules": dict(sorted(modules.items())),
        "uncovered": sorted(set(callables) - covered),
    }


def hook_name() -> str:
    """Return the hook that watches calls on this interpreter.

    Returns
    -------
    str
        ``sys.monitoring`` (Python 3.12 and later) or ``sys.setprofile``.
    """
    return "sys.monitoring" if hasattr(sys, "monitoring") else "sys.setprofile"


def main(argv: Sequence[str] | None = None) -> int:
    """Count the coverage of one or more recorded runs and write it.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0, or 2 if a record or the surface snapshot cannot be read.
    """
    parser = argparse.ArgumentParser(prog="python -m cuda_core_guide.reports.api_coverage", description=__doc__)
    parser.add_argument(
        "records", type=Path, nargs="+", help="api-coverage-<implementation>[-<part>].json files; parts add up"
    )
    parser.add_argument("--surface", type=Path, default=SURFACE, help="the surface snapshot")
    parser.add_argument("--output", type=Path, required=True, help="the JSON file to write")
    args = parser.parse_args(argv)
    try:
        callables = surface_callables(json.loads(args.surface.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        print(f"api_coverage: error: cannot read the surface snapshot {args.surface}: {exc}")
        return 2
    records: dict[str, dict] = {}
    for record in args.records:
        try:
            recorded = json.loads(record.read_text(encoding="utf-8"))
            seen = set(recorded["seen"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"api_coverage: error: cannot read {record}: {exc}")
            return 2
        # api-coverage-<implementation>[-<part>].json: the parts of one implementation's runs add up.
        implementation = record.stem.removeprefix("api-coverage-").partition("-")[0]
        merged = records.setdefault(implementation, {"seen": set()})
        merged["seen"] |= seen
        for key in ("python", "hook"):
            if key in recorded:
                merged[key] = recorded[key]
        if "gpu" in recorded:
            merged["gpu"] = merged.get("gpu", False) or bool(recorded["gpu"])
    # The date and commit say, on the site, whether the counts are current.
    result: dict = {"format": 1, **provenance(), "implementations": {}}
    for implementation, merged in sorted(records.items()):
        counted = coverage(callables, merged.pop("seen"))
        counted.update(merged)
        result["implementations"][implementation] = counted
        print(f"{implementation}: {counted['covered']} of {counted['total']} callables ({counted['percent']}%)")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
