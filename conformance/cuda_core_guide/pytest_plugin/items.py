# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Test items made from guide examples."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cuda_core_guide.example_check import example_code, example_findings
from cuda_core_guide.excerpts import ExcerptError
from cuda_core_guide.findings import Finding
from cuda_core_guide.guide_rules import Example, examples_of, include_root
from cuda_core_guide.myst import MystError, parse_directives
from cuda_core_guide.rules import is_checked

__all__ = ["ExampleFailure", "GuideChapter", "GuideExample"]


class ExampleFailure(AssertionError):
    """Say why a guide example does not behave as its kind promises."""


class GuideChapter(pytest.File):
    """A guide chapter; its examples are the tests."""

    def collect(self) -> Iterator[GuideExample]:
        """Yield one item per example of the chapter."""
        text = self.path.read_text(encoding="utf-8")
        try:
            examples = examples_of(parse_directives(text, str(self.path)), str(self.path))
        except MystError as exc:
            raise self.CollectError(str(exc)) from None
        for example in examples:
            name = f"{example.kind}[{example.rule or 'example'}:line{example.line}]"
            item = GuideExample.from_parent(self, name=name, example=example)
            if example.kind == "runnable":
                item.add_marker(pytest.mark.gpu)
            yield item


class GuideExample(pytest.Item):
    """One example, tested according to its kind.

    Parameters
    ----------
    example : Example
        The example.
    **kwargs
        Passed to :class:`pytest.Item`.
    """

    def __init__(self, *, example: Example, **kwargs) -> None:
        super().__init__(**kwargs)
        self.example = example

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: str | None = None) -> str:
        """Show the example's location, its code and what went wrong."""
        if not isinstance(excinfo.value, ExampleFailure):
            return super().repr_failure(excinfo, style)
        try:
            code = self.code()
        except ExampleFailure:
            return f"{self.example.path}:{self.example.line}: {excinfo.value}"
        numbered = "\n".join(f"{n:4d} | {line}" for n, line in enumerate(code.splitlines(), 1))
        return f"{self.example.path}:{self.example.line}: {excinfo.value}\n\n{numbered}"

    def reportinfo(self) -> tuple[Path, int, str]:
        """Point reports at the example's directive."""
        return self.path, self.example.line - 1, f"{self.example.kind} example for {self.example.rule}"

    def runtest(self) -> None:
        """Check or run the example."""
        if self.example.kind == "runnable":
            self._run()
        elif self.example.kind == "avoid":
            self._check_avoid()
        else:
            self._check_prefer()

    def code(self) -> str:
        """Return the example's code, taking an ``include`` from the repository."""
        try:
            return example_code(self.example, include_root(self.path))
        except ExcerptError as exc:
            raise ExampleFailure(str(exc)) from None

    def _findings(self, select: tuple[str, ...]) -> list[Finding]:
        """Run the checker over the example with ``select`` rules."""
        return example_findings(self.example, include_root(self.path), select, self.code())

    def _check_avoid(self) -> None:
        """An avoid example must be flagged with its rule's code (or parse, if unchecked)."""
        rule = self._rule()
        if not is_checked(rule):
            self._check_parses()
            return
        findings = self._findings((rule, "SYN"))
        syntax = [f for f in findings if f.rule.startswith("SYN") and f.rule != rule]
        if syntax:
            raise ExampleFailure(f"the avoid example does not parse: {_lines(syntax)}")
        if not any(f.rule == rule for f in findings):
            raise ExampleFailure(f"the checker does not flag this avoid example with {rule}")

    def _check_prefer(self) -> None:
        """A preferred example must not be flagged (by any rule, with ``:all-rules:``)."""
        rule = self._rule()
        strict = "all-rules" in self.example.options
        if not strict and not is_checked(rule):
            self._check_parses()
            return
        findings = self._findings(("ALL",) if strict else (rule, "SYN"))
        if findings:
            raise ExampleFailure(f"the checker flags this preferred example:\n{_lines(findings)}")

    def _check_parses(self) -> None:
        """An example of an unchecked rule must still be valid Cython or Python."""
        findings = self._findings(("SYN",))
        if findings:
            raise ExampleFailure(f"the example does not parse: {_lines(findings)}")

    def _rule(self) -> str:
        """Return the rule the example illustrates."""
        if not self.example.rule:
            raise ExampleFailure(f"{self.example.kind} example belongs to no rule; name one as its argument")
        return self.example.rule

    def _run(self) -> None:
        """Execute a runnable example in a fresh namespace."""
        code = compile(self.code(), f"{self.example.path}:{self.example.line}", "exec")
        exec(code, {"__name__": "__guide_example__"})


def _lines(findings: list[Finding]) -> str:
    """Format findings one per line, relative to the example."""
    return "\n".join(f"  line {f.line}: {f.rule} {f.message}" for f in findings)
