# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A pytest plugin for the sanitized API suite: each failure's report is printed as it comes.

pytest prints the reports of failed tests in its summary, at the end of the
run. The sanitized run may be stopped at its time limit before that end
(``soak.py --sanitizer-timeout``), and its log would then say which tests
failed but not why. With this plugin (``-p failure_echo``) the log says why
right after each failure.
"""

from __future__ import annotations

import pytest

__all__ = ["pytest_runtest_logreport"]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Print a failed test's report at once, under a line that names the test.

    Parameters
    ----------
    report : pytest.TestReport
        The report of one phase (setup, call or teardown) of one test.
    """
    if report.failed:
        print(f"\nsoak: {report.nodeid} failed in its {report.when}:\n{report.longreprtext}\n", flush=True)
