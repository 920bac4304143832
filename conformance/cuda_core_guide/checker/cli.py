# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``cuda-core-guide`` command.

Usage::

    cuda-core-guide check [PATH ...] [--format text|concise|json|github|sarif]
                          [--select CODES] [--ignore CODES] [--config FILE]
                          [--cache-dir DIR | --no-cache] [--fix | --diff]
    cuda-core-guide rule CODE
    cuda-core-guide rules [--format text|json]

``check`` exits 0 when there are no findings, 1 when there are, and 2 on a
usage or configuration error. Findings link to their rule's page on the
guide's site (``docs-url`` in the configuration). ``check --fix`` corrects
what the fixable rules are certain of and reports what is left;
``check --diff`` prints what ``--fix`` would change, writes nothing, and
exits 1 if it would change something (:mod:`cuda_core_guide.checker.fixing`).

``check`` keeps each file's findings in a cache (:mod:`cuda_core_guide.checker.cache`)
and checks again only what changed. What a run needs only to parse files
(Cython, the rules, the guide's Markdown parser) is imported when a file
must be parsed, so that a run with nothing new starts fast.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from cuda_core_guide import __version__
from cuda_core_guide.checker.cache import ResultCache, default_cache_dir
from cuda_core_guide.checker.config import ConfigError, find_config_file, load_config, matches_selector
from cuda_core_guide.checker.config_resolution import ConfigResolver
from cuda_core_guide.checker.config_text import settings_text
from cuda_core_guide.checker.exit_status import CLEAN, FINDINGS, INTERRUPTED, USAGE
from cuda_core_guide.checker.formats import FORMATS, render
from cuda_core_guide.checker.runner import check_paths
from cuda_core_guide.guide.catalog import load_catalog

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments after the program name; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        The exit status: 0 clean, 1 findings, 2 usage error, 130 stopped
        by Ctrl-C.
    """
    _escape_what_the_streams_cannot_encode()
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if sys.stdout is None:
            raise _UsageError("standard output is closed")
        status = args.handler(args)
        sys.stdout.flush()
    except (_UsageError, ConfigError, FileNotFoundError) as exc:
        _error(str(exc))
        return USAGE
    except BrokenPipeError:
        # The reader stopped reading (`| head`): what it wanted, it has.
        _discard_stdout()
        return CLEAN
    except OSError as exc:
        _discard_stdout()
        _error(f"cannot write the output: {exc.strerror or exc}")
        return USAGE
    except KeyboardInterrupt:
        return INTERRUPTED
    except Exception as exc:
        if not _is_guide_error(exc):
            raise
        _error(str(exc))
        return USAGE
    return status


def _is_guide_error(exc: Exception) -> bool:
    """Return whether ``exc`` is malformed guide markup (the guide's parser is imported only if it was used)."""
    myst = sys.modules.get("cuda_core_guide.guide.myst")
    return myst is not None and isinstance(exc, myst.MystError)


def _escape_what_the_streams_cannot_encode() -> None:
    """Write characters that the output's encoding lacks as escapes (``\\u2019``) instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _stop_soon_after_an_interrupt() -> signal.Handlers | object | None:
    """Make Ctrl-C end the run within a second, whatever code it lands in.

    The interrupt raises ``KeyboardInterrupt`` as usual, so the run cleans
    up and exits 130; should third-party code (Cython's parser) swallow the
    exception, a timer ends the process with status 130 a second later.
    Returns the handler it replaced, to be put back.
    """
    if threading.current_thread() is not threading.main_thread():
        return None

    def interrupted(signum: int, frame: object) -> None:
        timer = threading.Timer(1.0, os._exit, args=(INTERRUPTED,))
        timer.daemon = True
        timer.start()
        raise KeyboardInterrupt

    return signal.signal(signal.SIGINT, interrupted)


def _error(message: str) -> None:
    """Print one error line on standard error, if there is one; control characters (from a path) are escaped."""
    line = "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(f"cuda-core-guide: error: {line}", file=sys.stderr, flush=True)


def _discard_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush cannot fail again."""
    if sys.stdout is None:
        return
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


class _UsageError(Exception):
    """A problem with the command line or configuration (exit status 2)."""


def _check(args: argparse.Namespace) -> int:
    """Run ``check``, ending within a second of Ctrl-C."""
    previous = _stop_soon_after_an_interrupt()
    try:
        return _run_check(args)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _run_check(args: argparse.Namespace) -> int:
    """Check the paths of the command line and print the findings."""
    cache = _cache(args)
    known = _known_codes() if cache is None else cache.known_codes(_known_codes)
    override = load_config(Path(args.config), known_codes=known) if args.config else None
    select = _codes(args.select, known, "--select")
    ignore = _codes(args.ignore, known, "--ignore")
    # Without --config, each file is checked under the nearest pyproject.toml
    # with a [tool.cuda-core-guide] table above it; the links in the output
    # follow the working directory's.
    resolver = ConfigResolver(override=override, known_codes=known, select=select, ignore=ignore)
    if args.show_settings:
        for path in args.paths or ["."]:
            if not Path(path).exists():
                raise FileNotFoundError(f"{path}: no such file or directory")
            print(settings_text(path, resolver.for_path(path), resolver.source_of(path), override=args.config))
        return CLEAN
    if args.fix or args.diff:
        return _run_fix(args, resolver, cache)
    findings = check_paths(args.paths or ["."], resolver, cache=cache)
    output = render(findings, args.format, resolver.for_path(Path.cwd()).rule_url)
    sys.stdout.write(output)
    if args.statistics and findings:
        counts: dict[str, int] = {}
        for finding in findings:
            counts[finding.rule] = counts.get(finding.rule, 0) + 1
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"{count:6d}  {code}", file=sys.stderr)
    if args.exit_zero:
        return CLEAN
    return FINDINGS if findings else CLEAN


def _run_fix(args: argparse.Namespace, resolver: ConfigResolver, cache: ResultCache | None) -> int:
    """Run ``check --fix`` (write the fixes, print what is left) or ``check --diff`` (print the fixes)."""
    from cuda_core_guide.checker.fixing import fix_paths

    report = fix_paths(args.paths or ["."], resolver, write=args.fix, cache=cache)
    for result in report.files:
        if result.problem:
            _error(f"{result.path}: {result.problem}")
    changed = report.changed_files
    summary = f"{report.fix_count} finding{'s' if report.fix_count != 1 else ''} in {len(changed)} file"
    summary += "s" if len(changed) != 1 else ""
    if args.diff:
        sys.stdout.write("".join(result.diff() for result in changed))
        if changed:
            print(f"Would fix {summary}.", file=sys.stderr)
        return FINDINGS if changed else CLEAN
    sys.stdout.write(render(report.findings, args.format, resolver.for_path(Path.cwd()).rule_url))
    if changed:
        print(f"Fixed {summary}.", file=sys.stderr)
    if args.exit_zero:
        return CLEAN
    return FINDINGS if report.findings else CLEAN


def _known_codes() -> frozenset[str]:
    """Return every rule code: the catalog's and the checker's."""
    from cuda_core_guide.checker.rules import all_rules

    return frozenset(load_catalog()) | frozenset(all_rules())


def _cache(args: argparse.Namespace) -> ResultCache | None:
    """Return the result cache the command line asks for, or ``None`` for ``--no-cache``."""
    if args.no_cache:
        return None
    if args.cache_dir:
        return ResultCache(Path(args.cache_dir))
    config_file = Path(args.config) if args.config else find_config_file(Path.cwd())
    return ResultCache(default_cache_dir(config_file))


def _rule(args: argparse.Namespace) -> int:
    """Run ``rule CODE``: print a rule's documentation as plain text."""
    from cuda_core_guide.checker.rules import is_checked

    rule = load_catalog().get(args.code.strip().upper())
    if rule is None:
        raise _UsageError(f"no rule {args.code!r}; `cuda-core-guide rules` lists them")
    checked = "Checked by cuda-core-guide." if is_checked(rule.code) else "Not checked: reviewers enforce it."
    heading = f"{rule.code}: {rule.title_text}"
    lines = [heading, "=" * len(heading), "", f"Level: {rule.level}. Chapter: {rule.chapter_title}. {checked}"]
    if rule.unchecked:
        from cuda_core_guide.guide.plaintext import render_inline

        lines.append(f"Why it is not checked: {render_inline(rule.unchecked)}")
    url = load_config(_config_path(args)).rule_url(rule.code)
    if url:
        lines.append(url)
    print("\n".join(lines) + "\n")
    print(rule.text, end="")
    return CLEAN


def _rules(args: argparse.Namespace) -> int:
    """Run ``rules``: list the guide's conventions, then the checker's own diagnostics, and count them apart."""
    from cuda_core_guide.checker.rules import CHECKER_CODES, is_checked, is_fixable

    config = load_config(_config_path(args))
    rows = [
        {
            "code": rule.code,
            "title": rule.title_text,
            "level": str(rule.level),
            "chapter": rule.chapter,
            "kind": "diagnostic" if rule.code in CHECKER_CODES else "convention",
            "checked": is_checked(rule.code),
            "fixable": is_fixable(rule.code),
            "url": config.rule_url(rule.code),
        }
        for rule in load_catalog().values()
    ]
    if args.format == "json":
        print(json.dumps(rows, indent=2))
        return CLEAN
    conventions = [row for row in rows if row["kind"] == "convention"]
    diagnostics = [row for row in rows if row["kind"] == "diagnostic"]
    for row in conventions:
        print(_rule_row(row))
    print("\nThe checker's own diagnostics, which are not conventions of the guide:")
    for row in diagnostics:
        print(_rule_row(row))
    checked = sum(1 for row in conventions if row["checked"])
    fixable = sum(1 for row in conventions if row["fixable"])
    print(
        f"\n{len(conventions)} conventions: {checked} checked ({fixable} of them fixable), "
        f"{len(conventions) - checked} for reviewers; {len(diagnostics)} checker diagnostics"
    )
    return CLEAN


def _rule_row(row: dict[str, object]) -> str:
    """Return one line of the ``rules`` listing: code, level, whether checked or fixable, title."""
    mark = "fixable" if row["fixable"] else "checked" if row["checked"] else "-"
    return f"{row['code']}  {row['level']:<11}  {mark:<7}  {row['title']}"


def _config_path(args: argparse.Namespace) -> Path | None:
    """Return the ``--config`` file, if one was given."""
    return Path(args.config) if getattr(args, "config", None) else None


def _codes(value: str | None, known: frozenset[str], option: str) -> tuple[str, ...] | None:
    """Split a comma-separated code list and reject codes no rule has."""
    if value is None:
        return None
    codes = tuple(code.strip().upper() for code in value.split(","))
    if not any(codes):
        raise _UsageError(f"{option}: no rule codes given")
    if not all(codes):
        raise _UsageError(f"{option}: an empty rule code in {value!r}")
    for code in codes:
        if not any(matches_selector(k, code) for k in known):
            raise _UsageError(f"{option}: unknown rule code or prefix {code!r}")
    return codes


def _parser() -> argparse.ArgumentParser:
    """Build the argument parser."""
    parser = argparse.ArgumentParser(
        prog="cuda-core-guide",
        description="Check Cython and Python code against the cuda.core developer guide.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser("check", help="check files and directories")
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: .)")
    check.add_argument("--format", choices=sorted(FORMATS), default="text", help="output format (default: text)")
    check.add_argument("--select", metavar="CODES", help="comma-separated codes or prefixes to report")
    check.add_argument("--ignore", metavar="CODES", help="comma-separated codes or prefixes not to report")
    check.add_argument(
        "--config",
        metavar="FILE",
        help="pyproject.toml to read [tool.cuda-core-guide] from for every file "
        "(default: each file's nearest pyproject.toml with that table)",
    )
    check.add_argument("--statistics", action="store_true", help="print per-rule counts to stderr")
    check.add_argument(
        "--show-settings",
        action="store_true",
        help="print the settings each PATH is checked under, and where they come from, then exit",
    )
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    caching = check.add_mutually_exclusive_group()
    caching.add_argument(
        "--cache-dir",
        metavar="DIR",
        help="where to keep each file's findings between runs "
        "(default: .cuda-core-guide-cache beside the nearest configuration file, else in the working directory)",
    )
    caching.add_argument("--no-cache", action="store_true", help="check every file again; read and write no cache")
    fixing = check.add_mutually_exclusive_group()
    fixing.add_argument(
        "--fix",
        action="store_true",
        help="correct the findings that fixable rules are certain of, in place; report those left",
    )
    fixing.add_argument(
        "--diff",
        action="store_true",
        help="print what --fix would change as a unified diff, write nothing; exit 1 if it would change anything",
    )
    check.set_defaults(handler=_check)

    rule = commands.add_parser("rule", help="print one rule's documentation")
    rule.add_argument("code", metavar="CODE")
    rule.add_argument("--config", metavar="FILE", help="pyproject.toml to read docs-url from")
    rule.set_defaults(handler=_rule)

    rules = commands.add_parser("rules", help="list every rule")
    rules.add_argument("--format", choices=["text", "json"], default="text")
    rules.add_argument("--config", metavar="FILE", help="pyproject.toml to read docs-url from")
    rules.set_defaults(handler=_rules)
    return parser
