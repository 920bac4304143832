# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Odd input never stops the checker, and checked code never runs.

A file that cannot be decoded or parsed yields one ``SYN001`` finding at
the parser's location and the other files are still checked; a rule that
fails yields ``SYN002`` (a checker bug, which these tests look for); and
nothing of the checked code is imported or executed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.checker.runner import check_paths, check_source
from cuda_core_guide.findings import Finding

RAISING = 'def fail():\n    raise Exception("generic")\n'
MARKER = "IMPORTED"
SIDE_EFFECT = (
    "from pathlib import Path\n"
    f"Path(__file__).with_name({MARKER!r}).write_text('the checked code ran')\n"
    "raise Exception('import-time side effect')\n"
)


# Deeper than the default C stack lets Cython's recursive parser go (a few
# thousand brackets), shallow enough to check quickly.
DEEP = {
    "brackets": "x = " + "(" * 10000 + "1" + ")" * 10000 + "\n",
    "binary operators": "x = " + " + ".join(["1"] * 5000) + "\n",
    "unary operators": "x = " + "-" * 10000 + "1\n",
    "calls": "x = f" + "(1)" * 5000 + "\n",
    "attributes": "x = a" + ".b" * 3000 + "\n",
    "blocks": "".join("    " * depth + "if x:\n" for depth in range(90)) + "    " * 90 + "pass\n",
}


def check_file(tmp_path: Path, name: str, content: str | bytes, select: tuple[str, ...] = ("ALL",)) -> list[Finding]:
    """Write one file and check it with ``select``."""
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return check_paths([path], Config(select=select, root=tmp_path), jobs=1)


def only(findings: list[Finding], code: str) -> list[Finding]:
    """Return the findings of one rule."""
    return [f for f in findings if f.rule == code]


def test_binary_garbage_is_one_syntax_finding(tmp_path: Path) -> None:
    garbage = bytes(range(256)) * 4
    findings = check_file(tmp_path, "garbage.pyx", garbage)
    (finding,) = findings
    assert finding.rule == "SYN001"
    assert "UTF-8" in finding.message


def test_invalid_utf8_is_located(tmp_path: Path) -> None:
    findings = check_file(tmp_path, "latin.py", b"x = 1\ny = 2\nname = '\xe9t\xe9'\n")
    assert [(f.rule, f.line, f.column) for f in findings] == [("SYN001", 3, 9)]
    assert "0xe9" in findings[0].message


def test_nul_bytes_are_a_syntax_finding(tmp_path: Path) -> None:
    findings = check_file(tmp_path, "nul.py", b"x = 1\n\x00\x00\x00\n")
    assert [f.rule for f in findings] == ["SYN001"]


def test_unterminated_string_is_located(tmp_path: Path) -> None:
    findings = check_file(tmp_path, "open.pyx", 'x = 1\ny = "never closed\nz = 3\n')
    (finding,) = findings
    assert finding.rule == "SYN001"
    assert finding.line == 2


def test_unterminated_triple_quoted_string(tmp_path: Path) -> None:
    findings = check_file(tmp_path, "doc.py", 'def f():\n    """Never closed.\n    return 1\n')
    assert [f.rule for f in findings] == ["SYN001"]


def test_bad_indentation_is_located(tmp_path: Path) -> None:
    findings = check_file(tmp_path, "indent.py", "def f():\n        x = 1\n    y = 2\n")
    (finding,) = findings
    assert finding.rule == "SYN001"
    assert finding.line == 3


def test_late_future_import_is_imp006_and_the_rest_is_checked(tmp_path: Path) -> None:
    text = '"""Docs."""\nimport os\nfrom __future__ import annotations\n\n\n' + RAISING
    findings = check_file(tmp_path, "late.py", text, select=("IMP006", "ERR005", "SYN"))
    assert [(f.rule, f.line) for f in findings] == [("IMP006", 3), ("ERR005", 7)]


def test_several_late_future_imports_spanning_lines(tmp_path: Path) -> None:
    text = "import os\nfrom __future__ import (\n    annotations,\n)\nfrom __future__ import division\n" + RAISING
    findings = check_file(tmp_path, "late.py", text, select=("IMP006", "ERR005", "SYN"))
    assert [(f.rule, f.line) for f in findings] == [("IMP006", 2), ("IMP006", 5), ("ERR005", 7)]


def test_empty_and_blank_files_are_clean_of_checker_findings(tmp_path: Path) -> None:
    for name, content in (("empty.py", ""), ("empty.pyx", ""), ("empty.pxd", ""), ("blank.py", "\n\n   \n")):
        findings = check_file(tmp_path, name, content)
        assert [f for f in findings if f.rule.startswith("SYN")] == [], name


def test_pxd_with_python_statements_does_not_break_the_checker(tmp_path: Path) -> None:
    text = "import os\nprint('hello')\nx = [i for i in range(3)]\ndef f():\n    return 1\nclass C:\n    pass\n"
    findings = check_file(tmp_path, "statements.pxd", text)
    assert only(findings, "SYN002") == []


def test_bom_crlf_and_tabs(tmp_path: Path) -> None:
    text = '\ufeffdef fail():\r\n\traise Exception("generic")\r\n'
    findings = check_file(tmp_path, "windows.py", text, select=("ERR005", "SYN"))
    assert [(f.rule, f.line, f.column) for f in findings] == [("ERR005", 2, 2)]


