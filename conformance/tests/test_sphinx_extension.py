# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The Sphinx extension renders rules and examples, and fails the build on checker findings."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from sites import built_text, page_text

sphinx_build = pytest.importorskip("sphinx.cmd.build", reason="Sphinx is not installed").build_main
pytest.importorskip("myst_parser", reason="myst-parser is not installed")

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n"
    "# SPDX-License-Identifier: Apache-2.0\n\n"
)
CLEAN_MODULE = HEADER + textwrap.dedent(
    '''\
    """A module that follows the guide."""

    from __future__ import annotations

    __all__ = ["scale"]


    def scale(value: int) -> int:
        """Return twice ``value``."""
        return 2 * value
    '''
)
CHAPTER = textwrap.dedent(
    """\
    # Chapter

    ````{rule} HDR001
    :title: Begin every file with the `SPDX` copyright line
    :level: required

    See also {rule}`HDR001`.

    ```{avoid}
    x = 1
    ```

    ```{prefer}
    :include: src/module.py
    :symbol: scale
    ```
    ````

    ```{rule-index}
    ```
    """
)


RUNNABLE_CHAPTER = (
    "# Examples\n\n```{runnable}\nfrom cuda.core import Device\n\nassert Device(0) is Device(0)\n```\n\n"
    "```{runnable}\nx = 1\n```\n"
)

SECRET = "SECRET_OUTSIDE_THE_REPOSITORY = 1\n"
"""A file beside the site's repository, which no example may quote."""


BROKEN_MARKUP = {
    "unclosed avoid": (
        CHAPTER.replace("x = 1\n```\n\n```{prefer}\n:include: src/module.py\n:symbol: scale\n```\n", "x = 1\n"),
        "```{avoid}",
        "the {avoid} directive opened here with ``` is never closed",
    ),
    "unclosed rule": (
        CHAPTER.replace("````\n", ""),
        "````{rule} HDR001",
        "the {rule} directive opened here with ```` is never closed",
    ),
    "empty rule role": (
        CHAPTER.replace("See also {rule}`HDR001`.", "See also {rule}``."),
        "See also {rule}``.",
        "a {rule} role without a rule code, or not closed",
    ),
    "nested rule": (
        CHAPTER.replace("See also", "```{rule} HDR002\n:title: Inside\n:level: required\n\nText.\n```\n\nSee also"),
        "```{rule} HDR002",
        "rule HDR002 is nested in rule HDR001",
    ),
    "title with an unclosed backtick": (
        CHAPTER.replace("the `SPDX` copyright", "the `SPDX copyright"),
        "````{rule} HDR001",
        "the :title: of rule HDR001 has an unclosed backtick",
    ),
}
"""Chapters whose markup MyST renders without a word, each with the line the warning is at and the warning."""


def make_project(root: Path, module: str = CLEAN_MODULE, chapter: str = CHAPTER) -> Path:
    """Write a small site whose build checks ``src/`` and return its documentation folder."""
    (root / "src").mkdir()
    (root / "src" / "module.py").write_text(module)
    docs = root / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        textwrap.dedent(
            """\
            extensions = ["myst_parser", "cuda_core_guide.sphinxext"]
            cuda_core_guide_check = ["../src"]
            nitpicky = True
            """
        )
    )
    # Include paths are relative to the parent of the chapter's folder.
    (docs / "index.md").write_text(chapter)
    return docs


