# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Run the rules over files: discovery, parsing, suppression and levels.

A file that cannot be read, decoded or parsed yields one ``SYN001`` finding
and checking goes on with the next file. A rule that fails on a file yields
one ``SYN002`` finding naming the rule, instead of a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cuda_core_guide.catalog import load_catalog
from cuda_core_guide.config import Config
from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.rules import Violation, all_rules
from cuda_core_guide.source import ParseFailure, SourceFile, load_source
from cuda_core_guide.source.model import KINDS

__all__ = ["check_paths", "check_source", "discover"]

_FUTURE_NOT_FIRST = "from __future__ imports must occur at the beginning of the file"
_PARALLEL_THRESHOLD = 24


def check_paths(paths: Iterable[str | Path], config: Config | None = None, *, jobs: int | None = None) -> list[Finding]:
    """Check files and directory trees.

    Parameters
    ----------
    paths : iterable of str or Path
        Files (checked whatever their suffix says, if they are source
        files) and directories (walked for ``.pyx``, ``.pxd``, ``.pxi`` and
        ``.py`` files, skipping excluded names).
    config : Config, optional
        The configuration; the defaults if omitted.
    jobs : int, optional
        Worker processes; by default one per CPU for large trees.

    Returns
    -------
    list of Finding
        Sorted by path, line, column and code.

    Raises
    ------
    FileNotFoundError
        If a named path does not exist.
    """
    config = config or Config()
    files = list(discover(paths, config))
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs > 1 and len(files) >= _PARALLEL_THRESHOLD:
        chunk = max(1, len(files) // (jobs * 4))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_check_file, files, [config] * len(files), chunksize=chunk))
    else:
        results = [_check_file(path, config) for path in files]
    return sorted(finding for findings in results for finding in findings)


def check_source(
    path: str | Path, text: str, config: Config | None = None, *, module_name: str | None = None
) -> list[Finding]:
    """Check text as if it were the file ``path``.

    Parameters
    ----------
    path : str or Path
        The name to check the text as; its suffix selects Cython, ``.pxd``
        or Python parsing, and its stem is the module name by default.
    text : str
        The source text.
    config : Config, optional
        The configuration; the defaults if omitted.
    module_name : str, optional
        The dotted module name, for rules that depend on it.

    Returns
    -------
    list of Finding
        Sorted findings.
    """
    return sorted(_check(str(path), config or Config(), text=text, module_name=module_name or Path(path).stem))


def discover(paths: Iterable[str | Path], config: Config) -> Iterator[Path]:
    """Yield the source files under ``paths``, in sorted order per directory.

    Parameters
    ----------
    paths : iterable of str or Path
        Files and directories.
    config : Config
        Supplies the ``exclude`` patterns for directory walks.

    Yields
    ------
    Path
        Each file once, as given or joined to the directory given.

    Raises
    ------
    FileNotFoundError
        If a path does not exist.
    """
    seen: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise FileNotFoundError(f"{raw}: no such file or directory")
        candidates = [path] if path.is_file() else _walk(path, config)
        for candidate in candidates:
            key = candidate.resolve()
            if key not in seen:
                seen.add(key)
                yield candidate


def _walk(directory: Path, config: Config) -> Iterator[Path]:
    """Yield the source files below ``directory``, skipping excluded entries."""
    for root, dirs, files in os.walk(directory):
        base = Path(root)
        dirs[:] = sorted(d for d in dirs if not config.is_excluded(base / d))
        for name in sorted(files):
            file = base / name
            if file.suffix in KINDS and not config.is_excluded(file):
                yield file


def _check_file(path: Path, config: Config) -> list[Finding]:
    """Check one file on disk (a top-level function, so worker processes can run it)."""
    return _check(str(path), config)


def _check(path: str, config: Config, *, text: str | None = None, module_name: str | None = None) -> list[Finding]:
    """Parse one file and run every selected rule on it."""
    levels = _levels(config)
    findings: list[Finding] = []

    def report(code: str, violation: Violation) -> None:
        if config.is_selected(code, path):
            findings.append(
                Finding(
                    path, violation.line, violation.column, code, violation.message, levels.get(code, Level.REQUIRED)
                )
            )

    try:
        source = load_source(path, text=text, module_name=module_name)
    except OSError as exc:
        report("SYN001", Violation(1, 1, f"cannot read the file: {exc.strerror or exc}"))
        return findings
    except ParseFailure as failure:
        if failure.message != _FUTURE_NOT_FIRST:
            report("SYN001", Violation(failure.line, failure.column, f"cannot parse: {failure.message}"))
            return findings
        report("IMP006", Violation(failure.line, failure.column, "`from __future__` import is not the first statement"))
        source = _without_line(path, text, failure.line, module_name, report)
        if source is None:
            return findings

    for code, rule in all_rules().items():
        if source.kind not in rule.kinds or not config.is_selected(code, path):
            continue
        try:
            violations = list(rule.check(source, config))
        except Exception as exc:  # noqa: BLE001 - a rule bug must not cost the other findings
            report("SYN002", Violation(1, 1, f"rule {code} failed on this file: {type(exc).__name__}: {exc}"))
            continue
        for violation in violations:
            suppression = source.suppression(violation.line)
            if suppression is None or not suppression.covers(code):
                report(code, violation)
    return findings


def _without_line(path: str, text: str | None, line: int, module_name: str | None, report) -> SourceFile | None:
    """Re-parse a file with one statement blanked out, keeping line numbers."""
    if text is None:
        text = Path(path).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    lines[line - 1] = "\n"
    try:
        return load_source(path, text="".join(lines), module_name=module_name)
    except ParseFailure as failure:
        report("SYN001", Violation(failure.line, failure.column, f"cannot parse: {failure.message}"))
        return None


def _levels(config: Config) -> dict[str, Level]:
    """Return the configured level of every catalogued rule."""
    return {code: config.level_of(code, doc.level) for code, doc in load_catalog().items()}
