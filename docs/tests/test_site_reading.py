# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The site as a reader sees it, on a laptop (1366 x 900) and on a phone (390 x 844).

Report pages fit their column (no element wider than the article, nothing
that scrolls sideways); their charts' text neither overlaps nor shrinks
below 10 pixels on a laptop (measured in the browser, from the rendered
SVG, not from its source); the properties of compiled classes are typed
and link to their source; every fixable rule's page says so and what
``--fix`` does; searching a rule's code gives its page first and each page
once; the conformance matrix filters to what did not pass. Screenshots of
the report pages at both sizes go to ``docs/_build/screenshots``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from site_testing import Site, Visit, new_context

VIEWPORTS = {"laptop": (1366, 900), "phone": (390, 844)}
REPORT_PAGES = [
    "reports.html",
    "reports/conformance.html",
    "reports/bad-arguments.html",
    "reports/upstream.html",
    "reports/checker-speed.html",
    "reports/performance.html",
]
CHARTED = {"reports/performance.html", "reports/checker-speed.html"}
"""The pages that always draw charts (the upstream findings draw one only when the counts move)."""
COMPILED_CLASSES = ["Buffer", "Stream", "Event", "Program"]
SEARCHED_CODES = ["HDR001", "FIL003", "PKG003", "IMP003", "CLS002", "NAM004", "DOC006", "ERR010", "THR001", "SYN001"]
MIN_TEXT_PX = {"laptop": 10.0, "phone": 10.0}
"""The smallest chart text, in CSS pixels: 10 on a laptop, and on a phone, which shows its own narrower drawing."""

_TOO_WIDE = """() => {
  const article = document.querySelector("article.bd-article");
  const box = article.getBoundingClientRect();
  const wide = [];
  for (const element of article.querySelectorAll("*")) {
    if (element.closest("svg") && element.tagName.toLowerCase() !== "svg") continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const style = getComputedStyle(element);
    const scrolls = ["auto", "scroll"].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
    if (rect.left < box.left - 1 || rect.right > box.right + 1 || scrolls) {
      const classes = element.className ? "." + String(element.className).split(" ").join(".") : "";
      const size = `${Math.round(rect.width)} px in ${Math.round(box.width)} px`;
      wide.push(`${element.tagName.toLowerCase()}${classes} (${size}): ${element.textContent.trim().slice(0, 60)}`);
    }
  }
  return wide;
}"""

_CHART_TEXT = """() => Array.from(document.querySelectorAll("svg.guide-plot-svg"))
  .filter((svg) => svg.getBoundingClientRect().width > 0)
  .map((svg) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const texts = Array.from(svg.querySelectorAll("text"))
      .filter((text) => text.textContent.trim())
      .map((text) => {
        const r = text.getBoundingClientRect();
        return {
          text: text.textContent.trim(),
          px: parseFloat(getComputedStyle(text).fontSize) * scale,
          left: r.left, right: r.right, top: r.top, bottom: r.bottom,
        };
      });
    return {label: svg.getAttribute("aria-label").slice(0, 60), texts};
  })"""


@pytest.fixture(params=list(VIEWPORTS), scope="module")
def viewport(request: pytest.FixtureRequest, browser: Browser, site: Site) -> Iterator[tuple[str, Page]]:
    """Return a viewport's name and a tab of that size."""
    width, height = VIEWPORTS[request.param]
    context = new_context(browser, site, Visit(), width=width, height=height)
    yield request.param, context.new_page()
    context.close()


@pytest.mark.parametrize("address", REPORT_PAGES)
def test_nothing_on_a_report_page_is_wider_than_its_column(
    viewport: tuple[str, Page], site: Site, address: str
) -> None:
    name, page = viewport
    page.goto(site.address(address))
    wide = page.evaluate(_TOO_WIDE)
    assert not wide, f"{address} at the {name}'s width:\n" + "\n".join(wide[:20])


