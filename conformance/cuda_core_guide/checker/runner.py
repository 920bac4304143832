# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the rules over files: discovery, parsing, suppression and levels.

A file that cannot be read, decoded or parsed (or is not a regular file)
yields one ``SYN001`` finding and checking goes on with the next file. A
rule that fails on a file yields one ``SYN002`` finding naming the rule,
instead of a traceback. A file whose checking outlasts the time limit
yields one ``SYN003`` finding, and the run goes on.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import stat
import threading
import tokenize
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from cuda_core_guide.checker.cache import ResultCache
from cuda_core_guide.checker.cache_key import SOURCE_SUFFIXES, FileKeys
from cuda_core_guide.checker.config import Config, clear_path_memo
from cuda_core_guide.checker.config_resolution import ConfigResolver
from cuda_core_guide.checker.gitignore import ignored_below
from cuda_core_guide.checker.time_limit import TimeLimitExpired, time_limit
from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.guide.catalog import load_catalog

if TYPE_CHECKING:  # noqa: TYP002 - importing these imports Cython, which a cached run must not
    from cuda_core_guide.checker.rules import Rule, Violation
    from cuda_core_guide.source import SourceFile
    from cuda_core_guide.source.compile_time import Variant

# The rules and the parser (Cython) are imported where a file is parsed, so
# that a run whose results are all cached never imports them; annotations
# name their types as strings (`from __future__ import annotations`).

__all__ = ["all_rules", "check_paths", "check_source", "discover"]

_FUTURE_NOT_FIRST = "from __future__ imports must occur at the beginning of the file"
_PARALLEL_THRESHOLD = 24
_NAMED_SUPPRESSION_ONLY = frozenset({"CMT002"})
_MAX_LATE_FUTURE_IMPORTS = 8
_COLLECT_EVERY = 50


def check_paths(
    paths: Iterable[str | Path],
    config: Config | ConfigResolver | None = None,
    *,
    jobs: int | None = None,
    cache: ResultCache | None = None,
) -> list[Finding]:
    """Check files and directory trees.

    Parameters
    ----------
    paths : iterable of str or Path
        Files (checked whatever their suffix says, if they are source
        files) and directories (walked for ``.pyx``, ``.pxd``, ``.pxi`` and
        ``.py`` files, skipping excluded names).
    config : Config or ConfigResolver, optional
        One configuration for every file, or a resolver that finds each
        file's own (as the command line does); the defaults if omitted.
    jobs : int, optional
        Worker processes; by default one per CPU for large trees.
    cache : ResultCache, optional
        Where to find the findings of files checked before, unchanged, and
        to store new ones (never a file that ran out of time); without it,
        every file is checked.

    Returns
    -------
    list of Finding
        Sorted by path, line, column and code.

    Raises
    ------
    FileNotFoundError
        If a named path does not exist.
    """
    clear_path_memo()
    resolver = config if isinstance(config, ConfigResolver) else ConfigResolver(override=config or Config())
    problems: list[tuple[Path, str]] = []
    files = [(path, resolver.for_path(path)) for path in discover(paths, resolver, problems)]
    cached: list[list[Finding]] = []
    keys: dict[Path, str] = {}
    if cache is not None:
        files = _from_cache(files, cache, cached, keys)
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    results = None
    with _collector_paused():
        if jobs > 1 and len(files) >= _PARALLEL_THRESHOLD:
            results = _check_in_processes(files, jobs)
        if results is None:
            results = _check_batch(files)
    if cache is not None:
        for (path, _), (findings, complete) in zip(files, results, strict=True):
            if complete and path in keys:
                cache.put(path, keys[path], findings)
    unchecked = [_unchecked(path, reason, resolver.for_path(path.parent)) for path, reason in problems]
    checked = [findings for findings, _ in results]
    # The order of Finding's fields, as one tuple: comparing dataclasses field by field costs a call each.
    return sorted(
        (finding for findings in [*cached, *checked, *unchecked] for finding in findings),
        key=lambda f: (f.path, f.line, f.column, f.rule, f.message, f.level),
    )


