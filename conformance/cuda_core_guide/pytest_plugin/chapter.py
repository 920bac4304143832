# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A guide chapter as a pytest file: one item per example and kind of test.

Each example becomes an item of its kind (``avoid``, ``prefer``,
``runnable``); a Cython example that is a whole module also becomes a
``compile`` item. The items' classes, one module per kind, hold the tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cuda_core_guide.examples.check import example_problems
from cuda_core_guide.guide.chapters import examples_of
from cuda_core_guide.guide.differences import Difference, read_differences
from cuda_core_guide.guide.markup import check_markup
from cuda_core_guide.guide.myst import MystError, parse_directives
from cuda_core_guide.implementation import implementation_under_test
from cuda_core_guide.pytest_plugin.avoid import AvoidExample
from cuda_core_guide.pytest_plugin.compiled import CompiledExample
from cuda_core_guide.pytest_plugin.items import GuideExample
from cuda_core_guide.pytest_plugin.prefer import PreferExample
from cuda_core_guide.pytest_plugin.runnable import RunnableExample

__all__ = ["GuideChapter"]

_ITEM_CLASSES: dict[str, type[GuideExample]] = {
    "avoid": AvoidExample,
    "prefer": PreferExample,
    "runnable": RunnableExample,
    "compile": CompiledExample,
}
"""The item class of each kind of test."""


class GuideChapter(pytest.File):
    """A guide chapter; its examples are the tests."""

    def collect(self) -> Iterator[GuideExample]:
        """Yield the items of every example of the chapter."""
        text = self.path.read_text(encoding="utf-8")
        try:
            check_markup(text, str(self.path))
            examples = examples_of(parse_directives(text, str(self.path)), str(self.path))
            differences = read_differences(self.path.parent)
        except MystError as exc:
            raise self.CollectError(str(exc)) from None
        for example in examples:
            problems = example_problems(example, differences)
            if problems:
                raise self.CollectError(f"{example.path}:{example.line}: {'; '.join(problems)}")
            kinds = [example.kind, *(["compile"] if example.compiled or example.compile_error else [])]
            for kind in kinds:
                name = f"{kind}[{example.rule or 'example'}:line{example.line}]"
                item = _ITEM_CLASSES[kind].from_parent(self, name=name, example=example)
                if kind == "runnable":
                    item.add_marker(pytest.mark.gpu)
                    _mark_upstream_difference(item, differences)
                yield item


def _mark_upstream_difference(item: GuideExample, differences: dict[str, Difference]) -> None:
    """Expect upstream ``cuda.core`` to fail a runnable example that names a deliberate difference."""
    name = item.example.upstream_difference
    under_test = implementation_under_test()
    if name and under_test is not None and under_test[0] == "upstream":
        item.add_marker(pytest.mark.xfail(strict=True, reason=f"deliberate difference {differences[name]}"))
