# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Add a checked rule to the guide: its directive, its check, its fixtures and their expected findings.

Usage::

    python tools/add_rule.py IMP010 --chapter imports --level recommended --title "Sort the names of one import"

Run it with the Python of the checkout's environment, where the checkout
is installed editable (the onboarding chapter's set-up does that). It
writes, in the checkout this script belongs to,

- the rule's directive into the chapter (``guide/<chapter>.md``), in the
  order of its code in the chapter's *Rules* section, with a placeholder
  text and an *Avoid* and a *Preferred* example;
- the check, ``conformance/cuda_core_guide/checker/rules/<prefix>/<code>_<name>.py``,
  from a template: a :class:`~cuda_core_guide.checker.rules.Rule` whose
  placeholder logic flags a function named ``violates_<code>``. The
  checker finds rules by walking the ``rules`` package, so nothing else
  registers it;
- the fixtures, ``fixtures/<CODE>/`` beside the check: ``violating.py``,
  ``clean.py`` and ``expected.txt``, which the checker writes by running
  the new rule over ``violating.py`` (:mod:`rule_fixtures`);

then checks that the catalog knows the code and that the fixtures give
what ``expected.txt`` says, and prints the next steps. It refuses, with one
line and exit status 2, a code that exists, was retired or is not its
prefix's next free code, a chapter that does not exist or holds other
codes, and a level the guide does not have.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import rule_fixtures

import cuda_core_guide
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.findings import Level
from cuda_core_guide.guide.catalog import build_catalog, load_catalog
from cuda_core_guide.guide.chapters import CHAPTER_PREFIXES, read_chapter, read_guide
from cuda_core_guide.guide.myst import MystError, first_heading
from cuda_core_guide.guide.retired import read_retired

__all__ = ["ScaffoldError", "main", "module_name", "scaffold"]

ROOT = Path(__file__).resolve().parents[1]
"""The checkout the scaffold writes into: the one this script belongs to."""

_CODE = re.compile(r"(?P<prefix>[A-Z]{3})(?P<number>[0-9]{3})")
_RULE_OPENING = re.compile(r"^(?P<fence>`{3,}|:{3,})\{rule\}\s+(?P<code>[A-Z]{3}[0-9]{3})\s*$")
_CHECKER_PREFIX = "SYN"
_FILLER = frozenset({"a", "an", "the", "of", "to", "and", "or", "in", "on", "for", "with", "its", "their"})
_NAME_WORDS = 4

_DIRECTIVE = '''````{{rule}} {code}
:title: {title}
:level: {level}

Say why the rule exists: what breaking it costs a reader or a user, and
what following it buys. Then say what the checker flags and what it leaves
alone. (`tools/add_rule.py` wrote this text and the examples below as
placeholders: make them the rule's own.)

```{{avoid}}
:lang: python
def violates_{lower}() -> None:
    """Do nothing: the placeholder check flags this name."""
```

```{{prefer}}
:lang: python
def follows_{lower}() -> None:
    """Do nothing: the placeholder check lets this name pass."""
```
````
'''

_MODULE = '''# SPDX-FileCopyrightText: Copyright (c) {year} The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""{code}: {summary}."""

from __future__ import annotations

from collections.abc import Iterator

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import Rule, Violation
from cuda_core_guide.checker.rules.cud.tree import FUNCTION_NODES, definition_position, tree_index
from cuda_core_guide.source import SourceFile, nodes

__all__ = ["{cls}"]

_PLACEHOLDER = "violates_{lower}"
"""The name the placeholder check flags; remove it with the placeholder."""


class {cls}(Rule):
    """Check {code}: {summary}.

    Say what the rule flags and what it leaves alone, as the guide's text
    does. The check below is the scaffold's placeholder: it flags a
    function named ``violates_{lower}``. Replace it with the rule's own.
    """

    code = "{code}"

    def check(self, source: SourceFile, config: Config) -> Iterator[Violation]:
        """Yield a violation at each function named as the placeholder says."""
        for node in tree_index(source).of(*FUNCTION_NODES):
            name = nodes.definition_name(node)
            if name == _PLACEHOLDER:
                line, column = definition_position(source, node, name)
                yield Violation(line, column, f"function `{{name}}` breaks {code}: the scaffold's placeholder check")
'''

_FIXTURE_HEADER = """\
# SPDX-FileCopyrightText: Copyright (c) {year} NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""

_CHAPTER_PACKAGE = '''# SPDX-FileCopyrightText: Copyright (c) {year} The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Rules of the "{chapter}" chapter (``{prefix}``)."""
'''


class ScaffoldError(Exception):
    """Say why the scaffold refuses to add a rule, in one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, as the scaffold's refusals are."""

    def error(self, message: str) -> NoReturn:
        """Print ``add_rule: error: <message>`` and exit with status 2."""
        self.exit(2, f"add_rule: error: {message}\n")


def main(argv: Sequence[str] | None = None, root: Path = ROOT) -> int:
    """Run the scaffold from the command line.

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments; ``sys.argv[1:]`` by default.
    root : Path, optional
        The checkout to write into; the one this script belongs to by default.

    Returns
    -------
    int
        0 when the rule is written and its fixtures pass, 2 when the scaffold refuses.
    """
    parser = _Parser(prog="python tools/add_rule.py", description=__doc__.splitlines()[0])
    parser.add_argument("code", help="the new rule's code: the chapter's prefix and its next free number (IMP010)")
    parser.add_argument("--chapter", required=True, help="the chapter's file name under guide/, such as imports")
    parser.add_argument("--level", required=True, help="required or recommended")
    parser.add_argument("--title", required=True, help="the rule's title: one imperative sentence")
    parser.add_argument("--name", help="the check module's name after the code (default: from the title)")
    args = parser.parse_args(argv)
    try:
        written = scaffold(root, args.code, args.chapter, args.level, args.title, args.name)
    except (ScaffoldError, MystError) as exc:
        print(f"add_rule: error: {exc}", file=sys.stderr)
        return 2
    print(_next_steps(root, args.code, written))
    return 0


def scaffold(root: Path, code: str, chapter: str, level: str, title: str, name: str | None = None) -> list[Path]:
    """Add a rule to a checkout: its directive, its check, its fixtures and their expected findings.

    Parameters
    ----------
    root : Path
        The checkout.
    code : str
        The new rule's code.
    chapter : str
        The chapter's file name under ``guide/``, with or without ``.md``.
    level : str
        The rule's level.
    title : str
        The rule's title.
    name : str, optional
        The check module's name after the code; derived from the title by default.

    Returns
    -------
    list of Path
        The chapter, the check module and the fixture folder's files, as written.

    Raises
    ------
    ScaffoldError
        If the code exists, was retired or is not its prefix's next free
        code, the chapter does not exist or holds other codes, the level is
        not one of the guide's, or the written rule does not behave (its
        fixtures, the catalog).
    """
    guide = root / "guide"
    chapter_path = _chapter(guide, chapter)
    prefix = _check_code(guide, code, chapter_path)
    _check_level(level)
    title = " ".join(title.split())
    if not title:
        raise ScaffoldError("the title is empty: give the rule's title, one imperative sentence")
    module = module_name(code, name or title)
    rules = _check_package(root) / prefix.lower()
    check = rules / f"{module}.py"
    fixtures = rules / "fixtures" / code
    for path in (check, fixtures):
        if path.exists():
            raise ScaffoldError(f"{path.relative_to(root)} exists: remove it, or give another --name")
    year = datetime.date.today().year
    written = [chapter_path, *_write_check(rules, check, code, title, chapter_path, year)]
    _insert_directive(chapter_path, code, title, level)
    written += _write_fixtures(fixtures, code, year)
    _check_written(guide, code, fixtures)
    return written


def module_name(code: str, words: str) -> str:
    """Return a check module's name: the code in lower case, then a few words of the title in snake case.

    Parameters
    ----------
    code : str
        The rule's code (``IMP010``).
    words : str
        The title, or a name in snake case.

    Returns
    -------
    str
        ``imp010_sort_names_one_import`` for "Sort the names of one import".
    """
    found = [word for word in re.findall(r"[a-z0-9]+", words.lower()) if word not in _FILLER]
    return "_".join([code.lower(), *found[:_NAME_WORDS]])


def _chapter(guide: Path, chapter: str) -> Path:
    """Return a chapter's file, or refuse a chapter the guide does not have."""
    path = guide / (chapter if chapter.endswith(".md") else f"{chapter}.md")
    if path.parent != guide or not path.is_file():
        known = ", ".join(sorted(p.stem for p in guide.glob("*.md") if _has_rules_section(p)))
        raise ScaffoldError(f"unknown chapter {chapter!r}: the chapters with a Rules section are {known}")
    if not _has_rules_section(path):
        raise ScaffoldError(f"{path.name} has no '## Rules' section to add a rule to")
    return path


def _has_rules_section(path: Path) -> bool:
    """Return whether a chapter has a ``## Rules`` heading."""
    return any(line.strip() == "## Rules" for line in path.read_text(encoding="utf-8").splitlines())


def _check_code(guide: Path, code: str, chapter: Path) -> str:
    """Return the code's prefix, or refuse a malformed, existing, retired or misplaced code."""
    match = _CODE.fullmatch(code)
    if match is None:
        raise ScaffoldError(f"{code!r} is not a rule code: three capital letters and three digits, such as IMP010")
    prefix = match["prefix"]
    if prefix == _CHECKER_PREFIX:
        raise ScaffoldError(f"{_CHECKER_PREFIX} codes are the checker's own diagnostics, not rules of the guide")
    if prefix not in CHAPTER_PREFIXES:
        raise ScaffoldError(f"{prefix} is no chapter's prefix: the prefixes are {', '.join(CHAPTER_PREFIXES)}")
    defined = read_guide(guide)
    retired = read_retired(guide)
    used = {*defined, *all_rules(), *retired}
    following = max((int(other[3:]) for other in used if other.startswith(prefix)), default=0) + 1
    free = f"the next free code of {prefix} is {prefix}{following:03d}"
    if code in retired:
        raise ScaffoldError(f"{code} is retired ({retired[code].title}) and codes are never reused; {free}")
    if code in defined:
        raise ScaffoldError(f"{code} exists ({defined[code].title}, in {Path(defined[code].path).name}); {free}")
    if code in used:
        raise ScaffoldError(f"{code} exists: a checker rule has that code; {free}")
    if int(match["number"]) != following:
        raise ScaffoldError(f"{code} would leave a gap: codes follow each other, and {free}")
    owners = sorted({Path(rule.path).name for rule in defined.values() if rule.prefix == prefix})
    if owners and chapter.name not in owners:
        raise ScaffoldError(f"{prefix} codes belong to {', '.join(owners)}, not to {chapter.name}")
    others = sorted({rule.prefix for rule in read_chapter(chapter)} - {prefix})
    if others:
        raise ScaffoldError(f"{chapter.name} holds the {', '.join(others)} codes, not {prefix}")
    return prefix


def _check_level(level: str) -> None:
    """Refuse a level the guide does not have."""
    levels = [member.value for member in Level]
    if level not in levels:
        raise ScaffoldError(f"unknown level {level!r}: a rule's level is {' or '.join(levels)}")


def _check_package(root: Path) -> Path:
    """Return the checkout's rules folder, or refuse to write a rule the imported checker would not run."""
    package = root / "conformance" / "cuda_core_guide"
    imported = Path(cuda_core_guide.__file__).resolve().parent
    if imported != package.resolve():
        raise ScaffoldError(
            f"the checker imported is {imported}, not this checkout's {package}: install the checkout editable "
            "(python -m pip install -e .) and run the scaffold with that environment's python"
        )
    return package / "checker" / "rules"


def _write_check(rules: Path, check: Path, code: str, title: str, chapter: Path, year: int) -> list[Path]:
    """Write the check module from its template (and the chapter's rules package, if it has none)."""
    written = []
    if not (rules / "__init__.py").is_file():
        rules.mkdir(parents=True, exist_ok=True)
        heading = first_heading(chapter.read_text(encoding="utf-8")) or chapter.stem
        package = _CHAPTER_PACKAGE.format(year=year, chapter=heading, prefix=code[:3])
        (rules / "__init__.py").write_text(package, encoding="utf-8")
        written.append(rules / "__init__.py")
    summary = title.rstrip(".")
    words = module_name(code, title).split("_")[1:] or ["rule"]
    values = {
        "year": year,
        "code": code,
        "lower": code.lower(),
        "summary": summary[0].lower() + summary[1:],
        "cls": "".join(word.capitalize() for word in words),
    }
    check.write_text(_MODULE.format(**values), encoding="utf-8")
    return [*written, check]


def _insert_directive(chapter: Path, code: str, title: str, level: str) -> None:
    """Write the rule's directive into the chapter, in the order of its code in the Rules section."""
    lines = chapter.read_text(encoding="utf-8").splitlines(keepends=True)
    section = next(index for index, line in enumerate(lines) if line.strip() == "## Rules")
    end = next((index for index in range(section + 1, len(lines)) if lines[index].startswith("## ")), len(lines))
    at = end
    for index in range(section + 1, end):
        opening = _RULE_OPENING.match(lines[index])
        if opening is None:
            continue
        if opening["code"] > code:
            at = index
            break
        at = next((close + 1 for close in range(index + 1, end) if lines[close].rstrip() == opening["fence"]), end)
    stub = _DIRECTIVE.format(code=code, title=title, level=level, lower=code.lower())
    before = "".join(lines[:at]).rstrip("\n") + "\n\n"
    after = "".join(lines[at:]).lstrip("\n")
    chapter.write_text(before + stub + ("\n" + after if after else ""), encoding="utf-8")


def _write_fixtures(fixtures: Path, code: str, year: int) -> list[Path]:
    """Write a violating and a clean fixture, then the expected findings the checker reports on them."""
    fixtures.mkdir(parents=True)
    header = _FIXTURE_HEADER.format(year=year)
    lower = code.lower()
    (fixtures / "violating.py").write_text(f"{header}\ndef violates_{lower}():\n    pass\n", encoding="utf-8")
    (fixtures / "clean.py").write_text(f"{header}\ndef follows_{lower}():\n    pass\n", encoding="utf-8")
    _forget_what_was_read()
    return [fixtures / "violating.py", fixtures / "clean.py", rule_fixtures.write_expected(fixtures, code)]


def _forget_what_was_read() -> None:
    """Forget the rules and the catalog read before the new rule was written, so both are read again."""
    importlib.invalidate_caches()
    all_rules.cache_clear()
    load_catalog.cache_clear()


def _check_written(guide: Path, code: str, fixtures: Path) -> None:
    """Refuse to call the rule added unless the catalog knows it and its fixtures give what is expected."""
    if code not in build_catalog(guide):
        raise ScaffoldError(f"the catalog built from {guide} does not know {code}")
    expected = rule_fixtures.expected_findings(fixtures)
    clean = rule_fixtures.fixture_findings(code, sorted(fixtures.glob("clean*")), fixtures)
    if not expected or clean:
        raise ScaffoldError(f"{code}'s fixtures do not behave: expected {expected}, clean {clean}")


def _next_steps(root: Path, code: str, written: list[Path]) -> str:
    """Return what the scaffold wrote and what to do next, as the command prints it."""
    chapter, check = written[0], next(path for path in written if path.suffix == ".py" and path.stem != "__init__")
    fixtures = written[-1].parent
    lines = [f"Added {code}:", *(f"  {path.relative_to(root)}" for path in written), "", "Next:"]
    steps = [
        f"Write the rule's text and examples in {chapter.relative_to(root)} (its directive is in the Rules section).",
        f"Write the check in {check.relative_to(root)}: replace the placeholder. The helpers rules share are "
        "cuda_core_guide.checker.rules.cud.tree (every node of a file, indexed) and cuda_core_guide.source.",
        f"Make the fixtures in {fixtures.relative_to(root)} the rule's own (violating* break it, clean* follow it; "
        f"a fixture may be a folder), then write the expected findings: python tools/rule_fixtures.py {code}",
        f"Iterate in seconds: python -m pytest conformance/tests/test_rule_fixtures.py -k {code} -q -p no:cacheprovider"
        f" && python -m pytest {chapter.relative_to(root)} -k {code} -q -p no:cacheprovider",
        f"Run the rule over the repository itself, as nox -s lint does: cuda-core-guide check --select {code} .",
        "Before sending: nox -s lint (ruff runs there only), nox -s tests and nox -s docs (the rule's page).",
    ]
    lines += [f"  {number}. {step}" for number, step in enumerate(steps, start=1)]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
