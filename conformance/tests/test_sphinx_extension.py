# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The Sphinx extension renders rules and examples, and fails the build on checker findings."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

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
    with (docs / "conf.py").open("a") as conf:
        conf.write("cuda_core_guide_require_all_rules = True\n")
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert "the checker implements IMP001 but no guide chapter defines it" in output


def test_finding_fails_the_build_at_its_location(tmp_path, capsys, monkeypatch) -> None:
    docs = make_project(tmp_path, module=CLEAN_MODULE.replace(HEADER, ""))
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert "src/module.py:1: WARNING: HDR001" in output


def test_missing_docstring_fails_the_build_with_a_doc_code(tmp_path, capsys, monkeypatch) -> None:
    module = CLEAN_MODULE.replace('    """Return twice ``value``."""\n', "")
    line = module.splitlines().index("def scale(value: int) -> int:") + 1
    docs = make_project(tmp_path, module=module)
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert f"src/module.py:{line}: WARNING: DOC001" in output


def test_unknown_rule_reference_fails_the_build(tmp_path, capsys, monkeypatch) -> None:
    docs = make_project(tmp_path, chapter=CHAPTER.replace("See also {rule}`HDR001`.", "See {rule}`XYZ999`."))
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert "unknown rule XYZ999" in output


def test_include_of_a_missing_symbol_fails_the_build(tmp_path, capsys, monkeypatch) -> None:
    docs = make_project(tmp_path, chapter=CHAPTER.replace(":symbol: scale", ":symbol: missing"))
    status, output = build(docs, capsys, monkeypatch)
    assert status != 0
    assert "defines no 'missing'" in output
