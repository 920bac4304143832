# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What the browser tests share: the served site, what a page visit records, a loopback-only profile."""

from __future__ import annotations

import dataclasses
import urllib.parse
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext

__all__ = ["Site", "Visit", "new_context"]


@dataclasses.dataclass
class Site:
    """The built site and the loopback server that serves it.

    Parameters
    ----------
    root : Path
        The HTML output folder.
    url : str
        The server's address, ending in ``/``.
    """

    root: Path
    url: str

    def address(self, page: str) -> str:
        """Return the address of a page given relative to the site's root."""
        return urllib.parse.urljoin(self.url, page)

    def pages(self) -> list[str]:
        """Return every HTML page of the site, relative to its root, in a stable order.

        ``_static`` holds the theme's files, not pages (its template macros
        are HTML files that no page links to).
        """
        pages = (path.relative_to(self.root).as_posix() for path in self.root.rglob("*.html"))
        return sorted(name for name in pages if not name.startswith("_static/"))


@dataclasses.dataclass
class Visit:
    """What a browser saw while loading one page.

    Parameters
    ----------
    console_errors : list of str
        Console messages of type ``error`` and uncaught page errors.
    remote_requests : list of str
        Requests to anywhere but the loopback server, aborted.
    links : list of str
        The absolute ``href`` of every link.
    ids : set of str
        Every ``id`` (and ``name`` of an anchor) in the page.
    overflowing : list of str
        Code blocks wider than their box, at the viewport's width.
    duplicate_ids : list of str
        The ids that more than one element of the page has.
    """

    console_errors: list[str] = dataclasses.field(default_factory=list)
    remote_requests: list[str] = dataclasses.field(default_factory=list)
    links: list[str] = dataclasses.field(default_factory=list)
    ids: set[str] = dataclasses.field(default_factory=set)
    overflowing: list[str] = dataclasses.field(default_factory=list)
    duplicate_ids: list[str] = dataclasses.field(default_factory=list)


def new_context(browser: Browser, site: Site, visit: Visit, width: int = 1400, height: int = 1000) -> BrowserContext:
    """Open a browser profile that aborts, and records in ``visit``, every request off loopback.

    Parameters
    ----------
    browser : Browser
        The browser.
    site : Site
        The served site.
    visit : Visit
        Where aborted requests are recorded.
    width : int, optional
        The viewport's width in pixels.
    height : int, optional
        The viewport's height in pixels.

    Returns
    -------
    BrowserContext
        The profile.
    """
    context = browser.new_context(viewport={"width": width, "height": height})
    origin = site.url.rstrip("/")

    def route(route_request) -> None:
        url = route_request.request.url
        if url.startswith((origin + "/", "data:", "blob:")):
            route_request.continue_()
        else:
            visit.remote_requests.append(url)
            route_request.abort()

    context.route("**/*", route)
    return context
