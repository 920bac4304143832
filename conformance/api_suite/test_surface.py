# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The installed cuda.core's public surface is upstream cuda-core 1.2.2's, but for the differences the guide lists.

``upstream_surface.json`` is upstream's surface: every public module's
names, their kinds, the classes' members and the signatures. It was
written, without a GPU (upstream imports without a driver), from the
upstream wheel installed with ``cuda-bindings`` 13.5 on Python 3.11::

    python -m venv /tmp/upstream && /tmp/upstream/bin/pip install cuda-core==1.2.2 "cuda-bindings==13.5.*"
    /tmp/upstream/bin/pip install --no-deps -e . && /tmp/upstream/bin/pip install markdown-it-py mdit-py-plugins
    /tmp/upstream/bin/python -m cuda_core_guide.surface --output conformance/api_suite/upstream_surface.json

Against upstream itself the test finds no difference. Against the
reference implementation, every difference must be listed in the guide
(:mod:`cuda_core_guide.surface.listing`): as a deliberate difference, in a
deferred group, or as not implemented yet; and every listed entry must
still be a difference. None of this needs a GPU, and the tests are marked
``surface`` so that the GPU sessions (``-m "gpu or surface"``) run them too.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from cuda_core_guide.implementation import implementation_under_test
from cuda_core_guide.surface.compare import SurfaceDifference, compare_surfaces
from cuda_core_guide.surface.extract import describe_installed
from cuda_core_guide.surface.listing import check_listing, read_listing

pytestmark = pytest.mark.surface

SNAPSHOT = Path(__file__).parent / "upstream_surface.json"
GUIDE = Path(__file__).resolve().parents[2] / "guide"
# What upstream 1.2.2 exports: the counts issue 15 gives for the four
# modules it names, and the other public modules the snapshot holds.
UPSTREAM_COUNTS = {
    "cuda.core": 39,
    "cuda.core.utils": 13,
    "cuda.core.typing": 21,
    "cuda.core.system": 44,
    "cuda.core.checkpoint": 1,
    "cuda.core.graph": 30,
    "cuda.core.system.exceptions": 32,
    "cuda.core.system.typing": 19,
    "cuda.core.texture": 8,
}


@functools.cache
def upstream() -> dict:
    """Return upstream's recorded surface."""
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


@functools.cache
def differences() -> tuple[SurfaceDifference, ...]:
    """Return how the installed cuda.core differs from upstream."""
    return tuple(compare_surfaces(upstream(), describe_installed()))


def installed() -> tuple[str, str]:
    """Return the implementation under test, failing if neither is installed."""
    under_test = implementation_under_test()
    assert under_test is not None, "neither cuda-core nor cuda-core-reference is installed"
    return under_test


def test_snapshot_is_upstream_1_2_2() -> None:
    assert upstream()["package"] == {"distribution": "cuda-core", "version": "1.2.2"}
    failed = {name: module["error"] for name, module in upstream()["modules"].items() if "error" in module}
    assert failed == {}


def test_snapshot_counts_upstream_s_public_names() -> None:
    counts = {name: len(module["all"]) for name, module in upstream()["modules"].items()}
    assert counts == UPSTREAM_COUNTS


def test_snapshot_names_are_all_described() -> None:
    for name, module in upstream()["modules"].items():
        assert list(module["names"]) == module["all"], name
        assert all(entry["kind"] != "absent" for entry in module["names"].values()), name


def test_installed_surface_differs_only_as_the_guide_lists() -> None:
    implementation, version = installed()
    if implementation == "upstream":
        if version != upstream()["package"]["version"]:
            pytest.skip(f"the snapshot is of upstream {upstream()['package']['version']}, not {version}")
        # Upstream against its own snapshot: a self-check of the extraction.
        assert [str(difference) for difference in differences()] == []
    else:
        problems = check_listing(differences(), read_listing(GUIDE))
        assert problems == [], "\n".join(problems)
