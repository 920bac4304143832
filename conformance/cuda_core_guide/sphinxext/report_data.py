# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""What every report page does with its data: read it, say when it was recorded, and whether it is stale.

A report page renders a JSON file committed with the site (the conformance
matrix, the upstream findings, the checker's speed). This module is the
part they share:

- :func:`load_data` reads the file named by a setting, or returns nothing
  when it is missing or unreadable (:func:`load_report` also makes the page
  depend on it), and :func:`missing_data` is the paragraph that says so
  (the build goes on);
- :func:`recorded` is the wording of when (and, for GPU data, on which
  device) the data was recorded;
- :func:`stale_reasons` tells why the data may no longer describe the code:
  its commit is not an ancestor of the site's ``HEAD``, or it was recorded
  by another version of the checker than the one building the site;
  :func:`stale_notice` is the box that says so, and :func:`data_status`
  the box every report page opens with: stale, or current and why
  (:func:`report_status`, for data that names its commit);
- :func:`targets_list` is the list of a page's targets, each with its
  verdict (met, missed, undecided), and :func:`explanation` a note that
  explains a number outside its expected range.

Whether data is stale depends on git's ``HEAD`` and on the installed
checker, which are no files of the site, so :func:`setup_report_pages`
has the pages with report directives read again at every build.
"""

from __future__ import annotations

import functools
import json
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from cuda_core_guide import __version__

__all__ = [
    "MET",
    "MISSED",
    "UNDECIDED",
    "commit_reasons",
    "data_path",
    "data_status",
    "explanation",
    "load_data",
    "load_report",
    "missing_data",
    "note_report_page",
    "recorded",
    "report_status",
    "setup_report_pages",
    "stale_notice",
    "stale_reasons",
    "targets_list",
]

MET = "met"
MISSED = "missed"
UNDECIDED = "undecided: the interval holds the bound"
"""A target's verdicts: the whole interval keeps to the bound, is past it, or holds it."""

_PAGES = "cuda_core_guide_report_pages"
"""The attribute of the environment that lists the documents with report directives."""


def data_path(env: BuildEnvironment, setting: str) -> Path | None:
    """Return the data file a setting names, made absolute when the configuration was read.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment.
    setting : str
        The name of the setting, such as ``cuda_core_guide_conformance``.

    Returns
    -------
    Path or None
        The file; ``None`` when the setting is empty.
    """
    name = env.config[setting]
    return Path(name) if name else None


def load_data(path: Path | None, required: Sequence[str]) -> dict:
    """Read a JSON data file, or return an empty dict when there is none to show.

    Parameters
    ----------
    path : Path or None
        The file; ``None`` when the site names none.
    required : sequence of str
        The keys the data must have to be shown.

    Returns
    -------
    dict
        The data; empty when the file is missing, unreadable, not a JSON
        object, or lacks a required key.
    """
    if path is None:
        return {}
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return {}
    data = _read(str(path), stamp)
    return data if all(key in data for key in required) else {}


def load_report(env: BuildEnvironment, setting: str, required: Sequence[str]) -> dict:
    """Read the data file a setting names for the page being read, which is then read again when it changes.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment, reading a report page.
    setting : str
        The configuration value that names the file.
    required : sequence of str
        The keys the data must have to be shown.

    Returns
    -------
    dict
        The data, as :func:`load_data` returns it.
    """
    path = data_path(env, setting)
    note_report_page(env, path)
    return load_data(path, required)


def missing_data(what: str, command: str, where: str = "") -> nodes.paragraph:
    """Return the paragraph a report page shows instead of data it does not have.

    Parameters
    ----------
    what : str
        What is missing, in the plural: ``"conformance results"``.
    command : str
        The command that records it.
    where : str, optional
        Where to run the command, as a phrase: ``"on a GPU runner"``.

    Returns
    -------
    docutils.nodes.paragraph
        *No <what> are recorded yet: run <command> <where>.*
    """
    paragraph = nodes.paragraph(classes=["guide-report-missing"])
    paragraph += nodes.Text(f"No {what} are recorded yet: run ")
    paragraph += nodes.literal(command, command)
    paragraph += nodes.Text(f" {where}." if where else ".")
    return paragraph


def recorded(date: str, device: str | None = None) -> str:
    """Return when, and on which device, data was recorded, as a report page says it.

    Parameters
    ----------
    date : str
        An ISO 8601 date, or a time in UTC such as ``2026-11-23T16:51:28Z``.
    device : str, optional
        The GPU (or machine) the data comes from.

    Returns
    -------
    str
        ``recorded 2026-11-23 16:51 UTC on NVIDIA H100``; the device is
        left out when not given.
    """
    day, _, time = (date or "an unknown date").partition("T")
    text = f"recorded {day}" + (f" {time[:5]} UTC" if time else "")
    return text + (f" on {device}" if device else "")


def stale_reasons(srcdir: str | Path, data: dict) -> list[str]:
    """Return why data may no longer describe the code the site is built from.

    Parameters
    ----------
    srcdir : str or Path
        The site's source folder (its git repository is the one asked).
    data : dict
        The data, with its ``commit`` and ``checker_version``.

    Returns
    -------
    list of str
        One phrase per reason; empty when the data is current. The commit
        is judged only where the source folder is in a git repository.
    """
    reasons = []
    version = data.get("checker_version")
    if version != __version__:
        reasons.append(
            f"it was recorded by cuda-core-guide {version or 'of an unknown version'}, "
            f"and this site is built with {__version__}"
        )
    return reasons + commit_reasons(srcdir, data.get("commit"))


def commit_reasons(srcdir: str | Path, commit: str | None, what: str = "its") -> list[str]:
    """Return why data recorded at a commit may not describe the commit the site is built from.

    Parameters
    ----------
    srcdir : str or Path
        The site's source folder (its git repository is the one asked).
    commit : str or None
        The commit the data names.
    what : str, optional
        Whose commit it is, as the phrase starts: ``"its"``, ``"the upstream run's"``.

    Returns
    -------
    list of str
        Nothing when the commit is an ancestor of ``HEAD`` or the source
        folder is in no git repository; otherwise one phrase.
    """
    head = _git(srcdir, "rev-parse", "--verify", "HEAD")
    if head is None:
        return []
    commit = str(commit or "unknown")
    if commit == "unknown":
        return [f"{'it does' if what == 'its' else what + ' data does'} not name the commit it was recorded at"]
    if _git(srcdir, "merge-base", "--is-ancestor", commit, head) is None:
        return [f"{what} commit {commit[:12]} is not an ancestor of HEAD ({head[:12]})"]
    return []


def data_status(
    srcdir: str | Path, commits: Iterable[str | None], reasons: Iterable[str], command: str
) -> list[nodes.Node]:
    """Return the box a report page opens with: its data is stale, and why, or current, and at which commit.

    Parameters
    ----------
    srcdir : str or Path
        The site's source folder.
    commits : iterable of str or None
        The commits the data was recorded at.
    reasons : iterable of str
        Why the data may be stale (:func:`stale_reasons`, :func:`commit_reasons`
        and the page's own); none when it is current.
    command : str
        The command that records the data again.

    Returns
    -------
    list of docutils.nodes.Node
        The *Stale data* box of :func:`stale_notice`, or a *Current data*
        box that names the recorded commits and the one the site is built from.
    """
    stale = stale_notice(reasons, command)
    if stale:
        return stale
    box = nodes.admonition(classes=["guide-report-current", "tip"])
    box += nodes.title("Current data", "Current data")
    head = _git(srcdir, "rev-parse", "--verify", "HEAD")
    named = ", ".join(sorted({str(commit)[:12] for commit in commits if commit}))
    if head is None:
        text = "This data was recorded by the version of cuda-core-guide that builds this site."
        text += " The site is not built from a git checkout, so its commit is not compared."
    else:
        recorded_at = f"commit {named}" if named else "a commit"
        text = (
            f"This data was recorded at {recorded_at}, an ancestor of the commit this site is built from ({head[:12]})."
        )
    box += nodes.paragraph(text, text)
    return [box]


def report_status(
    env: BuildEnvironment, data: dict, command: str, reasons: Sequence[str] | None = None
) -> list[nodes.Node]:
    """Return the box a report page opens with, for data that names the commit it was recorded at.

    Parameters
    ----------
    env : BuildEnvironment
        The build environment.
    data : dict
        The data, with its ``commit`` and ``checker_version``.
    command : str
        The command that records the data again.
    reasons : sequence of str, optional
        Why the data is stale; :func:`stale_reasons` by default.

    Returns
    -------
    list of Node
        What :func:`data_status` returns.
    """
    if reasons is None:
        reasons = stale_reasons(env.srcdir, data)
    return data_status(env.srcdir, [data.get("commit")], reasons, command)


def targets_list(targets: Iterable[tuple[Sequence[nodes.Node] | str, str, str]]) -> nodes.bullet_list:
    """Return a page's targets, each with its verdict badge and what was measured.

    Parameters
    ----------
    targets : iterable of tuple of (nodes or str, str, str)
        The target (text, or nodes of rendered markup), what was measured,
        and the verdict (:data:`MET`, :data:`MISSED`, :data:`UNDECIDED` or
        another phrase, such as ``"not measured"``).

    Returns
    -------
    docutils.nodes.bullet_list
        One item per target: *met*, *missed* or *undecided*, then the target and the measurement.
    """
    listed = nodes.bullet_list(classes=["guide-targets"])
    for target, measured, verdict in targets:
        word = verdict.partition(":")[0]
        kind = {MET: "met", MISSED: "missed", "undecided": "undecided"}.get(word, "unknown")
        item = nodes.paragraph()
        item += nodes.inline(word, word, classes=["guide-badge", f"guide-verdict-{kind}"])
        item += nodes.Text(" ")
        if isinstance(target, str):
            item += nodes.Text(target)
        else:
            item.extend(target)
        if measured:
            item += nodes.Text(f": {measured}")
        if verdict.startswith(UNDECIDED.partition(":")[0]) and ":" in verdict:
            item += nodes.Text(f" ({verdict.partition(':')[2].strip()})")
        listed += nodes.list_item("", item)
    return listed


def explanation(title: str, *paragraphs: str | nodes.Node) -> nodes.admonition:
    """Return a note that explains a number outside its expected range.

    Parameters
    ----------
    title : str
        What is explained, such as *Why the copy exceeds the theoretical bandwidth*.
    *paragraphs : str or docutils.nodes.Node
        The explanation: plain paragraphs, or nodes.

    Returns
    -------
    docutils.nodes.admonition
        A note, classed ``guide-report-explain``.
    """
    box = nodes.admonition(classes=["guide-report-explain", "note"])
    box += nodes.title(title, title)
    for paragraph in paragraphs:
        box += nodes.paragraph(paragraph, paragraph) if isinstance(paragraph, str) else paragraph
    return box


def stale_notice(reasons: Iterable[str], command: str) -> list[nodes.Node]:
    """Return the box that marks data as stale, or nothing when it is not.

    Parameters
    ----------
    reasons : iterable of str
        What :func:`stale_reasons` found.
    command : str
        The command that records the data again.

    Returns
    -------
    list of docutils.nodes.Node
        An admonition titled *Stale data*, or an empty list.
    """
    reasons = list(reasons)
    if not reasons:
        return []
    box = nodes.admonition(classes=["guide-report-stale", "warning"])
    box += nodes.title("Stale data", "Stale data")
    text = nodes.paragraph()
    text += nodes.Text("This data may no longer describe the code: " + "; ".join(reasons) + ". Run ")
    text += nodes.literal(command, command)
    text += nodes.Text(" again and commit what it writes.")
    box += text
    return [box]


def note_report_page(env: BuildEnvironment, path: Path | None) -> None:
    """Record that the current document shows report data, from ``path``.

    The document is rebuilt when the file changes, and read again at every
    build (see :func:`setup_report_pages`).

    Parameters
    ----------
    env : BuildEnvironment
        The build environment.
    path : Path or None
        The data file, if the site names one.
    """
    if path is not None:
        env.note_dependency(str(path))
    if not hasattr(env, _PAGES):
        setattr(env, _PAGES, set())
    getattr(env, _PAGES).add(env.docname)


def setup_report_pages(app: Sphinx) -> None:
    """Have the documents with report directives read again at every build.

    Parameters
    ----------
    app : Sphinx
        The application.
    """
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """Return the report pages, which are read again whether or not their sources changed."""
    return sorted(getattr(env, _PAGES, set()) & set(env.found_docs) - removed)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Forget a document before it is read again."""
    getattr(env, _PAGES, set()).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    """Take the report pages a parallel reader found."""
    if not hasattr(env, _PAGES):
        setattr(env, _PAGES, set())
    getattr(env, _PAGES).update(getattr(other, _PAGES, set()) & docnames)


@functools.lru_cache(maxsize=8)
def _read(path: str, mtime_ns: int) -> dict:
    """Read a JSON object from a file (``mtime_ns`` keys the cache to its state)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _git(srcdir: str | Path, *arguments: str) -> str | None:
    """Run git in the source folder; return what it printed, or ``None`` if it failed."""
    try:
        result = subprocess.run(
            ["git", *arguments], cwd=srcdir, capture_output=True, text=True, check=False, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return result.stdout.strip() if result.returncode == 0 else None
