# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The exit statuses of the ``cuda-core-guide`` command, which scripts and CI jobs read."""

__all__ = ["CLEAN", "FINDINGS", "INTERRUPTED", "USAGE"]

CLEAN = 0
"""Nothing to report, or a command that only prints (``rules``, ``rule``)."""

FINDINGS = 1
"""``check`` found something (or ``check --diff`` would change something)."""

USAGE = 2
"""A usage or configuration error, or output that cannot be written."""

INTERRUPTED = 130
"""Stopped by Ctrl-C, the status a shell reports for a command that SIGINT ended."""
