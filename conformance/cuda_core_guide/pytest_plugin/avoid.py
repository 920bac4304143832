# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``avoid`` examples: the checker flags each with its rule's code; an unchecked rule's example still parses."""

from __future__ import annotations

from cuda_core_guide.checker.rules import is_checked
from cuda_core_guide.examples.check import ExampleFailure, example_findings
from cuda_core_guide.findings import Finding
from cuda_core_guide.pytest_plugin.items import GuideExample

__all__ = ["AvoidExample", "check_parses", "finding_lines", "rule_of"]


class AvoidExample(GuideExample):
    """The test that the checker flags an avoid example with its rule's code."""

    kind = "avoid"

    def runtest(self) -> None:
        """Assert that the checker flags the example with its rule's code (or, if unchecked, that it parses)."""
        rule = rule_of(self)
        if not is_checked(rule):
            check_parses(self)
            return
        findings = example_findings(self.example, self.root, (rule, "SYN"), self.code())
        syntax = [f for f in findings if f.rule.startswith("SYN") and f.rule != rule]
        if syntax:
            raise ExampleFailure(f"the avoid example does not parse: {finding_lines(syntax)}")
        if not any(f.rule == rule for f in findings):
            raise ExampleFailure(f"the checker does not flag this avoid example with {rule}")


def check_parses(item: GuideExample) -> None:
    """Assert that an example is valid Cython or Python.

    Parameters
    ----------
    item : GuideExample
        The test of an example whose rule the checker does not enforce.

    Raises
    ------
    ExampleFailure
        If the checker cannot parse it.
    """
    findings = example_findings(item.example, item.root, ("SYN",), item.code())
    if findings:
        raise ExampleFailure(f"the example does not parse: {finding_lines(findings)}")


def rule_of(item: GuideExample) -> str:
    """Return the rule an example illustrates.

    Parameters
    ----------
    item : GuideExample
        The test of the example.

    Returns
    -------
    str
        The rule code.

    Raises
    ------
    ExampleFailure
        If the example belongs to no rule.
    """
    if not item.example.rule:
        raise ExampleFailure(f"{item.example.kind} example belongs to no rule; name one as its argument")
    return item.example.rule


def finding_lines(findings: list[Finding]) -> str:
    """Format findings one per line, relative to the example.

    Parameters
    ----------
    findings : list of Finding
        The findings.

    Returns
    -------
    str
        ``line N: CODE message`` lines, indented.
    """
    return "\n".join(f"  line {f.line}: {f.rule} {f.message}" for f in findings)
