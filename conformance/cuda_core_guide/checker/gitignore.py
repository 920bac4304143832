# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What git ignores below a folder, as git itself says: ``.gitignore`` files, ``.git/info/exclude``, global excludes.

A folder walk skips these entries, as ruff's does by default, so that code a
build generates and git ignores (the ``.pyx`` files ``cuda.bindings``
renders from templates, for one) is not checked. Git is asked rather than
the patterns read here: its rules (negation, anchoring, nested files, the
excludes file in its configuration) stay git's. Outside a git work tree,
or without git, nothing is ignored.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

__all__ = ["ignored_below"]

_GIT_TIMEOUT_SECONDS = 60.0
"""How long git may take to list a folder's ignored entries before the walk goes on without them."""

_REDIRECTING = ("GIT_DIR", "GIT_WORK_TREE")
"""Variables that would point git at another repository than the folder's (a hook of another one sets them)."""


def ignored_below(folder: Path) -> frozenset[str]:
    """Return what git ignores below ``folder``; nothing outside a work tree, without git, or if git fails.

    Tracked files are never ignored, whatever the patterns say, as in git.
    When ``folder`` itself is ignored, nothing below it is: a folder the
    user names is walked, as one that ``exclude`` names is.

    Parameters
    ----------
    folder : Path
        The folder about to be walked.

    Returns
    -------
    frozenset of str
        The ignored files and folders, as paths built on ``folder`` and
        normalized (:func:`os.path.normpath`).
    """
    environment = {key: value for key, value in os.environ.items() if key not in _REDIRECTING}
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"],
            cwd=folder,
            capture_output=True,
            env=environment,
            timeout=_GIT_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    if listed.returncode != 0:
        return frozenset()
    names = {os.path.normpath(os.path.join(folder, os.fsdecode(raw))) for raw in listed.stdout.split(b"\0") if raw}
    if os.path.normpath(folder) in names:
        return frozenset()
    return frozenset(names)
