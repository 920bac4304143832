# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The report across upstream releases, from small wheels made here and a pip that is faked (no network)."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from cuda_core_guide import __version__
from cuda_core_guide.reports import upstream_releases as releases_module
from cuda_core_guide.reports.upstream_releases import (
    download_releases,
    latest_releases,
    main,
    parse_index_versions,
    releases_report,
    wheel_version,
)

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n"
    "# SPDX-License-Identifier: Apache-2.0\n\n"
)
GOOD = HEADER + '"""Package."""\n'
FAILING = HEADER + '"""Fails."""\n\n\ndef _fail():\n    raise Exception("generic")\n'
PIP_OUTPUT = "cuda-core (1.2.2)\nAvailable versions: 1.2.2, 1.2.1, 1.2.0, 1.1.1\n"


def make_wheel(directory: Path, version: str, members: dict[str, str]) -> Path:
    """Write a wheel-shaped archive of ``cuda-core`` ``version`` with the given members."""
    path = directory / f"cuda_core-{version}-cp312-cp312-manylinux_2_28_x86_64.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return path


@pytest.fixture
def wheels(tmp_path: Path) -> list[Path]:
    """Return two releases: the later one has a second failing file and a syntax error."""
    older = make_wheel(tmp_path, "1.0.0", {"cuda/core/__init__.py": GOOD, "cuda/core/_fail.py": FAILING})
    newer = make_wheel(
        tmp_path,
        "1.1.0",
        {
            "cuda/core/__init__.py": GOOD,
            "cuda/core/_fail.py": FAILING,
            "cuda/core/_fail_again.py": FAILING,
            "cuda/core/_broken.py": "def broken(:\n",
        },
    )
    return [older, newer]


def test_pip_index_output_is_parsed_newest_first() -> None:
    assert parse_index_versions(PIP_OUTPUT) == ["1.2.2", "1.2.1", "1.2.0", "1.1.1"]
    assert parse_index_versions("WARNING: pip index is experimental\n") == []


def test_latest_releases_asks_pip_and_returns_them_oldest_first(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def fake_run(command: list[str], **options: object) -> subprocess.CompletedProcess:
        calls.append(command)
        return subprocess.CompletedProcess(command, 0, stdout=PIP_OUTPUT, stderr="")

    monkeypatch.setattr(releases_module.subprocess, "run", fake_run)
    assert latest_releases() == ["1.2.0", "1.2.1", "1.2.2"]
    assert latest_releases(2) == ["1.2.1", "1.2.2"]
    assert calls[0][1:] == ["-m", "pip", "index", "versions", "cuda-core"]


def test_latest_releases_fails_when_pip_lists_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        releases_module.subprocess,
        "run",
        lambda command, **options: subprocess.CompletedProcess(command, 0, stdout="", stderr=""),
    )
    with pytest.raises(ValueError, match="no versions of cuda-core"):
        latest_releases()


def test_each_release_is_downloaded_by_its_pinned_requirement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    requested = []

    def fake_download(requirement: str, directory: Path) -> Path:
        requested.append((requirement, directory))
        return directory / "x.whl"

    monkeypatch.setattr(releases_module, "download_wheel", fake_download)
    wheels = download_releases(["1.2.0", "1.2.1"], tmp_path)
    assert requested == [("cuda-core==1.2.0", tmp_path / "1.2.0"), ("cuda-core==1.2.1", tmp_path / "1.2.1")]
    assert wheels == [tmp_path / "1.2.0" / "x.whl", tmp_path / "1.2.1" / "x.whl"]


def test_report_has_each_release_by_rule_and_by_file_with_provenance(
    wheels: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_COMMIT", "0123456789abcdef0123456789abcdef01234567")
    report = releases_report(wheels)
    assert report["format"] == 1
    assert report["package"] == "cuda-core"
    assert report["checker_version"] == __version__
    assert report["commit"] == "0123456789abcdef0123456789abcdef01234567"
    assert report["date"].endswith("Z")
    older, newer = report["releases"]
    assert [older["version"], newer["version"]] == ["1.0.0", "1.1.0"]
    assert [older["wheel"], newer["wheel"]] == [wheel.name for wheel in wheels]
    assert older["rules"]["ERR005"] == 1
    assert newer["rules"]["ERR005"] == 2
    assert newer["rules"]["SYN001"] == 1
    assert "SYN001" not in older["rules"]
    assert newer["total"] > older["total"]
    assert set(newer["files"]) >= {"cuda/core/_fail.py", "cuda/core/_fail_again.py", "cuda/core/_broken.py"}
    for release in (older, newer):
        assert sum(release["files"].values()) == release["total"] == sum(release["rules"].values())
        assert "checker_version" not in release  # recorded once, at the top


def test_command_line_writes_the_report_of_the_wheels_given(
    wheels: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "out" / "upstream.json"
    assert main(["--wheel", str(wheels[0]), "--wheel", str(wheels[1]), "--output", str(output)]) == 0
    written = json.loads(output.read_text())
    assert [release["version"] for release in written["releases"]] == ["1.0.0", "1.1.0"]
    printed = capsys.readouterr().out
    assert "cuda-core 1.0.0:" in printed
    assert "cuda-core 1.1.0:" in printed


def test_command_line_downloads_the_latest_releases_by_default(
    wheels: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(releases_module, "latest_releases", lambda count: ["1.0.0", "1.1.0"][-count:])
    downloaded = []

    def fake_download(versions: list[str], directory: Path) -> list[Path]:
        downloaded.append(list(versions))
        return [wheel for wheel in wheels if wheel_version(wheel) in versions]

    monkeypatch.setattr(releases_module, "download_releases", fake_download)
    output = tmp_path / "upstream.json"
    assert main(["--output", str(output)]) == 0
    assert downloaded == [["1.0.0", "1.1.0"]]
    assert main(["--release", "1.1.0", "--output", str(output)]) == 0
    assert downloaded[-1] == ["1.1.0"]
    assert [release["version"] for release in json.loads(output.read_text())["releases"]] == ["1.1.0"]


def test_wheel_version() -> None:
    assert wheel_version(Path("cuda_core-1.2.2-cp311-cp311-manylinux_2_28_x86_64.whl")) == "1.2.2"
