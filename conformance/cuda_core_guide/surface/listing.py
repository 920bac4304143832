# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide's list of the reference implementation's surface differences from upstream, and its check.

Every difference between the reference's surface and upstream's must be
listed in one of three categories:

- *deliberate*: named by a deliberate difference of
  ``guide/_data/differences.toml`` (its ``surface`` keys), which gives the
  reason and the rule;
- *deferred*: matched by a ``[[deferred]]`` group of the same file, one
  of the groups that the reference leaves for later
  (:data:`DEFERRABLE_GROUPS`), with the count of the differences it covers;
- *pending*: listed in ``guide/_data/surface_pending.toml``, what the
  reference does not implement yet (issue 15). That file is written by
  ``python -m cuda_core_guide.surface --write-pending`` from the current
  differences, and entries leave it as the reference catches up.

The check is a ratchet: a difference that no category lists fails it, and
so does an entry that is no longer a difference, or a deferred count that
no longer holds.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide.guide.data import read_data
from cuda_core_guide.guide.differences import DIFFERENCES_DATA, read_differences
from cuda_core_guide.guide.myst import MystError
from cuda_core_guide.surface.compare import SurfaceDifference

__all__ = [
    "DEFERRABLE_GROUPS",
    "PENDING_DATA",
    "PENDING_ISSUE",
    "DeferredGroup",
    "SurfaceListing",
    "check_listing",
    "read_listing",
    "unexplained",
    "write_pending",
]

PENDING_DATA = "_data/surface_pending.toml"
"""The list of what the reference does not implement yet, relative to the guide's chapter folder."""

PENDING_ISSUE = 15
"""The issue that tracks the pending differences."""

DEFERRABLE_GROUPS = {
    "nvml": "cuda.core.system (NVML)",
    "graphics": "graphics interoperability",
    "texture": "texture and surface objects",
}
"""The only groups of upstream's API that may be deferred, with what each is."""


@dataclasses.dataclass(frozen=True)
class DeferredGroup:
    """A group of upstream's API that the reference leaves for later.

    Parameters
    ----------
    group : str
        One of :data:`DEFERRABLE_GROUPS`.
    why : str
        Why it is deferred (MyST inline markup).
    names : tuple of str
        :mod:`fnmatch` patterns over the differences' names (``cuda.core.system:*``).
    count : int
        How many differences the patterns match.
    """

    group: str
    why: str
    names: tuple[str, ...]
    count: int

    def matches(self, difference: SurfaceDifference) -> bool:
        """Tell whether a difference falls in the group.

        Parameters
        ----------
        difference : SurfaceDifference
            A difference of the public surface (``missing cuda.core:Buffer``).

        Returns
        -------
        bool
            Whether one of the group's patterns matches its name.
        """
        return any(fnmatch.fnmatchcase(difference.name, pattern) for pattern in self.names)


@dataclasses.dataclass(frozen=True)
class SurfaceListing:
    """The three categories of listed surface differences.

    Parameters
    ----------
    deliberate : dict of str to str
        Each listed key, to the ID of the deliberate difference that names it.
    deferred : tuple of DeferredGroup
        The deferred groups.
    pending : tuple of str
        The keys of the differences not implemented yet.
    """

    deliberate: dict[str, str]
    deferred: tuple[DeferredGroup, ...]
    pending: tuple[str, ...]


def read_listing(guide: Path) -> SurfaceListing:
    """Return the guide's listed surface differences.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder.

    Returns
    -------
    SurfaceListing
        The three categories; each is empty where the guide lists none.

    Raises
    ------
    MystError
        If a data file is malformed, a deferred group is not one of
        :data:`DEFERRABLE_GROUPS`, or a key is listed twice.
    """
    deliberate: dict[str, str] = {}
    for difference in read_differences(guide).values():
        for key in difference.surface:
            _check_unlisted(guide / DIFFERENCES_DATA, key, deliberate)
            deliberate[key] = difference.id
    groups = read_data(guide, DIFFERENCES_DATA).get("deferred", [])
    deferred = tuple(_deferred_group(guide / DIFFERENCES_DATA, entry) for entry in groups)
    pending: list[str] = []
    for key in read_data(guide, PENDING_DATA).get("differences", []):
        _check_unlisted(guide / PENDING_DATA, key, {**deliberate, **dict.fromkeys(pending, "pending")})
        pending.append(key)
    return SurfaceListing(deliberate, deferred, tuple(pending))


