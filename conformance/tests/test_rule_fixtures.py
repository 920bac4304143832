# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""One rule, one fixture: each rule's violating files give exactly the expected findings.

Every rule has ``rules/<chapter>/fixtures/<CODE>/`` with

- ``violating*`` files (or package directories) that break the rule,
- ``clean*`` files (or directories) that follow it,
- ``expected.txt``: the findings of the violating files, one
  ``name:line:col: CODE message`` per line, names relative to the folder
  (``python tools/rule_fixtures.py CODE`` writes it).
"""

from __future__ import annotations

import pytest
from rule_fixtures import expected_findings, fixture_dirs, fixture_findings

from cuda_core_guide.checker.rules import all_rules

FIXTURES = fixture_dirs()


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_every_rule_has_fixtures(code: str) -> None:
    folder = FIXTURES.get(code)
    assert folder is not None, f"{code} has no fixtures/{code}/ folder"
    assert list(folder.glob("violating*")), f"{code} has no violating fixture"
    assert list(folder.glob("clean*")), f"{code} has no clean fixture"
    assert (folder / "expected.txt").is_file(), f"{code} has no expected.txt"


@pytest.mark.parametrize("code", sorted(FIXTURES))
def test_violating_fixtures_give_expected_findings(code: str) -> None:
    folder = FIXTURES[code]
    expected = expected_findings(folder)
    assert expected, f"{code}: expected.txt lists no findings"
    assert fixture_findings(code, sorted(folder.glob("violating*")), folder) == expected


@pytest.mark.parametrize("code", sorted(FIXTURES))
def test_clean_fixtures_give_no_findings(code: str) -> None:
    folder = FIXTURES[code]
    assert fixture_findings(code, sorted(folder.glob("clean*")), folder) == []


def test_fixture_folders_belong_to_rules() -> None:
    assert set(FIXTURES) <= set(all_rules())
