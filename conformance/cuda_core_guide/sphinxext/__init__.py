# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Sphinx extension: the guide's rules, their pages and examples, and the checker as a build gate.

Add ``"cuda_core_guide.sphinxext"`` to ``extensions``. It provides

- the ``rule`` directive and the ``{rule}`` role (``{rule}`IMP001```);
- the ``avoid``, ``prefer`` and ``runnable`` example directives;
- one page per rule (``cuda_core_guide_rule_pages``: the folder, under the
  source folder, to generate them in), built from the rules of the
  chapters in ``cuda_core_guide_chapters`` (a folder under the source
  folder, ``.`` by default);
- the ``rule-index`` directive, the rules in a filterable table per chapter,
  and ``chapter-rules``, the table of one chapter's rules;
- the ``chapter-list`` directive, every chapter with its one-line summary;
- the ``retired-rules`` directive, the codes the guide has taken back
  (:mod:`.retired_rules`);
- the ``differences-table`` directive, the guide's deliberate differences
  from upstream, and ``surface-differences``, the differences of the public
  surface by category with their counts (:mod:`.differences_table`), both
  from the data the tests check;
- the ``config-table`` directive, the keys of ``[tool.cuda-core-guide]``
  with their types, defaults and meanings, from the schema the loader
  validates against;
- the ``checker-output`` directive, the checker's output for a file,
  produced when the page is built;
- the report directives ``conformance-matrix``, ``upstream-findings``,
  ``checker-speed``, ``bench-report``, ``bad-arguments-table`` and
  ``api-coverage``, each rendering data committed
  with the site, and the ``{bench}`` role, one number of the benchmark
  report with its interval (:mod:`.bench`);
- the ``pre-commit-config`` directive, the snippet that adds the checker to
  pre-commit (``cuda_core_guide_repository``,
  ``cuda_core_guide_precommit_rev``);
- the checker as a gate: set ``cuda_core_guide_check`` to a list of paths
  (relative to the configuration directory) and every finding becomes a
  warning at its ``path:line``, so ``sphinx-build -W`` fails on it
  (each file under the nearest ``pyproject.toml`` with a
  ``[tool.cuda-core-guide]`` table, as the command finds it, or under the
  file ``cuda_core_guide_config`` names);
- with ``cuda_core_guide_require_all_rules = True``, a warning for every
  rule the checker implements that no ``rule`` directive defines;
- a warning, at its line, for every markup mistake of the chapters that
  MyST would render without one (:mod:`cuda_core_guide.guide.markup`):
  an unclosed fence, a ``{rule}`` role without a code, a rule inside a
  rule, a rule title with an unclosed backtick.

``cuda_core_guide_include_root`` (relative to the configuration directory)
is the folder that examples' ``:include:`` paths are relative to (a path
that leads outside it is not quoted, and warns);
``cuda_core_guide_conformance`` names the conformance matrix (JSON) whose
outcomes the ``conformance-matrix`` directive and each runnable example show;
``cuda_core_guide_upstream_findings`` the findings on upstream releases that
the ``upstream-findings`` directive shows, ``cuda_core_guide_checker_speed``
the run times that the ``checker-speed`` directive shows, and
``cuda_core_guide_bad_arguments`` the table of bad arguments that
``bad-arguments-table`` shows (:mod:`.bad_arguments`),
``cuda_core_guide_api_coverage`` the API suite's coverage of upstream's
callables that ``api-coverage`` shows (:mod:`.api_coverage`),
``cuda_core_guide_bench`` the benchmark report that ``bench-report`` and
``{bench}`` show (checked against the reference sources in
``cuda_core_guide_bench_reference``), each with a chart
drawn as SVG when the page is written, in the one style of
:mod:`.plot_style` (:mod:`.report_data` says what these report pages
share: whether the data is current, the targets, the notes that explain a
number outside its range).

On each page of an API reference (``api/<object>``), the extension lists
the rules and sections of the guide that cite the object
(:mod:`.api_citations`); and it ranks the search page's results
(``html_search_scorer``, unless the site sets one): titles and rule codes
first, one hit per page, and a text hit that lands on the section holding
the words.

The companion extension :mod:`cuda_core_guide.sphinxext.cython_source`
gives objects compiled from Cython their ``[source]`` links, highlighted
Cython pages and typed properties.

It is the top of the package and may import every part below it: the
model of the guide, the checker, the examples, the reports and the
surface comparison; nothing imports it but Sphinx.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

from cuda_core_guide import __version__
from cuda_core_guide.guide.chapters import EXAMPLE_KINDS
from cuda_core_guide.sphinxext.api_citations import setup_api_citations
from cuda_core_guide.sphinxext.api_coverage import ApiCoverageDirective
from cuda_core_guide.sphinxext.bad_arguments import BadArgumentsDirective
from cuda_core_guide.sphinxext.bench import BenchReportDirective, bench_role
from cuda_core_guide.sphinxext.chapter_list import ChapterListDirective
from cuda_core_guide.sphinxext.checker_output import CheckerOutputDirective
from cuda_core_guide.sphinxext.checker_speed import CheckerSpeedDirective
from cuda_core_guide.sphinxext.config_table import ConfigTableDirective
from cuda_core_guide.sphinxext.conformance import ConformanceMatrixDirective
from cuda_core_guide.sphinxext.differences_table import DifferencesTableDirective, SurfaceDifferencesDirective
from cuda_core_guide.sphinxext.domain import GuideDomain, RuleRole
from cuda_core_guide.sphinxext.examples import ExampleDirective
from cuda_core_guide.sphinxext.gate import check_rule_coverage, run_checker
from cuda_core_guide.sphinxext.guide_source import report_problems
from cuda_core_guide.sphinxext.precommit import PreCommitDirective
from cuda_core_guide.sphinxext.report_data import setup_report_pages
from cuda_core_guide.sphinxext.report_plot import setup_report_plots
from cuda_core_guide.sphinxext.retired_rules import RetiredRulesDirective
from cuda_core_guide.sphinxext.rule_directive import RuleDirective
from cuda_core_guide.sphinxext.rule_index import ChapterRulesDirective, RuleIndexDirective
from cuda_core_guide.sphinxext.rule_pages import RulePageDirective, write_rule_pages
from cuda_core_guide.sphinxext.upstream_findings import UpstreamFindingsDirective