@pytest.mark.parametrize("address", [page for page in REPORT_PAGES if page != "reports.html"])
def test_chart_text_neither_overlaps_nor_is_too_small(viewport: tuple[str, Page], site: Site, address: str) -> None:
    name, page = viewport
    page.goto(site.address(address))
    charts = page.evaluate(_CHART_TEXT)
    if address in CHARTED:
        assert charts, f"{address} shows no chart at the {name}'s width"
    problems = []
    for chart in charts:
        texts = chart["texts"]
        assert texts, chart["label"]
        small = sorted({f"{t['text']!r} {t['px']:.1f} px" for t in texts if t["px"] < MIN_TEXT_PX[name] - 0.01})
        problems += (
            [f"{chart['label']}: text smaller than {MIN_TEXT_PX[name]:g} px: {', '.join(small)}"] if small else []
        )
        for index, first in enumerate(texts):
            for second in texts[index + 1 :]:
                if _overlap(first, second):
                    problems.append(f"{chart['label']}: {first['text']!r} overlaps {second['text']!r}")
    assert not problems, f"{address} at the {name}'s width:\n" + "\n".join(problems)


def test_report_pages_say_whether_their_data_is_current_and_their_targets(page: Page, site: Site) -> None:
    for address in REPORT_PAGES[1:]:
        page.goto(site.address(address))
        status = page.locator(".guide-report-stale, .guide-report-current")
        expect(status.first).to_be_visible()
        expect(page.locator(".guide-report-targets").first).to_contain_text("Target")


def test_the_conformance_matrix_filters_to_what_did_not_pass(page: Page, site: Site) -> None:
    page.goto(site.address("reports/conformance.html"))
    rows = page.locator("tr.guide-conformance-row")
    total = rows.count()
    failing = page.locator("tr.guide-conformance-row.guide-not-all-passed").count()
    assert 0 < failing < total
    page.check("form.guide-outcome-filter input[name=failing]")
    expect(page.locator("tr.guide-conformance-row:visible")).to_have_count(failing)
    expect(page.locator(".guide-outcome-filter-count")).to_have_text(f"{failing} of {total} tests")
    assert "failing=1" in page.url
    page.reload()
    expect(page.locator("tr.guide-conformance-row:visible")).to_have_count(failing)


@pytest.mark.parametrize("name", COMPILED_CLASSES)
def test_properties_of_compiled_classes_are_typed_and_link_to_their_source(page: Page, site: Site, name: str) -> None:
    page.goto(site.address(f"api/cuda.core.{name}.html"))
    members = page.locator(
        f"dl.py.property > dt[id^='cuda.core.{name}.'], dl.py.attribute > dt[id^='cuda.core.{name}.']"
    )
    assert members.count() >= 3
    shown = members.evaluate_all(
        """(dts) => dts.map((dt) => ({
            id: dt.id,
            kind: dt.parentElement.classList.contains("property") ? "property" : "attribute",
            text: dt.textContent.replace(/\\s+/g, " ").trim(),
            source: dt.querySelector("a .viewcode-link") !== null,
        }))"""
    )
    wrong = [
        member["id"]
        for member in shown
        if member["kind"] != "property" or not member["source"] or not re.match(r"property \w+: \S", member["text"])
    ]
    assert not wrong, f"{name}: properties without a type or a [source] link: {wrong}"


def test_a_class_made_only_by_factories_shows_no_constructor(page: Page, site: Site) -> None:
    page.goto(site.address("api/cuda.core.Buffer.html"))
    signature = page.locator("dt#cuda\\.core\\.Buffer")
    expect(signature).not_to_contain_text("*args")
    expect(page.locator("section#in-the-guide")).to_contain_text("Rules that cite it")


def test_source_pages_are_highlighted_as_cython_with_line_numbers(page: Page, site: Site) -> None:
    page.goto(site.address("_modules/cuda/core/_event.html"))
    expect(page.locator(".highlight .linenos").first).to_be_visible()
    keywords = page.locator(".highlight .k").all_inner_texts()
    assert "cimport" in keywords
    assert "cdef" in keywords
    expect(page.locator("#L-10")).to_have_count(1)


def test_every_fixable_rule_says_so_and_what_the_fix_does(page: Page, site: Site) -> None:
    page.goto(site.address("rules.html"))
    codes = page.locator("tr.guide-fixable-yes td:first-child").all_inner_texts()
    assert len(codes) >= 10
    for code in codes:
        page.goto(site.address(f"rules/{code.strip()}.html"))
        fix = page.locator(".guide-rule-fix")
        expect(fix).to_have_count(1)
        expect(fix).to_contain_text("Fix available")
        expect(fix).to_contain_text("--fix")
        expect(page.locator(".guide-rule-page-meta .guide-badge-fixable")).to_have_count(1)


def test_a_rule_that_reads_a_setting_links_to_it(page: Page, site: Site) -> None:
    page.goto(site.address("rules/IMP003.html"))
    link = page.locator("section#suppressing-and-configuring a:has-text('first-party')")
    expect(link).to_have_count(1)
    assert link.get_attribute("href").endswith("#setting-first-party")


