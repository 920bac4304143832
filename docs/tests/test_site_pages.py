# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Every page of the built site, loaded once in Chromium, and what the visits recorded.

No page logs a console error or fetches anything from outside loopback, no
local link or anchor is broken, no page gives two elements one id, and no
code block scrolls sideways at 1400 pixels. The pages are visited once, in one browser profile, and the
tests read what the visits recorded.
"""

from __future__ import annotations

import json
import urllib.parse

import pytest
from playwright.sync_api import Browser
from site_testing import Site, Visit, new_context

_COLLECT = """() => ({
  links: Array.from(document.querySelectorAll("a[href]"), (a) => a.href),
  assets: [
    ...Array.from(document.querySelectorAll("link[rel=stylesheet], link[rel=icon]"), (l) => l.href),
    ...Array.from(document.querySelectorAll("script[src]"), (s) => s.src),
  ],
  ids: [
    ...Array.from(document.querySelectorAll("[id]"), (e) => e.id),
    ...Array.from(document.querySelectorAll("a[name]"), (e) => e.name),
  ],
  duplicateIds: (() => {
    const seen = new Set();
    const twice = new Set();
    for (const e of document.querySelectorAll("[id]")) (seen.has(e.id) ? twice : seen).add(e.id);
    return [...twice];
  })(),
  overflowing: Array.from(document.querySelectorAll("main pre, article pre"))
    .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
    .map((pre) => pre.textContent.split("\\n").reduce((a, b) => (b.length > a.length ? b : a), "")),
})"""


@pytest.fixture(scope="session")
def visits(browser: Browser, site: Site) -> dict[str, Visit]:
    """Load every page of the site at 1400 px and record what happened, page by page."""
    recorded: dict[str, Visit] = {}
    current = Visit()
    context = new_context(browser, site, current)
    page = context.new_page()
    page.on("console", lambda message: message.type == "error" and current.console_errors.append(message.text))
    page.on("pageerror", lambda error: current.console_errors.append(str(error)))
    for name in site.pages():
        page.goto(site.address(name), wait_until="load")
        seen = page.evaluate(_COLLECT)
        recorded[name] = Visit(
            list(current.console_errors),
            list(current.remote_requests),
            [*seen["links"], *seen["assets"]],
            set(seen["ids"]),
            seen["overflowing"],
            seen["duplicateIds"],
        )
        current.console_errors.clear()
        current.remote_requests.clear()
    context.close()
    return recorded


def test_the_site_has_its_pages(visits: dict[str, Visit]) -> None:
    assert {"index.html", "rules.html", "search.html", "genindex.html", "guide/imports.html"} <= set(visits)
    assert len([name for name in visits if name.startswith("rules/")]) >= 100
    assert len([name for name in visits if name.startswith("api/")]) >= 20


def test_no_page_logs_a_console_error(visits: dict[str, Visit]) -> None:
    errors = {name: visit.console_errors for name, visit in visits.items() if visit.console_errors}
    assert not errors


def test_no_request_leaves_loopback(visits: dict[str, Visit]) -> None:
    remote = {name: visit.remote_requests for name, visit in visits.items() if visit.remote_requests}
    assert not remote


def test_every_local_link_and_anchor_resolves(visits: dict[str, Visit], site: Site) -> None:
    broken = []
    for name, visit in visits.items():
        for link in visit.links:
            if not link.startswith(site.url):
                continue
            parsed = urllib.parse.urlsplit(link)
            target = urllib.parse.unquote(parsed.path).removeprefix("/")
            if not target or target.endswith("/"):
                target += "index.html"
            if not (site.root / target).is_file():
                broken.append(f"{name}: {link} (no such file)")
                continue
            anchor = urllib.parse.unquote(parsed.fragment)
            if anchor and target.endswith(".html") and anchor not in visits[target].ids:
                broken.append(f"{name}: {link} (no element with id {anchor!r})")
    assert not broken, "\n".join(broken)


def test_no_page_has_an_id_twice(visits: dict[str, Visit]) -> None:
    twice = {name: visit.duplicate_ids for name, visit in visits.items() if visit.duplicate_ids}
    assert not twice


def test_no_code_block_scrolls_sideways_at_1400_px(visits: dict[str, Visit]) -> None:
    wide = {name: visit.overflowing for name, visit in visits.items() if visit.overflowing}
    assert not wide


def test_every_stylesheet_and_script_a_page_loads_ships(visits: dict[str, Visit], site: Site) -> None:
    local = {_path(link) for visit in visits.values() for link in visit.links if link.startswith(site.url)}
    assets = {path for path in local if path.endswith((".css", ".js"))}
    assert {"_static/cuda-core-guide.css", "_static/cuda-core-guide.js"} <= assets
    missing = [path for path in assets if not (site.root / path).is_file()]
    assert not missing


def test_every_rule_has_a_page_and_its_search_hits_resolve(visits: dict[str, Visit], site: Site) -> None:
    text = (site.root / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    rule_type = next(int(key) for key, name in index["objtypes"].items() if name == "guide:rule")
    hits = [entry for entry in index["objects"][""] if entry[1] == rule_type]
    pages = [name for name in visits if name.startswith("rules/")]
    assert len(hits) == len(pages) >= 100
    unresolved = []
    for document, _, _, short_anchor, code in hits:
        page = index["docnames"][document] + ".html"
        # Sphinx's searchtools.js: "" means the name itself, "-" the type, a dash and the name.
        anchor = {"": code, "-": f"rule-{code}"}.get(short_anchor, short_anchor)
        if page != f"rules/{code}.html" or anchor not in visits[page].ids:
            unresolved.append(f"{code}: {page}#{anchor}")
    for entry, targets in index["indexentries"].items():
        for document, anchor, _ in targets:
            page = index["docnames"][document] + ".html"
            if anchor and anchor not in visits[page].ids:
                unresolved.append(f"index entry {entry!r}: {page}#{anchor}")
    assert not unresolved


def _path(link: str) -> str:
    """Return the file a local address names, relative to the site's root."""
    return urllib.parse.unquote(urllib.parse.urlsplit(link).path).removeprefix("/")
