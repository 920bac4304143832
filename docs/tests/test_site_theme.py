# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The theme in the browser: dark mode that survives a reload, a header that fits a phone."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect
from site_testing import Site, Visit, new_context


def test_dark_mode_toggles_and_survives_a_reload(page: Page, site: Site) -> None:
    page.goto(site.address("guide/imports.html"))
    html = page.locator("html")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.locator(".theme-switch-button:visible").click()
    page.locator(".theme-change-button[data-mode=dark]:visible").click()
    expect(html).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light
    page.reload()
    expect(html).to_have_attribute("data-theme", "dark")
    expect(html).to_have_attribute("data-mode", "dark")


def test_header_does_not_cover_the_search_button_at_420_px(browser: Browser, site: Site) -> None:
    context = new_context(browser, site, Visit(), width=420)
    try:
        page = context.new_page()
        for address in ("index.html", "guide/imports.html", "rules/IMP003.html"):
            page.goto(site.address(address))
            search = page.locator(".bd-header .search-button__button:visible")
            expect(search).to_have_count(1)
            button = search.bounding_box()
            assert button is not None
            others = page.evaluate(
                """() => Array.from(document.querySelectorAll(
                    '.bd-header .logo__title, .bd-header .primary-toggle, .bd-header .secondary-toggle'))
                  .filter((e) => e.offsetParent !== null)
                  .map((e) => { const r = e.getBoundingClientRect();
                    return {name: e.className, x: r.x, y: r.y, right: r.right, bottom: r.bottom}; })"""
            )
            assert others
            for other in others:
                apart = (
                    other["right"] <= button["x"]
                    or other["x"] >= button["x"] + button["width"]
                    or other["bottom"] <= button["y"]
                    or other["y"] >= button["y"] + button["height"]
                )
                assert apart, f"{address}: {other['name']} overlaps the search button"
    finally:
        context.close()
