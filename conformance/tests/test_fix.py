# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``check --fix`` and ``--diff``: fixes remove their rule's findings, and nothing else changes.

Every fixable rule's violating fixtures are fixed in a copy with only that
rule selected; then all rules check the result: the rule is gone from the
files it can fix, no other rule's findings came or went, a second fix
changes nothing, and the file still parses.
"""

from __future__ import annotations

import collections
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from rule_fixtures import FIXED_YEAR, fixture_dirs

from cuda_core_guide.checker.cli import main
from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.config_resolution import ConfigResolver
from cuda_core_guide.checker.fixes import Edit, Fix, apply_fixes
from cuda_core_guide.checker.fixing import FixReport, fix_paths, fix_text
from cuda_core_guide.checker.rules import all_rules, is_fixable
from cuda_core_guide.checker.runner import check_paths

REPO = Path(__file__).resolve().parents[2]
PACKAGE_ROOT = Path(__file__).resolve().parents[1]
HEADER_TEXT = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n# SPDX-License-Identifier: Apache-2.0\n\n"
)

FIXED_WHOLE = {
    "CMT001": {"violating.pyx": 1},
    "DOC008": {"violating.py": 0},
    "HDR001": {"violating.pyx": 0, "violating_holder.py": 1, "violating_plain_copyright.pxd": 1},
    "HDR002": {"violating.pyx": 1, "violating_missing.py": 0, "violating_no_separator.pyx": 0},
    "HDR003": {"violating.pyx": 0, "violating_future.pxd": 1, "violating_short_year.py": 0},
    "HDR004": {"violating.pyx": 0},
    "IMP003": {"violating.pyx": 0, "violating_relative.py": 0},
    "IMP004": {"violating.pyx": 0},
    "PKG003": {"violating": 2},
    "TYP001": {"violating.py": 2, "violating.pyx": 2},
}
"""Each fixable rule's violating fixtures, and how many findings a fix must leave (those it cannot be sure of)."""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Return an empty project with a configuration, made the working directory."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
    return tmp_path


def fix_leaves_unchanged(path: Path, data: bytes) -> FixReport:
    """Write ``data`` to ``path``, fix it in place, assert that its bytes did not change, and return the report."""
    path.write_bytes(data)
    report = fix_paths([path], ConfigResolver(override=Config(root=path.parent)), write=True)
    assert path.read_bytes() == data
    return report


def run_here(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a command in ``cwd`` with this checkout's package first on the path, whatever the working directory."""
    path = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd, env=env)


def fixable_codes() -> list[str]:
    """Return the codes of the rules that offer fixes."""
    return [code for code in all_rules() if is_fixable(code)]


def fixture_folder(code: str) -> Path:
    """Return a rule's fixture folder."""
    return fixture_dirs()[code]


def checked(paths: list[Path], config: Config) -> list:
    """Check paths with one configuration, in this process."""
    return check_paths(paths, config, jobs=1)


def by_rule(findings: list) -> collections.Counter[str]:
    """Count findings per rule."""
    return collections.Counter(finding.rule for finding in findings)


