# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The codes of rules the guide has taken back, which are never used again.

``guide/_data/retired_rules.toml`` lists them, one ``[[retired]]`` table
each: the code, the title the rule had, and why it was taken back. The
rule scaffold refuses a retired code, the tests fail if a chapter or a
checker rule defines one again, and the ``retired-rules`` directive lists
them in the onboarding chapter.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cuda_core_guide.guide.data import RULE_CODE, data_entries
from cuda_core_guide.guide.myst import MystError

__all__ = ["RETIRED_DATA", "RetiredRule", "read_retired"]

RETIRED_DATA = "_data/retired_rules.toml"
"""The data file of the retired codes, relative to the guide's chapter folder (``guide/``)."""


@dataclasses.dataclass(frozen=True)
class RetiredRule:
    """A rule the guide has taken back.

    Parameters
    ----------
    code : str
        Its code (``IMP010``), which no rule may have again.
    title : str
        The title the rule had in its chapter.
    why : str
        Why it was taken back, in MyST inline markup.
    """

    code: str
    title: str
    why: str


def read_retired(guide: Path) -> dict[str, RetiredRule]:
    """Return the retired rules the guide lists, by code.

    Parameters
    ----------
    guide : Path
        The folder of the chapters; its ``_data/retired_rules.toml`` lists the codes.

    Returns
    -------
    dict of str to RetiredRule
        The retired rules, in the file's order; empty if the guide has no data file.

    Raises
    ------
    MystError
        If the file is not valid TOML, an entry lacks a field or has a
        malformed code, or a code is listed twice.
    """
    path = str(guide / RETIRED_DATA)
    found: dict[str, RetiredRule] = {}
    for entry in data_entries(guide, RETIRED_DATA, "retired", ("code", "title", "why"), "retired rule"):
        if not RULE_CODE.fullmatch(entry["code"]):
            raise MystError(path, 0, f"retired rule {entry['code']!r}: the code must be like ERR005")
        if entry["code"] in found:
            raise MystError(path, 0, f"retired rule {entry['code']} is listed twice")
        found[entry["code"]] = RetiredRule(entry["code"], entry["title"], entry["why"])
    return found
