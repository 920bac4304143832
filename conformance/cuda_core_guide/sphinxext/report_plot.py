# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A chart on a report page, drawn as SVG when the HTML page is written, and put in the page itself.

A report directive puts a :class:`ReportPlot` node, holding the chart's
description (:mod:`.svg_plots`), where the chart goes. The HTML writer
draws both renderings of the chart (:data:`.plot_style.WIDTHS`: one for a
laptop's column, one for a phone) into the output's ``_images`` folder,
named by a digest of the description, and writes them into the page as
inline SVG, the stylesheet showing the one that fits the screen: the
browser draws the charts' text as text, at the page's scale, so it can be
read, searched and measured. The chart's title is the figure's caption,
with a link to the wide rendering on its own. Nothing is generated in the
source folder, a rebuild whose data did not change finds the files
already there, and a page written in another process (``-j``) or in a
later incremental build draws what it needs. Other builders leave the
chart out: the page's tables hold the same numbers.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.writers.html5 import HTML5Translator

from cuda_core_guide import __version__
from cuda_core_guide.sphinxext.plot_style import WIDTHS

__all__ = ["ReportPlot", "plot_file_name", "setup_report_plots"]

_logger = logging.getLogger(__name__)


class ReportPlot(nodes.General, nodes.Element):
    """A chart: ``chart`` (its description) and ``alt`` (what it shows, in words)."""


def plot_file_name(chart: dict, width: str = "wide") -> str:
    """Return the file name a chart's rendering is drawn into: a digest of its description and of the code's version.

    Parameters
    ----------
    chart : dict
        The chart's description.
    width : str, optional
        The rendering, ``"wide"`` or ``"narrow"``.

    Returns
    -------
    str
        ``report-<digest>.svg`` for the wide rendering, ``report-<digest>-narrow.svg`` for the narrow one.
    """
    key = json.dumps([__version__, chart], sort_keys=True)
    digest = hashlib.sha256(key.encode()).hexdigest()[:20]
    return f"report-{digest}.svg" if width == "wide" else f"report-{digest}-{width}.svg"


def setup_report_plots(app: Sphinx) -> None:
    """Register the node with its HTML writer; other builders leave charts out.

    Parameters
    ----------
    app : Sphinx
        The application.
    """
    text = (_visit_text, None)
    app.add_node(ReportPlot, html=(_visit_html, None), latex=text, text=text, man=text, texinfo=text)


def _visit_html(translator: HTML5Translator, node: ReportPlot) -> None:
    """Draw the chart's renderings into ``_images`` (unless they are there) and put them in the page."""
    try:
        from cuda_core_guide.sphinxext.svg_plots import render_svg  # matplotlib is needed only here
    except ImportError:
        _logger.warning("the chart needs matplotlib, which is not installed", location=node)
        raise nodes.SkipNode from None
    folder = Path(translator.builder.outdir) / translator.builder.imagedir
    title = str(node["chart"].get("title", ""))
    drawings = []
    for width in WIDTHS:
        target = folder / plot_file_name(node["chart"], width)
        if not target.is_file():
            svg = render_svg(node["chart"], width, node["alt"])
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_suffix(f".{os.getpid()}.tmp")  # parallel writers never share one
            temporary.write_text(svg, encoding="utf-8")
            temporary.replace(target)
        inline = target.read_text(encoding="utf-8").partition("?>")[2].strip()
        drawings.append(f'<div class="guide-plot guide-plot-{width}">{inline}</div>')
    source = f"{translator.builder.imgpath}/{plot_file_name(node['chart'])}"
    caption = f"{html.escape(title)} " if title else ""
    translator.body.append(
        f'<figure class="guide-report-plot"><figcaption>{caption}'
        f'<a class="guide-plot-full" href="{html.escape(source)}">(the chart on its own)</a></figcaption>'
        + "".join(drawings)
        + "</figure>\n"
    )
    raise nodes.SkipNode


def _visit_text(translator: nodes.NodeVisitor, node: ReportPlot) -> None:
    """Leave the chart out of a builder that cannot show it (its table says the same)."""
    raise nodes.SkipNode
