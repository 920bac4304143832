# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""GitHub Actions workflow commands, which annotate the pull request's diff."""

from __future__ import annotations

from collections.abc import Sequence

from cuda_core_guide.findings import Finding, Level

__all__ = ["render_github"]


def render_github(findings: Sequence[Finding]) -> str:
    """Render findings as ``::error``/``::warning`` workflow commands.

    Required rules become errors and recommended ones warnings.

    Parameters
    ----------
    findings : sequence of Finding
        Sorted findings.

    Returns
    -------
    str
        One command per line.
    """
    lines = []
    for finding in findings:
        command = "error" if finding.level is Level.REQUIRED else "warning"
        properties = ",".join(
            [
                f"file={_escape_property(finding.path)}",
                f"line={finding.line}",
                f"col={finding.column}",
                f"title={_escape_property(finding.rule)}",
            ]
        )
        lines.append(f"::{command} {properties}::{_escape_data(f'{finding.rule} {finding.message}')}")
    return "".join(line + "\n" for line in lines)


def _escape_data(value: str) -> str:
    """Escape a workflow command's message, as the Actions toolkit does."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    """Escape a workflow command property value."""
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")
