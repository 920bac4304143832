# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The rule scaffold: one command adds a rule whose fixtures, examples and catalog entry work at once.

The scaffold runs in a copy of the checkout (the guide, the package, the
reference sources the guide quotes, the tools and the configuration), as a
contributor runs it, and the copy's own tests then pass for the new rule.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import add_rule
import pytest
import rule_fixtures

from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.guide.chapters import read_guide
from cuda_core_guide.guide.retired import read_retired

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("*.pyx", "*.pxd", "*.pxi", "*.py")
USED = {*read_guide(REPO / "guide"), *all_rules(), *read_retired(REPO / "guide")}

NEXT = {
    prefix: f"{prefix}{max(int(code[3:]) for code in USED if code[:3] == prefix) + 1:03d}" for prefix in ("IMP", "NAM")
}
"""The next free code of the imports and naming chapters."""
CODE = NEXT["IMP"]
"""The code the scaffold adds to the imports chapter."""
LOWER = CODE.lower()
TITLE = "Sort the names of one import"
COMMAND = [CODE, "--chapter", "imports", "--level", "recommended", "--title", TITLE]
MODULE = f"conformance/cuda_core_guide/checker/rules/imp/{LOWER}_sort_names_one_import.py"
FIXTURES = f"conformance/cuda_core_guide/checker/rules/imp/fixtures/{CODE}"


def checkout_copy(root: Path) -> Path:
    """Copy what the scaffold and the new rule's tests read into ``root``; return it."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(REPO / "guide", root / "guide", ignore=ignore)
    shutil.copytree(REPO / "conformance" / "cuda_core_guide", root / "conformance" / "cuda_core_guide", ignore=ignore)
    for pattern in SOURCES:
        for path in (REPO / "reference_impl" / "cuda").rglob(pattern):
            target = root / path.relative_to(REPO)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    (root / "tools").mkdir()
    (root / "conformance" / "tests").mkdir()
    for name in ("tools/add_rule.py", "tools/rule_fixtures.py", "conformance/tests/test_rule_fixtures.py"):
        shutil.copy2(REPO / name, root / name)
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


def run_in(root: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run Python in a checkout copy, with the copy's package, not this checkout's, on the path."""
    environment = {**os.environ, "PYTHONPATH": str(root / "conformance")}
    return subprocess.run([sys.executable, *argv], cwd=root, capture_output=True, text=True, env=environment)


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """Return a checkout copy after ``tools/add_rule.py <CODE> ...``, and what the command printed."""
    root = checkout_copy(tmp_path_factory.mktemp("checkout"))
    return root, run_in(root, "tools/add_rule.py", *COMMAND)


def test_the_scaffold_writes_the_rule_and_says_what_is_next(scaffolded) -> None:
    root, result = scaffolded
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[:6] == [
        f"Added {CODE}:",
        "  guide/imports.md",
        f"  {MODULE}",
        f"  {FIXTURES}/violating.py",
        f"  {FIXTURES}/clean.py",
        f"  {FIXTURES}/expected.txt",
    ]
    assert f"python tools/rule_fixtures.py {CODE}" in result.stdout
    assert f"pytest conformance/tests/test_rule_fixtures.py -k {CODE}" in result.stdout
    assert f"cuda-core-guide check --select {CODE} ." in result.stdout
    assert "class SortNamesOneImport(Rule):" in (root / MODULE).read_text(encoding="utf-8")


def test_the_expected_findings_are_the_checker_s(scaffolded) -> None:
    root, _ = scaffolded
    assert (root / FIXTURES / "expected.txt").read_text(encoding="utf-8") == (
        f"violating.py:6:1: {CODE} function `violates_{LOWER}` breaks {CODE}: the scaffold's placeholder check\n"
    )


def test_the_new_rule_s_fixtures_and_examples_pass(scaffolded) -> None:
    root, _ = scaffolded
    tests = ["conformance/tests/test_rule_fixtures.py", "guide/imports.md"]
    result = run_in(root, "-m", "pytest", *tests, "-k", CODE, "-q", "-p", "no:cacheprovider")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 passed" in result.stdout


