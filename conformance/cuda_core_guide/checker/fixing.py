# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``check --fix`` and ``--diff``: correct what the rules are certain of, and say what is left.

Each file is checked, the fixes of its violations that do not overlap are
applied, and the new text is checked again, until no fix applies (at most
:data:`MAX_PASSES` times, as ruff does). The result is written only if it
parses and every rule ran on it to the end; a file the checker could not
check whole (``SYN001``, ``SYN002``, ``SYN003``) is never touched.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from cuda_core_guide.checker.cache import ResultCache
from cuda_core_guide.checker.cache_key import FileKeys
from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.config_resolution import ConfigResolver
from cuda_core_guide.checker.fixes import Fix, apply_fixes, has_plain_lines
from cuda_core_guide.checker.runner import _check, _check_file, _collector_paused, _unchecked, discover
from cuda_core_guide.checker.time_limit import TimeLimitExpired, time_limit
from cuda_core_guide.findings import Finding

__all__ = ["MAX_PASSES", "FileResult", "FixReport", "fix_paths", "fix_text"]

MAX_PASSES = 100
"""How often a file is checked and fixed again before the fixer gives up on more."""

_CHECKER_CODES = frozenset({"SYN001", "SYN002", "SYN003"})
_BOM = b"\xef\xbb\xbf"


@dataclasses.dataclass(frozen=True)
class FileResult:
    """What fixing did to one file.

    Parameters
    ----------
    path : Path
        The file.
    findings : list of Finding
        What is left to report: the findings of the fixed text, or of the
        original one when nothing was fixed.
    original : str
        The text before the fixes.
    fixed : str
        The text after them (``original`` when nothing was fixed).
    fix_count : int
        How many findings the fixes removed.
    problem : str or None
        Why fixes that were found were not applied (the fixed text would not
        parse), if they were not.
    """

    path: Path
    findings: list[Finding]
    original: str
    fixed: str
    fix_count: int
    problem: str | None = None

    def diff(self) -> str:
        """Return a unified diff from the original text to the fixed one.

        Returns
        -------
        str
            Empty when nothing changes.
        """
        if not self.changed:
            return ""
        lines = difflib.unified_diff(
            _diff_lines(self.original), _diff_lines(self.fixed), fromfile=str(self.path), tofile=str(self.path)
        )
        return "".join(lines)

    @property
    def changed(self) -> bool:
        """Whether the fixes change the file."""
        return self.fixed != self.original


@dataclasses.dataclass(frozen=True)
class FixReport:
    """The outcome of fixing several files.

    Parameters
    ----------
    findings : list of Finding
        What remains, sorted.
    files : list of FileResult
        Each file that was checked (not those whose results came from the
        cache unchanged).
    """

    findings: list[Finding]
    files: list[FileResult]

    @property
    def fix_count(self) -> int:
        """How many findings the fixes removed, in all files."""
        return sum(result.fix_count for result in self.files if result.changed)

    @property
    def changed_files(self) -> list[FileResult]:
        """The files the fixes change."""
        return [result for result in self.files if result.changed]


def fix_paths(
    paths: Iterable[str | Path],
    resolver: ConfigResolver,
    *,
    write: bool,
    cache: ResultCache | None = None,
) -> FixReport:
    """Fix the files under ``paths``; write them, or only work out what would be written.

    Parameters
    ----------
    paths : iterable of str or Path
        Files and directories, as for :func:`cuda_core_guide.checker.runner.check_paths`.
    resolver : ConfigResolver
        Finds each file's configuration.
    write : bool
        Whether to write the fixed files (``--fix``) or not (``--diff``).
    cache : ResultCache, optional
        Findings of files checked before: a file whose cached findings no
        rule can fix is not checked again; a file that is checked is cached
        under the text it is left with.

    Returns
    -------
    FixReport
        The remaining findings and what was done to each file.

    Raises
    ------
    FileNotFoundError
        If a named path does not exist.
    """
    from cuda_core_guide.checker.rules import is_fixable

    problems: list[tuple[Path, str]] = []
    findings: list[Finding] = []
    results: list[FileResult] = []
    keys = FileKeys()
    with _collector_paused():
        for path in discover(paths, resolver, problems):
            config = resolver.for_path(path)
            try:
                data = path.read_bytes()
            except OSError:
                findings.extend(_check_file(path, config)[0])  # reports why it cannot be read
                continue
            key = keys.key(path, data, config) if cache is not None else ""
            cached = cache.get(path, key) if cache is not None else None
            if cached is not None and not any(is_fixable(finding.rule) for finding in cached):
                findings.extend(cached)
                continue
            result, complete = _fix_file(path, data, config, write=write)
            findings.extend(result.findings)
            results.append(result)
            if cache is not None and complete:
                if not result.changed:
                    cache.put(path, key, result.findings)
                elif write:
                    cache.put(path, keys.key(path, _encode(result.fixed, data), config), result.findings)
    for path, reason in problems:
        findings.extend(_unchecked(path, reason, resolver.for_path(path.parent)))
    return FixReport(sorted(findings), results)


