# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A JSON array of ``{"path", "line", "column", "rule", "level", "message", "url"}`` objects."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from cuda_core_guide.findings import Finding

__all__ = ["render_json"]


def render_json(findings: Sequence[Finding], links: Callable[[str], str | None]) -> str:
    """Render findings as a JSON array.

    Parameters
    ----------
    findings : sequence of Finding
        Sorted findings.
    links : callable
        Gives a rule's page (``url``, ``null`` when links are off).

    Returns
    -------
    str
        The array, indented, ending in a newline (``[]`` when empty).
    """
    return json.dumps([{**finding.as_dict(), "url": links(finding.rule)} for finding in findings], indent=2) + "\n"
