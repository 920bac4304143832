# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""``path:line:col: CODE message``, one finding per line, as ruff prints them."""

from __future__ import annotations

from collections.abc import Sequence

from cuda_core_guide.findings import Finding

__all__ = ["render_text"]


def render_text(findings: Sequence[Finding]) -> str:
    """Render findings one per line, then a count.

    Parameters
    ----------
    findings : sequence of Finding
        Sorted findings.

    Returns
    -------
    str
        The lines, followed by ``Found N finding(s).``, or ``""`` if there
        are none.
    """
    if not findings:
        return ""
    lines = [str(finding) for finding in findings]
    noun = "finding" if len(findings) == 1 else "findings"
    lines.append(f"Found {len(findings)} {noun}.")
    return "\n".join(lines) + "\n"
