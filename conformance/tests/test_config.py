# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Configuration from ``[tool.cuda-core-guide]`` and inline ``# noqa`` suppressions."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from cuda_core_guide.checker.cli import main
from cuda_core_guide.checker.config import Config, ConfigError, load_config
from cuda_core_guide.checker.config_schema import SETTINGS
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.checker.runner import check_paths, check_source
from cuda_core_guide.findings import Level

RAISING = 'def fail():\n    raise Exception("generic")\n'
WARNING = 'import warnings\n\n\ndef old():\n    warnings.warn("old")\n'


def write_config(directory: Path, body: str) -> Path:
    """Write a ``pyproject.toml`` holding ``body`` under ``[tool.cuda-core-guide]``."""
    path = directory / "pyproject.toml"
    path.write_text("[tool.cuda-core-guide]\n" + body)
    return path


def json_check(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict]:
    """Run ``check --format json`` and return the findings."""
    main(["check", *argv, "--format", "json"])
    return json.loads(capsys.readouterr().out)


def known() -> frozenset[str]:
    """Return every rule code the command accepts."""
    from cuda_core_guide.guide.catalog import load_catalog

    return frozenset(load_catalog()) | frozenset(all_rules())


def test_defaults_without_a_table(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text("[project]\nname = 'x'\n")
    config = load_config(path)
    assert config.select == ("ALL",)
    assert config.ignore == ()
    assert config.root == tmp_path.resolve()


def test_every_key_is_read(tmp_path: Path) -> None:
    path = write_config(
        tmp_path,
        'select = ["ERR", "CUD001"]\n'
        'ignore = ["ERR002"]\n'
        'extend-ignore = ["ERR004"]\n'
        'first-party = ["cuda.core", "mypkg"]\n'
        'exclude = ["generated"]\n'
        "respect-gitignore = false\n"
        'copyright-holder = "Someone"\n'
        'license = "MIT"\n'
        "time-limit = 2.5\n"
        'docs-url = "https://example.org/guide/"\n'
        "[tool.cuda-core-guide.levels]\n"
        'ERR001 = "recommended"\n'
        "[tool.cuda-core-guide.per-path-ignores]\n"
        '"tests/*" = ["ERR"]\n'
        "[tool.cuda-core-guide.principal]\n"
        '"_launcher.pyx" = "launch"\n',
    )
    config = load_config(path, known_codes=known())
    assert config.select == ("ERR", "CUD001")
    assert config.ignore == ("ERR002", "ERR004")
    assert config.first_party == ("cuda.core", "mypkg")
    assert "generated" in config.exclude
    assert config.respect_gitignore is False
    assert config.copyright_holder == "Someone"
    assert config.levels == {"ERR001": Level.RECOMMENDED}
    assert config.per_path_ignores == (("tests/*", ("ERR",)),)
    assert config.principal == {"_launcher.pyx": "launch"}
    assert (config.license, config.time_limit, config.docs_url) == ("MIT", 2.5, "https://example.org/guide/")
    written = {
        line.split("=")[0].strip() for line in path.read_text().splitlines() if "=" in line and "/" not in line[:3]
    }
    tables = {
        line.strip("[]").rpartition(".")[2] for line in path.read_text().splitlines() if line.startswith("[tool.")
    }
    assert {setting.key for setting in SETTINGS} <= written | tables  # the test covers every documented key
    assert config.is_selected("ERR001", str(tmp_path / "src" / "a.py"))
    assert not config.is_selected("ERR001", str(tmp_path / "tests" / "a.py"))
    assert not config.is_selected("ERR002")
    assert not config.is_selected("HDR001")


def test_unknown_codes_in_the_file_are_errors(tmp_path: Path) -> None:
    path = write_config(tmp_path, '[tool.cuda-core-guide.per-path-ignores]\n"x" = ["NOPE"]\n')
    with pytest.raises(ConfigError, match="NOPE"):
        load_config(path, known_codes=known())


def test_config_is_found_from_the_working_directory_upwards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config(tmp_path, 'select = ["ERR001"]\n')
    nested = tmp_path / "src" / "pkg"
    nested.mkdir(parents=True)
    (nested / "warn.py").write_text(WARNING)
    monkeypatch.chdir(nested)
    assert [f["rule"] for f in json_check(capsys, "warn.py")] == ["ERR001"]


def test_each_file_is_checked_under_its_nearest_table_from_any_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    repository = tmp_path / "repository"
    specimen = repository / "specimen"
    specimen.mkdir(parents=True)
    write_config(repository, 'select = ["ERR001"]\n')
    write_config(specimen, 'select = ["ERR002"]\n')
    (repository / "tool.py").write_text(WARNING + RAISING)
    (specimen / "module.py").write_text(WARNING + RAISING)
    expected = [("module.py", "ERR002"), ("tool.py", "ERR001")]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for cwd in (repository, specimen, elsewhere):
        monkeypatch.chdir(cwd)
        found = [(Path(f["path"]).name, f["rule"]) for f in json_check(capsys, str(repository))]
        assert found == expected, cwd


def test_a_nested_table_replaces_the_outer_one_for_walks_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config(tmp_path, 'select = ["ERR005"]\n')
    inner = tmp_path / "inner"
    (inner / "generated").mkdir(parents=True)
    write_config(inner, 'select = ["ERR005"]\nexclude = ["generated"]\n')
    (inner / "generated" / "fail.py").write_text(RAISING)
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "fail.py").write_text(RAISING)
    monkeypatch.chdir(tmp_path / "generated")
    found = [Path(f["path"]).relative_to(tmp_path).as_posix() for f in json_check(capsys, str(tmp_path))]
    assert found == ["generated/fail.py"]