def _from_cache(
    files: list[tuple[Path, Config]], cache: ResultCache, cached: list[list[Finding]], keys: dict[Path, str]
) -> list[tuple[Path, Config]]:
    """Put the cached findings of unchanged files in ``cached``; return the files to check, their keys in ``keys``.

    A file that cannot be read is checked (and reports why), never cached.
    """
    key_maker = FileKeys()
    missed = []
    for path, config in files:
        try:
            data = path.read_bytes()
        except OSError:
            missed.append((path, config))
            continue
        key = key_maker.key(path, data, config)
        findings = cache.get(path, key)
        if findings is None:
            keys[path] = key
            missed.append((path, config))
        else:
            cached.append(findings)
    return missed


def _unchecked(path: Path, reason: str, config: Config) -> list[Finding]:
    """Return the ``SYN001`` finding for a path that was not checked, unless ignored."""
    if not config.is_reported("SYN001", str(path)):
        return []
    return [Finding(str(path), 1, 1, "SYN001", reason, _level(config, "SYN001"))]


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


def discover(
    paths: Iterable[str | Path], config: Config | ConfigResolver, problems: list[tuple[Path, str]] | None = None
) -> Iterator[Path]:
    """Yield the source files under ``paths``, in sorted order per directory.

    Only regular files are yielded: a FIFO is never opened. What cannot be
    read, or is not a regular file, is recorded in ``problems`` instead of
    being passed over in silence.

    Parameters
    ----------
    paths : iterable of str or Path
        Files and directories.
    config : Config or ConfigResolver
        Supplies the ``exclude`` patterns for directory walks: each
        directory's own configuration when a resolver is given.
    problems : list of (Path, str), optional
        Receives each path that was not checked, with the reason: an
        unreadable directory, a symbolic link loop or a broken link, a
        device, socket or FIFO.

    Yields
    ------
    Path
        Each file once, as given or joined to the directory given.

    Raises
    ------
    FileNotFoundError
        If a path does not exist.
    """
    resolver = config if isinstance(config, ConfigResolver) else ConfigResolver(override=config)
    found = problems if problems is not None else []
    # A file reached twice (named twice, or through a link) is checked once.
    seen: set[tuple[int, int]] = set()
    for raw in paths:
        path = Path(raw)
        try:
            status = path.stat()
            mode = status.st_mode
        except FileNotFoundError:
            if not path.is_symlink():
                raise FileNotFoundError(f"{raw}: no such file or directory") from None
            found.append((path, "a broken symbolic link; not read"))
            continue
        except OSError as exc:
            found.append((path, f"cannot read: {exc.strerror or exc}"))
            continue
        except ValueError as exc:
            # A name no file can have, such as one with a NUL byte (only a caller in
            # this process can pass one: a command line cannot carry it).
            found.append((path, f"not a file name: {exc}"))
            continue
        if stat.S_ISDIR(mode):
            candidates: Iterable[tuple[Path, tuple[int, int]]] = _walk(path, resolver, found)
        elif stat.S_ISREG(mode):
            candidates = [(path, (status.st_dev, status.st_ino))]
        else:
            found.append((path, f"not a regular file ({_file_kind(mode)}); not read"))
            continue
        for candidate, identity in candidates:
            if identity not in seen:
                seen.add(identity)
                yield candidate


def _walk(
    directory: Path, resolver: ConfigResolver, problems: list[tuple[Path, str]]
) -> Iterator[tuple[Path, tuple[int, int]]]:
    """Yield the regular source files below ``directory``, with their device and inode, skipping excluded entries.

    Each entry is matched against the exclusions of the configuration of
    the directory it lies in, and, unless the named directory's
    configuration sets ``respect-gitignore = false``, against what git
    ignores below it. A directory the user names is walked even
    when it lies in an excluded one (``.venv/.../cuda/core``); below it,
    only the names of entries are matched against the exclusions. A
    directory that cannot be listed, and a source file that is not a
    regular file, go to ``problems``.
    """
    top = resolver.for_path(directory)
    named_excluded = top.is_excluded(directory) or any(top.is_excluded(p) for p in directory.parents)
    ignored = ignored_below(directory) if top.respect_gitignore else None

    def excluded(path: Path, config: Config) -> bool:
        if ignored and os.path.normpath(path) in ignored:
            return True
        if named_excluded:
            return config.is_name_excluded(path)
        return config.is_excluded(path)

    def unreadable(error: OSError) -> None:
        problems.append((Path(error.filename or directory), f"cannot read the directory: {error.strerror or error}"))

    for root, dirs, files in os.walk(directory, onerror=unreadable):
        base = Path(root)
        config = resolver.for_path(base)
        dirs[:] = sorted(d for d in dirs if not excluded(base / d, config))
        for name in sorted(files):
            file = base / name
            if file.suffix not in SOURCE_SUFFIXES or excluded(file, config):
                continue
            try:
                status = file.stat()
            except OSError as exc:
                reason = "a broken symbolic link" if isinstance(exc, FileNotFoundError) else exc.strerror or str(exc)
                problems.append((file, f"cannot read: {reason}; not read"))
                continue
            mode = status.st_mode
            if stat.S_ISREG(mode):
                yield file, (status.st_dev, status.st_ino)
            else:
                problems.append((file, f"not a regular file ({_file_kind(mode)}); not read"))


