# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Where data that the site shows comes from: the commit and the time it was recorded at.

The report writers record these facts with their data, and the site's
report pages read them back to say when the data was recorded and whether
it still describes the code (:mod:`cuda_core_guide.sphinxext.report_data`).
"""

from __future__ import annotations

import datetime
import os
import subprocess
from pathlib import Path

from cuda_core_guide import __version__

__all__ = ["git_commit", "provenance", "utc_now"]


def provenance(directory: Path | None = None) -> dict[str, str]:
    """Return the facts every report records: the checker's version, the commit and the date.

    Parameters
    ----------
    directory : Path, optional
        A folder of the working tree whose commit to record.

    Returns
    -------
    dict of str to str
        ``checker_version``, ``commit`` and ``date``.
    """
    return {"checker_version": __version__, "commit": git_commit(directory), "date": utc_now()}


def git_commit(directory: Path | None = None) -> str:
    """Return the commit that a working tree has checked out.

    Parameters
    ----------
    directory : Path, optional
        A folder of the working tree; the current folder by default.

    Returns
    -------
    str
        ``GIT_COMMIT`` when it is set (CI names the commit), else the full
        hash git gives for ``HEAD``; ``"unknown"`` where git cannot tell.
    """
    if os.environ.get("GIT_COMMIT"):
        return os.environ["GIT_COMMIT"]
    try:
        result = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=directory, capture_output=True, text=True, check=False
        )
    except OSError:
        return "unknown"
    return result.stdout.strip() if result.returncode == 0 and result.stdout.strip() else "unknown"


def utc_now() -> str:
    """Return the current time in UTC, to the second, in ISO 8601.

    Returns
    -------
    str
        Such as ``2026-11-23T16:51:28Z``.
    """
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
