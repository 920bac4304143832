# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The test item of a guide example: what every kind of test shares (its code, its location, its failures)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest

from cuda_core_guide.examples.check import ExampleFailure, example_code
from cuda_core_guide.guide.chapters import Example, include_root
from cuda_core_guide.guide.excerpts import ExcerptError

__all__ = ["GuideExample"]


class GuideExample(pytest.Item):
    """One test of one example; subclasses, one per kind of test, implement :meth:`runtest`.

    Parameters
    ----------
    example : Example
        The example.
    **kwargs
        Passed to :class:`pytest.Item`.
    """

    kind: ClassVar[str]
    """``avoid``, ``prefer``, ``runnable`` or ``compile``."""

    def __init__(self, *, example: Example, **kwargs) -> None:
        super().__init__(**kwargs)
        self.example = example
        self.user_properties.append(("example", example.digest))
        self.user_properties.append(("kind", self.kind))

    def runtest(self) -> None:
        """Test the example; each kind of item does it its own way.

        Raises
        ------
        ExampleFailure
            If the example does not behave as its kind promises; the message
            says what it did instead, and what to change.
        """
        raise NotImplementedError

    def code(self) -> str:
        """Return the example's code, taking an ``include`` from the repository."""
        try:
            return example_code(self.example, self.root)
        except ExcerptError as exc:
            raise ExampleFailure(str(exc)) from None

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: str | None = None) -> str:
        """Show the example's location, its code and what went wrong."""
        if not isinstance(excinfo.value, ExampleFailure):
            return super().repr_failure(excinfo, style)
        where = f"{self.example.path}:{self.example.line}"
        try:
            code = self.code()
        except ExampleFailure:
            return f"{where}: {excinfo.value}"
        numbered = "\n".join(f"{n:4d} | {line}" for n, line in enumerate(code.splitlines(), 1))
        return f"{where}: {excinfo.value}\n\n{numbered}"

    def reportinfo(self) -> tuple[Path, int, str]:
        """Point reports at the example's directive."""
        return (
            self.path,
            self.example.line - 1,
            f"{self.kind} test of {self.example.kind} example for {self.example.rule}",
        )

    @property
    def root(self) -> Path:
        """The folder that the example's ``include`` and ``filename`` paths are relative to."""
        return include_root(self.path)