def test_compile_time_conditionals_with_names_the_build_defines(tmp_path: Path) -> None:
    text = "IF CUDA_CORE_BUILD_MAJOR >= 13:\n    cdef int x\nELSE:\n    cdef long x\n"
    findings = check_file(tmp_path, "_location.pxd", text, select=("SYN",))
    assert findings == []


def test_cpp_declarations_parse(tmp_path: Path) -> None:
    text = (
        'cdef extern from "<algorithm>" namespace "std" nogil:\n'
        "    bool all_of[Policy, Iter, Pred](Policy&& policy, Iter first, Iter last, Pred pred) except +\n"
        "    cpdef enum class endian(int):\n"
        "        little\n"
        "        big\n"
    )
    assert check_file(tmp_path, "cpp.pxd", text, select=("SYN",)) == []


def test_a_broken_file_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "a_broken.py").write_text("def broken(:\n")
    (tmp_path / "b_garbage.pyx").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "c_fine.py").write_text(RAISING)
    findings = check_paths([tmp_path], Config(select=("ERR005",), root=tmp_path), jobs=1)
    assert [(Path(f.path).name, f.rule) for f in findings] == [
        ("a_broken.py", "SYN001"),
        ("b_garbage.pyx", "SYN001"),
        ("c_fine.py", "ERR005"),
    ]


def test_many_files_in_worker_processes_match_one_process(tmp_path: Path) -> None:
    for number in range(30):
        (tmp_path / f"m{number:02d}.py").write_text(RAISING if number % 3 else "def broken(:\n")
    config = Config(select=("ERR005",), root=tmp_path)
    assert check_paths([tmp_path], config, jobs=2) == check_paths([tmp_path], config, jobs=1)


@pytest.mark.parametrize("suffix", [".py", ".pyx", ".pxi"])
def test_checking_never_imports_or_runs_the_code(tmp_path: Path, suffix: str) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from ._side import *  # noqa: F403\n" + SIDE_EFFECT)
    (package / f"_side{suffix}").write_text(SIDE_EFFECT)
    (package / "conftest.py").write_text(SIDE_EFFECT)
    (tmp_path / "setup.py").write_text(SIDE_EFFECT)
    findings = check_paths([tmp_path], Config(root=tmp_path), jobs=1)
    assert not (package / MARKER).exists()
    assert not (tmp_path / MARKER).exists()
    assert only(findings, "SYN002") == []
    assert {Path(f.path).name for f in only(findings, "ERR005")} >= {"__init__.py", f"_side{suffix}", "setup.py"}


@pytest.fixture(scope="module")
def deep_findings() -> dict[str, list[Finding]]:
    """Return the findings of every rule on each deeply nested text, checked in this process."""
    return {shape: check_source("deep.pyx", text) for shape, text in DEEP.items()}


@pytest.mark.parametrize("shape", sorted(DEEP))
def test_deep_nesting_parses(deep_findings: dict[str, list[Finding]], shape: str) -> None:
    assert only(deep_findings[shape], "SYN001") == []


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_no_rule_fails_on_deep_nesting(deep_findings: dict[str, list[Finding]], code: str) -> None:
    failed = [shape for shape, found in deep_findings.items() if any(code in f.message for f in only(found, "SYN002"))]
    assert failed == [], f"{code} failed on deeply nested {', '.join(failed)}"


def test_very_deep_nesting_in_a_separate_process(tmp_path: Path) -> None:
    # Deep enough to overflow the C stack of Cython's recursive parser on a
    # normal thread; run in a child process so a crash cannot take the
    # test session down.
    (tmp_path / "deep.py").write_text("x = " + "[" * 100000 + "]" * 100000 + "\n")
    (tmp_path / "fine.py").write_text(RAISING)
    completed = subprocess.run(
        [sys.executable, "-m", "cuda_core_guide", "check", "deep.py", "fine.py", "--select", "ERR005"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        timeout=300,
    )
    assert completed.returncode == 1, completed.stderr
    assert "Traceback" not in completed.stderr
    assert "fine.py:2:5: ERR005" in completed.stdout


def test_no_rule_fails_on_cython_and_the_installed_cuda_core() -> None:
    # Cython's own sources, and whichever cuda.core this environment has
    # (the reference build in the test session, upstream in a developer's).
    import Cython

    site = Path(Cython.__file__).resolve().parents[1]
    trees = [site / "Cython", site / "cuda" / "core"]
    trees = [tree for tree in trees if tree.is_dir()]
    findings = check_paths(trees, Config(root=site))
    failures = [f"{f.path}: {f.message}" for f in only(findings, "SYN002")]
    assert failures == []
    # The files the parser rejects are templates and generated code, never Cython's own sources.
    rejected = {Path(f.path).relative_to(site).parts[:2] for f in only(findings, "SYN001")}
    assert rejected <= {("Cython", "Utility")}


def test_a_path_with_a_nul_byte_is_reported_not_raised(capsys) -> None:
    from cuda_core_guide.checker.cli import main

    assert main(["check", "--format", "concise", "bad\x00name.py"]) == 1
    out = capsys.readouterr().out
    assert "SYN001 not a file name: embedded null byte" in out
