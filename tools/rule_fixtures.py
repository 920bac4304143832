# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Each rule's fixtures, their findings, and the expected file those findings are written to.

Usage::

    python tools/rule_fixtures.py CODE [CODE ...]

writes ``expected.txt`` of each rule named, from what the rule reports on
its ``violating*`` fixtures now, and prints it. Run it after changing a
rule's message or its violating fixtures, and read the diff before
committing: ``expected.txt`` is the contract of the rule's messages. The
fixture tests (``conformance/tests/test_rule_fixtures.py``) and the rule
scaffold (``tools/add_rule.py``) check fixtures the same way, through
:func:`fixture_findings`.

A rule's fixtures are ``checker/rules/<prefix>/fixtures/<CODE>/``:
``violating*`` and ``clean*`` entries (files, or folders that hold a small
package) and ``expected.txt``, one ``name:line:col: CODE message`` line per
finding, names relative to the fixture folder.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import cuda_core_guide.checker.rules as rules_package
from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.runner import check_paths

__all__ = ["FIXED_YEAR", "RULES_DIR", "expected_findings", "fixture_dirs", "fixture_findings", "main", "write_expected"]

RULES_DIR = Path(rules_package.__file__).resolve().parent
"""The folder of the rules that are imported, whose chapter folders hold the fixtures."""

FIXED_YEAR = 2026
"""The year the fixtures are checked in, so that a copyright year does not age."""


def main(argv: Sequence[str] | None = None) -> int:
    """Write the expected findings of the rules named on the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        The codes of the rules whose expected findings to write; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 when every expected file is written, 2 when a code has no fixture folder.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="+", metavar="CODE", help="a rule code, such as IMP003")
    args = parser.parse_args(argv)
    folders = fixture_dirs()
    unknown = [code for code in args.codes if code not in folders]
    if unknown:
        print(f"rule_fixtures: error: no fixture folder for {', '.join(unknown)}", file=sys.stderr)
        return 2
    for code in args.codes:
        path = write_expected(folders[code], code)
        print(f"{path}:\n{path.read_text(encoding='utf-8')}", end="")
    return 0


def fixture_dirs() -> dict[str, Path]:
    """Return each rule's fixture folder, by code.

    Returns
    -------
    dict of str to Path
        The folders ``<prefix>/fixtures/<CODE>`` under :data:`RULES_DIR`.
    """
    return {folder.name: folder for folder in sorted(RULES_DIR.glob("*/fixtures/*")) if folder.is_dir()}


def fixture_findings(code: str, entries: Sequence[Path], folder: Path) -> list[str]:
    """Return what one rule reports on fixture entries, as the lines of an expected file.

    Parameters
    ----------
    code : str
        The rule, the only one selected.
    entries : sequence of Path
        Files or folders of the fixture folder.
    folder : Path
        The fixture folder: the configuration's root, and what names are relative to.

    Returns
    -------
    list of str
        One ``name:line:col: CODE message`` per finding.
    """
    config = Config(select=(code,), root=folder, current_year=FIXED_YEAR)
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        findings = check_paths([entry.name for entry in entries], config, jobs=1)
    finally:
        os.chdir(cwd)
    return [str(finding) for finding in findings]


def expected_findings(folder: Path) -> list[str]:
    """Return the findings a fixture folder's ``expected.txt`` lists.

    Parameters
    ----------
    folder : Path
        A rule's fixture folder.

    Returns
    -------
    list of str
        Its non-blank lines.
    """
    return [line for line in (folder / "expected.txt").read_text(encoding="utf-8").splitlines() if line.strip()]


def write_expected(folder: Path, code: str) -> Path:
    """Write what a rule reports on its violating fixtures into its ``expected.txt``.

    Parameters
    ----------
    folder : Path
        The rule's fixture folder.
    code : str
        The rule.

    Returns
    -------
    Path
        The expected file.
    """
    findings = fixture_findings(code, sorted(folder.glob("violating*")), folder)
    path = folder / "expected.txt"
    path.write_text("".join(f"{line}\n" for line in findings), encoding="utf-8")
    return path


if __name__ == "__main__":
    sys.exit(main())
