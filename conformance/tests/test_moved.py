# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The module paths of the flat layout still work, with a warning, and give the module at its new path."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuda_core_guide import _moved

PACKAGE = Path(__file__).resolve().parents[1] / "cuda_core_guide"


@pytest.fixture
def forget_old_paths() -> Iterator[None]:
    """Remove the old paths from ``sys.modules`` around a test, so that importing one imports it again."""

    def forget() -> None:
        for name in [name for name in sys.modules if _moved.new_name(name) is not None]:
            del sys.modules[name]

    forget()
    yield
    forget()


@pytest.mark.parametrize("old", sorted(_moved.MOVED))
def test_every_new_path_exists_and_no_old_one_does(old: str) -> None:
    assert importlib.util.find_spec(f"cuda_core_guide.{_moved.MOVED[old]}") is not None
    assert not (PACKAGE / f"{old}.py").exists()
    assert not (PACKAGE / old).is_dir()


@pytest.mark.usefixtures("forget_old_paths")
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("cuda_core_guide.runner", "cuda_core_guide.checker.runner"),
        ("cuda_core_guide.guide_rules", "cuda_core_guide.guide.chapters"),
        ("cuda_core_guide.rules.cud.tree", "cuda_core_guide.checker.rules.cud.tree"),
    ],
)
def test_an_old_path_warns_and_gives_the_new_module(old: str, new: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert f"{old} is deprecated: it moved to {new}" in [str(warning.message) for warning in caught]
    assert {warning.category for warning in caught} == {DeprecationWarning}
    assert {warning.filename for warning in caught} == {__file__}, "the warning points at the import"


@pytest.mark.usefixtures("forget_old_paths")
def test_a_name_imported_from_an_old_path_is_the_same_object() -> None:
    with pytest.warns(DeprecationWarning, match="cuda_core_guide.config is deprecated"):
        from cuda_core_guide.config import Config
    from cuda_core_guide.checker.config import Config as NewConfig

    assert Config is NewConfig


def test_an_old_path_runs_as_a_module() -> None:
    command = [sys.executable, "-W", "always::DeprecationWarning", "-m", "cuda_core_guide.conformance_report", "-h"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python -m cuda_core_guide.reports.conformance_report")
    assert "cuda_core_guide.conformance_report is deprecated" in result.stderr


def test_other_names_are_not_moved() -> None:
    assert _moved.new_name("cuda_core_guide.sphinxext") is None
    assert _moved.new_name("cuda_core_guide") is None
    assert _moved.new_name("other.runner") is None
    assert _moved.new_name("cuda_core_guide.formats.sarif") == "cuda_core_guide.checker.formats.sarif"
