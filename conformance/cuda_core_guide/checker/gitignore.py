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

__all__ = ["IgnoredPaths", "ignored_below"]

_GIT_TIMEOUT_SECONDS = 60.0
"""How long git may take to list a folder's ignored entries before the walk goes on without them."""

_REDIRECTING = ("GIT_DIR", "GIT_WORK_TREE")
"""Variables that would point git at another repository than the folder's (a hook of another one sets them)."""


class IgnoredPaths:
    """The untracked files and folders git ignores below a folder.

    Parameters
    ----------
    folders : set of str
        Ignored folders, as normalized paths built on the walked folder.
    files : set of str
        Ignored files, the same way.
    """

    def __init__(self, folders: set[str], files: set[str]) -> None:
        """Hold the normalized paths of the ignored folders and files."""
        self._folders = folders
        self._files = files

    def __contains__(self, path: object) -> bool:
        """Return whether ``path`` (built on the walked folder) is a file or folder git ignores."""
        name = os.path.normpath(os.fspath(path))  # type: ignore[arg-type]
        return name in self._files or name in self._folders

    def __len__(self) -> int:
        """Return how many ignored files and folders git listed."""
        return len(self._folders) + len(self._files)


def ignored_below(folder: Path) -> IgnoredPaths:
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
    IgnoredPaths
        The ignored entries, as paths built on ``folder``.
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
        return IgnoredPaths(set(), set())
    if listed.returncode != 0:
        return IgnoredPaths(set(), set())
    folders: set[str] = set()
    files: set[str] = set()
    for raw in listed.stdout.split(b"\0"):
        if not raw:
            continue
        entry = os.fsdecode(raw)
        name = os.path.normpath(os.path.join(folder, entry))
        if name == os.path.normpath(folder):
            return IgnoredPaths(set(), set())
        (folders if entry.endswith("/") else files).add(name)
    return IgnoredPaths(folders, files)
