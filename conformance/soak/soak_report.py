# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The soak's report, ``reports/soak.json``: one run per implementation, with provenance, tolerances and verdicts.

The document, shaped for a report page::

    {"format": 1, "kind": "soak", "passed": ...,
     "tolerances": {...}, "tolerance_notes": {...},
     "expected_api_errors": [...],
     "runs": {"reference": RUN, "upstream": RUN}}

A ``RUN`` holds where and when it ran (``provenance``: implementation,
version, device, driver, CUDA, packages, commit, date), its ``settings``,
``duration_s``, the phases (``churn``, ``threads``, ``lifecycle``), the
``sanitizer`` part (or why it was skipped), ``failures`` (one sentence
each) and ``passed``. :func:`failures` derives the sentences from the
phases; :func:`merge` replaces one implementation's run and keeps the
others; :func:`write_report` writes only a valid document, in one step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

from soak_settings import Tolerances

from cuda_core_guide.reports.report_file import write_document

__all__ = ["FORMAT", "TOLERANCE_NOTES", "baseline_drift", "failures", "merge", "validate", "write_report"]

FORMAT = 1
"""The version of the document's layout."""

TOLERANCE_NOTES = {
    "device_free_bytes": "free device memory (cuMemGetInfo) after device sync and a pool trim to 0: at most this "
    "many bytes lower than at the baseline",
    "pool_used_bytes": "the default pool's USED_MEM_CURRENT (cuDeviceGetMemPool): at most this many bytes higher",
    "pool_reserved_bytes": "the default pool's RESERVED_MEM_CURRENT after cuMemPoolTrimTo(0): at most this many "
    "bytes higher",
    "objects": "objects tracked by the garbage collector (len(gc.get_objects()) after gc.collect()): at most this "
    "many more",
    "cuda_core_objects": "tracked objects of each cuda.core type: at most this many more of any one type",
    "allocated_blocks": "sys.getallocatedblocks(), the interpreter's memory blocks: at most this many more "
    "(a leak of one block per cycle shows as thousands)",
    "fds": "open file descriptors (/proc/self/fd): at most this many more",
}
"""What each tolerance bounds, in words, for the report and its page."""

_PHASES = ("churn", "threads", "lifecycle")


def failures(
    phases: Mapping[str, object], sanitizer: Mapping[str, object] | None = None, *, baselines: bool = True
) -> list[str]:
    """Return every failure of a run, one sentence each; nothing when it passed.

    Parameters
    ----------
    phases : mapping
        ``churn`` (by churn: ``problems``, ``error``), ``threads`` (by part:
        ``verification_failures``, ``errors``, ``iterations``) and
        ``lifecycle`` (verdicts: ``case``, ``problems``); a phase that did
        not run is absent.
    sanitizer : mapping, optional
        The sanitizer part: by target (``soak``, ``api_suite``), what
        :func:`sanitizer.summarize` found, with ``returncode``; or
        ``{"skipped": reason}``.
    baselines : bool, optional
        Whether a churn's resources that did not return to their baseline
        are failures; not under the sanitizer, whose instrumentation moves
        them (:func:`baseline_drift` lists them then); True by default.

    Returns
    -------
    list of str
        The failures.
    """
    found = [
        f"{name}: ended by {result['error']}"
        for name, result in phases.items()
        if isinstance(result, Mapping) and isinstance(result.get("error"), str)
    ]
    for name, churn in _parts(phases, "churn"):
        if churn.get("error"):
            found.append(f"churn {name}: ended early: {churn['error']}")
        if baselines:
            found += [f"churn {name}: {problem}" for problem in churn.get("problems", [])]
    for name, part in _parts(phases, "threads"):
        if part.get("verification_failures"):
            found.append(f"threads {name}: {part['verification_failures']} elements read back wrong")
        for thread, error in dict(part.get("errors", {})).items():
            found.append(f"threads {name}: thread {thread} failed: {error}")
        idle = [index for index, count in enumerate(part.get("iterations", [])) if not count]
        if idle and not part.get("errors"):
            found.append(f"threads {name}: threads {idle} completed no iteration")
    for verdict in phases.get("lifecycle", []) if isinstance(phases.get("lifecycle"), list) else []:
        found += [f"lifecycle {verdict['case']}: {problem}" for problem in verdict.get("problems", [])]
    for target, part in dict(sanitizer or {}).items():
        if not isinstance(part, Mapping):
            continue
        if "returncode" in part and part["returncode"] is None:
            found.append(f"sanitizer {target}: stopped at its time limit (--sanitizer-timeout); its log holds what ran")
            continue
        if part.get("error_summary") is None:
            found.append(f"sanitizer {target}: no error summary (status {part.get('returncode')})")
            continue
        if part.get("returncode"):
            found.append(f"sanitizer {target}: exited with status {part['returncode']}")
        for key in part.get("unexpected_api_errors", []):
            found.append(f"sanitizer {target}: unexpected API error {key}")
        if part.get("memory_error_count"):
            found.append(
                f"sanitizer {target}: {part['memory_error_count']} memory errors, first: {part['memory_errors'][0]}"
            )
        for error in part.get("tool_errors", []):
            found.append(f"sanitizer {target}: the tool failed: {error}")
        found += [f"sanitizer {target}: {failure}" for failure in part.get("failures", [])]
    return found