def check_listing(differences: Sequence[SurfaceDifference], listing: SurfaceListing) -> list[str]:
    """Return what is wrong with the listing, given the current differences.

    Parameters
    ----------
    differences : sequence of SurfaceDifference
        The reference's differences from upstream.
    listing : SurfaceListing
        What the guide lists.

    Returns
    -------
    list of str
        One line per problem: a difference no category lists, a listed key
        that is no longer a difference (stale), a deferred group whose count
        is wrong, a key in two categories. Empty when the listing is exact.
    """
    problems: list[str] = []
    current = {difference.key for difference in differences}
    for difference in differences:
        groups = [group.group for group in listing.deferred if group.matches(difference)]
        categories = [
            *(
                [f"deliberate difference {listing.deliberate[difference.key]}"]
                if difference.key in listing.deliberate
                else []
            ),
            *(f"deferred group {group}" for group in groups),
            *(["pending"] if difference.key in listing.pending else []),
        ]
        if not categories:
            problems.append(f"not listed: {difference}")
        elif len(categories) > 1:
            problems.append(f"listed more than once ({', '.join(categories)}): {difference.key}")
    for key, identifier in listing.deliberate.items():
        if key not in current:
            problems.append(f"stale: deliberate difference {identifier} names {key}, which is no longer a difference")
    problems.extend(
        f"stale: {key} is listed as not yet implemented, but it is no longer a difference (remove it: "
        "python -m cuda_core_guide.surface --write-pending)"
        for key in listing.pending
        if key not in current
    )
    for group in listing.deferred:
        matched = sum(1 for difference in differences if group.matches(difference))
        if matched != group.count:
            problems.append(
                f"deferred group {group.group} covers {matched} differences, but its count says {group.count}"
            )
    return problems


def unexplained(differences: Sequence[SurfaceDifference], listing: SurfaceListing) -> list[SurfaceDifference]:
    """Return the differences that neither a deliberate difference nor a deferred group accounts for.

    Parameters
    ----------
    differences : sequence of SurfaceDifference
        The reference's differences from upstream.
    listing : SurfaceListing
        What the guide lists; its pending entries are ignored.

    Returns
    -------
    list of SurfaceDifference
        What the pending list should hold, in order.
    """
    return [
        difference
        for difference in differences
        if difference.key not in listing.deliberate and not any(group.matches(difference) for group in listing.deferred)
    ]


def write_pending(guide: Path, pending: Sequence[SurfaceDifference]) -> Path:
    """Rewrite the list of what the reference does not implement yet.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder.
    pending : sequence of SurfaceDifference
        The differences to list, as :func:`unexplained` gives them.

    Returns
    -------
    Path
        The file written.
    """
    path = guide / PENDING_DATA
    lines = [
        "# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors",
        "# SPDX-License-Identifier: Apache-2.0",
        "#",
        f"# What the reference implementation does not implement yet (issue {PENDING_ISSUE}): the",
        "# differences of its public surface from upstream cuda-core's that no deliberate",
        "# difference and no deferred group of differences.toml accounts for. Written by",
        "#     python -m cuda_core_guide.surface --write-pending",
        "# with the reference installed; entries leave as the reference catches up.",
        "",
        f"issue = {PENDING_ISSUE}",
        "differences = [",
        *(f'    "{difference.key}",' for difference in sorted(pending)),
        "]",
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _check_unlisted(path: Path, key: str, listed: dict[str, str]) -> None:
    """Raise if a key is already listed."""
    if key in listed:
        raise MystError(str(path), 0, f"{key} is listed twice")


def _deferred_group(path: Path, entry: dict[str, object]) -> DeferredGroup:
    """Return a ``[[deferred]]`` entry, checked."""
    group = entry.get("group")
    if group not in DEFERRABLE_GROUPS:
        raise MystError(str(path), 0, f"deferred group {group!r} is not one of {', '.join(DEFERRABLE_GROUPS)}")
    names = entry.get("names")
    count = entry.get("count")
    why = entry.get("why")
    if not isinstance(names, list) or not names or not isinstance(count, int) or not isinstance(why, str):
        raise MystError(str(path), 0, f"deferred group {group}: needs names (a list), count (an integer) and why")
    return DeferredGroup(str(group), why, tuple(str(name) for name in names), count)
