# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""GitHub Actions workflow commands, which annotate the pull request's diff.

Each annotation's title is the rule's code and title; its message is the
finding's, followed by the rule's address on the guide's site.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.guide.catalog import load_catalog

__all__ = ["render_github"]


def render_github(findings: Sequence[Finding], links: Callable[[str], str | None]) -> str:
    """Render findings as ``::error``/``::warning`` workflow commands, one per line (a format of ``FORMATS``).

    Required rules become errors and recommended ones warnings.
    """
    catalog = load_catalog()
    lines = []
    for finding in findings:
        command = "error" if finding.level is Level.REQUIRED else "warning"
        rule = catalog.get(finding.rule)
        title = f"{finding.rule}: {rule.title_text}" if rule else finding.rule
        properties = ",".join(
            [
                f"file={_escape_property(finding.path)}",
                f"line={finding.line}",
                f"col={finding.column}",
                f"title={_escape_property(title)}",
            ]
        )
        message = f"{finding.rule} {finding.message}"
        url = links(finding.rule)
        if url:
            message += f"\n{url}"
        lines.append(f"::{command} {properties}::{_escape_data(message)}")
    return "".join(line + "\n" for line in lines)


def _escape_data(value: str) -> str:
    """Escape a workflow command's message, as the Actions toolkit does."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    """Escape a workflow command property value."""
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")
