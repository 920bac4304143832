# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``cuda-core-guide`` command as a process: run it, then exit with its status.

:func:`cuda_core_guide.checker.cli.main` returns the status, for callers in
the same process (the tests, the fuzzer); :func:`run` is what the console
script and ``python -m cuda_core_guide`` call. It imports the command
inside its ``try``, so that Ctrl-C while the command is still being
imported exits 130, without a traceback, as Ctrl-C does at any later
moment.

Status 130 ends the process with :func:`os._exit`, after the standard
streams are flushed. Under ``python -m``, CPython makes a process that
ends normally die by SIGINT instead, once a ``KeyboardInterrupt`` has left
code that it evaluated from a string (``PyRun_String``), even if the
exception was caught afterwards; Cython's template engine, which the
first parse of a run imports, evaluates its templates that way. By the time :func:`run`
exits, the run has stopped its workers and every cache entry it wrote is
whole, so skipping the interpreter's finalization loses nothing.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn

from cuda_core_guide.checker.exit_status import INTERRUPTED

__all__ = ["run"]


def run() -> NoReturn:
    """Run the command line of :data:`sys.argv` and end the process with its status."""
    try:
        from cuda_core_guide.checker.cli import main  # here, so that Ctrl-C during the import exits 130 too

        status = main()
    except KeyboardInterrupt:
        status = INTERRUPTED
    if status == INTERRUPTED:
        _flush_standard_streams()
        os._exit(status)
    sys.exit(status)


def _flush_standard_streams() -> None:
    """Write out what the streams hold, as the interpreter's exit would; a stream that cannot be written is left."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
