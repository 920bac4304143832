# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A rule's text as the terminal shows it: its body as plain text, with the code its examples quote.

The rule catalog (:mod:`cuda_core_guide.guide.catalog`) stores this text, which
``cuda-core-guide rule CODE`` prints and the wheel carries. An example's
``:include:`` is quoted from under the root folder only
(:mod:`cuda_core_guide.guide.includes`); an include that cannot be quoted is a
:class:`~cuda_core_guide.guide.myst.MystError` at the example's line, which the
command reports as an error, not a traceback.
"""

from __future__ import annotations

from pathlib import Path

from cuda_core_guide.guide.chapters import RuleDoc
from cuda_core_guide.guide.excerpts import ExcerptError
from cuda_core_guide.guide.includes import quote_include
from cuda_core_guide.guide.myst import MystError
from cuda_core_guide.guide.plaintext import render_markdown

__all__ = ["rule_text"]


def rule_text(rule: RuleDoc, root: Path) -> str:
    """Render a rule's body as plain text, quoting its examples' includes.

    Parameters
    ----------
    rule : RuleDoc
        The rule, as its chapter's directive defines it.
    root : Path
        The folder that ``:include:`` paths are relative to.

    Returns
    -------
    str
        The wrapped text, examples included.

    Raises
    ------
    cuda_core_guide.guide.myst.MystError
        If an example's include lies outside ``root``, or names a file or
        symbol that does not exist.
    """
    quotes: dict[tuple[str, str | None], str] = {}
    for example in rule.examples:
        include = example.options.get("include")
        if include is not None:
            symbol = example.options.get("symbol")
            quotes[include, symbol] = _quote(root, include, symbol, example.path, example.line)

    def quote(include: str, symbol: str | None) -> str:
        if (include, symbol) not in quotes:
            quotes[include, symbol] = _quote(root, include, symbol, rule.path, rule.line)
        return quotes[include, symbol]

    return render_markdown(rule.body, include=quote)


def _quote(root: Path, include: str, symbol: str | None, path: str, line: int) -> str:
    """Return what an include quotes; one that cannot be quoted is an error at ``path:line``."""
    try:
        return quote_include(root, include, symbol).text
    except ExcerptError as exc:
        raise MystError(path, line, str(exc)) from None
