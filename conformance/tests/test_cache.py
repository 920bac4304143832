# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The result cache of ``cuda-core-guide check``: hits, invalidation, damage, concurrency, imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cuda_core_guide.checker import cache_key
from cuda_core_guide.checker.cache import CACHE_DIR_NAME
from cuda_core_guide.checker.cli import main

RAISING = 'def fail():\n    raise Exception("generic")\n'
WARNING = 'import warnings\n\n\ndef old():\n    warnings.warn("old")\n'
CONFORMANCE = Path(__file__).resolve().parents[1]

_RUN_CLI = """
import sys
from cuda_core_guide.checker.cli import main
status = main(sys.argv[1:])
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"Cython", "sphinx", "docutils", "numpydoc"})
print("IMPORTED", ",".join(heavy), file=sys.stderr)
sys.exit(status)
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Return a project with a configuration and two files, made the working directory."""
    (tmp_path / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
    (tmp_path / "fail.py").write_text(RAISING)
    (tmp_path / "old.py").write_text(WARNING)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Run ``check --format concise`` in this process; return the status and output."""
    status = main(["check", "--format", "concise", *argv])
    return status, capsys.readouterr().out


def check_after_edit(capsys: pytest.CaptureFixture[str], path: Path, text: str) -> tuple[int, str]:
    """Check once to fill the cache, write ``text`` to ``path``, check again; return the second run's result."""
    check(capsys)
    path.write_text(text)
    return check(capsys)


def entries(project: Path) -> list[Path]:
    """Return the cached entries of files."""
    return sorted((project / CACHE_DIR_NAME).glob("*/files/*/*.json"))


def cli(project: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh interpreter; it reports the heavy modules it imported on stderr."""
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(CONFORMANCE), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-c", _RUN_CLI, "check", "--format", "concise", *argv],
        cwd=project,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_hit_gives_the_findings_of_a_fresh_run(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fresh = check(capsys, "--no-cache")
    first = check(capsys)
    assert len(entries(project)) == 2
    second = check(capsys)
    assert fresh == first == second
    assert fresh[0] == 1
    assert "ERR005" in fresh[1]
    assert "ERR001" in fresh[1]


def test_the_cache_folder_is_tagged_and_ignored_by_git(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check(capsys)
    folder = project / CACHE_DIR_NAME
    assert (folder / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert "*" in (folder / ".gitignore").read_text().splitlines()


def test_a_hit_is_served_from_the_entry(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check(capsys)
    for entry in entries(project):
        data = json.loads(entry.read_text())
        for row in data["findings"]:
            row[3] = "served from the cache"
        entry.write_text(json.dumps(data))
    _, out = check(capsys)
    lines = out.splitlines()[:-1]
    assert len(lines) >= 3
    assert all(line.endswith(" served from the cache") for line in lines)


def test_editing_the_file_invalidates(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = check_after_edit(capsys, project / "fail.py", "def fine():\n    return 1\n")
    assert "ERR005" not in out
    assert "ERR001" in out
    assert (status, out) == check(capsys, "--no-cache")


def test_editing_a_sibling_pxd_invalidates(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check(capsys)
    before = {entry: entry.read_text() for entry in entries(project)}
    (project / "fail.pxd").write_text("cdef int x\n")
    check(capsys)
    changed = [entry for entry in before if before[entry] != entry.read_text()]
    assert len(changed) == 1  # fail.py's, whose .pxd it is; old.py's stays


def test_editing_the_configuration_invalidates(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = check_after_edit(capsys, project / "pyproject.toml", '[tool.cuda-core-guide]\nignore = ["ERR005"]\n')
    assert "ERR005" not in out
    assert "ERR001" in out


def test_the_selection_is_part_of_the_key(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check(capsys)
    _, selected = check(capsys, "--select", "ERR001")
    assert "ERR005" not in selected
    assert "ERR001" in selected
    assert check(capsys) == check(capsys, "--no-cache")


def test_the_checker_version_invalidates(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(capsys)
    for entry in entries(project):
        data = json.loads(entry.read_text())
        data["findings"] = []
        entry.write_text(json.dumps(data))
    assert check(capsys)[1] == ""  # the doctored entries are hits under this version
    cache_key.checker_digest.cache_clear()
    monkeypatch.setattr(cache_key, "__version__", "999.0")
    try:
        _, out = check(capsys)
    finally:
        cache_key.checker_digest.cache_clear()
    assert "ERR005" in out
    assert "ERR001" in out


def test_the_checkers_code_is_part_of_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "cuda_core_guide"
    (package / "rules").mkdir(parents=True)
    (package / "rules" / "rule.py").write_text("x = 1\n")
    monkeypatch.setattr(cache_key, "_PACKAGE", package)
    cache_key.checker_digest.cache_clear()
    try:
        before = cache_key.checker_digest()
        (package / "rules" / "rule.py").write_text("x = 2\n")
        cache_key.checker_digest.cache_clear()
        assert cache_key.checker_digest() != before
    finally:
        cache_key.checker_digest.cache_clear()


@pytest.mark.parametrize("damage", ["", "{", '{"layout": 1, "key": "x"', "[1, 2]", '{"layout": 99}', "\0\xff"])
def test_a_corrupt_entry_is_ignored_and_rebuilt(project: Path, capsys: pytest.CaptureFixture[str], damage: str) -> None:
    fresh = check(capsys)
    for entry in entries(project):
        entry.write_text(damage, errors="surrogateescape")
    codes = next((project / CACHE_DIR_NAME).glob("*/codes.json"))
    codes.write_text(damage, errors="surrogateescape")
    assert check(capsys) == fresh
    assert all(json.loads(entry.read_text())["layout"] == 1 for entry in entries(project))
    assert check(capsys) == fresh


def test_no_cache_writes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check(capsys, "--no-cache")
    assert not (project / CACHE_DIR_NAME).exists()


def test_cache_dir_moves_the_cache(project: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    check(capsys, "--cache-dir", str(elsewhere))
    assert not (project / CACHE_DIR_NAME).exists()
    assert list(elsewhere.glob("*/files/*/*.json"))


def test_the_cache_folder_is_not_checked(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check(capsys, "--cache-dir", CACHE_DIR_NAME + "/nested")
    (project / CACHE_DIR_NAME / "stray.py").write_text(RAISING)
    _, out = check(capsys)
    assert CACHE_DIR_NAME not in out


def test_concurrent_runs_agree_and_leave_a_readable_cache(project: Path) -> None:
    for number in range(30):
        (project / f"module_{number}.py").write_text(RAISING if number % 2 else WARNING)
    expected = cli(project, "--no-cache")
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(CONFORMANCE), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-m", "cuda_core_guide", "check", "--format", "concise"]
    runs = [
        subprocess.Popen(command, cwd=project, env=environment, stdout=subprocess.PIPE, text=True) for _ in range(3)
    ]
    outputs = [run.communicate()[0] for run in runs]
    assert all(output == expected.stdout for output in outputs)
    assert all(run.returncode == expected.returncode for run in runs)
    for entry in entries(project):
        assert json.loads(entry.read_text())["layout"] == 1
    assert not list((project / CACHE_DIR_NAME).rglob(".tmp-*"))
    again = cli(project)
    assert again.stdout == expected.stdout
    assert "IMPORTED \n" in again.stderr


def test_a_warm_run_imports_neither_cython_nor_sphinx(project: Path) -> None:
    cold = cli(project)
    assert "Cython" in cold.stderr  # the probe sees imports
    warm = cli(project)
    assert warm.stdout == cold.stdout
    assert warm.returncode == cold.returncode == 1
    assert "IMPORTED \n" in warm.stderr


def test_a_timed_out_file_is_not_cached(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text("[tool.cuda-core-guide]\ntime-limit = 0.000001\n")
    _, out = check(capsys, "fail.py")
    if "SYN003" not in out:
        pytest.skip("the file was checked within the limit")
    assert entries(project) == []
