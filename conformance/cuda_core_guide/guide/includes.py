# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find the file an example's ``:include:`` names, never outside the folder that includes are relative to.

An ``include`` path is relative to a root folder (the repository, or
``cuda_core_guide_include_root`` on a site). The guide quotes its own
repository only: a path whose real location, symbolic links followed,
lies outside the root (``../../etc/hostname``, an absolute path, a link
that points away) is refused before the file is opened, by the site, the
pytest plugin and the rule catalog alike.
"""

from __future__ import annotations

from pathlib import Path

from cuda_core_guide.guide.excerpts import Excerpt, ExcerptError, excerpt

__all__ = ["IncludeOutsideRoot", "include_path", "quote_include"]


class IncludeOutsideRoot(ExcerptError):
    """Report an ``include`` whose file lies outside the folder that includes are relative to."""


def include_path(root: Path, include: str) -> Path:
    """Return the real path of the file an ``include`` names.

    Parameters
    ----------
    root : Path
        The folder that ``include`` is relative to.
    include : str
        The ``include`` option, as the guide writes it.

    Returns
    -------
    Path
        The file, symbolic links resolved; it lies inside ``root``.

    Raises
    ------
    IncludeOutsideRoot
        If the file lies outside ``root``.
    """
    base = Path(root).resolve()
    path = (base / include).resolve()
    if not path.is_relative_to(base):
        raise IncludeOutsideRoot(f":include: {include!r} resolves to {path}, outside the include root {base}")
    return path


def quote_include(root: Path, include: str, symbol: str | None = None) -> Excerpt:
    """Return the text an ``include`` (and ``symbol``) quotes.

    Parameters
    ----------
    root : Path
        The folder that ``include`` is relative to.
    include : str
        The ``include`` option.
    symbol : str, optional
        The ``symbol`` option: one definition of the file.

    Returns
    -------
    Excerpt
        The whole file, or the definition.

    Raises
    ------
    IncludeOutsideRoot
        If the file lies outside ``root``; it is not read.
    cuda_core_guide.guide.excerpts.ExcerptError
        If the file cannot be read or parsed, or has no such symbol.
    """
    return excerpt(include_path(root, include), symbol)
