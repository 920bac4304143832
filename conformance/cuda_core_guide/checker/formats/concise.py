# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``path:line:col: CODE message``, one finding per line, for editors and ``grep``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cuda_core_guide.findings import Finding

__all__ = ["count_line", "render_concise"]


def render_concise(findings: Sequence[Finding], links: Callable[[str], str | None]) -> str:
    """Render findings one per line, then ``Found N finding(s).`` (a format of ``FORMATS``, without addresses).

    The output is ``""`` if there are none.
    """
    if not findings:
        return ""
    return "".join(f"{finding}\n" for finding in findings) + count_line(len(findings))


def count_line(count: int) -> str:
    """Return the closing ``Found N finding(s).`` line.

    Parameters
    ----------
    count : int
        The number of findings.

    Returns
    -------
    str
        The line, with its newline.
    """
    return f"Found {count} {'finding' if count == 1 else 'findings'}.\n"