def test_the_catalog_knows_the_new_rule(scaffolded) -> None:
    root, _ = scaffolded
    result = run_in(root, "-m", "cuda_core_guide", "rules", "--format", "json")
    assert result.returncode == 0, result.stderr
    row = {row["code"]: row for row in json.loads(result.stdout)}[CODE]
    assert (row["title"], row["level"], row["checked"]) == (TITLE, "recommended", True)


def test_the_new_check_follows_the_guide(scaffolded) -> None:
    root, _ = scaffolded
    result = run_in(root, "-m", "cuda_core_guide", "check", "--no-cache", MODULE)
    assert result.returncode == 0, result.stdout


@pytest.fixture
def guide_copy(tmp_path: Path) -> Path:
    """Return a checkout copy that holds only the guide: the scaffold refuses before it reads more."""
    shutil.copytree(REPO / "guide", tmp_path / "guide")
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["IMP003", *COMMAND[1:]], f"IMP003 exists ({read_guide(REPO / 'guide')['IMP003'].title}, in imports.md); "),
        ([*COMMAND[:2], "nosuch", *COMMAND[3:]], "unknown chapter 'nosuch': the chapters with a Rules section are "),
        ([*COMMAND[:4], "optional", *COMMAND[5:]], "unknown level 'optional': a rule's level is required or "),
        ([NEXT["NAM"], *COMMAND[1:]], "NAM codes belong to naming.md, not to imports.md"),
        (["SYN004", *COMMAND[1:]], "SYN codes are the checker's own diagnostics, not rules of the guide"),
        (
            ["IMP099", *COMMAND[1:]],
            f"IMP099 would leave a gap: codes follow each other, and the next free code of IMP is {CODE}",
        ),
        (["IMP10", *COMMAND[1:]], "'IMP10' is not a rule code"),
        (COMMAND[:5], "the following arguments are required: --title"),
    ],
    ids=["existing", "chapter", "level", "other-chapter", "checker-code", "gap", "malformed", "missing-title"],
)
def test_the_scaffold_refuses_in_one_line(
    guide_copy: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    before = sorted(guide_copy.rglob("*"))
    try:
        status = add_rule.main(argv, root=guide_copy)
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert err.startswith(f"add_rule: error: {message}")
    assert sorted(guide_copy.rglob("*")) == before


def test_the_scaffold_refuses_a_retired_code(guide_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    retired = guide_copy / "guide" / "_data" / "retired_rules.toml"
    retired.write_text(f'[[retired]]\ncode = "{CODE}"\ntitle = "Sort the names"\nwhy = "`IMP003` covers it"\n')
    assert add_rule.main(COMMAND, root=guide_copy) == 2
    following = f"IMP{int(CODE[3:]) + 1:03d}"
    assert capsys.readouterr().err == (
        f"add_rule: error: {CODE} is retired (Sort the names) and codes are never reused; "
        f"the next free code of IMP is {following}\n"
    )


def test_a_module_is_named_after_its_code_and_title() -> None:
    assert add_rule.module_name("IMP010", "Sort the names of one import") == "imp010_sort_names_one_import"
    assert add_rule.module_name("DOC016", "Give `Raises` a type") == "doc016_give_raises_type"


def test_the_expected_file_is_what_the_checker_reports(tmp_path: Path) -> None:
    folder = shutil.copytree(rule_fixtures.fixture_dirs()["CON001"], tmp_path / "CON001")
    original = (folder / "expected.txt").read_text(encoding="utf-8")
    (folder / "expected.txt").unlink()
    assert rule_fixtures.write_expected(folder, "CON001").read_text(encoding="utf-8") == original


def test_the_expected_file_command_refuses_an_unknown_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert rule_fixtures.main(["NOPE001"]) == 2
    assert capsys.readouterr().err == "rule_fixtures: error: no fixture folder for NOPE001\n"
