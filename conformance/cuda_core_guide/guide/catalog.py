# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The rule catalog the checker ships: every rule's title, level, chapter and text.

The guide's MyST chapters are the source (:mod:`cuda_core_guide.guide.chapters`).
Building the package renders them once into ``catalog.json``, package data
that an installed checker reads through :mod:`importlib.resources`: it
needs neither the chapters nor a Markdown parser at run time. A source
checkout (an editable install) has no ``catalog.json``; there the catalog
is built from the checkout's ``guide/`` folder, so edits to the guide show
at once.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.metadata
import importlib.resources
import json
from pathlib import Path

from cuda_core_guide.findings import Level

__all__ = [
    "CATALOG_RESOURCE",
    "RuleInfo",
    "build_catalog",
    "default_docs_url",
    "dump_catalog",
    "load_catalog",
    "project_url",
    "rule_url",
]

CATALOG_RESOURCE = "catalog.json"
"""The package-data file that holds the built catalog."""

_FORMAT = 2
"""The version of the ``catalog.json`` layout."""


@dataclasses.dataclass(frozen=True)
class RuleInfo:
    """One rule, as the checker presents it.

    Parameters
    ----------
    code : str
        The rule code, such as ``IMP001``.
    title : str
        The title in MyST inline markup, as the chapter writes it.
    title_text : str
        The title as plain text.
    level : Level
        ``required`` or ``recommended``.
    chapter : str
        The chapter's file stem (``imports``).
    chapter_title : str
        The chapter's title as plain text.
    summary : str
        The first paragraph of the rule's text, as plain text on one line.
    text : str
        The rule's whole text, examples included, as wrapped plain text.
    source : str
        Where the rule is defined: ``guide/imports.md:37``.
    unchecked : str
        Why the checker cannot enforce the rule, in MyST inline markup;
        empty for a rule it checks.
    """

    code: str
    title: str
    title_text: str
    level: Level
    chapter: str
    chapter_title: str
    summary: str
    text: str
    source: str
    unchecked: str = ""

    def as_dict(self) -> dict[str, str]:
        """Return the rule as the JSON object ``catalog.json`` stores.

        Returns
        -------
        dict of str to str
            Every field, the level as its name.
        """
        return {field.name: str(getattr(self, field.name)) for field in dataclasses.fields(self)}


@functools.cache
def load_catalog() -> dict[str, RuleInfo]:
    """Return every rule of the guide, by code.

    Returns
    -------
    dict of str to RuleInfo
        The packaged catalog; in a source checkout, the catalog built from
        its ``guide/`` folder. Ordered by code.

    Raises
    ------
    FileNotFoundError
        If the package carries no catalog and runs from no checkout.
    ValueError
        If the packaged catalog is not one this version can read.
    """
    resource = importlib.resources.files("cuda_core_guide.guide").joinpath(CATALOG_RESOURCE)
    if resource.is_file():
        return _parse(resource.read_text(encoding="utf-8"))
    from cuda_core_guide.guide.chapters import checkout_guide

    guide = checkout_guide()
    if guide is None:
        raise FileNotFoundError(
            f"cuda_core_guide carries no {CATALOG_RESOURCE} and runs from no source checkout; reinstall the package"
        )
    return build_catalog(guide)


def build_catalog(guide: Path) -> dict[str, RuleInfo]:
    """Render the rules of the guide's chapters into catalog entries.

    Parameters
    ----------
    guide : Path
        The guide's chapter folder; ``:include:`` paths of examples are
        relative to its parent, and may not lead outside it.

    Returns
    -------
    dict of str to RuleInfo
        Every rule, by code.

    Raises
    ------
    cuda_core_guide.guide.myst.MystError
        If a chapter's markup or a rule directive is malformed, or an
        example quotes a file outside the guide's parent folder, or a file
        or symbol that does not exist (at the example's line).
    """
    from cuda_core_guide.guide.chapters import read_guide
    from cuda_core_guide.guide.plaintext import render_inline
    from cuda_core_guide.guide.rule_text import rule_text

    root = guide.resolve().parent
    catalog = {}
    for code, rule in read_guide(guide).items():
        text = rule_text(rule, root)
        catalog[code] = RuleInfo(
            code=code,
            title=rule.title,
            title_text=render_inline(rule.title),
            level=rule.level,
            chapter=rule.chapter,
            chapter_title=render_inline(rule.chapter_title),
            summary=" ".join(text.split("\n\n", 1)[0].split()),
            text=text,
            source=f"{Path(rule.path).resolve().relative_to(root).as_posix()}:{rule.line}",
            unchecked=rule.unchecked,
        )
    return catalog


def dump_catalog(catalog: dict[str, RuleInfo]) -> str:
    """Return a catalog as the text of ``catalog.json``.

    Parameters
    ----------
    catalog : dict of str to RuleInfo
        The rules.

    Returns
    -------
    str
        Indented JSON, ending in a newline.
    """
    rules = [rule.as_dict() for rule in catalog.values()]
    return json.dumps({"format": _FORMAT, "rules": rules}, indent=1, ensure_ascii=False) + "\n"


def rule_url(code: str, base: str | None) -> str | None:
    """Return the address of a rule's page on the guide's site.

    Parameters
    ----------
    code : str
        The rule code.
    base : str or None
        The site's address; ``None`` or ``""`` for no link.

    Returns
    -------
    str or None
        ``<base>/rules/<CODE>.html``, or ``None`` without a base.
    """
    if not base:
        return None
    return f"{base.rstrip('/')}/rules/{code}.html"


def default_docs_url() -> str | None:
    """Return the address of the published guide, from the package's ``Documentation`` URL.

    Returns
    -------
    str or None
        The address, or ``None`` if the package's metadata names none.
    """
    return project_url("Documentation")


@functools.cache
def project_url(label: str) -> str | None:
    """Return one of the package's project URLs (``[project.urls]`` in ``pyproject.toml``).

    Parameters
    ----------
    label : str
        The URL's label, such as ``Documentation`` or ``Source``.

    Returns
    -------
    str or None
        The address, or ``None`` if the installed metadata has no such URL.
    """
    try:
        urls = importlib.metadata.metadata("cuda-core-guide").get_all("Project-URL") or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for entry in urls:
        name, _, url = entry.partition(",")
        if name.strip().lower() == label.lower():
            return url.strip()
    return None


def _parse(text: str) -> dict[str, RuleInfo]:
    """Read the text of ``catalog.json``."""
    data = json.loads(text)
    if data.get("format") != _FORMAT:
        raise ValueError(f"{CATALOG_RESOURCE} has layout {data.get('format')!r}; this checker reads {_FORMAT}")
    rules = {}
    for entry in data["rules"]:
        rule = RuleInfo(**{**entry, "level": Level(entry["level"])})
        rules[rule.code] = rule
    return rules
