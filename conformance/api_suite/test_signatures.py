# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The installed cuda.core's signatures match upstream cuda-core 1.2.2's.

``upstream_signatures.json`` holds upstream's parameter names, kinds and
defaults for the device, context, stream and event API, the fields of its
options dataclasses, and which of its attributes are properties. It was
written by running this file as a script with upstream ``cuda-core==1.2.2``
installed::

    python conformance/api_suite/test_signatures.py > conformance/api_suite/upstream_signatures.json

Names the installed package lacks are skipped, so the suite runs against a
package that covers only part of the API.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import sys
from pathlib import Path

import pytest

import cuda.core

CALLABLES = [
    "Device.__new__",
    "Device.allocate",
    "Device.can_access_peer",
    "Device.create_event",
    "Device.create_stream",
    "Device.get_all_devices",
    "Device.set_current",
    "Device.sync",
    "Context.close",
    "Event.close",
    "Event.from_ipc_descriptor",
    "Event.sync",
    "Stream.__cuda_stream__",
    "Stream.close",
    "Stream.from_handle",
    "Stream.record",
    "Stream.sync",
    "Stream.wait",
]
PROPERTIES = [
    "Device.arch",
    "Device.compute_capability",
    "Device.context",
    "Device.default_stream",
    "Device.device_id",
    "Device.memory_resource",
    "Device.name",
    "Device.pci_bus_id",
    "Device.properties",
    "Device.uuid",
    "Context.handle",
    "Context.is_closed",
    "Event.context",
    "Event.device",
    "Event.handle",
    "Event.ipc_descriptor",
    "Event.is_blocking_sync",
    "Event.is_closed",
    "Event.is_done",
    "Event.is_ipc_enabled",
    "Event.is_timing_enabled",
    "Stream.context",
    "Stream.device",
    "Stream.handle",
    "Stream.is_closed",
    "Stream.is_nonblocking",
    "Stream.priority",
]
DATACLASSES = ["EventOptions", "StreamOptions"]


@functools.cache
def expected() -> dict:
    """Return upstream's recorded description."""
    return json.loads((Path(__file__).parent / "upstream_signatures.json").read_text(encoding="utf-8"))


def describe_callable(obj: object) -> list[dict[str, str]]:
    """Return the parameters of a callable as names, kinds and default reprs."""
    parameters = []
    for parameter in inspect.signature(obj).parameters.values():
        entry = {"name": parameter.name, "kind": parameter.kind.name}
        if parameter.default is not inspect.Parameter.empty:
            entry["default"] = repr(parameter.default)
        parameters.append(entry)
    return parameters


def describe_dataclass(cls: type) -> list[dict[str, str]]:
    """Return the fields of a dataclass as names and default reprs."""
    return [{"name": field.name, "default": repr(field.default)} for field in dataclasses.fields(cls)]


def resolve(dotted: str) -> object:
    """Return ``cuda.core.<dotted>``, skipping the test if the installed package lacks it."""
    obj = cuda.core
    for part in dotted.split("."):
        if not hasattr(obj, part):
            pytest.skip(f"the installed cuda.core has no {dotted}")
        obj = getattr(obj, part)
    return obj


@pytest.mark.parametrize("name", CALLABLES)
def test_callable_signature_matches_upstream(name: str) -> None:
    assert describe_callable(resolve(name)) == expected()["callables"][name]


@pytest.mark.parametrize("name", PROPERTIES)
def test_property_matches_upstream(name: str) -> None:
    assert name in expected()["properties"]
    assert inspect.isdatadescriptor(resolve(name)), f"{name} is not a property"


@pytest.mark.parametrize("name", DATACLASSES)
def test_options_fields_match_upstream(name: str) -> None:
    cls = resolve(name)
    assert dataclasses.is_dataclass(cls)
    assert describe_dataclass(cls) == expected()["dataclasses"][name]


def test_recorded_names_are_tested() -> None:
    assert sorted(expected()["callables"]) == sorted(CALLABLES)
    assert sorted(expected()["properties"]) == sorted(PROPERTIES)
    assert sorted(expected()["dataclasses"]) == sorted(DATACLASSES)


def _describe_installed() -> dict[str, object]:
    """Describe the installed cuda.core, for writing upstream_signatures.json."""

    def lookup(dotted: str) -> object:
        obj = cuda.core
        for part in dotted.split("."):
            obj = getattr(obj, part)
        return obj

    return {
        "source": f"cuda-core {cuda.core.__version__}",
        "callables": {name: describe_callable(lookup(name)) for name in CALLABLES},
        "properties": [name for name in PROPERTIES if inspect.isdatadescriptor(lookup(name))],
        "dataclasses": {name: describe_dataclass(lookup(name)) for name in DATACLASSES},
    }


if __name__ == "__main__":
    json.dump(_describe_installed(), sys.stdout, indent=2)
    sys.stdout.write("\n")
