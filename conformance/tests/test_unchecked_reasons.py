# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Every rule the checker does not enforce says why; no checked rule carries such a reason."""

from __future__ import annotations

from cuda_core_guide.checker.cli import main
from cuda_core_guide.checker.rules import is_checked
from cuda_core_guide.guide.catalog import load_catalog


def test_a_rule_has_a_reason_exactly_when_it_is_not_checked() -> None:
    catalog = load_catalog()
    missing = sorted(code for code, rule in catalog.items() if not is_checked(code) and not rule.unchecked)
    stale = sorted(code for code, rule in catalog.items() if is_checked(code) and rule.unchecked)
    assert missing == [], "unchecked rules without an :unchecked: reason"
    assert stale == [], "checked rules that still give a reason not to be"


def test_the_rule_command_prints_the_reason(capsys) -> None:
    code = next(code for code, rule in sorted(load_catalog().items()) if rule.unchecked)
    assert main(["rule", code]) == 0
    output = capsys.readouterr().out
    assert "Not checked: reviewers enforce it." in output
    assert "Why it is not checked: " in output
