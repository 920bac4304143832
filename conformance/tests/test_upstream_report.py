# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The upstream report, built from a small wheel made here (no network)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from cuda_core_guide.reports import upstream_report as report_module
from cuda_core_guide.reports.upstream_report import (
    build_report,
    extract_sources,
    main,
    read_report,
    report_path,
    upstream_report,
)

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n"
    "# SPDX-License-Identifier: Apache-2.0\n\n"
)
MEMBERS = {
    "cuda/core/__init__.py": HEADER + '"""Package."""\n',
    "cuda/core/_fail.py": HEADER + '"""Fails."""\n\n\ndef _fail():\n    raise Exception("generic")\n',
    "cuda/core/_broken.py": "def broken(:\n",
    "cuda/core/_buffer.pxd": HEADER + "cdef class Buffer:\n    cdef size_t _size\n",
    "cuda/core/_buffer.pyi": "class Buffer: ...\n",
    "cuda/core/_buffer.cpython-312-x86_64-linux-gnu.so": "\x7fELF",
    "cuda_core-1.2.2.dist-info/METADATA": "Name: cuda-core\n",
    "../escape.py": "raise SystemExit\n",
}


@pytest.fixture
def wheel(tmp_path: Path) -> Path:
    """Return a wheel-shaped zip archive with sources, stubs, binaries and metadata."""
    path = tmp_path / "cuda_core-1.2.2-cp312-cp312-manylinux_2_28_x86_64.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in MEMBERS.items():
            archive.writestr(name, content)
    return path


def test_only_py_and_pxd_files_are_extracted_inside_the_destination(wheel: Path, tmp_path: Path) -> None:
    destination = tmp_path / "sources"
    extracted = extract_sources(wheel, destination)
    names = sorted(path.relative_to(destination).as_posix() for path in extracted)
    assert names == ["cuda/core/__init__.py", "cuda/core/_broken.py", "cuda/core/_buffer.pxd", "cuda/core/_fail.py"]
    assert not (tmp_path / "escape.py").exists()


def test_report_counts_rules_files_and_syntax_findings(wheel: Path, tmp_path: Path) -> None:
    sources = tmp_path / "sources"
    extract_sources(wheel, sources)
    report = build_report(sources, requirement="cuda-core==1.2.2", wheel_name=wheel.name)
    assert report["requirement"] == "cuda-core==1.2.2"
    assert report["wheel"] == wheel.name
    assert report["files_checked"] == 4
    assert report["files_by_suffix"] == {".pxd": 1, ".py": 3}
    assert report["syntax"] == {"SYN001": 1, "SYN002": 0}
    rules = report["rules"]
    assert rules["ERR005"] == 1
    assert rules["SYN001"] == 1
    assert report["total"] == sum(rules.values())
    assert sum(report["levels"].values()) == report["total"]
    assert 2 <= report["files_with_findings"] <= report["files_checked"]
    assert list(rules) == sorted(rules)


def test_report_counts_findings_by_file_most_first(wheel: Path, tmp_path: Path) -> None:
    sources = tmp_path / "sources"
    extract_sources(wheel, sources)
    report = build_report(sources)
    files = report["files"]
    assert files["cuda/core/_broken.py"] == 1  # SYN001, with the path inside the wheel
    assert files["cuda/core/_fail.py"] >= 1
    assert len(files) == report["files_with_findings"]
    assert sum(files.values()) == report["total"]
    counts = list(files.values())
    assert counts == sorted(counts, reverse=True)


def test_report_is_written_and_read_back(wheel: Path, tmp_path: Path) -> None:
    output = tmp_path / "reports" / "upstream.json"
    written = upstream_report("cuda-core==1.2.2", output, wheel=wheel)
    assert json.loads(output.read_text()) == written
    assert read_report(output) == written
    assert read_report(tmp_path / "missing.json") is None


def test_command_line(wheel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "report.json"
    assert main(["--wheel", str(wheel), "--output", str(output)]) == 0
    assert "findings in" in capsys.readouterr().out
    assert json.loads(output.read_text())["files_checked"] == 4


def test_download_is_pip_download_of_the_binary_wheel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def fake_run(command: list[str], check: bool) -> None:
        calls.append(command)
        (tmp_path / "dl" / "cuda_core-1.2.2-py3-none-any.whl").write_bytes(b"")

    monkeypatch.setattr(report_module.subprocess, "run", fake_run)
    wheel = report_module.download_wheel("cuda-core==1.2.2", tmp_path / "dl")
    assert wheel.name == "cuda_core-1.2.2-py3-none-any.whl"
    (command,) = calls
    assert command[1:5] == ["-m", "pip", "download", "--no-deps"]
    assert "--only-binary=:all:" in command
    assert command[-1] == "cuda-core==1.2.2"


def test_report_path() -> None:
    assert report_path("cuda-core==1.2.2") == Path("reports/upstream-cuda-core-1.2.2.json")
    assert report_path("cuda-core", Path("out")) == Path("out/upstream-cuda-core.json")