def baseline_drift(phases: Mapping[str, object]) -> list[str]:
    """Return the churns' resources that did not return to their baseline, one sentence each.

    Parameters
    ----------
    phases : mapping
        The phases' results, as for :func:`failures`.

    Returns
    -------
    list of str
        The sentences.
    """
    return [f"churn {name}: {problem}" for name, churn in _parts(phases, "churn") for problem in churn["problems"]]


def _parts(phases: Mapping[str, object], phase: str) -> list[tuple[str, Mapping]]:
    """Return the parts of a phase that ran to its end (one that ended early has only ``error``)."""
    result = phases.get(phase, {})
    if not isinstance(result, Mapping) or "error" in result:
        return []
    return list(result.items())


def merge(
    document: Mapping[str, object] | None,
    implementation: str,
    run: Mapping[str, object],
    tolerances: Tolerances,
    expected_api_errors: list[dict[str, str]],
) -> dict[str, object]:
    """Put one implementation's run into the document, keeping the other implementations' runs.

    Parameters
    ----------
    document : mapping or None
        The report so far; ``None`` (or one of another format) starts anew.
    implementation : str
        ``reference`` or ``upstream``.
    run : mapping
        The run.
    tolerances : Tolerances
        The tolerances the run was judged by.
    expected_api_errors : list of dict
        The deliberate driver-error probes.

    Returns
    -------
    dict
        The new document.
    """
    runs = dict(document.get("runs", {})) if document and document.get("format") == FORMAT else {}
    runs[implementation] = dict(run)
    runs = dict(sorted(runs.items()))
    return {
        "format": FORMAT,
        "kind": "soak",
        "passed": all(bool(item.get("passed")) for item in runs.values()),
        "tolerances": dataclasses.asdict(tolerances),
        "tolerance_notes": TOLERANCE_NOTES,
        "expected_api_errors": list(expected_api_errors),
        "runs": runs,
    }


def validate(document: Mapping[str, object]) -> list[str]:
    """Return what is wrong with a document's shape; nothing when it is valid.

    Parameters
    ----------
    document : mapping
        The report.

    Returns
    -------
    list of str
        One sentence per problem.
    """
    problems = [
        f"the key {key!r} is missing" for key in ("format", "kind", "runs", "tolerances") if key not in document
    ]
    if document.get("format") != FORMAT:
        problems.append(f"format {document.get('format')!r} is not {FORMAT}")
    for name, run in dict(document.get("runs", {})).items():
        provenance = run.get("provenance", {})
        for key in ("device", "commit", "date", "version"):
            if not provenance.get(key):
                problems.append(f"run {name}: the provenance has no {key}")
        if not any(phase in run.get("phases", {}) for phase in _PHASES):
            problems.append(f"run {name}: no phase ran")
        if not isinstance(run.get("passed"), bool):
            problems.append(f"run {name}: no verdict")
        elif run["passed"] == bool(run.get("failures")):
            problems.append(f"run {name}: the verdict contradicts its failures")
    return problems


def write_report(document: Mapping[str, object], path: Path) -> None:
    """Write a valid document in one step (a temporary file renamed into place).

    Parameters
    ----------
    document : mapping
        The report.
    path : Path
        Where to write it.

    Raises
    ------
    ValueError
        If the document is not valid; nothing is written.
    """
    write_document(document, path, validate(document), "the soak report")
