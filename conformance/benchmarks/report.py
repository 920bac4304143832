# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Merge per-call benchmark runs into one table, with ratios against upstream.

Usage::

    python conformance/benchmarks/report.py reports/bench-*.json --output reports/bench

writes ``reports/bench.json`` and ``reports/bench.md``. When an
implementation ran several times (the bench session alternates them to
spread drift), each cell is the median of its runs.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
from pathlib import Path

__all__ = ["main", "merge"]

BASELINE = "upstream"
OPERATIONS = {
    "event_record": "record an event (`Stream.record(event)`)",
    "stream_sync": "synchronize an idle stream (`Stream.sync()`)",
    "buffer_fill_1KiB": "set 1 KiB to a byte value (`Buffer.fill`)",
    "allocate_free_1KiB": "allocate + free 1 KiB from the pool (`Device.allocate` + `Buffer.close`)",
    "launch_empty": "launch an empty kernel (`launch`)",
    "launch_ptr_int": "launch a kernel with a pointer and an int argument",
    "device_cached": "`Device(0)` (cached object)",
}


def main(argv: list[str] | None = None) -> int:
    """Merge the runs named on the command line.

    Parameters
    ----------
    argv : list of str, optional
        Command-line arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        The exit status.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", help="JSON files written by per_call.py")
    parser.add_argument("--output", required=True, help="output path without suffix")
    args = parser.parse_args(argv)
    runs = [json.loads(Path(p).read_text()) for p in args.runs]
    table = merge(runs)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(table, indent=2) + "\n")
    out.with_suffix(".md").write_text(_markdown(table))
    print(_markdown(table))
    return 0


def merge(runs: list[dict]) -> dict:
    """Combine runs into per-operation medians and ratios.

    Parameters
    ----------
    runs : list of dict
        Payloads written by ``per_call.py``.

    Returns
    -------
    dict
        ``{"date", "device", "python", "variants", "operations": {op: {variant: us}}, "ratios": {...}}``
        where ratios divide each variant's time by the upstream time of the
        same operation.
    """
    samples: dict[str, dict[str, list[float]]] = {}
    variants: list[str] = []
    for run in runs:
        for row in run["rows"]:
            if row["us_per_call"] is None:
                continue
            samples.setdefault(row["operation"], {}).setdefault(row["variant"], []).append(row["us_per_call"])
            if row["variant"] not in variants:
                variants.append(row["variant"])
    operations = {
        op: {variant: statistics.median(values) for variant, values in by_variant.items()}
        for op, by_variant in samples.items()
    }
    ratios = {
        op: {variant: value / cells[BASELINE] for variant, value in cells.items()}
        for op, cells in operations.items()
        if cells.get(BASELINE)
    }
    return {
        "date": datetime.date.today().isoformat(),
        "device": runs[0].get("device", "unknown") if runs else "unknown",
        "python": runs[0].get("python", "") if runs else "",
        "runs": len(runs),
        "variants": variants,
        "operations": operations,
        "ratios": ratios,
    }


def _markdown(table: dict) -> str:
    """Render the merged table as Markdown, microseconds and ratio to upstream."""
    variants = table["variants"]
    lines = [
        f"Measured {table['date']} on {table['device']}, Python {table['python']}, "
        f"{table['runs']} runs merged; microseconds per call (ratio to upstream cuda.core).",
        "",
        "| operation | " + " | ".join(variants) + " |",
        "|---|" + "---|" * len(variants),
    ]
    for op, title in OPERATIONS.items():
        cells = table["operations"].get(op, {})
        ratios = table["ratios"].get(op, {})
        row = []
        for variant in variants:
            if variant not in cells:
                row.append("—")
            elif variant in ratios:
                row.append(f"{cells[variant]:.3f} ({ratios[variant]:.2f}x)")
            else:
                row.append(f"{cells[variant]:.3f}")
        lines.append(f"| {title} | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
