# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The repository stands on its own: its licence, whose copyright it claims, where its documents point."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[2]
PROJECT_HOLDER = "The cuda-core-guide contributors"
CUDA_CORE_HOLDER = "NVIDIA CORPORATION & AFFILIATES"
# Specimens of cuda.core's sources keep its header: the reference
# implementation and the rules' fixtures (code the rules are shown on).
SPECIMENS = ("reference_impl/",)
SPECIMEN_PARTS = ("fixtures",)


def tracked_files() -> list[Path]:
    """Return the files git tracks in this repository."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]


def header_lines(path: Path) -> list[str]:
    """Return the SPDX copyright lines among a text file's first lines."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()[:6]
    except UnicodeDecodeError:
        return []
    return [line for line in lines if "SPDX-FileCopyrightText" in line]


def documents() -> list[Path]:
    """Return the README and the guide's chapters."""
    return [ROOT / "README.md", *sorted((ROOT / "guide").glob("*.md"))]


def test_the_licence_is_apache_2() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.split()[:4] == ["Apache", "License", "Version", "2.0,"]
    assert "END OF TERMS AND CONDITIONS" in text
    assert (ROOT / "reference_impl" / "LICENSE").read_text(encoding="utf-8") == text


def test_the_project_s_own_files_name_its_contributors() -> None:
    own = [
        path
        for path in tracked_files()
        if not path.relative_to(ROOT).as_posix().startswith(SPECIMENS)
        and not set(SPECIMEN_PARTS) & set(path.relative_to(ROOT).parts)
    ]
    headed = {path: header_lines(path) for path in own}
    assert sum(1 for lines in headed.values() if lines) > 150
    wrong = [
        path.relative_to(ROOT).as_posix() for path, lines in headed.items() if lines and PROJECT_HOLDER not in lines[0]
    ]
    assert wrong == []


def test_the_reference_implementation_keeps_cuda_core_s_header() -> None:
    reference = [
        path for path in tracked_files() if path.suffix in {".pyx", ".pxd", ".py"} and "reference_impl" in path.parts
    ]
    assert reference
    assert all(CUDA_CORE_HOLDER in header_lines(path)[0] for path in reference if path.stat().st_size)


def test_the_site_footer_names_the_project() -> None:
    source = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assigned = [line for line in source.splitlines() if line.startswith(("copyright =", "author ="))]
    assert len(assigned) == 2
    assert all(PROJECT_HOLDER in line and "NVIDIA" not in line for line in assigned)


def mentioned_paths(document: Path) -> list[str]:
    """Return the link targets, and the words of code, that a Markdown document points outside its folder with."""
    found = []
    for token in MarkdownIt("commonmark").parse(document.read_text(encoding="utf-8")):
        children = token.children or []
        texts = [token.content] if token.type in {"fence", "code_block"} else []
        for child in children:
            if child.type == "link_open":
                found.append(str(child.attrs.get("href", "")))
            elif child.type == "code_inline":
                texts.append(child.content)
        found += [word for text in texts for word in text.split() if "../" in word]
    return [target for target in found if "../" in target]


def outside_targets(document: Path, root: Path) -> list[str]:
    """Return the paths a document mentions that resolve outside ``root``."""
    outside = []
    for target in mentioned_paths(document):
        path = target.split("#")[0].strip("`'\"(),")
        if "://" not in path and not (document.parent / path).resolve().is_relative_to(root):
            outside.append(target)
    return outside


@pytest.mark.parametrize("document", documents(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_documents_point_only_inside_the_repository(document: Path) -> None:
    assert outside_targets(document, ROOT) == []


def test_a_path_outside_the_repository_is_found(tmp_path: Path) -> None:
    repository = tmp_path / "repository"
    (repository / "guide" / "img").mkdir(parents=True)
    document = repository / "guide" / "page.md"
    document.write_text(
        "See [the recipe](../../shared/gpu/README.md), [a picture](img/../img/a.png),\n"
        "and run `../shared/gpu/wheelhouse .whl`:\n\n```bash\n../../../other/script --flag\n```\n"
    )
    assert outside_targets(document, repository) == ["../../shared/gpu/README.md", "../../../other/script"]
