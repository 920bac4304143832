# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``runnable`` examples: each runs in a fresh Python process, on a GPU, and must finish in time.

A process of its own keeps one example's state (a current device, an
exhausted pool) out of the next, and lets a hung example be stopped: after
its ``timeout`` (60 seconds unless the example says otherwise) the process
is killed and the test fails, naming the example.
"""

from __future__ import annotations

import subprocess
import sys

from cuda_core_guide.examples.check import ExampleFailure
from cuda_core_guide.pytest_plugin.items import GuideExample

__all__ = ["RunnableExample", "run_example"]

_DRIVER = """\
import sys
source = sys.stdin.read()
exec(compile(source, sys.argv[1], "exec"), {"__name__": "__guide_example__"})
"""
_TAIL_LINES = 30


class RunnableExample(GuideExample):
    """The test that runs a runnable example on a GPU."""

    kind = "runnable"

    def runtest(self) -> None:
        """Run the example in a new interpreter and assert that it succeeds within its timeout.

        When the example raises, the failure ends with its traceback, whose
        lines are the example's own.
        """
        run_example(self)


def run_example(item: GuideExample) -> None:
    """Run an example's code in a new interpreter, stopping it at its timeout.

    Parameters
    ----------
    item : GuideExample
        The test of the example.

    Raises
    ------
    ExampleFailure
        If the example raises or runs past its timeout.
    """
    example = item.example
    name = f"{example.path}:{example.line}"
    try:
        completed = subprocess.run(
            [sys.executable, "-c", _DRIVER, name],
            input=item.code(),
            capture_output=True,
            text=True,
            timeout=example.timeout,
            check=False,
            cwd=item.config.rootpath,
        )
    except subprocess.TimeoutExpired:
        raise ExampleFailure(
            f"the example did not finish within its {example.timeout:g} s timeout and was stopped"
        ) from None
    if completed.returncode != 0:
        tail = "\n".join(completed.stderr.strip().splitlines()[-_TAIL_LINES:])
        raise ExampleFailure(f"the example failed (exit status {completed.returncode}):\n{tail}")