__all__ = ["setup"]

_STATIC = Path(__file__).parent / "static"
"""The stylesheet and script the extension adds to every HTML page."""

_SEARCH_SCORER = Path(__file__).parent / "search" / "scorer.js"
"""The search page's ranking (``html_search_scorer``): titles and rule codes first, one hit per page."""

_SETTINGS = {
    "cuda_core_guide_check": list,
    "cuda_core_guide_config": str,
    "cuda_core_guide_require_all_rules": bool,
    "cuda_core_guide_chapters": str,
    "cuda_core_guide_rule_pages": str,
    "cuda_core_guide_include_root": str,
    "cuda_core_guide_repository": str,
    "cuda_core_guide_precommit_rev": str,
    "cuda_core_guide_conformance": str,
    "cuda_core_guide_upstream_findings": str,
    "cuda_core_guide_checker_speed": str,
    "cuda_core_guide_bench": str,
    "cuda_core_guide_bench_reference": str,
    "cuda_core_guide_bad_arguments": str,
    "cuda_core_guide_api_coverage": str,
}
"""The extension's configuration values and their types; each defaults to its type's empty value."""

_DEFAULTS = {"cuda_core_guide_chapters": "."}
"""The configuration values whose default is not empty: the chapters are the source folder's pages."""

_PATH_SETTINGS = (
    "cuda_core_guide_include_root",
    "cuda_core_guide_conformance",
    "cuda_core_guide_upstream_findings",
    "cuda_core_guide_checker_speed",
    "cuda_core_guide_bench",
    "cuda_core_guide_bench_reference",
    "cuda_core_guide_bad_arguments",
    "cuda_core_guide_api_coverage",
)


def setup(app: Sphinx) -> dict[str, object]:
    """Register the extension with Sphinx.

    Parameters
    ----------
    app : Sphinx
        The application.

    Returns
    -------
    dict
        Extension metadata: parallel reading and writing are safe.
    """
    for name, kind in _SETTINGS.items():
        app.add_config_value(name, _DEFAULTS.get(name, kind()), "env", types=[kind])
    app.add_domain(GuideDomain)
    app.add_role("rule", RuleRole())
    app.add_directive("rule", RuleDirective)
    app.add_directive("rule-page", RulePageDirective)
    for kind in EXAMPLE_KINDS:
        app.add_directive(kind, ExampleDirective)
    app.add_directive("rule-index", RuleIndexDirective)
    app.add_directive("chapter-rules", ChapterRulesDirective)
    app.add_directive("chapter-list", ChapterListDirective)
    app.add_directive("retired-rules", RetiredRulesDirective)
    app.add_directive("config-table", ConfigTableDirective)
    app.add_directive("differences-table", DifferencesTableDirective)
    app.add_directive("surface-differences", SurfaceDifferencesDirective)
    app.add_directive("pre-commit-config", PreCommitDirective)
    app.add_directive("checker-output", CheckerOutputDirective)
    app.add_directive("conformance-matrix", ConformanceMatrixDirective)
    app.add_directive("upstream-findings", UpstreamFindingsDirective)
    app.add_directive("checker-speed", CheckerSpeedDirective)
    app.add_directive("bench-report", BenchReportDirective)
    app.add_directive("bad-arguments-table", BadArgumentsDirective)
    app.add_directive("api-coverage", ApiCoverageDirective)
    app.add_role("bench", bench_role)
    setup_report_plots(app)
    setup_report_pages(app)
    setup_api_citations(app)
    app.connect("config-inited", _add_static_path)
    app.connect("config-inited", _resolve_paths)
    app.connect("builder-inited", report_problems)
    app.connect("builder-inited", write_rule_pages)
    app.connect("builder-inited", run_checker)
    app.connect("env-check-consistency", check_rule_coverage)
    app.add_css_file("cuda-core-guide.css")
    app.add_js_file("cuda-core-guide.js", loading_method="defer")
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


def _add_static_path(app: Sphinx, config: Config) -> None:
    """Serve the extension's stylesheet and script with the site's static files, and rank the search's hits."""
    config.html_static_path.append(str(_STATIC))
    if not config.html_search_scorer:
        config.html_search_scorer = str(_SEARCH_SCORER)


def _resolve_paths(app: Sphinx, config: Config) -> None:
    """Make the paths that are relative to the configuration directory absolute."""
    for name in _PATH_SETTINGS:
        if config[name]:
            config[name] = str((Path(app.confdir) / config[name]).resolve())
