# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""SARIF 2.1.0, for code-scanning dashboards."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path, PurePath

from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.guide.catalog import RuleInfo, default_docs_url, load_catalog

__all__ = ["SARIF_SCHEMA", "render_sarif"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def render_sarif(findings: Sequence[Finding], links: Callable[[str], str | None]) -> str:
    """Render findings as one SARIF 2.1.0 run, a log of indented JSON (a format of ``FORMATS``).

    The run's ``tool.driver.rules`` lists every rule of the catalog, so a
    dashboard can show the documentation of rules with no results too:
    each has its title (``shortDescription``), its first paragraph
    (``fullDescription``), its whole text (``help``) and its page
    (``helpUri``).
    """
    from cuda_core_guide import __version__

    catalog = load_catalog()
    rules = [_descriptor(rule, links(code)) for code, rule in catalog.items()]
    # Rules the checker implements before the guide documents them, and any
    # other code a finding carries, still get a descriptor.
    extra = sorted({finding.rule for finding in findings} - set(catalog))
    rules.extend({"id": code, "shortDescription": {"text": code}} for code in extra)
    index = {rule["id"]: position for position, rule in enumerate(rules)}
    results = [
        {
            "ruleId": finding.rule,
            **({"ruleIndex": index[finding.rule]} if finding.rule in index else {}),
            "level": _sarif_level(finding.level),
            "message": {"text": finding.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(finding.path)},
                        "region": {"startLine": finding.line, "startColumn": finding.column},
                    }
                }
            ],
        }
        for finding in findings
    ]
    log = {
        "version": "2.1.0",
        "$schema": SARIF_SCHEMA,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "cuda-core-guide",
                        "version": __version__,
                        **({"informationUri": default_docs_url()} if default_docs_url() else {}),
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"


def _descriptor(rule: RuleInfo, url: str | None) -> dict[str, object]:
    """Return the SARIF ``reportingDescriptor`` of a catalogued rule."""
    descriptor: dict[str, object] = {
        "id": rule.code,
        "name": _camel(rule.title_text),
        "shortDescription": {"text": rule.title_text, "markdown": rule.title},
        "fullDescription": {"text": rule.summary or rule.title_text},
        "help": {"text": rule.text or rule.title_text},
        "defaultConfiguration": {"level": _sarif_level(rule.level)},
        "properties": {"chapter": rule.chapter_title, "level": str(rule.level), "tags": [rule.chapter]},
    }
    if url:
        descriptor["helpUri"] = url
    return descriptor


def _uri(path: str) -> str:
    """Return a finding's path as a URI reference: relative paths stay relative, percent-encoded."""
    posix = PurePath(path).as_posix()
    if PurePath(path).is_absolute():
        return Path(path).as_uri()
    return urllib.parse.quote(posix, safe="/")


def _sarif_level(level: Level) -> str:
    """Map a rule level onto SARIF's ``error``/``warning``."""
    return "error" if level is Level.REQUIRED else "warning"


def _camel(title: str) -> str:
    """Turn a rule title into the PascalCase identifier SARIF's ``name`` expects."""
    return "".join(word[:1].upper() + word[1:] for word in title.split() if word.isalnum())
