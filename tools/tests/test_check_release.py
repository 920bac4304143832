# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The release workflow's check: tag, built distributions and changelog agree."""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import check_release
import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
CHANGELOG = "# Changelog\n\nIntro.\n\n## 1.2.0 (2026-12-01)\n\nText.\n\n## 1.1.0\n"


def fake_repository(tmp_path: Path, version: str, changelog: str) -> Path:
    """Return a folder laid out like the repository, with ``version`` and ``changelog``."""
    package = tmp_path / "repo" / "conformance" / "cuda_core_guide"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f'"""Doc."""\n\n__all__ = []\n\n__version__ = "{version}"\n')
    (tmp_path / "repo" / "CHANGELOG.md").write_text(changelog)
    return tmp_path / "repo"


def fake_dist(tmp_path: Path, version: str, *, wheel_version: str | None = None) -> Path:
    """Return a folder with an sdist and a wheel whose metadata carry ``version``."""
    dist = tmp_path / "dist"
    dist.mkdir()
    metadata = f"Metadata-Version: 2.4\nName: cuda-core-guide\nVersion: {wheel_version or version}\n\n"
    with zipfile.ZipFile(dist / f"cuda_core_guide-{version}-py3-none-any.whl", "w") as wheel:
        wheel.writestr(f"cuda_core_guide-{version}.dist-info/METADATA", metadata)
    with tarfile.open(dist / f"cuda_core_guide-{version}.tar.gz", "w:gz") as sdist:
        data = metadata.replace(wheel_version or version, version).encode()
        info = tarfile.TarInfo(f"cuda_core_guide-{version}/PKG-INFO")
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return dist


def test_a_consistent_release_passes(tmp_path: Path) -> None:
    root = fake_repository(tmp_path, "1.2.0", CHANGELOG)
    assert check_release.problems("v1.2.0", fake_dist(tmp_path, "1.2.0"), root) == []


def test_a_tag_that_is_not_the_version_fails(tmp_path: Path) -> None:
    root = fake_repository(tmp_path, "1.2.0", CHANGELOG)
    found = check_release.problems("v1.2.1", fake_dist(tmp_path, "1.2.0"), root)
    assert found == ["tag 'v1.2.1' does not name the package's version '1.2.0' (expected 'v1.2.0')"]


def test_a_wheel_of_another_version_fails(tmp_path: Path) -> None:
    root = fake_repository(tmp_path, "1.2.0", CHANGELOG)
    found = check_release.problems("v1.2.0", fake_dist(tmp_path, "1.2.0", wheel_version="1.1.0"), root)
    assert found == ["cuda_core_guide-1.2.0-py3-none-any.whl carries version '1.1.0', not the package's '1.2.0'"]


def test_a_version_without_a_changelog_section_fails(tmp_path: Path) -> None:
    root = fake_repository(tmp_path, "1.3.0", CHANGELOG + "\nSee 1.3.0 later.\n```\n## 1.3.0\n```\n")
    found = check_release.problems("v1.3.0", fake_dist(tmp_path, "1.3.0"), root)
    assert found == ["CHANGELOG.md has no '## 1.3.0' section"]


def test_missing_distributions_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert check_release.main(["--tag", "v0.0.0", str(tmp_path / "empty")]) == 1
    error = capsys.readouterr().err
    assert "must hold one sdist; it holds none" in error
    assert "must hold one wheel; it holds none" in error


def test_this_repository_has_a_changelog_section_for_its_version() -> None:
    version = check_release.source_version(REPOSITORY)
    assert version in check_release.changelog_versions((REPOSITORY / "CHANGELOG.md").read_text())


@pytest.mark.parametrize("document", ["README.md", "guide/checker.md"])
def test_pre_commit_snippets_name_the_tag_of_this_version(document: str) -> None:
    from markdown_it import MarkdownIt

    version = check_release.source_version(REPOSITORY)
    text = (REPOSITORY / document).read_text(encoding="utf-8")
    snippets = [
        token.content
        for token in MarkdownIt("commonmark").parse(text)
        if token.type == "fence" and token.info.strip() == "yaml" and "cuda-core-guide" in token.content
    ]
    assert snippets, f"{document} shows no pre-commit snippet"
    for snippet in snippets:
        assert f"rev: v{version}\n" in snippet
