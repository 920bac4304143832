# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The installed checker knows every rule, prints them as plain text, and links its findings to them."""

from __future__ import annotations

import json
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

from cuda_core_guide.checker.rules import CHECKER_CODES, all_rules
from cuda_core_guide.guide.catalog import build_catalog
from cuda_core_guide.guide.chapters import read_guide

from .conftest import REPO, Installed

GUIDE = REPO / "guide"
RAISING = 'def fail():\n    raise Exception("generic")\n'
"""A file whose findings include ``ERR005``, a recommended rule, on line 2."""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Return a project with one file to check and an empty configuration table."""
    (tmp_path / "pyproject.toml").write_text("[tool.cuda-core-guide]\n")
    (tmp_path / "fail.py").write_text(RAISING)
    return tmp_path


def test_wheel_carries_the_catalog_and_the_static_files(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    assert "cuda_core_guide/guide/catalog.json" in names
    assert "cuda_core_guide/sphinxext/static/cuda-core-guide.css" in names
    assert "cuda_core_guide/sphinxext/static/cuda-core-guide.js" in names
    assert not [name for name in names if "/fixtures/" in name or name.endswith(".md")]


def test_packaged_catalog_is_the_guide_rendered(installed: Installed) -> None:
    packaged = json.loads(zipfile.ZipFile(installed.wheel).read("cuda_core_guide/guide/catalog.json"))
    built = {code: rule.as_dict() for code, rule in build_catalog(GUIDE).items()}
    assert {rule["code"]: rule for rule in packaged["rules"]} == built


def test_sdist_carries_what_the_wheel_is_built_from(installed: Installed) -> None:
    with tarfile.open(installed.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {f"guide/{path.name}" for path in GUIDE.glob("*.md")} <= names
    assert "reference_impl/cuda/core/_event.pyx" in names
    assert "setup.py" in names
    assert not [name for name in names if "/fixtures/" in name]


def test_the_installed_pytest_plugin_is_named_as_its_module(installed: Installed, tmp_path: Path) -> None:
    # Named so, `-p cuda_core_guide.pytest_plugin` or `pytest_plugins` in a conftest finds it loaded.
    script = (
        "from importlib.metadata import entry_points\n"
        "print([(e.name, e.value) for e in entry_points(group='pytest11') if e.value.startswith('cuda_core_guide')])"
    )
    result = installed.run(installed.bin / "python", "-c", script, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[('cuda_core_guide.pytest_plugin', 'cuda_core_guide.pytest_plugin')]"


def test_rules_lists_every_rule_with_its_level(installed: Installed, tmp_path: Path) -> None:
    result = installed.run("cuda-core-guide", "rules", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = {row["code"]: row for row in json.loads(result.stdout)}
    assert set(rows) == set(read_guide(GUIDE))
    assert {code for code, row in rows.items() if row["checked"]} == set(all_rules()) | CHECKER_CODES
    assert {row["level"] for row in rows.values()} == {"required", "recommended"}
    assert all(row["url"].endswith(f"/rules/{code}.html") for code, row in rows.items())


def test_rule_prints_the_same_plain_text_as_the_checkout(
    installed: Installed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cuda_core_guide.checker.cli import main

    result = installed.run("cuda-core-guide", "rule", "IMP001", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("IMP001: Order imports in five groups\n")
    assert "```" not in result.stdout
    assert "{" not in result.stdout
    assert main(["rule", "IMP001"]) == 0
    assert result.stdout == capsys.readouterr().out


@pytest.mark.parametrize("output", ["text", "concise", "json", "github", "sarif"])
def test_check_in_every_format(installed: Installed, project: Path, output: str) -> None:
    result = installed.run("cuda-core-guide", "check", "fail.py", "--format", output, cwd=project)
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""
    url = "https://cuda-core-guide.github.io/cuda-core-guide/latest/rules/ERR005.html"
    if output == "concise":
        assert "fail.py:2:5: ERR005 " in result.stdout
        assert url not in result.stdout
    else:
        assert url in result.stdout.replace("\\/", "/")
    if output == "json":
        levels = {finding["rule"]: finding["level"] for finding in json.loads(result.stdout)}
        assert levels["ERR005"] == "recommended"
        assert levels["HDR001"] == "required"
    if output == "github":
        assert "::warning file=fail.py,line=2,col=5,title=ERR005%3A Raise a specific exception type::" in result.stdout
    if output == "sarif":
        driver = json.loads(result.stdout)["runs"][0]["tool"]["driver"]
        rules = {rule["id"]: rule for rule in driver["rules"]}
        assert set(rules) == set(read_guide(GUIDE))
        assert rules["ERR005"]["helpUri"] == url
        assert rules["ERR005"]["defaultConfiguration"]["level"] == "warning"
        assert rules["ERR005"]["fullDescription"]["text"]


def test_a_table_where_a_level_belongs_is_one_error_line(installed: Installed, project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.cuda-core-guide.levels.DOC001]\nx = "required"\n')
    result = installed.run("cuda-core-guide", "check", "fail.py", cwd=project)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"cuda-core-guide: error: {project / 'pyproject.toml'}: [tool.cuda-core-guide] levels.DOC001 must be"
        ' "required" or "recommended", not a table { x = "required" }'
    ]


def test_sphinx_extension_builds_a_site_with_its_stylesheet(installed: Installed, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "conf.py").write_text(
        textwrap.dedent(
            """\
            extensions = ["myst_parser", "cuda_core_guide.sphinxext"]
            html_theme = "pydata_sphinx_theme"
            cuda_core_guide_chapters = "guide"
            cuda_core_guide_rule_pages = "rules"
            """
        )
    )
    (docs / "index.md").write_text("# Site\n\n```{toctree}\nguide/headers\nrules\n```\n")
    (docs / "rules.md").write_text("# Rules\n\n```{rule-index}\n```\n")
    (docs / "guide" / "headers.md").write_text(
        textwrap.dedent(
            """\
            # Headers

            ````{rule} HDR001
            :title: Begin every file with the `SPDX` copyright line
            :level: required

            Why.

            ```{avoid}
            x = 1
            ```
            ````
            """
        )
    )
    result = installed.run("sphinx-build", "-W", "-q", "-b", "html", docs, docs / "_build", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    built = docs / "_build"
    assert (built / "_static" / "cuda-core-guide.css").is_file()
    assert (built / "_static" / "cuda-core-guide.js").is_file()
    page = (built / "rules" / "HDR001.html").read_text()
    assert "The checker reports:" in page
    assert "HDR001 file does not begin with" in page
