# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Run the checker over a guide example, the same way for the tests and for the site.

The pytest plugin asserts what the checker says about each example; the
rule pages of the site print it under the example. Both take the example's
code and its findings from here, so the page shows what the test saw.
"""

from __future__ import annotations

from pathlib import Path

from cuda_core_guide.config import Config
from cuda_core_guide.excerpts import excerpt
from cuda_core_guide.findings import Finding
from cuda_core_guide.guide_rules import Example
from cuda_core_guide.runner import check_source

__all__ = ["example_code", "example_findings"]


def example_code(example: Example, root: Path) -> str:
    """Return an example's code, taking an ``include`` from the repository.

    Parameters
    ----------
    example : Example
        The example.
    root : Path
        The directory that ``include`` paths are relative to.

    Returns
    -------
    str
        The code.

    Raises
    ------
    cuda_core_guide.excerpts.ExcerptError
        If the included file or symbol does not exist.
    """
    include = example.options.get("include")
    if include is None:
        return example.code
    return excerpt(root / include, example.options.get("symbol")).text


def example_findings(example: Example, root: Path, select: tuple[str, ...], code: str | None = None) -> list[Finding]:
    """Return the checker's findings on an example, for the selected rules.

    A ``:filename:`` with a directory part names a place in the repository
    (rules that read sibling files need a real location); a bare file name
    only sets the suffix and the module name.

    Parameters
    ----------
    example : Example
        The example.
    root : Path
        The directory that ``include`` and ``filename`` paths are relative to.
    select : tuple of str
        The codes or prefixes to report.
    code : str, optional
        The example's code, if already read.

    Returns
    -------
    list of Finding
        Sorted findings; their path is the example's file name.

    Raises
    ------
    cuda_core_guide.excerpts.ExcerptError
        If the included file or symbol does not exist.
    """
    filename = example.filename
    if "/" in filename:
        filename = str(root / filename)
    text = example_code(example, root) if code is None else code
    return check_source(filename, text, Config(select=select))
