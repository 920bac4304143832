# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CON001: flags are tested against named constants, not numbers."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes

from cuda_core_guide.config import Config
from cuda_core_guide.rules import Rule, Violation
from cuda_core_guide.rules.cud.tree import tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["NamedFlags"]


class NamedFlags(Rule):
    """Check that no ``&`` expression tests a single bit written as a number.

    ``flags & 4`` says nothing about which flag bit 4 is;
    ``flags & cydriver.CU_EVENT_BLOCKING_SYNC`` does. An operand of ``&``
    that is an integer literal with exactly one bit set (``1``, ``0x10``,
    ``0b100``) is flagged. Masks of several bits (``x & 0xFF``,
    ``offset & 7``) extract fields rather than test flags, and in-place
    ``&=`` changes a value; neither is flagged.
    """

    code = "CON001"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each integer literal used as a flag mask."""
        for node in tree_index(source).of(ExprNodes.BinopNode):
            if getattr(node, "operator", None) != "&":
                continue
            for operand in (node.operand1, node.operand2):
                if isinstance(operand, ExprNodes.IntNode) and _is_single_bit(_literal_value(operand)):
                    yield Violation(
                        nodes.line_of(operand),
                        nodes.column_of(operand),
                        f"the flag test `& {operand.value}` uses a number; use the named constant for the flag",
                    )


def _is_single_bit(value: int | None) -> bool:
    """Return whether ``value`` is a positive power of two."""
    return value is not None and value > 0 and value & (value - 1) == 0


def _literal_value(node: ExprNodes.IntNode) -> int | None:
    """Return the value of an integer literal, or ``None`` if it cannot be read."""
    text = str(node.value).rstrip("uUlL")
    try:
        return int(text, 0)
    except ValueError:
        try:
            return int(text, 10)
        except ValueError:
            return None
