# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Where the guide cites each API object: a list, on each page of the API reference, of the rules and sections.

A chapter of the guide (under ``cuda_core_guide_chapters``) or a rule page
(under ``cuda_core_guide_rule_pages``) cites an object of the API when it
names it: a Python cross-reference (``{py:meth}`~cuda.core.Stream.record```)
or inline code that reads as a public name (```Buffer.fill```,
```Device(0)```). While the documents are read, :func:`collect_citations`
records each such name with the section it is in and, inside a rule, the
rule's code. When a page of the API reference is written
(``api/<object>``), :func:`add_citations` appends *In the guide*: the rules
that cite the object or its members, each linking to its rule page, then
the chapters' other sections that do, each linking to its section.

The pages of the API reference are written again whenever the citations
change, though their sources did not (:func:`_rewrite_api_pages`).
"""

from __future__ import annotations

import hashlib
import json
import re

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from cuda_core_guide.guide.plaintext import render_inline
from cuda_core_guide.sphinxext.guide_source import guide_source

__all__ = ["API_FOLDER", "add_citations", "collect_citations", "setup_api_citations"]

API_FOLDER = "api/"
"""The folder of the API reference's pages, one per object, named by its full name."""

_CITATIONS = "cuda_core_guide_api_citations"
"""The attribute of the environment: document name to its citations."""
_DIGEST = "cuda_core_guide_api_citations_digest"
_NAME = re.compile(r"(?:[a-z_][a-z0-9_]*\.)*([A-Z][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\(.*\))?")
"""A name of the API as the guide writes it: a class and its members, after any module, maybe called."""

Citation = tuple[str, str, str, str]
"""A name the guide writes, the id and title of its section, and the code of the rule it is in (or ``""``)."""


def setup_api_citations(app: Sphinx) -> None:
    """Connect the collection of citations and the lists on the API pages.

    Parameters
    ----------
    app : Sphinx
        The application.
    """
    app.connect("doctree-read", collect_citations)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-updated", _rewrite_api_pages)
    app.connect("doctree-resolved", add_citations)


def collect_citations(app: Sphinx, doctree: nodes.document) -> None:
    """Record the API names a chapter or rule page cites, with their sections and rules.

    Parameters
    ----------
    app : Sphinx
        The application.
    doctree : docutils.nodes.document
        The document just read.
    """
    env = app.env
    docname = env.docname
    rule_pages = (app.config.cuda_core_guide_rule_pages or "").strip("/")
    chapters = (app.config.cuda_core_guide_chapters or ".").strip("/")
    on_rule_page = bool(rule_pages) and docname.startswith(rule_pages + "/")
    in_chapter = chapters == "." or docname.startswith(chapters + "/")
    if not (on_rule_page or in_chapter) or docname.startswith(API_FOLDER):
        return
    found: list[Citation] = []
    for node in doctree.findall(lambda n: isinstance(n, (addnodes.pending_xref, nodes.literal))):
        if isinstance(node, addnodes.pending_xref):
            if node.get("refdomain") != "py":
                continue
            name = node["reftarget"].lstrip("~.")
        elif isinstance(node.parent, addnodes.pending_xref) or "guide-rule-code" in node.get("classes", []):
            continue
        else:
            name = node.astext().strip()
        match = _NAME.fullmatch(name)
        if match is None:
            continue
        section_id, title, rule = _place(node)
        if on_rule_page:
            rule = docname.rpartition("/")[2]
        found.append((match.group(1), section_id, title, rule))
    if found:
        if not hasattr(env, _CITATIONS):
            setattr(env, _CITATIONS, {})
        getattr(env, _CITATIONS)[docname] = sorted(set(found))