def texts(folder: Path) -> dict[str, bytes]:
    """Return the content of every file below a folder, by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_fixable_rule_is_tested() -> None:
    assert set(fixable_codes()) == set(FIXED_WHOLE)


@pytest.mark.parametrize("code", sorted(FIXED_WHOLE))
def test_fixing_removes_only_the_rules_findings(code: str, tmp_path: Path) -> None:
    folder = fixture_folder(code)
    everything = Config(root=tmp_path, current_year=FIXED_YEAR)
    only_code = Config(select=(code,), root=tmp_path, current_year=FIXED_YEAR)
    for name, left in FIXED_WHOLE[code].items():
        source = folder / name
        target = tmp_path / name
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy2(source, target)
        before = checked([target], everything)
        assert by_rule(before)[code] >= max(left, 1), f"{name}: the fixture no longer breaks {code}"

        report = fix_paths([target], ConfigResolver(override=only_code), write=True)
        after = checked([target], everything)
        assert by_rule(after)[code] == left, f"{name}: {[str(f) for f in after if f.rule == code]}"
        others_before = {rule: n for rule, n in by_rule(before).items() if rule != code}
        others_after = {rule: n for rule, n in by_rule(after).items() if rule != code}
        assert others_after == others_before, name
        assert not any(f.rule.startswith("SYN") for f in after), name
        assert report.fix_count == by_rule(before)[code] - left

        written = texts(tmp_path)
        again = fix_paths([target], ConfigResolver(override=only_code), write=True)
        assert again.fix_count == 0, f"{name}: a second fix found more"
        assert texts(tmp_path) == written, f"{name}: a second fix changed it"


def test_fixing_every_fixture_at_once_keeps_every_file_parsing(tmp_path: Path) -> None:
    config = Config(root=tmp_path, current_year=FIXED_YEAR)
    for code in FIXED_WHOLE:
        shutil.copytree(fixture_folder(code), tmp_path / code)
    fix_paths([tmp_path], ConfigResolver(override=config), write=True)
    assert not [f for f in checked([tmp_path], config) if f.rule.startswith("SYN")]
    assert fix_paths([tmp_path], ConfigResolver(override=config), write=True).fix_count == 0


def test_overlapping_fixes_wait_for_the_next_pass() -> None:
    fixes = [Fix.replace(0, 1, "A"), Fix.replace(1, 2, "B"), Fix.replace(3, 4, "D"), Fix((Edit(5, 5, "!"),))]
    assert apply_fixes("abcdef", fixes) == ("AbcDe!f", 3)


def test_diff_writes_nothing_and_exits_1_when_there_are_fixes(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy2(fixture_folder("HDR004") / "violating.pyx", project / "glued.pyx")
    before = (project / "glued.pyx").read_bytes()
    status = main(["check", "--no-cache", "--diff", "glued.pyx"])
    out, err = capsys.readouterr()
    assert status == 1
    assert (project / "glued.pyx").read_bytes() == before
    assert out.startswith("--- glued.pyx\n+++ glued.pyx\n")
    assert "\n+\n" in out
    assert err == "Would fix 1 finding in 1 file.\n"


def test_diff_exits_0_and_prints_nothing_without_fixes(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "bad.py").write_text('def fail():\n    raise Exception("generic")\n')
    status = main(["check", "--no-cache", "--diff", "--select", "ERR005", "bad.py"])
    assert status == 0
    assert capsys.readouterr() == ("", "")


def test_fix_and_diff_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["check", "--fix", "--diff", "."])
    assert raised.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_fix_reports_what_is_left_and_counts_what_it_fixed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy2(fixture_folder("CMT001") / "violating.pyx", project / "tags.pyx")
    os.chmod(project / "tags.pyx", 0o640)
    status = main(["check", "--no-cache", "--fix", "--select", "CMT001", "--format", "concise", "tags.pyx"])
    out, err = capsys.readouterr()
    assert status == 1
    assert out.splitlines()[0] == "tags.pyx:11:10: CMT001 write the comment tag `TODO` as `TODO:`"
    assert err == "Fixed 8 findings in 1 file.\n"
    assert stat.S_IMODE((project / "tags.pyx").stat().st_mode) == 0o640
    assert "# TODO: take a stream" in (project / "tags.pyx").read_text()


def test_fix_leaves_a_file_that_does_not_decode_byte_for_byte(tmp_path: Path) -> None:
    report = fix_leaves_unchanged(tmp_path / "broken.pyx", b'"""A docstring."""\n# todo: \xff\n')
    assert [f.rule for f in report.findings] == ["SYN001"]


def test_fix_leaves_a_file_that_does_not_parse(tmp_path: Path) -> None:
    report = fix_leaves_unchanged(tmp_path / "broken.py", b"'''Docstring.'''\n# todo: fix\ndef (:\n")
    assert "SYN001" in {f.rule for f in report.findings}
    assert report.fix_count == 0


def test_crlf_and_byte_order_mark_survive(tmp_path: Path) -> None:
    path = tmp_path / "windows.py"
    path.write_bytes(b"\xef\xbb\xbf'''Docstring.'''\r\n\r\n# todo: x\r\nx = 1\r\n")
    fix_paths([path], ConfigResolver(override=Config(root=tmp_path, current_year=FIXED_YEAR)), write=True)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# SPDX-FileCopyrightText: ")
    assert data.count(b"\n") == data.count(b"\r\n")
    assert b'"""Docstring."""\r\n' in data
    assert b"# TODO: x\r\n" in data


def test_the_cache_does_not_return_findings_of_the_text_before_the_fix(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy2(fixture_folder("HDR004") / "violating.pyx", project / "glued.pyx")
    cache = ["--cache-dir", str(project / "cache"), "--select", "HDR004"]
    assert main(["check", *cache, "glued.pyx"]) == 1
    assert main(["check", *cache, "--fix", "glued.pyx"]) == 0
    capsys.readouterr()
    assert main(["check", *cache, "glued.pyx"]) == 0
    assert capsys.readouterr().out == ""


def test_fix_text_works_in_memory() -> None:
    result = fix_text("tags.py", "# todo: x\n", Config(select=("CMT001",)))
    assert result.fixed == "# TODO: x\n"
    assert result.findings == []


def test_the_reference_implementation_needs_no_fix() -> None:
    completed = run_here(
        [sys.executable, "-m", "cuda_core_guide", "check", "--no-cache", "--diff", "reference_impl"], REPO
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == ""


def test_fix_through_the_entry_point(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
    shutil.copy2(fixture_folder("DOC008") / "violating.py", tmp_path / "quotes.py")
    command = [sys.executable, "-m", "cuda_core_guide", "check", "--no-cache", "--select", "DOC008"]
    completed = run_here([*command, "--fix", "quotes.py"], tmp_path)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert completed.stdout == ""
    assert completed.stderr == "Fixed 5 findings in 1 file.\n"
    again = run_here([*command, "--diff", "quotes.py"], tmp_path)
    assert (again.returncode, again.stdout) == (0, "")


@pytest.mark.parametrize(
    "text",
    [
        "from typing import Optional\n\nx: Optional[int] = None\n",
        "from __future__ import annotations\n\nfrom typing import Optional\n\nx: Optional['Stream'] = None\n",
        "from __future__ import annotations\n\nfrom mine import Optional\n\nx: Optional[int] = None\n",
        "from __future__ import annotations\n\nfrom typing import Union\n\nx: Union[(int, str)] = None\n",
    ],
)
def test_unions_are_rewritten_only_where_it_is_certain(text: str) -> None:
    result = fix_text("module.py", text, Config(select=("TYP001",)))
    assert result.fixed == text


def test_unions_are_rewritten_with_bar() -> None:
    text = "from __future__ import annotations\n\nimport typing\n\nx: typing.Optional[typing.Union[int, str]] = 1\n"
    result = fix_text("module.py", text, Config(select=("TYP001",)))
    assert result.fixed.endswith("\nx: int | str | None = 1\n")
    assert result.fix_count == 1


def test_rules_marks_the_fixable_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "HDR004  recommended  fixable  Leave a blank line after the header" in lines
    assert any(line.startswith("IMP006  required     checked  ") for line in lines)


@pytest.mark.parametrize(
    "imports",
    [
        "import sys\n# the standard library's json\nimport json\n",
        "import sys; import json\n",
        "import sys\nimport json",
    ],
    ids=["comment-line-between", "two-on-one-line", "no-final-newline"],
)
def test_an_import_order_fix_that_is_not_certain_is_left_to_the_author(imports: str, tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(HEADER_TEXT + imports)
    config = Config(select=("IMP003",), root=tmp_path, current_year=FIXED_YEAR)
    report = fix_paths([module], ConfigResolver(override=config), write=True)
    assert report.fix_count == 0
    assert module.read_text() == HEADER_TEXT + imports
    assert [f.rule for f in checked([module], config)] == ["IMP003"]


def test_an_import_moves_with_its_trailing_comment(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(HEADER_TEXT + "import sys  # noqa: F401 - re-exported\nimport json\n")
    config = Config(select=("IMP003",), root=tmp_path, current_year=FIXED_YEAR)
    fix_paths([module], ConfigResolver(override=config), write=True)
    assert module.read_text() == HEADER_TEXT + "import json\nimport sys  # noqa: F401 - re-exported\n"