def build(docs: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Build the site with -W from its parent folder; return the status and what was printed."""
    monkeypatch.chdir(docs.parent)
    status = sphinx_build(["-W", "--keep-going", "-q", "-b", "html", str(docs), str(docs / "_build")])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def failed_build(root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, **files: str) -> str:
    """Write a small site (:func:`make_project`), build it, assert that the build fails, and return what it printed."""
    status, output = build(make_project(root, **files), capsys, monkeypatch)
    assert status != 0
    return output


def configure(docs: Path, settings: str) -> None:
    """Add settings to the end of the site's ``conf.py``."""
    with (docs / "conf.py").open("a") as conf:
        conf.write(settings)


def test_clean_project_builds_and_renders_rules(tmp_path, capsys, monkeypatch) -> None:
    docs = make_project(tmp_path)
    status, output = build(docs, capsys, monkeypatch)
    assert status == 0, output
    html = (docs / "_build" / "index.html").read_text()
    assert 'id="rule-HDR001"' in html
    assert "<code" in html.split('id="rule-HDR001"', 1)[1].split("</p>", 1)[0]  # inline markup in the title
    assert "Avoid" in html
    assert "Preferred" in html
    assert "Return twice" in html  # the included definition
    assert 'href="#rule-HDR001"' in html  # the {rule} role and the index link to it
    assert "guide-rule-index" in html


def test_undocumented_implemented_rules_warn_when_required(tmp_path, capsys, monkeypatch) -> None:
    docs = make_project(tmp_path)
    configure(docs, "cuda_core_guide_require_all_rules = True\n")
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert "the checker implements IMP001 but no guide chapter defines it" in output, output


def test_finding_fails_the_build_at_its_location(tmp_path, capsys, monkeypatch) -> None:
    output = failed_build(tmp_path, capsys, monkeypatch, module=CLEAN_MODULE.replace(HEADER, ""))
    assert "src/module.py:1: WARNING: HDR001" in output


def test_missing_docstring_fails_the_build_with_a_doc_code(tmp_path, capsys, monkeypatch) -> None:
    module = CLEAN_MODULE.replace('    """Return twice ``value``."""\n', "")
    line = module.splitlines().index("def scale(value: int) -> int:") + 1
    output = failed_build(tmp_path, capsys, monkeypatch, module=module)
    assert f"src/module.py:{line}: WARNING: DOC001" in output


def test_unknown_rule_reference_fails_the_build(tmp_path, capsys, monkeypatch) -> None:
    output = failed_build(
        tmp_path, capsys, monkeypatch, chapter=CHAPTER.replace("See also {rule}`HDR001`.", "See {rule}`XYZ999`.")
    )
    assert "unknown rule XYZ999" in output


def test_include_of_a_missing_symbol_fails_the_build(tmp_path, capsys, monkeypatch) -> None:
    output = failed_build(tmp_path, capsys, monkeypatch, chapter=CHAPTER.replace(":symbol: scale", ":symbol: missing"))
    assert "defines no 'missing'" in output


def rule_page_project(root: Path) -> Path:
    """Write a small site with a chapter folder, one rule page per rule, and a rule index."""
    docs = make_project(root)
    (docs / "index.md").write_text(
        textwrap.dedent(
            """\
            # Site

            ```{chapter-list}
            ```

            ```{pre-commit-config}
            ```

            ```{toctree}
            guide/index
            rules
            ```
            """
        )
    )
    guide = docs / "guide"
    guide.mkdir()
    (guide / "index.md").write_text("# The guide\n\n```{toctree}\nheaders\n```\n")
    headers = CHAPTER.replace("````{rule}", "```{chapter-rules}\n```\n\n````{rule}", 1)
    (guide / "headers.md").write_text('---\nsummary: "Every file starts with an `SPDX` header."\n---\n' + headers)
    (docs / "rules.md").write_text("# Rules\n\n```{rule-index}\n```\n")
    configure(
        docs,
        textwrap.dedent(
            """\
            cuda_core_guide_chapters = "guide"
            cuda_core_guide_rule_pages = "rules"
            cuda_core_guide_include_root = ".."
            cuda_core_guide_repository = "https://example.org/guide-repo"
            cuda_core_guide_precommit_rev = "0123abcd"
            """
        ),
    )
    return docs


def search_index(docs: Path) -> dict:
    """Return the built site's search index."""
    text = (docs / "_build" / "searchindex.js").read_text()
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


@pytest.fixture(scope="module")
def rule_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site with rule pages once for the tests that only read its output; return its docs folder."""
    docs = rule_page_project(tmp_path_factory.mktemp("rule-site"))
    status = sphinx_build(["-W", "--keep-going", "-q", "-b", "html", str(docs), str(docs / "_build")])
    assert status == 0
    return docs


def test_rule_page_shows_the_rule_the_checker_message_and_how_to_configure(rule_site: Path) -> None:
    docs = rule_site
    page = (docs / "_build" / "rules" / "HDR001.html").read_text()
    assert "<title>HDR001: Begin every file with the SPDX copyright line" in page
    assert 'id="rule-HDR001"' in page
    assert "Avoid" in page
    assert "Preferred" in page
    assert "Return twice" in page
    assert "The checker reports:" in page
    assert "example.pyx:1:1: HDR001 file does not begin with" in page
    assert "Suppressing and configuring" in page
    assert "# noqa: HDR001 <why this line is an exception>" in page_text(page)
    assert "copyright-holder" in page  # the setting the rule reads
    assert 'href="../guide/headers.html#rule-HDR001"' in page  # back to the rule in its chapter
    chapter = (docs / "_build" / "guide" / "headers.html").read_text()
    assert 'href="../rules/HDR001.html#rule-HDR001"' in chapter  # {rule} references lead to the page


def test_a_fixable_rule_s_page_says_what_the_fix_does(rule_site: Path) -> None:
    from cuda_core_guide.checker.rules import all_rules

    page = (rule_site / "_build" / "rules" / "HDR001.html").read_text()
    assert "guide-badge-fixable" in page
    text = page_text(page)
    assert "Fix available. cuda-core-guide check --fix corrects this rule’s findings" in text
    first = " ".join(all_rules()["HDR001"].fix.__doc__.split("\n\n")[0].split())
    assert first[1:].replace("``", "") in text  # what the fix does, in the rule's own words
    assert "cuda-core-guide check --diff shows the corrections" in text
    index = (rule_site / "_build" / "rules.html").read_text()
    assert "guide-fixable-yes" in index  # the index marks it too


def test_the_rule_pages_are_listed_under_their_titles(rule_site: Path) -> None:
    page = (rule_site / "_build" / "rules" / "HDR001.html").read_text()
    # The navigation names the rule by code and title, not by a bare code.
    assert '<a class="current reference internal" href="#">HDR001: Begin every file with the <code' in page


def test_search_finds_a_rule_code_on_its_page(rule_site: Path) -> None:
    docs = rule_site
    index = search_index(docs)
    page = index["docnames"].index("rules/HDR001")
    rule_type = next(key for key, name in index["objtypes"].items() if name == "guide:rule")
    # The name is the code and the anchor is "rule-<code>" ("-": type and name).
    assert [page, int(rule_type), 1, "-", "HDR001"] in index["objects"][""]
    assert index["indexentries"]["hdr001"] == [[page, "rule-HDR001", True]]
    assert "`" not in json.dumps(index["titles"])


def test_stylesheet_and_script_ship_with_the_site(rule_site: Path) -> None:
    docs = rule_site
    for name in ("cuda-core-guide.css", "cuda-core-guide.js"):
        assert (docs / "_build" / "_static" / name).is_file()
        assert f"_static/{name}" in (docs / "_build" / "index.html").read_text()


def test_rule_index_groups_rules_by_chapter_with_a_filter(rule_site: Path) -> None:
    docs = rule_site
    html = (docs / "_build" / "rules.html").read_text()
    assert '<form class="guide-rule-filter"' in html
    assert 'id="rules-headers"' in html
    assert 'class="guide-rule-row guide-level-required guide-checked-yes' in html
    assert '<code class="docutils literal notranslate"><span class="pre">SPDX</span></code>' in html


def test_chapter_list_and_pre_commit_snippet(rule_site: Path) -> None:
    docs = rule_site
    html = (docs / "_build" / "index.html").read_text()
    assert 'href="guide/headers.html"' in html
    assert "Every file starts with an" in html
    assert "https://example.org/guide-repo" in html
    assert "0123abcd" in html


def test_rule_pages_follow_the_rules(tmp_path, capsys, monkeypatch) -> None:
    docs = rule_page_project(tmp_path)
    stale = docs / "rules" / "XYZ001.md"
    stale.parent.mkdir()
    stale.write_text("<!-- Generated by cuda_core_guide.sphinxext from nowhere; edit the rule there. -->\n")
    kept = docs / "rules" / "notes.md"
    kept.write_text("# Notes written by hand\n")
    status, output = build(docs, capsys, monkeypatch)
    assert not stale.exists()
    assert kept.exists()
    stub = docs / "rules" / "HDR001.md"
    before = stub.stat().st_mtime_ns
    build(docs, capsys, monkeypatch)
    assert stub.stat().st_mtime_ns == before  # unchanged stubs are not rewritten


def test_checker_output_directive_prints_what_the_checker_prints(tmp_path, capsys, monkeypatch) -> None:
    chapter = CHAPTER + textwrap.dedent(
        """\

        ```{checker-output}
        :filename: fail.py
        :select: ERR005

        def fail():
            raise Exception("generic")
        ```
        """
    )
    docs = make_project(tmp_path, chapter=chapter)
    status, output = build(docs, capsys, monkeypatch)
    assert status == 0, output
    html = (docs / "_build" / "index.html").read_text()
    assert "$ cuda-core-guide check fail.py" in html
    assert "fail.py:2:5: ERR005" in html
    assert "Found 1 finding." in html


def test_modules_without_source_leave_the_source_index() -> None:
    from types import SimpleNamespace

    from cuda_core_guide.sphinxext.cython_source import drop_modules_without_source

    found = ("source", {}, {}, "cuda.core")
    modules = {"cuda.bindings.nvml": False, "cuda.core._device": found}
    app = SimpleNamespace(env=SimpleNamespace(_viewcode_modules=modules))
    assert drop_modules_without_source(app) == []
    assert modules == {"cuda.core._device": found}
    assert drop_modules_without_source(SimpleNamespace(env=SimpleNamespace())) == []


def test_cython_source_links_definitions_to_their_lines(tmp_path) -> None:
    from types import SimpleNamespace

    from cuda_core_guide.sphinxext.cython_source import find_source

    package = tmp_path / "src" / "pkg"
    package.mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (package / "_things.pyx").write_text(
        "cdef class Thing:\n    def close(self):\n        pass\n\n\ndef make():\n    return Thing()\n"
    )
    app = SimpleNamespace(
        confdir=str(tmp_path / "docs"), config=SimpleNamespace(cuda_core_guide_source_roots=["../src"])
    )
    code, tags = find_source(app, "pkg._things")
    assert code.startswith("cdef class Thing:")
    assert tags == {"Thing": ("class", 1, 3), "Thing.close": ("def", 2, 3), "make": ("def", 6, 7)}
    assert find_source(app, "pkg.missing") is None


def test_runnable_examples_show_their_latest_outcomes(tmp_path, capsys, monkeypatch) -> None:
    from cuda_core_guide.guide.chapters import examples_of
    from cuda_core_guide.guide.myst import parse_directives

    docs = make_project(tmp_path, chapter=RUNNABLE_CHAPTER)
    (docs / "index.md").write_text(RUNNABLE_CHAPTER + "\n```{toctree}\nmatrix\n```\n")
    (docs / "matrix.md").write_text(
        "# Conformance\n\n```{conformance-matrix} summary\n```\n\n## Tests\n\n```{conformance-matrix}\n```\n"
    )
    first, _ = examples_of(parse_directives(RUNNABLE_CHAPTER, str(docs / "index.md")), str(docs / "index.md"))
    matrix = {
        "format": 1,
        "runs": {
            "reference": {
                "implementation": "reference",
                "version": "0.1.0",
                "device": "Test GPU",
                "date": "2026-11-23",
            },
            "upstream": {"implementation": "upstream", "version": "1.2.2", "device": "Test GPU", "date": "2026-11-23"},
        },
        "tests": {
            "guide.index.md::runnable[example:line3]": {
                "example": first.digest,
                "kind": "runnable",
                "outcomes": {
                    "reference": {"outcome": "passed"},
                    "upstream": {"outcome": "xfailed", "reason": "deliberate difference D1"},
                },
            },
            "guide.index.md::runnable[example:line40]": {
                "example": "index:000000000000",
                "kind": "runnable",
                "outcomes": {"reference": {"outcome": "failed", "reason": "AssertionError"}},
            },
        },
    }
    (docs / "conformance.json").write_text(json.dumps(matrix))
    configure(docs, 'cuda_core_guide_conformance = "conformance.json"\n')
    status, output = build(docs, capsys, monkeypatch)
    assert status == 0, output
    text = built_text(docs, "index")
    assert "Last GPU run: reference passed · upstream expected failure (details)" in text
    assert "Not run on a GPU since it last changed." in text  # the second example has no row
    index = (docs / "_build" / "index.html").read_text()
    anchor = "example-" + first.digest.replace(":", "-")
    assert f'href="matrix.html#{anchor}"' in index
    table = (docs / "_build" / "matrix.html").read_text()
    assert f'id="{anchor}"' in table
    text = page_text(table)
    assert "reference (0.1.0): 1 passed, 1 failed; recorded 2026-11-23 on Test GPU" in text
    assert "missed every test passes on the reference implementation" in text  # a failure misses the target
    assert "Show only the tests that did not pass" in text  # the filter
    assert table.count('id="tests"') == 1  # the heading's: no file's section takes it too
    assert "guide/index.md" in page_text(table)  # each group is titled with its test file
    example = "run-" + first.digest.replace(":", "-")
    assert f'id="{example}"' in index
    assert f'href="index.html#{example}"' in table  # the row links back to the example
    assert "runnable[example:line40] (the example has changed since this run)" in page_text(table)


def test_matrix_without_data_says_so(tmp_path, capsys, monkeypatch) -> None:
    docs = make_project(tmp_path, chapter="# Site\n\n```{conformance-matrix}\n```\n")
    configure(docs, 'cuda_core_guide_conformance = "missing.json"\n')
    status, output = build(docs, capsys, monkeypatch)
    assert status == 0, output
    text = built_text(docs, "index")
    assert "No conformance results are recorded yet: run nox -s conformance on a GPU runner." in text


def test_example_options_are_shown_to_the_reader(tmp_path, capsys, monkeypatch) -> None:
    chapter = CHAPTER.replace(
        "```{avoid}\nx = 1\n```",
        "```{avoid}\n:compile-error: an int cannot hold a string\n\ncdef int x = 'ab'\n```\n\n"
        "```{prefer}\n:breaks: HDR001: the header is the topic of the next chapter\n\nx = 1\n```",
    )
    docs = make_project(tmp_path, chapter=chapter)
    status, output = build(docs, capsys, monkeypatch)
    assert status == 0, output
    text = built_text(docs, "index")
    assert "Cython rejects this code: an int cannot hold a string" in text
    assert "This example also breaks HDR001: the header is the topic of the next chapter" in text


def test_bad_example_options_are_located_warnings(tmp_path, capsys, monkeypatch) -> None:
    output = failed_build(
        tmp_path, capsys, monkeypatch, chapter=CHAPTER.replace("```{avoid}\nx = 1", "```{avoid}\n:fragment:\n\nx = 1")
    )
    assert "index.md:10: WARNING: 'avoid': Invalid option value for 'fragment'" in output


def test_chapter_rules_lists_the_chapters_rules(rule_site: Path) -> None:
    chapter = (rule_site / "_build" / "guide" / "headers.html").read_text()
    # The table comes before the rule itself (the chapter's rule-index, at its end, comes after).
    assert chapter.index("guide-rule-index") < chapter.index('id="rule-HDR001"')


def test_chapter_rules_outside_a_chapter_is_a_located_warning(tmp_path, capsys, monkeypatch) -> None:
    docs = rule_page_project(tmp_path)
    (docs / "rules.md").write_text("# Rules\n\n```{rule-index}\n```\n\n```{chapter-rules}\n```\n")
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert "rules.md:6" in output
    assert "chapter-rules is only meaningful in a chapter of the guide" in output


@pytest.mark.parametrize("kind", ["relative", "absolute", "symlink"])
def test_include_outside_the_include_root_is_a_located_warning_and_not_quoted(
    tmp_path, capsys, monkeypatch, kind: str
) -> None:
    secret = tmp_path / "secret.py"
    secret.write_text(SECRET)
    repo = tmp_path / "repo"
    repo.mkdir()
    include = {"relative": "../secret.py", "absolute": str(secret), "symlink": "src/link.py"}[kind]
    docs = make_project(repo, chapter=CHAPTER.replace(":include: src/module.py", f":include: {include}"))
    (repo / "src" / "link.py").symlink_to(secret)  # inside the root, but it leads out of it
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    line = CHAPTER.splitlines().index("```{prefer}") + 1
    assert f"index.md:{line}: WARNING: :include: {include!r} resolves to {secret}, outside the include root" in output
    assert "SECRET_OUTSIDE" not in (docs / "_build" / "index.html").read_text()


@pytest.mark.parametrize(("chapter", "marker", "message"), BROKEN_MARKUP.values(), ids=BROKEN_MARKUP)
def test_broken_guide_markup_is_a_located_warning(
    tmp_path, capsys, monkeypatch, chapter: str, marker: str, message: str
) -> None:
    output = failed_build(tmp_path, capsys, monkeypatch, chapter=chapter)
    line = chapter.splitlines().index(marker) + 1
    assert f"index.md:{line}: WARNING: {message}" in output, output


def test_differences_render_from_the_data_with_counts_per_category(tmp_path, capsys, monkeypatch) -> None:
    page = CHAPTER + "\n## Differences\n\n```{differences-table}\n```\n\n```{surface-differences}\n```\n"
    docs = make_project(tmp_path, chapter=page)
    (docs / "_data").mkdir()
    (docs / "_data" / "differences.toml").write_text(
        textwrap.dedent(
            """\
            [[difference]]
            id = "D7"
            rule = "HDR001"
            where = "`Extra`"
            reference = "lists `Extra`"
            upstream = "does not"
            why = "a received name is public"
            surface = ["extra cuda.core:Extra"]

            [[deferred]]
            group = "texture"
            why = "later"
            names = ["cuda.core.texture:*"]
            count = 8
            """
        )
    )
    (docs / "_data" / "surface_pending.toml").write_text(
        'differences = ["missing cuda.core:Host", "signature cuda.core:Linker"]\n'
    )
    status, output = build(docs, capsys, monkeypatch)
    assert status == 0, output
    text = built_text(docs, "index")
    assert "D7 Extra lists Extra does not HDR001: a received name is public" in text
    assert "Deliberate (the table above) 1 Deferred: texture and surface objects 8" in text
    assert "Not yet implemented (issue 15) 2 All differences 11" in text
    assert "cuda.core (1 missing, 1 signature): Host, Linker (signature)" in text


@pytest.mark.parametrize(
    ("data", "shown"),
    [
        (None, "No code has been retired yet."),
        (
            '[[retired]]\ncode = "HDR009"\ntitle = "Old rule"\nwhy = "{rule}`HDR001` covers it"\n',
            "HDR009 (Old rule): HDR001 covers it",
        ),
        ('[[retired]]\ncode = "HDR9"\ntitle = "Old rule"\nwhy = "gone"\n', None),
    ],
    ids=["none", "one", "malformed"],
)
def test_retired_codes_render_from_the_data(tmp_path, capsys, monkeypatch, data: str | None, shown: str | None) -> None:
    docs = make_project(tmp_path, chapter=CHAPTER + "\n## Retired\n\n```{retired-rules}\n```\n")
    if data is not None:
        (docs / "_data").mkdir()
        (docs / "_data" / "retired_rules.toml").write_text(data)
    status, output = build(docs, capsys, monkeypatch)
    if shown is None:
        assert status != 0
        assert "retired rule 'HDR9': the code must be like ERR005" in output
    else:
        assert status == 0, output
        assert shown in built_text(docs, "index")
