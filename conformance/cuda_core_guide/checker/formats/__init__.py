# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Output formats of ``cuda-core-guide check``: one module per format.

Each format is a function of the sorted findings and a :data:`RuleLinks`
function that gives a rule's page on the guide's site (or ``None`` when
links are off), which returns the output, ending in a newline when it is
not empty (:data:`Format`); :data:`FORMATS` names them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cuda_core_guide.checker.formats.concise import render_concise
from cuda_core_guide.checker.formats.github import render_github
from cuda_core_guide.checker.formats.json import render_json
from cuda_core_guide.checker.formats.sarif import render_sarif
from cuda_core_guide.checker.formats.text import render_text
from cuda_core_guide.findings import Finding

__all__ = ["FORMATS", "Format", "RuleLinks", "no_links", "render"]

RuleLinks = Callable[[str], "str | None"]
"""Return the address of a rule's page, or ``None``."""

Format = Callable[[Sequence[Finding], RuleLinks], str]
"""Render the sorted findings, with each rule's page from the links; the output ends in a newline unless empty."""

FORMATS: dict[str, Format] = {
    "text": render_text,
    "concise": render_concise,
    "json": render_json,
    "github": render_github,
    "sarif": render_sarif,
}
"""Each format's name and the function that renders findings in it."""


def no_links(code: str) -> None:
    """Link no rule: the :data:`RuleLinks` of output without addresses.

    Parameters
    ----------
    code : str
        A rule code.
    """


def render(findings: Sequence[Finding], format_name: str, links: RuleLinks = no_links) -> str:
    """Render findings in a named format.

    Parameters
    ----------
    findings : sequence of Finding
        Sorted findings.
    format_name : str
        A key of :data:`FORMATS`.
    links : callable, optional
        Gives each rule's page; no links by default.

    Returns
    -------
    str
        The output, ending in a newline when not empty.

    Raises
    ------
    KeyError
        If the format is unknown.
    """
    return FORMATS[format_name](findings, links)