def test_every_configuration_key_stays_on_one_line(viewport: tuple[str, Page], site: Site) -> None:
    # A key broken mid-word cannot be read or copied; on a phone the table's rows become blocks.
    name, page = viewport
    page.goto(site.address("guide/checker.html"))
    keys = page.locator("table.guide-config-table td:first-child code")
    expect(keys.first).to_be_visible()
    broken = page.evaluate(
        """() => Array.from(document.querySelectorAll("table.guide-config-table td:first-child code"))
        .filter((code) => code.getClientRects().length !== 1 || code.scrollWidth > code.clientWidth + 1)
        .map((code) => code.textContent)"""
    )
    assert keys.count() >= 10
    assert not broken, f"keys broken across lines at the {name}'s width: {broken}"
    table, article = (
        page.locator(selector).first.bounding_box() for selector in ("table.guide-config-table", "article")
    )
    assert table["x"] + table["width"] <= article["x"] + article["width"] + 1


def test_the_rule_pages_are_listed_under_their_titles_in_chapter_order(page: Page, site: Site) -> None:
    page.goto(site.address("rules/IMP003.html"))
    entries = page.locator(".bd-sidebar-primary nav a").all_inner_texts()
    rules = [entry for entry in entries if re.match(r"[A-Z]{3}\d{3}: ", entry)]
    assert len(rules) >= 100
    assert rules.index(next(r for r in rules if r.startswith("IMP001"))) < rules.index(
        next(r for r in rules if r.startswith("IMP003"))
    )


@pytest.mark.parametrize("code", SEARCHED_CODES)
def test_searching_a_code_gives_its_page_first_and_each_page_once(page: Page, site: Site, code: str) -> None:
    page.goto(site.address(f"search.html?q={code}"))
    hits = page.locator("#search-results ul.search > li")
    expect(hits.first).to_be_visible(timeout=15_000)
    page.wait_for_function("() => !document.querySelector('#search-progress')?.textContent", timeout=15_000)
    links = hits.locator("a").evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert links[0].endswith(f"rules/{code}.html#rule-{code}")
    pages = [link.split("#")[0].rsplit("/", 1)[-1] for link in links[:3]]
    assert len(pages) == len(set(pages)), links[:3]


def test_a_text_hit_lands_on_its_section(page: Page, site: Site) -> None:
    page.goto(site.address("search.html?q=import%20order"))
    first = page.locator("#search-results ul.search > li a").first
    expect(first).to_be_visible(timeout=15_000)
    expect(first).to_contain_text("Order imports")
    texts = page.locator("#search-results ul.search > li.kind-text a")
    expect(texts.first).to_have_attribute("href", re.compile(r"#."))


def test_the_landing_page_says_who_it_is_for_and_where_to_start(page: Page, site: Site) -> None:
    page.goto(site.address("index.html"))
    main = page.locator("main")
    expect(main).to_contain_text("It is for contributors")
    starts = page.locator(".guide-start-here li")
    expect(starts).to_have_count(3)
    hrefs = starts.locator("a").evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert any(href.endswith("guide/index.html") for href in hrefs)
    assert any(href.endswith("guide/checker.html") for href in hrefs)
    assert any(href.endswith("guide/onboarding.html") for href in hrefs)
    expect(main).to_contain_text(re.compile(r"version \d+\.\d+\.\d+"))
    expect(main.locator("a[href^='https://github.com/']", has_text="repository")).to_have_count(1)


def test_report_screenshots_at_both_sizes(browser: Browser, site: Site, screenshots: Path) -> None:
    for name, (width, height) in VIEWPORTS.items():
        context = new_context(browser, site, Visit(), width=width, height=height)
        try:
            page = context.new_page()
            for address in ("reports/performance.html", "reports/conformance.html", "reports/bad-arguments.html"):
                page.goto(site.address(address))
                path = screenshots / f"{Path(address).stem}-{name}.png"
                page.screenshot(path=path)
                assert path.stat().st_size > 10_000
        finally:
            context.close()


def _overlap(first: dict, second: dict) -> bool:
    """Tell whether two text boxes overlap by more than half a pixel each way."""
    return (
        first["left"] < second["right"] - 0.5
        and second["left"] < first["right"] - 0.5
        and first["top"] < second["bottom"] - 0.5
        and second["top"] < first["bottom"] - 0.5
    )
