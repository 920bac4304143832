# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""One rule, one fixture: each rule's violating files give exactly the expected findings.

Every rule has ``rules/<chapter>/fixtures/<CODE>/`` with

- ``violating*`` files (or package directories) that break the rule,
- ``clean*`` files (or directories) that follow it,
- ``expected.txt``: the findings of the violating files, one
  ``name:line:col: CODE message`` per line, names relative to the folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cuda_core_guide.config import Config
from cuda_core_guide.rules import all_rules
from cuda_core_guide.runner import check_paths

RULES_DIR = Path(__file__).resolve().parents[1] / "cuda_core_guide" / "rules"
FIXED_YEAR = 2026


def fixture_dirs() -> dict[str, Path]:
    """Return each rule code's fixture folder."""
    return {d.name: d for d in sorted(RULES_DIR.glob("*/fixtures/*")) if d.is_dir()}


def run(code: str, entries: list[Path], folder: Path) -> list[str]:
    """Check fixture entries with only ``code`` selected; return findings as text."""
    config = Config(select=(code,), root=folder, current_year=FIXED_YEAR)
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        findings = check_paths([e.name for e in entries], config, jobs=1)
    finally:
        os.chdir(cwd)
    return [str(f) for f in findings]


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_every_rule_has_fixtures(code: str) -> None:
    folder = fixture_dirs().get(code)
    assert folder is not None, f"{code} has no fixtures/{code}/ folder"
    assert list(folder.glob("violating*")), f"{code} has no violating fixture"
    assert list(folder.glob("clean*")), f"{code} has no clean fixture"
    assert (folder / "expected.txt").is_file(), f"{code} has no expected.txt"


@pytest.mark.parametrize("code", sorted(fixture_dirs()))
def test_violating_fixtures_give_expected_findings(code: str) -> None:
    folder = fixture_dirs()[code]
    expected = [line for line in (folder / "expected.txt").read_text().splitlines() if line.strip()]
    assert expected, f"{code}: expected.txt lists no findings"
    assert run(code, sorted(folder.glob("violating*")), folder) == expected


@pytest.mark.parametrize("code", sorted(fixture_dirs()))
def test_clean_fixtures_give_no_findings(code: str) -> None:
    folder = fixture_dirs()[code]
    assert run(code, sorted(folder.glob("clean*")), folder) == []


def test_fixture_folders_belong_to_rules() -> None:
    assert set(fixture_dirs()) <= set(all_rules())
