# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What the checker reports: findings and their levels."""

from __future__ import annotations

import dataclasses
import enum

__all__ = ["Finding", "Level"]


class Level(enum.StrEnum):
    """Say how strongly the guide asks for a rule.

    ``required`` rules translate the guide's "must"; ``recommended`` rules its
    "should", "prefer" and "suggested".
    """

    REQUIRED = "required"
    RECOMMENDED = "recommended"


@dataclasses.dataclass(frozen=True, order=True)
class Finding:
    """Describe one place where a file breaks a rule.

    Parameters
    ----------
    path : str
        The file, as the user named it (relative paths stay relative).
    line : int
        The 1-based line of the offending code.
    column : int
        The 1-based column of the offending code.
    rule : str
        The rule's code, such as ``IMP001``.
    message : str
        What is wrong, naming the offending name or value.
    level : Level
        The rule's level after configuration.
    """

    path: str
    line: int
    column: int
    rule: str
    message: str
    level: Level = Level.REQUIRED

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.rule} {self.message}"

    def as_dict(self) -> dict[str, object]:
        """Return the finding as the JSON object the CLI prints.

        Returns
        -------
        dict
            The keys ``path``, ``line``, ``column``, ``rule``, ``level`` and
            ``message``.
        """
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "level": str(self.level),
            "message": self.message,
        }
