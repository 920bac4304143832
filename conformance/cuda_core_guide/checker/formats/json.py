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
    """Render findings as a JSON array, indented (``[]`` when empty; a format of ``FORMATS``).

    Each finding's ``url`` is its rule's page, ``null`` when links are off.
    """
    return json.dumps([{**finding.as_dict(), "url": links(finding.rule)} for finding in findings], indent=2) + "\n"
