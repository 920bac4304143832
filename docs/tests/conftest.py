# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Browser tests of the built site: a real Chromium, driven by Playwright, over a loopback server.

The site is served from ``docs/_build/html`` (or ``--site``) on 127.0.0.1.
Chromium is the system's (``--chromium``, ``$CHROMIUM``, or ``chromium`` on
the ``PATH``), because Playwright cannot download its own browser here. Every
request that would leave loopback is aborted and recorded. Screenshots go
next to the build output, in ``docs/_build/screenshots``.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from site_testing import Site, Visit, new_context

DOCS = Path(__file__).resolve().parents[1]
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files without logging each request."""

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Declare where the built site and the browser are."""
    parser.addoption("--site", default=str(DOCS / "_build" / "html"), help="the built HTML site")
    parser.addoption(
        "--published-site",
        default=str(DOCS / "_build" / "site"),
        help="the versioned tree that nox -s docs_published writes, as GitHub Pages serves it",
    )
    parser.addoption("--chromium", default=os.environ.get("CHROMIUM", ""), help="the Chromium executable")


@pytest.fixture(scope="session")
def site(pytestconfig: pytest.Config) -> Iterator[Site]:
    """Serve the built site on 127.0.0.1 for the whole session."""
    root = Path(pytestconfig.getoption("--site")).resolve()
    if not (root / "index.html").is_file():
        pytest.fail(f"no built site at {root}: run `nox -s docs` first", pytrace=False)
    yield from _serve(root)


@pytest.fixture(scope="session")
def published_site(pytestconfig: pytest.Config) -> Iterator[Site]:
    """Serve the versioned tree of the published site on 127.0.0.1 for the whole session."""
    root = Path(pytestconfig.getoption("--published-site")).resolve()
    if not (root / "switcher.json").is_file():
        pytest.fail(f"no published site at {root}: run `nox -s docs_published` first", pytrace=False)
    yield from _serve(root)


def _serve(root: Path) -> Iterator[Site]:
    """Serve a folder on a free loopback port until the generator is closed."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(root, f"http://127.0.0.1:{server.server_address[1]}/")
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Start Playwright once."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright, pytestconfig: pytest.Config) -> Iterator[Browser]:
    """Launch the system's Chromium, headless."""
    executable = pytestconfig.getoption("--chromium") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not executable:
        pytest.fail("no Chromium found: install it (apt-get install -y chromium) or pass --chromium", pytrace=False)
    instance = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
    yield instance
    instance.close()


@pytest.fixture
def context(browser: Browser, site: Site) -> Iterator[BrowserContext]:
    """Return a fresh browser profile whose requests never leave loopback."""
    fresh = new_context(browser, site, Visit())
    yield fresh
    fresh.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """Return a new tab at 1400 x 1000 pixels."""
    return context.new_page()


@pytest.fixture(scope="session")
def screenshots(site: Site) -> Path:
    """Return the folder that screenshots are saved in, next to the build output."""
    folder = site.root.parent / "screenshots"
    folder.mkdir(exist_ok=True)
    return folder