def _file_kind(mode: int) -> str:
    """Name the kind of a file that is not a regular file."""
    kinds = (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISDIR, "a directory"),
    )
    return next((name for test, name in kinds if test(mode)), "not a file")


def _check_in_processes(files: list[tuple[Path, Config]], jobs: int) -> list[tuple[list[Finding], bool]] | None:
    """Check files in worker processes; return ``None`` if no pool can be started here.

    The largest files go first, each in a task of its own, and the small
    ones in batches, so that the workers finish at about the same time.
    """
    from cuda_core_guide.source.parse import warm_up

    # Load what every worker needs once, here, so that forked workers share it.
    warm_up()
    all_rules()
    load_catalog()
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_interrupts_to_the_parent)
    except (OSError, NotImplementedError):
        return None  # no process support (a sandbox without semaphores): check in this process
    try:
        batches = _batches(files, jobs)
        with _interrupts_held():  # the first submit forks the workers
            tasks = [pool.submit(_check_batch, batch) for batch in batches]
        by_path = {
            path: result
            for batch, task in zip(batches, tasks, strict=True)
            for (path, _), result in zip(batch, task.result(), strict=True)
        }
        results = [by_path[path] for path, _ in files]  # in the order of ``files``, as the cache pairs them
    except (OSError, BrokenProcessPool):
        results = None  # a worker died: check in this process instead
    except BaseException:
        # Ctrl-C (or any other way out): stop now, not after the queued work.
        _stop_workers(pool)
        raise
    pool.shutdown(wait=True)
    return results


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back while the pool forks its workers; it arrives, and stops them, once they have started.

    Ctrl-C that lands in a fork hook is printed and lost ("Exception
    ignored"): in this process the run would go on until the one-second
    fallback ended it without stopping the workers, which then keep the
    output streams open; in a worker, before its initializer ignores
    Ctrl-C. Meanwhile a handler only takes note, and the signal is raised
    again at the end, for the handler that was there before.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread can set a handler, and only it runs one
        return
    noted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: noted.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)  # None: set outside Python
        if noted:
            signal.raise_signal(signal.SIGINT)


def _leave_interrupts_to_the_parent() -> None:
    """Ignore Ctrl-C in a worker: the parent stops the workers, and no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the workers at once."""
    workers = list(getattr(pool, "_processes", {}).values())  # the executor offers no public way to end them
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            worker.terminate()


