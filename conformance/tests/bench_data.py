# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Synthetic raw timings of the GPU benchmark, shaped as its workers write them, for the CPU tests."""

from __future__ import annotations

import random

from cuda_core_guide import __version__
from cuda_core_guide.reports.bench_report import OPERATIONS, PHASE_OPERATIONS, build_report

__all__ = ["DEVICE", "SIZES", "raw_timings", "synthetic_report"]

DEVICE = {
    "name": "NVIDIA Test GPU",
    "compute_capability": "9.0",
    "total_memory_bytes": 80 << 30,
    "memory_clock_khz": 2_619_000,
    "bus_width_bits": 5120,
    "theoretical_gbps": 3352.32,
    "driver_version": "13.0",
    "nvrtc_version": "13.0",
    "cuda_toolkit": "/usr/local/cuda (CUDA_HOME)",
}
SIZES = [1024, 4096, 16384, 65536, 262144, 1 << 20]
_ROUNDS = 4
# Seconds per call: the reference clearly faster than upstream on fill, the same on sync.
_MEANS = {"reference": 1.0e-6, "upstream": 1.0e-6, "floor": 0.8e-6}
_FASTER = {"fill_1k": {"reference": 1.5e-6, "upstream": 3.0e-6, "floor": 1.4e-6}}


def _values(mean: float, chooser: random.Random, count: int = 5) -> list[float]:
    """Return ``count`` values spread 1% around ``mean``."""
    return [mean * (1 + chooser.gauss(0, 0.01)) for _ in range(count)]


def raw_timings(seed: int = 1) -> dict:
    """Return raw timings of every part, for all implementations.

    Parameters
    ----------
    seed : int, optional
        Seed of the synthetic noise.

    Returns
    -------
    dict
        What ``bench.py`` hands to ``build_report``.
    """
    chooser = random.Random(seed)
    per_call: dict[str, dict] = {"reference": {}, "upstream": {}, "floor": {}}
    for name in OPERATIONS:
        for impl in per_call:
            if impl == "floor" and (name in ("device_get", "compile") or name.startswith("graph_")):
                continue
            mean = _FASTER.get(name, _MEANS)[impl]
            per_call[impl][f"{impl}.{name}"] = [_values(mean, chooser) for _ in range(_ROUNDS)]
    for name in PHASE_OPERATIONS:
        per_call["reference"][f"phase1.{name}"] = [_values(2.0e-6, chooser) for _ in range(_ROUNDS)]
        per_call["reference"][f"phase2.{name}"] = [_values(1.0e-6, chooser) for _ in range(_ROUNDS)]
    gil = {}
    for impl, kept in (("reference", 0.9), ("upstream", 0.9), ("phase1", 0.7), ("floor", 0.95), ("floor_gil", 0.05)):
        gil[impl] = [
            {
                "impl": impl,
                "seconds": 0.2,
                "work_bytes": 1 << 20,
                "counter_alone": 2.0e7 * (1 + chooser.gauss(0, 0.01)),
                "threads": {
                    str(count): {
                        "work_per_s": 50_000 * count * (1 + chooser.gauss(0, 0.02)),
                        "counter_per_s": 2.0e7 * kept * (1 + chooser.gauss(0, 0.01)),
                    }
                    for count in (1, 2, 4, 8)
                },
            }
            for _ in range(3)
        ]
    scaling = {}
    for impl in ("reference", "upstream"):
        rounds = []
        for _ in range(2):
            # host cost 2 us, then 200 GB/s for fill and 150 GB/s of traffic for a copy
            fill = {str(size): _values(2e-6 + size / 2.0e11, chooser) for size in SIZES}
            copy = {str(size): _values(2e-6 + 2 * size / 1.5e11, chooser) for size in SIZES}
            rounds.append({"impl": impl, "fill": fill, "copy": copy})
        scaling[impl] = rounds
    errors = {"reference": {}, "upstream": {}, "floor": {}}
    shares = {"driver": 0.6, "module": 0.1, "interpreter": 0.25, "other": 0.05}
    top = [{"frame": "0x7f00aa01 (libcuda.so.580.65.06)", "part": "driver", "share": 0.4}]
    profile = {
        "seconds": 2.0,
        "operations": {
            "fill_1k": {
                impl: {"samples": 4000, "shares": shares, "top": top, "us_per_call": 2.5}
                for impl in ("reference", "floor", "upstream")
            }
        },
    }
    return {
        "per_call": per_call,
        "errors": errors,
        "gil": gil,
        "scaling": scaling,
        "profile": profile,
        "duration_s": 312.0,
    }


def synthetic_report(**overrides: object) -> dict:
    """Return a report built from :func:`raw_timings`, with top-level keys replaced by ``overrides``.

    Parameters
    ----------
    **overrides
        Keys of the document to replace (``commit``, ``reference_digest``).

    Returns
    -------
    dict
        The document.
    """
    report = build_report(
        raw_timings(),
        device=DEVICE,
        machine={
            "cpu": "Test CPU",
            "cpus": 16,
            "system": "Linux 6",
            "python": "3.12.1",
            "affinity": "14-15",
            "noise": {"load_average_before": [0.5, 0.4, 0.3]},
        },
        versions={"cuda-core-reference": "0.1.0", "cuda-core (upstream)": "1.2.2", "pyperf": "2.10.0"},
        settings={
            "rounds": _ROUNDS,
            "values": 5,
            "warmups": 1,
            "min_time": 0.05,
            "resamples": 300,
            "fast": False,
            "value_order": "passes",
        },
        reference_digest="0123456789abcdef",
    )
    report.update({"commit": "unknown", "checker_version": __version__, "date": "2026-11-24T09:30:00Z"})
    report.update(overrides)
    return report
