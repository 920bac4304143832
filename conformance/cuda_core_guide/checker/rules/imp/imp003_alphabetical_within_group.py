# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""IMP003: within a group, imports are sorted alphabetically by module."""

from __future__ import annotations

import tokenize
from collections.abc import Callable, Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation, offset_of
from cuda_core_guide.checker.rules.imp.ordering import misplaced, subgroup
from cuda_core_guide.source import SourceFile
from cuda_core_guide.source.import_section import ImportUnit, import_section
from cuda_core_guide.source.imports import Group, ImportStatement

__all__ = ["AlphabeticalWithinGroup"]


def _by_name(statement: ImportStatement) -> tuple:
    """Sort by module name alone, ``import x`` and ``from x import`` interleaved (the guide's order)."""
    return (statement.bare_module.lower(),)


def _imports_first(statement: ImportStatement) -> tuple:
    """Sort ``import x`` before ``from x import``, then by name (ruff's and isort's default)."""
    return (statement.is_from, statement.bare_module.lower())


def _relative_last(statement: ImportStatement) -> tuple:
    """Sort relative imports after absolute ones, furthest first, then by name."""
    return (statement.is_relative, -_level(statement), statement.bare_module.lower())


def _imports_first_relative_last(statement: ImportStatement) -> tuple:
    """Sort as ruff does by default: absolute ``import x``, absolute ``from``, then relative imports."""
    return (statement.is_relative, statement.is_from, -_level(statement), statement.bare_module.lower())


_ORDERS: tuple[Callable[[ImportStatement], tuple], ...] = (
    _by_name,
    _imports_first,
    _relative_last,
    _imports_first_relative_last,
)
"""Orders a group may follow; the first is the guide's, the others what ruff and isort produce."""


class AlphabeticalWithinGroup(Rule):
    """Check that each run of imports of one group is sorted by module name, case-insensitively.

    The guide's order interleaves ``import x`` and ``from x import`` by
    name and ignores the dots of relative imports; the orders that ruff's
    and isort's defaults produce (``import`` statements first, relative
    imports last, standard library before third-party packages) are
    accepted too. External cimports sort within Cython's own and within the
    third-party ones; ``try``/``if`` import blocks are not sorted and end a
    run.
    """

    code = "IMP003"
    settings = ("first-party",)
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each import that has to move for its run to be sorted."""
        for run in _runs(import_section(source).units, config.first_party):
            statements = [unit.statement for unit in run]
            parts = [subgroup(statement, config.first_party) for statement in statements]
            outcomes = [misplaced([order(s) for s in statements]) for order in _ORDERS]
            outcomes += [
                misplaced([(p, *order(s)) for p, s in zip(parts, statements, strict=True)]) for order in _ORDERS
            ]
            found = min(outcomes, key=len)
            for item in found:
                unit, other = run[item.index], run[item.other]
                group = unit.statement.group(config.first_party)
                where = item.destination(lambda at, run=run: run[at].describe())
                yield Violation(
                    unit.start,
                    unit.column,
                    f"{unit.describe()} comes {item.relation} {other.describe()}; "
                    f"{where} ({group.title} sort alphabetically by module)",
                )

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Sort the run of the misplaced import by module name, the guide's order.

        Only a run of single-line and parenthesised import statements, one
        per line, one after the other, with no comment line or blank line
        between them, is sorted: each statement moves with its own trailing
        comment, and nothing else is on the lines. Any other run is left to
        the author.
        """
        for run in _runs(import_section(source).units, config.first_party):
            if any(unit.start == violation.line for unit in run):
                return _sorted_run(source, run)
        return None


def _sorted_run(source: SourceFile, run: list[ImportUnit]) -> Fix | None:
    """Return the fix that rewrites a run of imports in the guide's order, or ``None`` if it is not certain."""
    if any(unit.is_block or unit.column != 1 for unit in run):
        return None
    if any(later.start != earlier.end + 1 for earlier, later in zip(run, run[1:], strict=False)):
        return None  # a comment line, a blank line or a second statement on a line lies between
    if any(len(unit.statements) != 1 or _shares_line(source, unit) for unit in run):
        return None
    texts = [source.text[offset_of(source, unit.start) : offset_of(source, unit.end + 1)] for unit in run]
    if not texts[-1].endswith(("\n", "\r")):
        return None  # the file ends on the last import, without a line break
    order = sorted(range(len(run)), key=lambda index: _by_name(run[index].statement))
    start, end = offset_of(source, run[0].start), offset_of(source, run[-1].end + 1)
    return Fix.replace(start, end, "".join(texts[index] for index in order))


def _shares_line(source: SourceFile, unit: ImportUnit) -> bool:
    """Return whether another statement shares a line with the unit (``import a; x = 1``)."""
    logical = source.logical_line(unit.start)
    if logical is None or logical.start != unit.start or logical.end != unit.end:
        return True
    return any(token.type == tokenize.OP and token.string == ";" for token in logical.tokens)


def _runs(units: tuple[ImportUnit, ...], first_party: tuple[str, ...]) -> list[list[ImportUnit]]:
    """Split the section into runs of consecutive import statements of one group (and subgroup)."""
    runs: list[list[ImportUnit]] = []
    current: list[ImportUnit] = []
    current_key = None
    for unit in units:
        if unit.is_block:
            current, current_key = [], None
            continue
        key = _run_key(unit.statement, first_party)
        if key != current_key:
            current, current_key = [], key
            runs.append(current)
        current.append(unit)
    return [run for run in runs if len(run) > 1]


def _run_key(statement: ImportStatement, first_party: tuple[str, ...]) -> tuple:
    """Return what a run shares: the group, and for external cimports, Cython's own or not."""
    group = statement.group(first_party)
    if group is Group.EXTERNAL_CIMPORT:
        return (group, subgroup(statement, first_party))
    return (group,)


def _level(statement: ImportStatement) -> int:
    """Return the number of leading dots of a relative import."""
    return len(statement.module) - len(statement.bare_module)
