# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The published site: a tree of versions, a version menu that reads switcher.json, a root that leads to latest."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from playwright.sync_api import Browser, Route, expect
from site_testing import Site, Visit, new_context

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def published_root() -> str:
    """Return the address the site is published at, from the package's Documentation URL."""
    urls = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["urls"]
    return urls["Documentation"].removesuffix("latest/")


def test_the_version_menu_lists_what_is_published(browser: Browser, published_site: Site) -> None:
    switcher = (published_site.root / "switcher.json").read_text(encoding="utf-8")
    entries = json.loads(switcher)
    visit = Visit()
    context = new_context(browser, published_site, visit)
    fetched: list[str] = []

    def serve_switcher(route: Route) -> None:
        # The pages fetch switcher.json from the published site's root; the
        # file that docs_published wrote answers in its place.
        fetched.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=switcher)

    try:
        page = context.new_page()
        page.on(
            "console", lambda message: visit.console_errors.append(message.text) if message.type == "error" else None
        )
        page.route("**/switcher.json", serve_switcher)
        page.goto(published_site.address("latest/rules/IMP003.html"))
        # The header and the narrow-screen sidebar each hold a menu.
        menus = page.locator(".version-switcher__menu")
        expect(menus.first.locator("a")).to_have_count(len(entries))
        assert menus.count() >= 1
        for index in range(menus.count()):
            items = menus.nth(index).locator("a")
            assert [text.strip() for text in items.all_text_contents()] == [entry["name"] for entry in entries]
            # Each entry leads to the same page in that version.
            hrefs = [items.nth(i).get_attribute("href") for i in range(items.count())]
            assert hrefs == [f"{entry['url']}rules/IMP003.html" for entry in entries]
        expect(page.locator(".version-switcher__button:visible")).to_contain_text("latest (main)")
        assert fetched == [f"{published_root()}switcher.json"]
        assert visit.console_errors == []
        assert visit.remote_requests == []
    finally:
        context.close()


def test_the_root_leads_to_latest(browser: Browser, published_site: Site) -> None:
    context = new_context(browser, published_site, Visit())
    try:
        page = context.new_page()
        page.goto(published_site.url)
        page.wait_for_url(f"{published_site.url}latest/")
        expect(page.locator("h1").first).to_be_visible()
    finally:
        context.close()


def test_every_published_version_has_its_pages(published_site: Site) -> None:
    entries = json.loads((published_site.root / "switcher.json").read_text(encoding="utf-8"))
    assert entries[0]["version"] == "latest"
    for entry in entries:
        folder = published_site.root / str(entry["version"])
        assert (folder / "index.html").is_file()
        assert (folder / "rules" / "IMP003.html").is_file()
    assert (published_site.root / ".nojekyll").is_file()