def fix_text(path: str | Path, text: str, config: Config) -> FileResult:
    """Fix a file's text in memory, as ``--fix`` would, without a time limit.

    Parameters
    ----------
    path : str or Path
        The file the text is checked as (its suffix and package decide how).
    text : str
        The text.
    config : Config
        The configuration.

    Returns
    -------
    FileResult
        The fixed text and what remains to report.
    """
    return _fix_passes(Path(path), text, config)


def _fix_file(path: Path, data: bytes, config: Config, *, write: bool) -> tuple[FileResult, bool]:
    """Fix one file within the time limit; write it if asked; return the result and whether it ran to the end."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        findings, complete = _check_file(path, config)  # SYN001, located
        return FileResult(path, findings, "", "", 0), complete
    try:
        with time_limit(config.time_limit):
            result = _fix_passes(path, text, config)
    except TimeLimitExpired:
        # What the time limit means for a file, the plain check reports.
        findings, complete = _check_file(path, config)
        return FileResult(path, findings, text, text, 0), complete
    if write and result.changed:
        _write_atomically(path, _encode(result.fixed, data))
    return result, True


def _fix_passes(path: Path, text: str, config: Config) -> FileResult:
    """Check and fix ``text`` until no fix applies; keep the original if a pass breaks the file."""
    current = text
    first: list[Finding] | None = None
    for _ in range(MAX_PASSES):
        findings, fixes = _findings_and_fixes(path, current, config)
        if first is None:
            first = findings
        if any(finding.rule in _CHECKER_CODES for finding in findings):
            if current == text:
                return FileResult(path, findings, text, text, 0)
            # Only fixes made this text: keep the file as it was, and say why.
            problem = "fixing it would leave a file the checker cannot check whole; it was left unchanged"
            return FileResult(path, first, text, text, 0, problem)
        current, applied = apply_fixes(current, fixes)
        if not applied:
            return FileResult(path, findings, text, current, _fixed_count(first, findings))
    findings, _ = _findings_and_fixes(path, current, config)
    if any(finding.rule in _CHECKER_CODES for finding in findings):
        problem = "fixing it would leave a file the checker cannot check whole; it was left unchanged"
        return FileResult(path, first or findings, text, text, 0, problem)
    return FileResult(path, findings, text, current, _fixed_count(first or [], findings))


def _fixed_count(before: list[Finding], after: list[Finding]) -> int:
    """Return how many findings the fixes removed (a fix that takes two passes counts once)."""
    return max(0, len(before) - len(after))


def _findings_and_fixes(path: Path, text: str, config: Config) -> tuple[list[Finding], list[Fix]]:
    """Check a text; return its findings and the fixes the rules offer for them."""
    from cuda_core_guide.checker.rules import all_rules

    parsed: list = []
    findings = sorted(_check(str(path), config, text=text, parsed=parsed))
    fixes: list[Fix] = []
    if not parsed or not has_plain_lines(text):
        return findings, fixes
    source, violations = parsed[0]
    rules = all_rules()
    for code, violation in violations:
        rule = rules[code]
        if not rule.fixable:
            continue
        try:
            fix = rule.fix(source, config, violation)
        except Exception:  # noqa: BLE001 - a fix that fails is a fix not offered, never a lost file
            fix = None
        if fix is not None:
            fixes.append(fix)
    return findings, fixes


def _encode(text: str, original: bytes) -> bytes:
    """Encode fixed text as UTF-8, with the byte order mark the original had."""
    return (_BOM if original.startswith(_BOM) else b"") + text.encode("utf-8")


def _write_atomically(path: Path, data: bytes) -> None:
    """Replace a file's content in one step, keeping its permissions; a link is followed, not replaced."""
    target = Path(os.path.realpath(path))
    mode = stat.S_IMODE(target.stat().st_mode)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".fix")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _diff_lines(text: str) -> list[str]:
    """Split a text for a diff, marking a last line without a line ending as diff does."""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n\\ No newline at end of file\n"
    return lines
