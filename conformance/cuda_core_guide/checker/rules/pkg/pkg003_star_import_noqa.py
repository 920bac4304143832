# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""PKG003: star imports in a package ``__init__.py`` carry ``# noqa: F403``."""

from __future__ import annotations

from collections.abc import Iterator

from Cython.Compiler import Nodes

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.fixes import Fix
from cuda_core_guide.checker.rules import Rule, Violation, offset_of
from cuda_core_guide.source import SourceFile, nodes
from cuda_core_guide.source.definitions import logical_line_containing
from cuda_core_guide.source.import_section import describe_statement

__all__ = ["StarImportNoqa"]

_STAR_IMPORT_CODE = "F403"


class StarImportNoqa(Rule):
    """Check that every ``from x import *`` in an ``__init__.py`` has a ``# noqa`` naming F403."""

    code = "PKG003"
    kinds = frozenset({"py"})
    fixable = True

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each star import whose lines carry no ``# noqa: F403``."""
        if not source.is_package_init:
            return
        for node in source.nodes:
            if not isinstance(node, Nodes.FromImportStatNode) or not any(name == "*" for name, _ in node.items):
                continue
            logical = logical_line_containing(source, nodes.line_of(node))
            start, end = (logical.start, logical.end) if logical is not None else (nodes.line_of(node),) * 2
            if any(_names_f403(source, line) for line in range(start, end + 1)):
                continue
            column = logical.tokens[0].start[1] + 1 if logical is not None else 1
            yield Violation(start, column, f"star import `{describe_statement(node)}` lacks `# noqa: F403`")

    def fix(self, source: SourceFile, config: Config, violation: Violation) -> Fix | None:
        """Append ``# noqa: F403`` to the star import's last line, if that line has no comment yet.

        A line that has a comment (another ``# noqa``, a ``# type:``) is left
        alone: how the two should be combined is its author's choice.
        """
        logical = logical_line_containing(source, violation.line)
        if logical is None or logical.start != violation.line:
            return None
        last = logical.tokens[-1]
        line = last.end[0]
        if line in source.tokens.comments or source.line_text(line)[last.end[1] :].strip():
            return None
        start = offset_of(source, line, last.end[1])
        end = offset_of(source, line, len(source.line_text(line)))
        return Fix.replace(start, end, f"  # noqa: {_STAR_IMPORT_CODE}")


def _names_f403(source: SourceFile, line: int) -> bool:
    """Return whether the ``# noqa`` comment on ``line`` names F403."""
    suppression = source.suppression(line)
    return suppression is not None and _STAR_IMPORT_CODE in suppression.codes