def test_an_invalid_pyproject_on_the_way_up_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "pyproject.toml"
    broken.write_text("[tool.cuda-core-guide\n")
    nested = tmp_path / "src"
    nested.mkdir()
    (nested / "fail.py").write_text(RAISING)
    monkeypatch.chdir(nested)
    assert main(["check", "fail.py"]) == 2
    error = capsys.readouterr().err
    assert str(broken) in error
    assert "Traceback" not in error


def test_the_reference_is_clean_from_any_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reference = Path(__file__).resolve().parents[2] / "reference_impl"
    monkeypatch.chdir(tmp_path)
    assert json_check(capsys, str(reference)) == []


def test_config_option_overrides_discovery(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config(tmp_path, 'select = ["ERR001"]\n')
    other = tmp_path / "other.toml"
    other.write_text('[tool.cuda-core-guide]\nselect = ["ERR002"]\n')
    (tmp_path / "warn.py").write_text(WARNING)
    monkeypatch.chdir(tmp_path)
    assert [f["rule"] for f in json_check(capsys, "warn.py", "--config", str(other))] == ["ERR002"]


def test_command_line_select_replaces_and_ignore_extends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config(tmp_path, 'select = ["ERR001"]\nignore = ["ERR005"]\n')
    (tmp_path / "both.py").write_text(WARNING + RAISING)
    monkeypatch.chdir(tmp_path)
    assert [f["rule"] for f in json_check(capsys, "both.py")] == ["ERR001"]
    assert [f["rule"] for f in json_check(capsys, "both.py", "--select", "ERR002,ERR005")] == ["ERR002"]
    assert json_check(capsys, "both.py", "--ignore", "ERR001") == []


def test_per_path_ignores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    write_config(
        tmp_path,
        'select = ["ERR005"]\n[tool.cuda-core-guide.per-path-ignores]\n"tests/*" = ["ERR"]\n"legacy" = ["ERR005"]\n',
    )
    for folder in ("src", "tests", "legacy/deep"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "fail.py").write_text(RAISING)
    monkeypatch.chdir(tmp_path)
    assert [f["path"] for f in json_check(capsys, ".")] == ["src/fail.py"]


def test_levels_change_json_and_github_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fail.py").write_text(RAISING)
    monkeypatch.chdir(tmp_path)
    for level, command in (("required", "error"), ("recommended", "warning")):
        write_config(tmp_path, f'select = ["ERR005"]\n[tool.cuda-core-guide.levels]\nERR005 = "{level}"\n')
        assert [f["level"] for f in json_check(capsys, "fail.py")] == [level]
        main(["check", "fail.py", "--format", "github"])
        assert capsys.readouterr().out.startswith(f"::{command} file=fail.py,line=2,col=5,title=ERR005%3A ")


def test_exclude_skips_walked_entries_but_not_named_files(tmp_path: Path) -> None:
    for folder in ("src", "generated", "src/build"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "fail.py").write_text(RAISING)
    config = Config(select=("ERR005",), exclude=("generated", "build"), root=tmp_path)
    walked = check_paths([tmp_path], config, jobs=1)
    assert [Path(f.path).relative_to(tmp_path).as_posix() for f in walked] == ["src/fail.py"]
    named = check_paths([tmp_path / "generated" / "fail.py"], config, jobs=1)
    assert len(named) == 1


def _git_project(root: Path) -> None:
    """Make ``root`` a git work tree whose ignore files cover some of its ``fail.py`` files."""
    for folder in ("src", "src/deep", "generated"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for name in ("src/fail.py", "src/deep/fail.py", "generated/fail.py", "src/made_gen.py", "src/keep_gen.py"):
        (root / name).write_text(RAISING)
    (root / "tracked_gen.py").write_text(RAISING)
    (root / ".gitignore").write_text("generated/\n*_gen.py\n!keep_gen.py\n")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    # Tracked files are never ignored, whatever the patterns say.
    subprocess.run(["git", "add", "-f", "tracked_gen.py"], cwd=root, check=True)
    (root / ".git" / "info" / "exclude").write_text("src/deep/\n")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_walk_skips_what_git_ignores_but_checks_named_files(tmp_path: Path) -> None:
    _git_project(tmp_path)
    config = Config(select=("ERR005",), root=tmp_path)
    walked = check_paths([tmp_path], config, jobs=1)
    assert sorted(Path(f.path).relative_to(tmp_path).as_posix() for f in walked) == [
        "src/fail.py",
        "src/keep_gen.py",
        "tracked_gen.py",
    ]
    below = check_paths([tmp_path / "src"], config, jobs=1)
    assert sorted(Path(f.path).relative_to(tmp_path).as_posix() for f in below) == ["src/fail.py", "src/keep_gen.py"]
    named = check_paths([tmp_path / "generated" / "fail.py", tmp_path / "src" / "made_gen.py"], config, jobs=1)
    assert len(named) == 2
    # A folder git ignores is walked when it is the one named, as an excluded one is.
    inside = check_paths([tmp_path / "generated"], config, jobs=1)
    assert [Path(f.path).relative_to(tmp_path).as_posix() for f in inside] == ["generated/fail.py"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_respect_gitignore_false_walks_everything(tmp_path: Path) -> None:
    _git_project(tmp_path)
    config = Config(select=("ERR005",), root=tmp_path, respect_gitignore=False)
    assert len(check_paths([tmp_path], config, jobs=1)) == 6


def test_without_git_or_outside_a_work_tree_nothing_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "fail.py").write_text(RAISING)
    (tmp_path / ".gitignore").write_text("generated/\n")
    config = Config(select=("ERR005",), root=tmp_path)
    # Not a work tree: git refuses, and the ignore file is not read by anyone else.
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    assert len(check_paths([tmp_path], config, jobs=1)) == 1
    monkeypatch.setenv("PATH", "")
    assert len(check_paths([tmp_path], config, jobs=1)) == 1


def test_a_named_directory_inside_an_excluded_one_is_walked(tmp_path: Path) -> None:
    inner = tmp_path / ".venv" / "site-packages" / "pkg"
    (inner / "build").mkdir(parents=True)
    (inner / "fail.py").write_text(RAISING)
    (inner / "build" / "fail.py").write_text(RAISING)
    config = Config(select=("ERR005",), root=tmp_path)
    assert check_paths([tmp_path], config, jobs=1) == []
    findings = check_paths([inner], config, jobs=1)
    # Below the named directory, excluded names (``build``) still apply.
    assert [f.path for f in findings] == [str(inner / "fail.py")]


def test_principal_mapping_reaches_the_rules(tmp_path: Path) -> None:
    path = write_config(tmp_path, '[tool.cuda-core-guide.principal]\n"_launcher.pyx" = "launch"\n_device = "Device"\n')
    assert load_config(path).principal == {"_launcher.pyx": "launch", "_device": "Device"}


@pytest.mark.parametrize(
    ("comment", "reported"),
    [
        ("", ["ERR005"]),
        ("  # noqa: ERR005 raising the base class is what the test needs", []),
        ("  # noqa: ERR005,ERR001 - both are fine here", []),
        ("  # noqa: ERR001 names another rule", ["ERR005"]),
        ("  # noqa: F403", ["ERR005"]),
        ("  # noqa", ["CMT002"]),
        ("  # noqa: ERR005", ["CMT002"]),
        ("  # noqa: ERR005, CMT002", []),
    ],
)
def test_inline_noqa(comment: str, reported: list[str]) -> None:
    text = f'def fail():\n    raise Exception("generic"){comment}\n'
    findings = check_source("example.py", text, Config(select=("ERR005", "CMT002")))
    assert [f.rule for f in findings] == reported


def test_noqa_applies_to_the_line_of_the_finding_only() -> None:
    text = 'def fail():  # noqa: ERR005 wrong line\n    raise Exception("generic")\n'
    findings = check_source("example.py", text, Config(select=("ERR005",)))
    assert [(f.rule, f.line) for f in findings] == [("ERR005", 2)]


def test_checker_findings_are_reported_unless_ignored() -> None:
    broken = "def broken(:\n    pass\n"
    assert [f.rule for f in check_source("broken.py", broken, Config(select=("ERR005",)))] == ["SYN001"]
    assert check_source("broken.py", broken, Config(select=("ERR005",), ignore=("SYN001",))) == []
