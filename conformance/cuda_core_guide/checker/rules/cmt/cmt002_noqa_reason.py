# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CMT002: every ``# noqa`` names its rule, and a guide rule's with a reason."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.guide.chapters import CHAPTER_PREFIXES
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.tokens import parse_suppression

__all__ = ["NoqaReason"]

_CHECKER_PREFIX = "SYN"


class NoqaReason(Rule):
    """Check ``# noqa`` comments.

    A bare ``# noqa`` silences every rule on its line and is flagged. A
    ``# noqa`` naming a code of this guide (a chapter prefix such as
    ``IMP``, or ``SYN``) must give a reason after the codes
    (``# noqa: IMP008 - must follow the fallback import``). Codes of other
    tools, such as ruff's ``F403``, need no reason.

    Only a ``# noqa`` that names ``CMT002`` can silence this rule's
    findings; a bare one cannot silence the finding about itself.
    """

    code = "CMT002"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation for each bare ``# noqa`` and each guide code without a reason."""
        for line, token in sorted(source.tokens.comments.items()):
            suppression = parse_suppression(token.string, line, token.start[1] + 1)
            if suppression is None:
                continue
            if not suppression.codes:
                yield Violation(line, suppression.column, "`# noqa` names no rule; write `# noqa: CODE reason` instead")
                continue
            guide_codes = sorted(code for code in suppression.codes if _is_guide_code(code))
            if guide_codes and not suppression.reason:
                named = ", ".join(guide_codes)
                yield Violation(line, suppression.column, f"`# noqa: {named}` gives no reason; add one after the code")


def _is_guide_code(code: str) -> bool:
    """Return whether ``code`` belongs to this guide (a chapter prefix, or ``SYN``)."""
    letters = code.rstrip("0123456789")
    return letters in CHAPTER_PREFIXES or letters == _CHECKER_PREFIX
