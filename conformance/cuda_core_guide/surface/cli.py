# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The command line of the surface tooling.

``python -m cuda_core_guide.surface [--output FILE]`` writes the installed
``cuda.core``'s surface as JSON (to standard output without ``--output``).
With ``--write-pending``, it compares the installed ``cuda.core`` (the
reference implementation) with the upstream snapshot and rewrites the
guide's list of what the reference does not implement yet from the
differences that no deliberate or deferred entry explains; those entries
it never touches.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide.surface.compare import compare_surfaces
from cuda_core_guide.surface.extract import describe_installed
from cuda_core_guide.surface.listing import read_listing, unexplained, write_pending

__all__ = ["main"]

_ROOT = Path(__file__).resolve().parents[3]
"""The project's checkout, when the package runs from it (an editable install)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        The exit status: 0, or 1 when ``--write-pending`` finds the
        installed ``cuda.core`` is not the reference implementation.
    """
    parser = argparse.ArgumentParser(prog="python -m cuda_core_guide.surface", description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, help="write the surface to FILE instead of standard output")
    parser.add_argument(
        "--write-pending",
        action="store_true",
        help="rewrite the guide's not-yet-implemented list from the installed reference's differences",
    )
    parser.add_argument(
        "--snapshot",
        type=Path,
        default=_ROOT / "conformance" / "api_suite" / "upstream_surface.json",
        help="the upstream surface (default: the API suite's snapshot)",
    )
    parser.add_argument(
        "--guide", type=Path, default=_ROOT / "guide", help="the guide's chapter folder (default: guide/)"
    )
    options = parser.parse_args(argv)
    surface = describe_installed()
    if options.write_pending:
        if surface["package"]["distribution"] != "cuda-core-reference":
            print(f"the installed cuda.core is {surface['package']}, not the reference implementation", file=sys.stderr)
            return 1
        upstream = json.loads(options.snapshot.read_text(encoding="utf-8"))
        listing = read_listing(options.guide)
        pending = unexplained(compare_surfaces(upstream, surface), listing)
        path = write_pending(options.guide, pending)
        print(f"{len(pending)} differences not yet implemented, written to {path}")
        return 0
    text = json.dumps(surface, indent=1, ensure_ascii=False) + "\n"
    if options.output is None:
        sys.stdout.write(text)
    else:
        options.output.write_text(text, encoding="utf-8")
    return 0
