# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The versioned layout that docs.yml publishes to GitHub Pages."""

from __future__ import annotations

import json
from pathlib import Path

import publish_docs
import pytest

ROOT_URL = "https://example.org/guide/"


def build(tmp_path: Path, marker: str) -> Path:
    """Return a fake built site whose index says ``marker``."""
    html = tmp_path / f"build-{marker}"
    (html / "_static").mkdir(parents=True)
    (html / "index.html").write_text(marker)
    (html / "_static" / "theme.css").write_text("body {}")
    (html / ".doctrees").mkdir()
    return html


def test_latest_and_releases_are_listed_newest_release_preferred(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for version in ("v0.2.0", "latest", "v0.10.0", "v0.9.1"):
        publish_docs.publish(site, build(tmp_path, version), version, ROOT_URL)
    entries = json.loads((site / "switcher.json").read_text())
    assert [entry["version"] for entry in entries] == ["latest", "v0.10.0", "v0.9.1", "v0.2.0"]
    assert [entry.get("preferred", False) for entry in entries] == [False, True, False, False]
    assert entries[1]["url"] == "https://example.org/guide/v0.10.0/"


def test_a_version_is_replaced_whole_and_the_others_stay(tmp_path: Path) -> None:
    site = tmp_path / "site"
    publish_docs.publish(site, build(tmp_path, "old"), "latest", ROOT_URL)
    (site / "latest" / "removed.html").write_text("gone next time")
    publish_docs.publish(site, build(tmp_path, "v1"), "v1.0.0", ROOT_URL)
    publish_docs.publish(site, build(tmp_path, "new"), "latest", ROOT_URL)
    assert (site / "latest" / "index.html").read_text() == "new"
    assert not (site / "latest" / "removed.html").exists()
    assert (site / "v1.0.0" / "index.html").read_text() == "v1"
    assert not (site / "latest" / ".doctrees").exists()
    assert (site / "latest" / "_static" / "theme.css").is_file()


def test_root_redirects_to_latest_and_pages_serves_underscored_folders(tmp_path: Path) -> None:
    site = tmp_path / "site"
    publish_docs.publish(site, build(tmp_path, "x"), "latest", ROOT_URL)
    assert 'url=latest/"' in (site / "index.html").read_text()
    assert (site / ".nojekyll").is_file()


def test_folders_that_are_not_versions_are_left_out_of_the_menu(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    publish_docs.publish(site, build(tmp_path, "x"), "latest", ROOT_URL)
    assert [entry["version"] for entry in json.loads((site / "switcher.json").read_text())] == ["latest"]


@pytest.mark.parametrize("version", ["main", "0.1.0", "v1.2", "../x"])
def test_other_version_names_are_refused(tmp_path: Path, version: str, capsys: pytest.CaptureFixture[str]) -> None:
    html = build(tmp_path, "x")
    assert publish_docs.main(["--site", str(tmp_path / "site"), "--html", str(html), "--version", version]) == 2
    assert "neither 'latest' nor a release tag" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_a_missing_build_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = publish_docs.main(["--site", str(tmp_path / "site"), "--html", str(tmp_path), "--version", "latest"])
    assert code == 2
    assert "holds no index.html" in capsys.readouterr().err


def test_the_published_root_is_the_documentation_url_without_latest() -> None:
    root = publish_docs.published_root()
    assert root.endswith("/")
    assert not root.endswith("latest/")
    assert root.startswith("https://")