def add_citations(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Append *In the guide* to a page of the API reference: the rules and sections that cite its object.

    Parameters
    ----------
    app : Sphinx
        The application.
    doctree : docutils.nodes.document
        The page, resolved.
    docname : str
        Its name: ``api/<full name of the object>``.
    """
    if not docname.startswith(API_FOLDER) or app.builder.format != "html":
        return
    env = app.env
    fullname = docname[len(API_FOLDER) :]
    module, _, short = fullname.rpartition(".")
    objects = env.get_domain("py").objects
    rules: dict[str, None] = {}
    sections: dict[tuple[str, str, str], None] = {}
    for citing, citations in sorted(getattr(env, _CITATIONS, {}).items()):
        for name, section_id, title, rule in citations:
            if not _cites(name, fullname, module, short, objects):
                continue
            if rule:
                rules[rule] = None
            elif section_id:
                sections[(citing, section_id, title)] = None
    top = next(iter(doctree.findall(nodes.section)), None)
    if top is None or not (rules or sections):
        return
    section = nodes.section(ids=["in-the-guide"], classes=["guide-api-citations"])
    section += nodes.title("In the guide", "In the guide")
    known = guide_source(env).rules
    if rules:
        text = "Rules that cite it:"
        section += nodes.paragraph(text, text)
        listed = nodes.bullet_list()
        for code in sorted(rules, key=lambda code: _rule_order(env, code)):
            target = f"{(app.config.cuda_core_guide_rule_pages or '').strip('/')}/{code}"
            title = render_inline(known[code].title) if code in known else ""
            item = nodes.paragraph()
            if target in env.found_docs:
                item += _link(app, docname, target, f"rule-{code}", nodes.literal(code, code))
            else:
                item += nodes.literal(code, code)
            item += nodes.Text(f" {title}".rstrip())
            listed += nodes.list_item("", item)
        section += listed
    if sections:
        text = "Sections of the chapters that cite it:"
        section += nodes.paragraph(text, text)
        listed = nodes.bullet_list()
        for citing, section_id, title in sections:
            chapter = env.titles[citing].astext() if citing in env.titles else citing
            words = f"{chapter} › {title}" if title and title != chapter else chapter
            item = nodes.paragraph("", "", _link(app, docname, citing, section_id, nodes.Text(words)))
            listed += nodes.list_item("", item)
        section += listed
    top += section


def _cites(name: str, fullname: str, module: str, short: str, objects: dict) -> bool:
    """Tell whether a name the guide writes is the page's object or one of its members."""
    if name == short:
        return True
    if not name.startswith(short + "."):
        return False
    return f"{module}.{name}" in objects or f"{fullname}.{name.partition('.')[2]}" in objects


def _place(node: nodes.Node) -> tuple[str, str, str]:
    """Return the id and title of the section a node is in, and the code of the rule it is in (or ``""``)."""
    section_id, title, rule = "", "", ""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.section):
            if not rule and "guide-rule" in parent.get("classes", []):
                rule = next((i.removeprefix("rule-") for i in parent["ids"] if i.startswith("rule-")), "")
            if not section_id and parent["ids"]:
                section_id = parent["ids"][0]
                heading = next(iter(parent.findall(nodes.title)), None)
                title = heading.astext() if heading is not None else ""
        parent = parent.parent
    return section_id, title, rule


def _rule_order(env: BuildEnvironment, code: str) -> tuple[int, str]:
    """Return a rule's place in the guide: its chapter's order, then its code."""
    chapters = guide_source(env).chapters
    position = next((index for index, c in enumerate(chapters) if any(r.code == code for r in c.rules)), len(chapters))
    return position, code


def _link(app: Sphinx, docname: str, target: str, anchor: str, content: nodes.Node) -> nodes.reference:
    """Return a link from one document to a section of another."""
    uri = app.builder.get_relative_uri(docname, target) + (f"#{anchor}" if anchor else "")
    reference = nodes.reference("", "", internal=True, refuri=uri)
    reference += content
    return reference


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Forget a document's citations before it is read again."""
    getattr(env, _CITATIONS, {}).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    """Take the citations a parallel reader found."""
    if not hasattr(env, _CITATIONS):
        setattr(env, _CITATIONS, {})
    for docname, citations in getattr(other, _CITATIONS, {}).items():
        if docname in docnames:
            getattr(env, _CITATIONS)[docname] = citations


def _rewrite_api_pages(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Return the API pages to write again when the guide's citations changed since the last build."""
    citations = getattr(env, _CITATIONS, {})
    digest = hashlib.sha256(json.dumps(citations, sort_keys=True).encode()).hexdigest()
    if getattr(env, _DIGEST, None) == digest:
        return []
    setattr(env, _DIGEST, digest)
    return sorted(name for name in env.found_docs if name.startswith(API_FOLDER))
