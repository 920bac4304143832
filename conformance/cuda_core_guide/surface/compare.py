# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""How two surfaces of ``cuda.core`` differ: each difference named, with what each side has.

A difference is one of

- ``missing``: a name or member that upstream has and the installed package lacks
  (the members of a missing class are not listed apart);
- ``extra``: one that the installed package has and upstream does not;
- ``kind``: a name that is, say, a class on one side and a function on the other;
- ``signature``: different parameters (names, kinds or defaults), or a
  signature known on one side only;
- ``bases``: different public base classes;
- ``value``: a constant, type alias, enumeration member or class attribute
  of another value or type;
- ``error``: a module that does not import on one side.

Each is named ``<what> <module>:<qualified name>``, such as
``signature cuda.core:Buffer.fill``, the key the guide's lists use.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

__all__ = ["SurfaceDifference", "compare_surfaces", "format_signature"]

_Entry = Mapping[str, object]


@dataclasses.dataclass(frozen=True, order=True)
class SurfaceDifference:
    """One difference between the upstream surface and the installed one.

    Parameters
    ----------
    what : str
        ``missing``, ``extra``, ``kind``, ``signature``, ``bases``, ``value`` or ``error``.
    name : str
        ``<module>:<qualified name>``, or the module alone for ``error``.
    upstream : str
        What upstream has, in words (empty for ``extra``).
    installed : str
        What the installed package has (empty for ``missing``).
    """

    what: str
    name: str
    upstream: str = ""
    installed: str = ""

    def __str__(self) -> str:
        return f"{self.key}: upstream {self.upstream or 'none'}; installed {self.installed or 'none'}"

    @property
    def key(self) -> str:
        """Return the difference's key, ``<what> <name>``."""
        return f"{self.what} {self.name}"


def compare_surfaces(upstream: _Entry, installed: _Entry) -> list[SurfaceDifference]:
    """Return how the installed surface differs from upstream's, sorted.

    Parameters
    ----------
    upstream : mapping
        Upstream's surface, as :func:`~cuda_core_guide.surface.extract.describe_installed` gives it.
    installed : mapping
        The installed package's surface.

    Returns
    -------
    list of SurfaceDifference
        Every difference, sorted by what and name.
    """
    expected_modules: Mapping[str, _Entry] = upstream["modules"]
    actual_modules: Mapping[str, _Entry] = installed["modules"]
    found: list[SurfaceDifference] = []
    for module in sorted({*expected_modules, *actual_modules}):
        expected = expected_modules.get(module, {"names": {}})
        actual = actual_modules.get(module, {"names": {}})
        if "error" in expected or "error" in actual:
            found.append(SurfaceDifference("error", module, expected.get("error", ""), actual.get("error", "")))
        found.extend(_compare_names(module, expected.get("names", {}), actual.get("names", {})))
    return sorted(found)


def format_signature(signature: _Entry | None) -> str:
    """Return a recorded signature as Python writes parameters: ``(self, size, *, stream=None)``.

    Parameters
    ----------
    signature : mapping or None
        A signature as the surface records it.

    Returns
    -------
    str
        The parameters in parentheses, or ``unknown``.
    """
    if signature is None or signature.get("source") == "unknown":
        return "unknown"
    parts: list[str] = []
    seen_keyword_only = False
    parameters = list(signature["parameters"])
    for index, parameter in enumerate(parameters):
        kind = parameter["kind"]
        if kind == "KEYWORD_ONLY" and not seen_keyword_only:
            parts.append("*")
        seen_keyword_only = seen_keyword_only or kind in ("KEYWORD_ONLY", "VAR_POSITIONAL")
        prefix = {"VAR_POSITIONAL": "*", "VAR_KEYWORD": "**"}.get(kind, "")
        default = f"={parameter['default']}" if "default" in parameter else ""
        parts.append(f"{prefix}{parameter['name']}{default}")
        following = parameters[index + 1]["kind"] if index + 1 < len(parameters) else None
        if kind == "POSITIONAL_ONLY" and following != "POSITIONAL_ONLY":
            parts.append("/")
    return f"({', '.join(parts)})"


def _compare_names(
    prefix: str, expected: Mapping[str, _Entry], actual: Mapping[str, _Entry]
) -> Iterator[SurfaceDifference]:
    """Yield the differences between two sets of named entries (a module's names, a class's members)."""
    separator = ":" if ":" not in prefix else "."
    for name in sorted({*expected, *actual}):
        path = f"{prefix}{separator}{name}"
        if name not in actual:
            yield SurfaceDifference("missing", path, _summary(expected[name]), "")
        elif name not in expected:
            yield SurfaceDifference("extra", path, "", _summary(actual[name]))
        else:
            yield from _compare_entries(path, expected[name], actual[name])


def _compare_entries(path: str, expected: _Entry, actual: _Entry) -> Iterator[SurfaceDifference]:
    """Yield the differences between two descriptions of the same name."""
    if expected["kind"] != actual["kind"]:
        yield SurfaceDifference("kind", path, _summary(expected), _summary(actual))
        return
    if "signature" in expected or "signature" in actual:
        expected_signature = format_signature(expected.get("signature"))
        actual_signature = format_signature(actual.get("signature"))
        if expected_signature != actual_signature:
            yield SurfaceDifference("signature", path, expected_signature, actual_signature)
    if expected.get("bases") != actual.get("bases"):
        yield SurfaceDifference("bases", path, _listed(expected.get("bases")), _listed(actual.get("bases")))
    expected_value = _value(expected)
    actual_value = _value(actual)
    if expected_value != actual_value:
        yield SurfaceDifference("value", path, expected_value, actual_value)
    if "values" in expected or "values" in actual:
        yield from _compare_values(path, expected.get("values", {}), actual.get("values", {}))
    if "members" in expected or "members" in actual:
        yield from _compare_names(path, expected.get("members", {}), actual.get("members", {}))


def _compare_values(path: str, expected: Mapping[str, str], actual: Mapping[str, str]) -> Iterator[SurfaceDifference]:
    """Yield the differences between the members of two enumerations."""
    for name in sorted({*expected, *actual}):
        member = f"{path}.{name}"
        if name not in actual:
            yield SurfaceDifference("missing", member, f"enumeration member = {expected[name]}", "")
        elif name not in expected:
            yield SurfaceDifference("extra", member, "", f"enumeration member = {actual[name]}")
        elif expected[name] != actual[name]:
            yield SurfaceDifference("value", member, expected[name], actual[name])


def _value(entry: _Entry) -> str:
    """Return the type and value of a constant, alias or attribute, in words; empty for others."""
    if "type" not in entry and "value" not in entry:
        return ""
    parts = [f"of type {entry['type']}"] if "type" in entry else []
    if "value" in entry:
        parts.append(f"= {entry['value']}")
    return " ".join(parts)


def _summary(entry: _Entry) -> str:
    """Return one entry in a few words: its kind, and its signature or value."""
    kind = str(entry["kind"])
    if "signature" in entry:
        return f"{kind} {format_signature(entry['signature'])}"
    value = _value(entry)
    return f"{kind} {value}" if value else kind


def _listed(names: object) -> str:
    """Return a list of names as text."""
    return ", ".join(names) if isinstance(names, list) else "none"
