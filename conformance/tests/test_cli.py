# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``cuda-core-guide check`` command line: arguments, output and exit status.

The contract: ``check [PATH ...] [--format text|concise|json|github|sarif]
[--select CODES] [--ignore CODES] [--config FILE]``; each finding starts with
a ``path:line:col: CODE message`` line as ruff prints them, and the text
format adds the source line and the rule's address; exit status 0 without
findings, 1 with findings, 2 on a usage error.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cuda_core_guide.checker.cli import main
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.guide.catalog import default_docs_url, rule_url

RAISING = 'def fail():\n    raise Exception("generic")\n'
"""A file with exactly one ``ERR005`` finding, on line 2, column 5."""

WARNING = 'import warnings\n\n\ndef old():\n    warnings.warn("old")\n'
"""A file with one ``ERR001`` and one ``ERR002`` finding, on line 5, column 5."""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Return an empty project directory, made the working directory, with no configuration above it."""
    (tmp_path / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command in this process; return its status, stdout and stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_text_lines_read_path_line_column_code_message(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    status, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == (
        "fail.py:2:5: ERR005 `raise Exception` is too generic; raise a specific class such as `ValueError` or "
        "`CUDAError`"
    )
    assert lines[1:5] == [
        "  |",
        '2 |     raise Exception("generic")',
        "  |     ^",
        f"  = {rule_url('ERR005', default_docs_url())}",
    ]
    assert lines[-1] == "Found 1 finding."


def test_findings_link_to_the_published_rule_page_by_default(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    _, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005", "--format", "json")
    (finding,) = json.loads(out)
    assert default_docs_url()
    assert default_docs_url().startswith("https://")
    assert finding["url"] == default_docs_url().rstrip("/") + "/rules/ERR005.html"


def test_docs_url_setting_moves_or_removes_the_links(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    (project / "pyproject.toml").write_text('[tool.cuda-core-guide]\ndocs-url = "https://example.org/guide/"\n')
    _, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005")
    assert "  = https://example.org/guide/rules/ERR005.html" in out.splitlines()
    (project / "pyproject.toml").write_text('[tool.cuda-core-guide]\ndocs-url = ""\n')
    _, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005")
    assert "http" not in out
    _, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005", "--format", "json")
    assert json.loads(out)[0]["url"] is None


@pytest.mark.parametrize("value", ["5", '"ftp://example.org"', '"docs"'])
def test_bad_docs_url_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    (project / "pyproject.toml").write_text(f"[tool.cuda-core-guide]\ndocs-url = {value}\n")
    status, out, err = run(capsys, "check", ".")
    assert (status, out) == (2, "")
    assert "docs-url" in err


def test_concise_format_is_one_line_per_finding(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "warn.py").write_text(WARNING)
    status, out, _ = run(capsys, "check", "warn.py", "--select", "ERR", "--format", "concise")
    assert status == 1
    assert out.splitlines() == [
        "warn.py:5:5: ERR001 `warnings.warn()` has no `stacklevel`; pass `stacklevel=2` or more",
        "warn.py:5:5: ERR002 `warnings.warn()` has no category; pass `UserWarning`, `DeprecationWarning` or another",
        "Found 2 findings.",
    ]


def test_exit_zero_and_no_output_without_findings(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fine.py").write_text("def ok():\n    raise ValueError('specific')\n")
    status, out, err = run(capsys, "check", "fine.py", "--select", "ERR005")
    assert (status, out, err) == (0, "", "")


def test_directories_are_walked_and_paths_stay_as_named(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    package = project / "pkg"
    package.mkdir()
    (package / "a.py").write_text(RAISING)
    (package / "b.pyx").write_text(RAISING)
    (package / "notes.txt").write_text(RAISING)
    status, out, _ = run(capsys, "check", "pkg", "--select", "ERR005", "--format", "concise")
    assert status == 1
    assert [line.split(":", 1)[0] for line in out.splitlines()[:-1]] == ["pkg/a.py", "pkg/b.pyx"]


def test_current_directory_is_the_default_path(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    status, out, _ = run(capsys, "check", "--select", "ERR005")
    assert status == 1
    assert out.startswith("fail.py:2:5: ERR005 ")


def test_select_and_ignore_take_codes_and_prefixes(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "warn.py").write_text(WARNING)
    _, out, _ = run(capsys, "check", "warn.py", "--select", "ERR", "--format", "json")
    assert sorted(f["rule"] for f in json.loads(out)) == ["ERR001", "ERR002"]
    _, out, _ = run(capsys, "check", "warn.py", "--select", "ERR00", "--ignore", "ERR002", "--format", "json")
    assert [f["rule"] for f in json.loads(out)] == ["ERR001"]
    _, out, _ = run(capsys, "check", "warn.py", "--select", "err001, err002", "--format", "json")
    assert sorted(f["rule"] for f in json.loads(out)) == ["ERR001", "ERR002"]


def test_ignore_wins_over_select(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "warn.py").write_text(WARNING)
    status, out, _ = run(capsys, "check", "warn.py", "--select", "ERR001", "--ignore", "ERR")
    assert (status, out) == (0, "")


@pytest.mark.parametrize("option", ["--select", "--ignore"])
def test_unknown_code_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str], option: str) -> None:
    (project / "fail.py").write_text(RAISING)
    status, out, err = run(capsys, "check", "fail.py", option, "XYZ999")
    assert status == 2
    assert out == ""
    assert "XYZ999" in err
    assert "Traceback" not in err


def test_missing_path_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "does/not/exist.pyx")
    assert status == 2
    assert out == ""
    assert "does/not/exist.pyx" in err


def test_missing_config_file_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "check", ".", "--config", "nowhere.toml")
    assert status == 2
    assert "nowhere.toml" in err


@pytest.mark.parametrize(
    ("table", "named"),
    [
        ("[tool.cuda-core-guide\n", "cannot read"),
        ('[tool.cuda-core-guide]\nselect = ["NOPE001"]\n', "NOPE001"),
        ("[tool.cuda-core-guide]\nunknown-key = 1\n", "unknown-key"),
        ('[tool.cuda-core-guide.levels]\nERR001 = "optional"\n', "optional"),
        ('[tool.cuda-core-guide]\nignore = "ERR001"\n', "ignore"),
    ],
)
def test_bad_config_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str], table: str, named: str) -> None:
    config = project / "custom.toml"
    config.write_text(table)
    status, out, err = run(capsys, "check", ".", "--config", str(config))
    assert status == 2
    assert out == ""
    assert named in err
    assert "Traceback" not in err


def test_bad_format_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["check", ".", "--format", "xml"])
    assert raised.value.code == 2
    assert "xml" in capsys.readouterr().err


def test_json_is_an_array_of_findings(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    status, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005", "--format", "json")
    assert status == 1
    findings = json.loads(out)
    assert findings == [
        {
            "path": "fail.py",
            "line": 2,
            "column": 5,
            "rule": "ERR005",
            "level": findings[0]["level"],
            "message": "`raise Exception` is too generic; raise a specific class such as `ValueError` or `CUDAError`",
            "url": rule_url("ERR005", default_docs_url()),
        }
    ]
    assert findings[0]["level"] in {"required", "recommended"}


def test_json_without_findings_is_an_empty_array(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fine.py").write_text("x = 1\n")
    status, out, _ = run(capsys, "check", "fine.py", "--select", "ERR005", "--format", "json")
    assert (status, json.loads(out)) == (0, [])


def test_github_annotations(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    status, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005", "--format", "github")
    assert status == 1
    line = out.splitlines()[0]
    assert line.startswith("::warning file=fail.py,line=2,col=5,title=ERR005%3A Raise a specific exception type::")
    assert line.endswith(
        "::ERR005 `raise Exception` is too generic; raise a specific class such as `ValueError` or `CUDAError`"
        f"%0A{rule_url('ERR005', default_docs_url())}"
    )


def test_sarif_output_is_a_sarif_log(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fail.py").write_text(RAISING)
    status, out, _ = run(capsys, "check", "fail.py", "--select", "ERR005", "--format", "sarif")
    assert status == 1
    log = json.loads(out)
    assert log["version"] == "2.1.0"
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["ERR005"]


def test_exit_zero_flag_and_statistics(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "warn.py").write_text(WARNING)
    status, out, err = run(capsys, "check", "warn.py", "--select", "ERR", "--exit-zero", "--statistics")
    assert status == 0
    assert "ERR001" in out
    assert [line.split() for line in err.splitlines()] == [["1", "ERR001"], ["1", "ERR002"]]


def test_rules_lists_every_implemented_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "--format", "json")
    assert status == 0
    rows = {row["code"]: row for row in json.loads(out)}
    assert set(all_rules()) | {"SYN001", "SYN002"} <= set(rows)
    assert all(rows[code]["checked"] for code in all_rules())
    assert rows["IMP006"]["title"] == "Put from __future__ imports first"
    assert rows["IMP006"]["url"] == rule_url("IMP006", default_docs_url())


def test_rules_text_lists_plain_titles(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules")
    assert status == 0
    assert "IMP006  required     checked  Put from __future__ imports first" in out.splitlines()
    assert "`" not in out


def test_rules_count_the_checker_s_diagnostics_apart_from_the_conventions(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules")
    assert status == 0
    lines = out.splitlines()
    header = lines.index("The checker's own diagnostics, which are not conventions of the guide:")
    assert [line.split()[0] for line in lines[header + 1 : header + 4]] == ["SYN001", "SYN002", "SYN003"]
    assert not [line for line in lines[:header] if line.startswith("SYN")]
    rows = json.loads(run(capsys, "rules", "--format", "json")[1])
    conventions = [row for row in rows if row["kind"] == "convention"]
    assert {row["code"] for row in rows if row["kind"] == "diagnostic"} == {"SYN001", "SYN002", "SYN003"}
    checked = sum(row["checked"] for row in conventions)
    fixable = sum(row["fixable"] for row in conventions)
    assert lines[-1] == (
        f"{len(conventions)} conventions: {checked} checked ({fixable} of them fixable), "
        f"{len(conventions) - checked} for reviewers; 3 checker diagnostics"
    )


def test_rule_prints_plain_text_without_myst(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rule", "imp001")
    assert status == 0
    lines = out.splitlines()
    assert lines[:4] == [
        "IMP001: Order imports in five groups",
        "====================================",
        "",
        "Level: required. Chapter: Import Statements. Checked by cuda-core-guide.",
    ]
    assert lines[4] == rule_url("IMP001", default_docs_url())
    assert "Avoid:" in lines
    assert "Preferred:" in lines
    assert "    from cuda.bindings cimport cydriver" in lines
    for markup in ("```", "{rule}", "{avoid}", "{py:", ":lang:", "````"):
        assert markup not in out


def test_rule_quotes_included_examples(capsys: pytest.CaptureFixture[str]) -> None:
    # API001's second Preferred example quotes Stream.from_handle from the reference implementation.
    status, out, _ = run(capsys, "rule", "API001")
    assert status == 0
    assert "Preferred, from reference_impl/cuda/core/_stream.pyx (Stream.from_handle):" in out.splitlines()
    assert "    def from_handle(handle: int) -> Stream:" in out.splitlines()


def test_unknown_rule_documentation_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "rule", "XYZ999")
    assert status == 2
    assert "XYZ999" in err


def test_module_entry_point_runs_without_traceback(project: Path) -> None:
    (project / "fail.py").write_text(RAISING)
    completed = subprocess.run(
        [sys.executable, "-m", "cuda_core_guide", "check", "fail.py", "--select", "ERR005"],
        capture_output=True,
        text=True,
        check=False,
        cwd=project,
    )
    assert completed.returncode == 1
    assert completed.stdout.startswith("fail.py:2:5: ERR005 ")
    assert completed.stderr == ""
