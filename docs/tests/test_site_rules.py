# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Rules in the browser: styled boxes, search by code that lands on the rule, the rule index's filter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from site_testing import Site

SEARCHED_CODES = ["HDR001", "FIL003", "PKG003", "IMP003", "CLS002", "NAM004", "DOC006", "ERR010", "THR001", "SYN001"]
"""Rules from ten chapters; PKG003, ERR010 and THR001 have a ``.`` in their titles."""


def test_the_stylesheet_draws_the_rule_box(page: Page, site: Site) -> None:
    page.goto(site.address("guide/imports.html"))
    box = page.locator("section#rule-IMP003")
    style = box.evaluate(
        "(e) => { const s = getComputedStyle(e);"
        " return {left: s.borderLeftWidth, top: s.borderTopWidth, background: s.backgroundColor}; }"
    )
    assert float(style["left"].removesuffix("px")) >= 4
    assert float(style["top"].removesuffix("px")) >= 1
    assert style["background"] not in ("rgba(0, 0, 0, 0)", "transparent")


def test_avoid_and_preferred_differ_beyond_colour(page: Page, site: Site) -> None:
    page.goto(site.address("guide/imports.html"))
    marks = page.evaluate(
        """() => ["avoid", "prefer"].map((kind) => {
            const label = document.querySelector(`section#rule-IMP003 .guide-${kind} > .guide-example-label`);
            const pre = document.querySelector(`section#rule-IMP003 .guide-${kind} pre`);
            return [getComputedStyle(label, "::before").content, getComputedStyle(pre).backgroundColor];
        })"""
    )
    (avoid_mark, avoid_tint), (prefer_mark, prefer_tint) = marks
    assert "✗" in avoid_mark
    assert "✓" in prefer_mark
    assert avoid_tint != prefer_tint


@pytest.mark.parametrize("code", SEARCHED_CODES)
def test_searching_a_code_lands_on_its_rule(page: Page, site: Site, code: str) -> None:
    page.goto(site.address(f"search.html?q={code}"))
    first = page.locator("#search-results ul.search > li").first
    expect(first).to_be_visible(timeout=15_000)
    link = first.locator("a").first
    assert link.get_attribute("href").endswith(f"rules/{code}.html#rule-{code}")
    link.click()
    page.wait_for_url(re.compile(rf"rules/{code}\.html#rule-{code}$"))
    expect(page.locator("h1")).to_contain_text(code)
    expect(page.locator(f"#rule-{code}")).to_be_in_viewport()


def test_rule_index_filters_by_words_level_and_checked(page: Page, site: Site) -> None:
    page.goto(site.address("rules.html"))
    rows = page.locator("tr.guide-rule-row")
    total = rows.count()
    assert total >= 100
    count = page.locator(".guide-rule-filter-count")
    expect(count).to_have_text(f"{total} of {total} rules")
    page.fill(".guide-rule-filter input[name=text]", "imp00")
    visible = page.locator("tr.guide-rule-row:not(.guide-hidden)")
    codes = visible.locator("td:first-child").all_inner_texts()
    assert codes
    assert all(code.startswith("IMP00") for code in codes)
    assert page.locator("section.guide-rule-group:not(.guide-hidden)").count() == 1
    page.fill(".guide-rule-filter input[name=text]", "")
    page.select_option(".guide-rule-filter select[name=checked]", "no")
    unchecked = visible.count()
    assert 0 < unchecked < total
    assert visible.locator(".guide-badge-checked").count() == 0
    page.select_option(".guide-rule-filter select[name=level]", "required")
    assert visible.locator(".guide-badge-recommended").count() == 0
    assert "checked=no" in page.url
    page.reload()
    expect(page.locator(".guide-rule-filter select[name=checked]")).to_have_value("no")


def test_chapter_lists_its_rules_in_the_page_contents(page: Page, site: Site) -> None:
    page.goto(site.address("guide/imports.html"))
    contents = page.locator("#pst-page-toc-nav")
    for code in ("IMP001", "IMP003", "IMP009"):
        expect(contents.get_by_role("link", name=re.compile(code))).to_have_count(1)


def test_screenshots(page: Page, site: Site, screenshots: Path) -> None:
    shots = {
        "landing": "index.html",
        "chapter": "guide/imports.html",
        "rule-page": "rules/IMP003.html",
        "rule-index": "rules.html",
        "search": "search.html?q=IMP003",
    }
    for name, address in shots.items():
        page.goto(site.address(address))
        if name == "search":
            expect(page.locator("#search-results ul.search > li").first).to_be_visible(timeout=15_000)
        path = screenshots / f"{name}.png"
        page.screenshot(path=path)
        assert path.stat().st_size > 10_000


def test_code_blocks_have_copy_buttons(page: Page, site: Site) -> None:
    page.goto(site.address("guide/imports.html"))
    blocks = page.locator("section#rule-IMP003 div.highlight")
    expect(blocks.first).to_be_visible()
    assert page.locator("section#rule-IMP003 button.copybtn").count() == blocks.count()


def test_api_pages_link_to_the_pyx_source(page: Page, site: Site) -> None:
    page.goto(site.address("api/cuda.core.Event.html"))
    source = page.locator("a:has(.viewcode-link)").first
    assert source.get_attribute("href") == "../_modules/cuda/core/_event.html#Event"
    source.click()
    page.wait_for_url(re.compile(r"_modules/cuda/core/_event\.html#Event$"))
    expect(page.locator("#Event")).to_be_in_viewport()
    expect(page.locator("main")).to_contain_text("cdef class Event")


@pytest.mark.parametrize("address", ["genindex.html", "rules.html", "guide/imports.html", "search.html?q=IMP006"])
def test_rule_titles_show_no_raw_markup(page: Page, site: Site, address: str) -> None:
    page.goto(site.address(address))
    if address.startswith("search"):
        expect(page.locator("#search-results ul.search > li").first).to_be_visible(timeout=15_000)
    text = page.locator("main").inner_text()
    assert "IMP006" in text
    assert "`" not in text.split("IMP006", 1)[1][:200]


def test_parameter_types_are_links(page: Page, site: Site) -> None:
    # DOC009: numpydoc links the types of Parameters and Returns entries.
    page.goto(site.address("api/cuda.core.Stream.html"))
    record = page.locator("dl.py.method:has(#cuda\\.core\\.Stream\\.record)")
    types = record.locator("dd.field-odd .classifier a")
    hrefs = types.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert "cuda.core.Event.html#cuda.core.Event" in hrefs
    assert "cuda.core.EventOptions.html#cuda.core.EventOptions" in hrefs
    assert any(href.startswith("https://docs.python.org/3/") for href in hrefs)
