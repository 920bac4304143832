# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CON001: flags are tested against named constants, not numbers."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import tree_index
from cuda_core_guide.source import SourceFile

__all__ = ["NamedFlags"]


class NamedFlags(Rule):
    """Check that no ``&`` expression tests a single bit written as a number.

    ``flags & 4`` says nothing about which flag bit 4 is;
    ``flags & cydriver.CU_EVENT_BLOCKING_SYNC`` does. An operand of ``&``
    that is an integer literal with exactly one bit set (``1``, ``0x10``,
    ``0b100``) is flagged when the other operand is a stored value (a name,
    an attribute, an item). These are not flag tests and are not flagged:
    masks of several bits (``x & 0xFF``, ``offset & 7``), which extract
    fields; a bit taken out of arithmetic (``(x >> 3) & 1``); ``& 1`` on a
    value whose name does not say it holds flags (``size & 1`` tests
    parity); and in-place ``&=``, which changes a value.
    """

    code = "CON001"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each integer literal used as a flag mask."""
        for node in tree_index(source).of(ExprNodes.BinopNode):
            if getattr(node, "operator", None) != "&":
                continue
            for operand, other in ((node.operand1, node.operand2), (node.operand2, node.operand1)):
                if isinstance(operand, ExprNodes.IntNode) and _is_flag_test(_literal_value(operand), other):
                    yield Violation.at(
                        operand,
                        f"the flag test `& {operand.value}` uses a number; use the named constant for the flag",
                    )


def _is_flag_test(value: int | None, other: ExprNodes.ExprNode) -> bool:
    """Return whether ``other & value`` tests one flag bit of a stored flags word."""
    if not _is_single_bit(value):
        return False
    name = _stored_name(other)
    if name is None:
        return False  # arithmetic, a call, a literal: bit extraction, not a stored flags word
    return value != 1 or "flag" in name.lower()


def _stored_name(node: ExprNodes.ExprNode) -> str | None:
    """Return the name of a stored value (``x``, ``obj.flags``, ``flags[i]``), or ``None`` for anything else."""
    if isinstance(node, ExprNodes.IndexNode):
        node = node.base
    if isinstance(node, ExprNodes.NameNode):
        return node.name
    if isinstance(node, ExprNodes.AttributeNode):
        return node.attribute
    return None


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
