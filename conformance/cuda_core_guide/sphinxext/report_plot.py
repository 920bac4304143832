# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""A chart on a report page, drawn as an SVG file when the HTML page is written.

A report directive puts a :class:`ReportPlot` node, holding the chart's
description (:mod:`.svg_plots`), where the chart goes. The HTML writer
draws it into the output's ``_images`` folder, named by a digest of the
description, and shows it with an ``<img>``: nothing is generated in the
source folder, a rebuild whose data did not change finds the file
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

__all__ = ["ReportPlot", "plot_file_name", "setup_report_plots"]

_logger = logging.getLogger(__name__)


class ReportPlot(nodes.General, nodes.Element):
    """A chart: ``chart`` (its description) and ``alt`` (what it shows, in words)."""


def plot_file_name(chart: dict) -> str:
    """Return the file name a chart is drawn into: a digest of its description and of the drawing code's version.

    Parameters
    ----------
    chart : dict
        The chart's description.

    Returns
    -------
    str
        ``report-<digest>.svg``.
    """
    key = json.dumps([__version__, chart], sort_keys=True)
    digest = hashlib.sha256(key.encode()).hexdigest()[:20]
    return f"report-{digest}.svg"


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
    """Draw the chart into ``_images`` (unless it is there) and show it."""
    name = plot_file_name(node["chart"])
    target = Path(translator.builder.outdir) / translator.builder.imagedir / name
    if not target.is_file():
        try:
            from cuda_core_guide.sphinxext.svg_plots import render_svg  # matplotlib is needed only here
        except ImportError:
            _logger.warning("the chart needs matplotlib, which is not installed", location=node)
            raise nodes.SkipNode from None
        svg = render_svg(node["chart"])
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(f".{os.getpid()}.tmp")  # parallel writers never share one
        temporary.write_text(svg, encoding="utf-8")
        temporary.replace(target)
    source = f"{translator.builder.imgpath}/{name}"
    translator.body.append(
        f'<figure class="guide-report-plot"><img src="{html.escape(source)}" alt="{html.escape(node["alt"])}">'
        "</figure>\n"
    )
    raise nodes.SkipNode


def _visit_text(translator: nodes.NodeVisitor, node: ReportPlot) -> None:
    """Leave the chart out of a builder that cannot show it (its table says the same)."""
    raise nodes.SkipNode
