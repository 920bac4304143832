# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Every branch of Cython's compile-time ``IF``/``ELIF``/``ELSE``, each in a text where it is the one taken.

Cython's parser evaluates a compile-time condition while it parses and
keeps only the branch taken; a name the build defines
(``cythonize(compile_time_env=...)``) and the checker does not know counts
as 0. So ``IF CUDA_CORE_BUILD_MAJOR >= 13:`` parses as its ``ELSE``, and
every rule would pass over the CUDA 13 code. Here each chain of branches is
found from the tokens, and *variants* of the text are written in which each
condition is replaced by the literal ``1`` or ``0``, padded to its length,
so that every line and column stays where it is. Each branch is taken in at
least one variant, nested chains included; the checker checks each variant
and keeps, from each, the findings on the lines of the branches it takes.
"""

from __future__ import annotations

import dataclasses
import tokenize

from cuda_core_guide.source.tokens import LogicalLine, TokenView

__all__ = ["Branch", "Chain", "Variant", "branch_chains", "variants"]

_KEYWORDS = ("IF", "ELIF", "ELSE")


@dataclasses.dataclass(frozen=True)
class Branch:
    """One branch of a compile-time chain.

    Parameters
    ----------
    header : int
        The line of its ``IF``, ``ELIF`` or ``ELSE``.
    condition : tuple of int, or None
        Line, start column and end column (0-based, end exclusive) of the
        condition; ``None`` for ``ELSE``.
    first : int
        The first line of its body.
    last : int
        The last line of its body.
    """

    header: int
    condition: tuple[int, int, int] | None
    first: int
    last: int

    def holds(self, line: int) -> bool:
        """Return whether ``line`` lies in this branch's body.

        Parameters
        ----------
        line : int
            A 1-based line.

        Returns
        -------
        bool
            True from the first to the last line of the body.
        """
        return self.first <= line <= self.last


@dataclasses.dataclass(frozen=True)
class Chain:
    """An ``IF`` with its ``ELIF`` and ``ELSE`` branches, in order.

    Parameters
    ----------
    branches : tuple of Branch
        The branches.
    parent : Branch or None
        The branch of another chain whose body holds this one; ``None`` at
        the top level.
    """

    branches: tuple[Branch, ...]
    parent: Branch | None


@dataclasses.dataclass(frozen=True)
class Variant:
    """A text in which some branches are the ones taken.

    Parameters
    ----------
    text : str
        The source text with every condition replaced by ``1`` or ``0``.
    taken : tuple of Branch
        The branches this text takes, nested ones included.
    """

    text: str
    taken: tuple[Branch, ...]

    def takes(self, line: int) -> bool:
        """Return whether ``line`` lies in a branch this text takes.

        Parameters
        ----------
        line : int
            A 1-based line of the text, inside or outside the compile-time blocks.

        Returns
        -------
        bool
            True if a taken branch's body holds the line.
        """
        return any(branch.holds(line) for branch in self.taken)


def branch_chains(tokens: TokenView) -> list[Chain]:
    """Return the compile-time chains of a Cython file, in the order of their ``IF``.

    Parameters
    ----------
    tokens : TokenView
        The file's tokens.

    Returns
    -------
    list of Chain
        Every chain; empty if the file has none, or if a condition spans
        lines (its literal could not keep the columns of what follows).
    """
    lines = tokens.logical_lines
    chains: list[tuple[list[Branch], Branch | None]] = []
    # The chains whose last branch is still open, by column, outermost first.
    open_chains: dict[int, list[Branch]] = {}
    for number, logical in enumerate(lines):
        first = logical.tokens[0]
        column = first.start[1]
        keyword = first.string if first.type == tokenize.NAME and first.string in _KEYWORDS else None
        continues = keyword in ("ELIF", "ELSE") and column in open_chains
        for indent in [c for c in open_chains if c > column or (c == column and not continues)]:
            del open_chains[indent]
        if keyword is None or (keyword != "IF" and not continues):
            continue  # a stray ELIF or ELSE is the parser's to report
        branch = _branch(logical, keyword, lines, number, column)
        if branch is None:
            return []
        if keyword == "IF":
            parent = open_chains[max(open_chains)][-1] if open_chains else None
            open_chains[column] = [branch]
            chains.append((open_chains[column], parent))
        else:
            open_chains[column].append(branch)
    return [Chain(tuple(branches), parent) for branches, parent in chains]


def variants(text: str, chains: list[Chain]) -> list[Variant]:
    """Return texts that, between them, take every branch of every chain.

    Each text takes, in each chain that it reaches (one outside any branch,
    or inside a branch the same text takes), the first branch that no
    earlier text took; once all were taken, the first that holds a nested
    branch no text took yet, else the first. Each text takes at least one
    branch not taken before, so there are at most as many texts as
    branches, and as few as the longest chain when chains do not nest.

    Parameters
    ----------
    text : str
        The source text.
    chains : list of Chain
        Its chains, from :func:`branch_chains`.

    Returns
    -------
    list of Variant
        The texts; empty if there are no chains.
    """
    untaken = {branch for chain in chains for branch in chain.branches}
    parent_of = {branch: chain.parent for chain in chains for branch in chain.branches}
    result = []
    while untaken:
        # The branches that hold an untaken branch somewhere inside them.
        leading = set()
        for branch in untaken:
            outer = parent_of[branch]
            while outer is not None and outer not in leading:
                leading.add(outer)
                outer = parent_of[outer]
        taken: dict[Branch, None] = {}
        choices: dict[Chain, int] = {}
        for chain in chains:
            if chain.parent is not None and chain.parent not in taken:
                continue  # inside a branch this text does not take
            choice = next((i for i, branch in enumerate(chain.branches) if branch in untaken), None)
            if choice is None:
                choice = next((i for i, branch in enumerate(chain.branches) if branch in leading), 0)
            choices[chain] = choice
            taken[chain.branches[choice]] = None
        untaken.difference_update(taken)
        result.append(Variant(_with_literals(text, chains, choices), tuple(taken)))
    return result


def _branch(logical: LogicalLine, keyword: str, lines: list[LogicalLine], number: int, column: int) -> Branch | None:
    """Return the branch a header line opens, or ``None`` if its condition spans lines."""
    colon = _header_colon(logical)
    if colon is None:
        return None
    condition = None
    if keyword != "ELSE":
        start, end = logical.tokens[1].start, logical.tokens[colon - 1].end
        if start[0] != end[0]:
            return None
        condition = (start[0], start[1], end[1])
    if colon + 1 < len(logical.tokens):
        return Branch(logical.start, condition, logical.start, logical.end)  # `IF X: statement` on one line
    last = logical.end
    for later in range(number + 1, len(lines)):
        if lines[later].tokens[0].start[1] <= column:
            break
        last = lines[later].end
    return Branch(logical.start, condition, logical.end + 1, last)


def _header_colon(logical: LogicalLine) -> int | None:
    """Return the index of the colon that ends a header's condition (outside brackets)."""
    depth = 0
    for index, token in enumerate(logical.tokens):
        if token.type != tokenize.OP:
            continue
        if token.string in "([{":
            depth += 1
        elif token.string in ")]}":
            depth -= 1
        elif token.string == ":" and depth == 0:
            return index
    return None


def _with_literals(text: str, chains: list[Chain], choices: dict[Chain, int]) -> str:
    """Return the text with each condition replaced by ``1`` where its branch is chosen, else ``0``."""
    lines = text.splitlines(keepends=True)
    for chain in chains:
        choice = choices.get(chain, len(chain.branches))
        for index, branch in enumerate(chain.branches):
            if branch.condition is None:
                continue
            line, start, end = branch.condition
            literal = ("1" if index == choice else "0").ljust(end - start)
            row = lines[line - 1]
            lines[line - 1] = row[:start] + literal + row[end:]
    return "".join(lines)
