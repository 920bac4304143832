# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""CON003: strings are mapped to constants with a dictionary, not an ``if``/``elif`` chain.

The rule reads ``if``/``elif`` chains of at least three clauses that each
compare the same name or attribute with a string literal (``kind ==
"rw"``) and whose bodies are each one statement that only produces a
constant: all ``return <constant>``, or all ``<same target> =
<constant>``, where a constant is a literal or a (dotted) name such as
``driver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READ``. Such a chain
is a table written as code. A chain whose branches call functions or do
more than one thing chooses what to do, and is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import ExprNodes, Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import statement_start, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["StringTable"]

_MIN_CLAUSES = 3
_STRINGS = (ExprNodes.UnicodeNode, ExprNodes.BytesNode)


class StringTable(Rule):
    """Check that no ``if``/``elif`` chain translates string literals to constants."""

    code = "CON003"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each ``if`` of a chain that maps string literals to constants."""
        for node in tree_index(source).of(Nodes.IfStatNode):
            clauses = node.if_clauses
            if len(clauses) < _MIN_CLAUSES:
                continue
            compared = {_compared_name(clause.condition) for clause in clauses}
            outcomes = {_outcome(clause.body) for clause in clauses}
            if len(compared) != 1 or None in compared or len(outcomes) != 1 or None in outcomes:
                continue
            name = compared.pop()
            line, column = statement_start(source, node, "if")
            yield Violation(
                line,
                column,
                f"this `if`/`elif` chain maps {len(clauses)} strings compared with `{name}` to constants; put "
                "the pairs in a module-level dictionary and look the key up in it (for an unknown key, raise "
                "`ValueError` naming the valid keys, or use `.get` with the default)",
            )


def _compared_name(condition: Nodes.Node) -> str | None:
    """Return ``name`` if a condition is ``name == "literal"`` or ``"literal" == name``."""
    if not isinstance(condition, ExprNodes.PrimaryCmpNode) or condition.operator != "==" or condition.cascade:
        return None
    for name, literal in ((condition.operand1, condition.operand2), (condition.operand2, condition.operand1)):
        if isinstance(literal, _STRINGS):
            dotted = nodes.dotted_name(name)
            if dotted is not None:
                return dotted
    return None


def _outcome(body: Nodes.Node) -> str | None:
    """Return ``"return"`` or ``"= target"`` if a clause body is one statement producing a constant."""
    statements = nodes.flatten(body)
    if len(statements) != 1:
        return None
    statement = statements[0]
    if isinstance(statement, Nodes.ReturnStatNode) and _is_constant(statement.value):
        return "return"
    if isinstance(statement, Nodes.SingleAssignmentNode) and _is_constant(statement.rhs):
        target = nodes.dotted_name(statement.lhs)
        return f"= {target}" if target is not None else None
    return None


def _is_constant(value: Nodes.Node | None) -> bool:
    """Return whether an expression is a literal or a (dotted) name."""
    if value is None:
        return False
    return isinstance(value, ExprNodes.ConstNode) or nodes.dotted_name(value) is not None