def _batches(files: list[tuple[Path, Config]], jobs: int) -> list[list[tuple[Path, Config]]]:
    """Group files, largest first, into batches of about an eighth of a worker's share of bytes."""
    sizes = {}
    for path, _ in files:
        try:
            sizes[path] = path.stat().st_size
        except OSError:
            sizes[path] = 0
    target = max(1, sum(sizes.values()) // (jobs * 8))
    batches: list[list[tuple[Path, Config]]] = []
    current: list[tuple[Path, Config]] = []
    weight = 0
    for entry in sorted(files, key=lambda entry: -sizes[entry[0]]):
        current.append(entry)
        weight += sizes[entry[0]]
        if weight >= target:
            batches.append(current)
            current, weight = [], 0
    if current:
        batches.append(current)
    return batches


def _check_batch(files: list[tuple[Path, Config]]) -> list[tuple[list[Finding], bool]]:
    """Check several files on disk, each under its configuration (a top-level function, for worker processes).

    Each file's result comes with whether it was checked to the end (not
    stopped by the time limit).
    """
    results = []
    for number, (path, config) in enumerate(files, 1):
        results.append(_check_file(path, config))
        if number % _COLLECT_EVERY == 0 and not gc.isenabled():
            gc.collect()
    return results


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while files are checked.

    Parsing creates hundreds of thousands of small objects per file, and
    the collector would scan them, and every object the imports created,
    again and again: pausing it (the imports frozen out of its reach, a
    collection every few dozen files instead) cuts a quarter of a run's
    time. Worker processes inherit the paused state. The previous state is
    restored afterwards.
    """
    enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()


def _check_file(path: Path, config: Config) -> tuple[list[Finding], bool]:
    """Check one file on disk within the time limit; return its findings and whether it was checked to the end."""
    try:
        with time_limit(config.time_limit):
            return _check(str(path), config), True
    except TimeLimitExpired:
        from cuda_core_guide.source.parse import abandon_parser_thread

        # The parser may still be busy with this file on its thread: later
        # files get a thread of their own.
        abandon_parser_thread()
        if not config.is_reported("SYN003", str(path)):
            return [], False
        message = f"checking this file took longer than {config.time_limit:g} s; it was not checked to the end"
        return [Finding(str(path), 1, 1, "SYN003", message, _level(config, "SYN003"))], False


def _check(
    path: str,
    config: Config,
    *,
    text: str | None = None,
    module_name: str | None = None,
    parsed: list[tuple[SourceFile, list[tuple[str, Violation]]]] | None = None,
) -> list[Finding]:
    """Parse one file and run every selected rule on it.

    ``parsed``, if given, receives the parsed file and the selected rules'
    unsuppressed violations in it (those ``check --fix`` may correct), when
    the file parsed as it is.
    """
    from cuda_core_guide.checker.rules import CHECKER_CODES, Violation

    findings: list[Finding] = []

    def report(code: str, violation: Violation) -> None:
        # A file the checker could not check is reported whatever is
        # selected, unless the user ignores it explicitly.
        wanted = config.is_reported(code, path) if code in CHECKER_CODES else config.is_selected(code, path)
        if wanted:
            findings.append(
                Finding(path, violation.line, violation.column, code, violation.message, _level(config, code))
            )

    source = _load(path, text, module_name, report)
    if source is None:
        return findings
    seen: set[tuple[str, int, int]] = set()
    fixable: list[tuple[str, Violation]] = []
    if parsed is not None and source.text == text:
        parsed.append((source, fixable))
    for code, violation in _violations(source, config):
        seen.add((code, violation.line, violation.column))
        report(code, violation)
        if code not in CHECKER_CODES:
            fixable.append((code, violation))
    # Each compile-time branch that Cython's parser leaves out is checked in
    # a text that takes it; only findings on the lines it takes are new.
    for variant in _compile_time_variants(source):
        problems: list[Violation] = []
        taken = _load(path, variant.text, source.module_name, lambda _, found, into=problems: into.append(found))
        if taken is None:
            # The text parsed with the branches Cython takes by default, so
            # the parser's complaint is about a branch this variant takes.
            header = variant.taken[0].header
            failure = problems[0] if problems else Violation(header, 1, "")
            message = f"with the compile-time branch at line {header} taken, {failure.message}"
            report("SYN001", Violation(failure.line, failure.column, message))
            continue
        for code, violation in _violations(taken, config):
            key = (code, violation.line, violation.column)
            if key not in seen and (code == "SYN002" or variant.takes(violation.line)):
                seen.add(key)
                report(code, violation)
    return findings


def _violations(source: SourceFile, config: Config) -> Iterator[tuple[str, Violation]]:
    """Yield every selected rule's unsuppressed violations in a parsed file, and ``SYN002`` for a rule that fails."""
    from cuda_core_guide.checker.rules import Violation

    for code, rule in all_rules().items():
        if source.kind not in rule.kinds or not config.is_selected(code, source.path):
            continue
        try:
            violations = list(rule.check(source, config))
        except Exception as exc:  # noqa: BLE001 - a rule bug must not cost the other findings
            yield "SYN002", Violation(1, 1, f"rule {code} failed on this file: {type(exc).__name__}: {exc}")
            continue
        for violation in violations:
            if not _suppressed(source, code, violation.line):
                yield code, violation


def _compile_time_variants(source: SourceFile) -> list[Variant]:
    """Return texts of a Cython file that take the compile-time branches its parse left out."""
    from cuda_core_guide.source.compile_time import branch_chains, variants

    if source.kind == "py":
        return []
    try:
        chains = branch_chains(source.tokens)
    except (tokenize.TokenError, SyntaxError):
        return []
    return variants(source.text, chains)


def all_rules() -> dict[str, Rule]:
    """Return every rule, by code (the rules, and Cython with them, are imported on first use).

    Returns
    -------
    dict of str to Rule
        :func:`cuda_core_guide.checker.rules.all_rules`.
    """
    from cuda_core_guide.checker.rules import all_rules as load_rules

    return load_rules()


def _load(
    path: str, text: str | None, module_name: str | None, report: Callable[[str, Violation], None]
) -> SourceFile | None:
    """Read and parse a file, reporting why not (``SYN001``, ``IMP006``) when it cannot be checked whole.

    A ``from __future__`` import after other statements is reported as
    ``IMP006`` and blanked out, and the rest of the file is checked.
    """
    from cuda_core_guide.checker.rules import Violation
    from cuda_core_guide.source import ParseFailure, load_source

    blanked: list[int] = []
    for _ in range(_MAX_LATE_FUTURE_IMPORTS):
        try:
            return load_source(path, text=text, module_name=module_name)
        except OSError as exc:
            report("SYN001", Violation(1, 1, f"cannot read the file: {exc.strerror or exc}"))
            return None
        except ParseFailure as failure:
            if failure.message != _FUTURE_NOT_FIRST or failure.line in blanked:
                report("SYN001", Violation(failure.line, failure.column, f"cannot parse: {failure.message}"))
                return None
            if text is None:
                text = _read_text(path, report)
                if text is None:
                    return None
            start, column, end = _statement_around(text, failure.line)
            statement = " ".join(" ".join(text.splitlines()[start - 1 : end]).split())
            report("IMP006", Violation(start, column, f"`{statement}` is not the first statement of the file"))
            blanked.append(failure.line)
            text = _blank_lines(text, start, end)
        except Exception as exc:  # noqa: BLE001 - the parser's own bug must not stop the run
            report("SYN001", Violation(1, 1, f"cannot parse: the parser failed: {type(exc).__name__}: {exc}"))
            return None
    report("SYN001", Violation(blanked[-1], 1, "cannot parse: too many late `from __future__` imports"))
    return None


def _read_text(path: str, report: Callable[[str, Violation], None]) -> str | None:
    """Return a file's text (it decoded once already), reporting a read failure."""
    from cuda_core_guide.checker.rules import Violation

    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        report("SYN001", Violation(1, 1, f"cannot read the file: {exc}"))
        return None


def _statement_around(text: str, line: int) -> tuple[int, int, int]:
    """Return the first line, first column and last line of the statement that spans ``line``."""
    from cuda_core_guide.source.tokens import TokenView

    with contextlib.suppress(tokenize.TokenError, SyntaxError):
        for statement in TokenView(text).logical_lines:
            if statement.start <= line <= statement.end:
                return statement.start, statement.tokens[0].start[1] + 1, statement.end
    return line, 1, line


def _blank_lines(text: str, start: int, end: int) -> str:
    """Blank lines ``start`` to ``end``, keeping every line number."""
    lines = text.splitlines(keepends=True)
    for number in range(start, min(end, len(lines)) + 1):
        lines[number - 1] = "\n"
    return "".join(lines)


def _suppressed(source: SourceFile, code: str, line: int) -> bool:
    """Return whether a ``# noqa`` on ``line`` silences ``code``.

    A bare ``# noqa`` silences every rule except those about ``# noqa``
    comments themselves, which only a ``# noqa`` naming them silences.
    """
    suppression = source.suppression(line)
    if suppression is None:
        return False
    if code in _NAMED_SUPPRESSION_ONLY:
        return code in suppression.codes
    return suppression.covers(code)


def _level(config: Config, code: str) -> Level:
    """Return the level of a rule: the configured one, else the guide's, else required."""
    catalog = load_catalog()
    return config.level_of(code, catalog[code].level if code in catalog else Level.REQUIRED)
