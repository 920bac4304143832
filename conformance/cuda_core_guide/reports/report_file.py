# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Writing a report document: all of it or nothing, never half a file.

The GPU sessions (``nox -s bench``, ``nox -s soak``) write their JSON
reports through :func:`write_document`: a document that its validator
finds fault with is refused, and a valid one is written to a temporary
file beside the target and renamed into place, so that a reader (or the
site's build) never sees a partial report.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["write_document"]


def write_document(document: Mapping[str, object], path: Path, problems: Sequence[str], what: str) -> None:
    """Write a JSON document in one step, unless it has problems.

    Parameters
    ----------
    document : mapping
        The document.
    path : Path
        Where to write it; its folder is created.
    problems : sequence of str
        What the document's validator found wrong with it.
    what : str
        What the document is, for the error (``"the benchmark report"``).

    Raises
    ------
    ValueError
        If there are problems; nothing is written.
    """
    if problems:
        raise ValueError(f"{what} is not valid: " + "; ".join(problems))
    path.parent.mkdir(parents=True, exist_ok=True)
    # The process id keeps two writers of one report from sharing a temporary file.
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)
