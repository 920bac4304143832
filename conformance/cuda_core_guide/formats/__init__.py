# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Output formats of ``cuda-core-guide check``: one module per format."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cuda_core_guide.findings import Finding
from cuda_core_guide.formats.github import render_github
from cuda_core_guide.formats.json import render_json
from cuda_core_guide.formats.sarif import render_sarif
from cuda_core_guide.formats.text import render_text

__all__ = ["FORMATS", "render"]

FORMATS: dict[str, Callable[[Sequence[Finding]], str]] = {
    "text": render_text,
    "json": render_json,
    "github": render_github,
    "sarif": render_sarif,
}
"""Each format's name and the function that renders findings in it."""


def render(findings: Sequence[Finding], format_name: str) -> str:
    """Render findings in a named format.

    Parameters
    ----------
    findings : sequence of Finding
        Sorted findings.
    format_name : str
        A key of :data:`FORMATS`.

    Returns
    -------
    str
        The output, ending in a newline when not empty.

    Raises
    ------
    KeyError
        If the format is unknown.
    """
    return FORMATS[format_name](findings)
