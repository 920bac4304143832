# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``prefer`` examples: clean under every rule, but those a ``breaks`` option names and a snippet's file-top rules."""

from __future__ import annotations

from cuda_core_guide.examples.check import ExampleFailure, preferred_findings
from cuda_core_guide.pytest_plugin.avoid import finding_lines
from cuda_core_guide.pytest_plugin.items import GuideExample

__all__ = ["PreferExample"]


class PreferExample(GuideExample):
    """The test that the checker reports nothing on a preferred example."""

    kind = "prefer"

    def runtest(self) -> None:
        """Assert that no rule flags the example, but those it names in ``:breaks:``.

        A failure lists the findings, and says how to name a rule the
        example must break.
        """
        findings = preferred_findings(self.example, self.root, self.code())
        if findings:
            raise ExampleFailure(
                f"the checker flags this preferred example:\n{finding_lines(findings)}\n"
                "(fix the example, or name each rule it must break, with the reason, in ':breaks: CODE: reason')"
            )
