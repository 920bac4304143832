# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The surface tooling: signatures read from docstrings, surfaces compared, the guide's listing checked as a ratchet."""

from __future__ import annotations

import copy
import textwrap
from pathlib import Path

import pytest

from cuda_core_guide.guide.differences import read_differences
from cuda_core_guide.guide.myst import MystError
from cuda_core_guide.surface.compare import SurfaceDifference, compare_surfaces, format_signature
from cuda_core_guide.surface.extract import describe_module
from cuda_core_guide.surface.listing import check_listing, read_listing, unexplained, write_pending
from cuda_core_guide.surface.signatures import describe_signature, docstring_signature, normalized_repr

ROOT = Path(__file__).resolve().parents[2]


def signature(*parameters: tuple[str, str] | tuple[str, str, str]) -> dict:
    return {
        "source": "inspect",
        "parameters": [dict(zip(("name", "kind", "default"), parameter, strict=False)) for parameter in parameters],
    }


UPSTREAM = {
    "modules": {
        "pkg": {
            "all": ["Buffer", "launch", "Gone"],
            "names": {
                "Buffer": {
                    "kind": "class",
                    "bases": ["object"],
                    "signature": signature(),
                    "members": {
                        "fill": {
                            "kind": "method",
                            "signature": signature(("self", "POSITIONAL_OR_KEYWORD"), ("value", "KEYWORD_ONLY")),
                        },
                        "size": {"kind": "property"},
                    },
                },
                "launch": {"kind": "function", "signature": signature(("config", "POSITIONAL_OR_KEYWORD", "None"))},
                "Gone": {
                    "kind": "class",
                    "bases": ["object"],
                    "signature": signature(),
                    "members": {"x": {"kind": "property"}},
                },
            },
        },
        "pkg.system": {"all": ["nvml"], "names": {"nvml": {"kind": "function", "signature": signature()}}},
    }
}


def installed_variant() -> dict:
    surface = copy.deepcopy(UPSTREAM)
    names = surface["modules"]["pkg"]["names"]
    del names["Gone"]
    del names["Buffer"]["members"]["size"]
    names["Buffer"]["members"]["fill"]["signature"] = signature(
        ("self", "POSITIONAL_OR_KEYWORD"), ("value", "POSITIONAL_OR_KEYWORD")
    )
    names["launch"] = {"kind": "class", "bases": [], "signature": signature(), "members": {}}
    names["Extra"] = {"kind": "constant", "type": "int", "value": "1"}
    del surface["modules"]["pkg.system"]
    return surface


def test_identical_surfaces_do_not_differ() -> None:
    assert compare_surfaces(UPSTREAM, copy.deepcopy(UPSTREAM)) == []


def test_every_kind_of_difference_is_found_once() -> None:
    keys = [difference.key for difference in compare_surfaces(UPSTREAM, installed_variant())]
    assert keys == [
        "extra pkg:Extra",
        "kind pkg:launch",
        "missing pkg.system:nvml",
        "missing pkg:Buffer.size",
        # The members of a missing class are not listed apart.
        "missing pkg:Gone",
        "signature pkg:Buffer.fill",
    ]


def test_a_signature_difference_shows_both_sides() -> None:
    (found,) = [d for d in compare_surfaces(UPSTREAM, installed_variant()) if d.what == "signature"]
    assert (found.upstream, found.installed) == ("(self, *, value)", "(self, value)")


def test_signatures_are_written_as_python_writes_them() -> None:
    described = signature(
        ("a", "POSITIONAL_ONLY"), ("b", "POSITIONAL_OR_KEYWORD", "1"), ("c", "KEYWORD_ONLY"), ("d", "VAR_KEYWORD")
    )
    assert format_signature(described) == "(a, /, b=1, *, c, **d)"
    assert format_signature({"source": "unknown", "parameters": []}) == "unknown"


def test_embedded_signature_is_read_without_cython_types() -> None:
    line = (
        "LaunchConfig(grid: int | None = None, int shmem_size: int | None = None, *, bool coop=False) -> None\n\nText."
    )
    assert docstring_signature(line, "LaunchConfig") == [
        {"name": "grid", "kind": "POSITIONAL_OR_KEYWORD", "default": "None"},
        {"name": "shmem_size", "kind": "POSITIONAL_OR_KEYWORD", "default": "None"},
        {"name": "coop", "kind": "KEYWORD_ONLY", "default": "False"},
    ]
    assert docstring_signature("Buffer.fill(self, value)", "fill") == [
        {"name": "self", "kind": "POSITIONAL_OR_KEYWORD"},
        {"name": "value", "kind": "POSITIONAL_OR_KEYWORD"},
    ]


def test_a_signature_nothing_gives_is_unknown_not_guessed() -> None:
    assert docstring_signature("Fill the buffer.", "fill") is None
    assert describe_signature(object.__init__, [("Initialize self.", "__init__")]) == {
        "source": "unknown",
        "parameters": [],
    }


def test_reprs_lose_addresses_and_private_modules() -> None:
    class Sentinel:
        pass

    Sentinel.__module__ = "cuda.core._memory._buffer"
    Sentinel.__qualname__ = "Sentinel"
    assert " at 0x…" in normalized_repr(object())
    assert normalized_repr(Sentinel) == "<class 'cuda.core.Sentinel'>"


def test_a_module_that_does_not_import_is_recorded_with_its_error() -> None:
    assert describe_module("cuda_core_guide.no_such_module") == {
        "error": "ModuleNotFoundError: No module named 'cuda_core_guide.no_such_module'"
    }


def test_a_module_s_names_are_described_by_kind() -> None:
    described = describe_module("cuda_core_guide.surface.compare")
    names = described["names"]
    assert described["all"] == ["SurfaceDifference", "compare_surfaces", "format_signature"]
    assert names["compare_surfaces"]["kind"] == "function"
    assert names["SurfaceDifference"]["kind"] == "class"
    assert names["SurfaceDifference"]["members"]["key"] == {"kind": "property"}
    # A dataclass's constructor is inspected.
    assert [p["name"] for p in names["SurfaceDifference"]["signature"]["parameters"]] == [
        "what",
        "name",
        "upstream",
        "installed",
    ]


@pytest.fixture
def guide(tmp_path: Path) -> Path:
    (tmp_path / "_data").mkdir()
    (tmp_path / "_data" / "differences.toml").write_text(
        textwrap.dedent(
            """\
            [[difference]]
            id = "D1"
            rule = "NAM007"
            where = "`Extra`"
            reference = "lists it"
            upstream = "does not"
            why = "it is received"
            surface = ["extra pkg:Extra"]

            [[deferred]]
            group = "nvml"
            why = "later"
            names = ["pkg.system:*"]
            count = 1
            """
        )
    )
    return tmp_path


def differences() -> list[SurfaceDifference]:
    return compare_surfaces(UPSTREAM, installed_variant())


def test_pending_is_written_from_what_nothing_else_explains(guide: Path) -> None:
    pending = unexplained(differences(), read_listing(guide))
    write_pending(guide, pending)
    listing = read_listing(guide)
    assert "extra pkg:Extra" not in listing.pending
    assert "missing pkg.system:nvml" not in listing.pending
    assert len(listing.pending) == 4
    assert check_listing(differences(), listing) == []


def test_an_unlisted_difference_fails(guide: Path) -> None:
    problems = check_listing(differences(), read_listing(guide))
    assert len(problems) == 4
    assert all(problem.startswith("not listed: ") for problem in problems)


def test_a_listed_entry_that_is_no_longer_a_difference_fails(guide: Path) -> None:
    write_pending(guide, [*unexplained(differences(), read_listing(guide)), SurfaceDifference("missing", "pkg:Done")])
    assert check_listing(differences(), read_listing(guide)) == [
        "stale: missing pkg:Done is listed as not yet implemented, but it is no longer a difference "
        "(remove it: python -m cuda_core_guide.surface --write-pending)"
    ]
    fixed = [d for d in differences() if d.key != "extra pkg:Extra"]
    write_pending(guide, unexplained(fixed, read_listing(guide)))
    assert check_listing(fixed, read_listing(guide)) == [
        "stale: deliberate difference D1 names extra pkg:Extra, which is no longer a difference"
    ]


def test_a_deferred_count_that_no_longer_holds_fails(guide: Path) -> None:
    fewer = [d for d in differences() if d.key != "missing pkg.system:nvml"]
    write_pending(guide, unexplained(fewer, read_listing(guide)))
    assert check_listing(fewer, read_listing(guide)) == [
        "deferred group nvml covers 0 differences, but its count says 1"
    ]


def test_only_the_allowed_groups_may_be_deferred(guide: Path) -> None:
    data = guide / "_data" / "differences.toml"
    data.write_text(data.read_text().replace('group = "nvml"', 'group = "graphs"'))
    with pytest.raises(MystError, match="deferred group 'graphs' is not one of nvml, graphics, texture"):
        read_listing(guide)


def test_a_key_listed_twice_is_refused(guide: Path) -> None:
    write_pending(guide, [SurfaceDifference("extra", "pkg:Extra")])
    with pytest.raises(MystError, match="extra pkg:Extra is listed twice"):
        read_listing(guide)


def test_a_difference_without_a_reason_is_refused(guide: Path) -> None:
    data = guide / "_data" / "differences.toml"
    data.write_text(data.read_text().replace('why = "it is received"\n', ""))
    with pytest.raises(MystError, match="difference 1 lacks why"):
        read_differences(guide)


def test_the_guide_s_differences_name_rules_and_surface_keys() -> None:
    from cuda_core_guide.guide.chapters import read_guide

    differences = read_differences(ROOT / "guide")
    ids = [difference.id for difference in differences.values()]
    assert ids[:4] == ["D1", "D2", "D3", "D4"]
    assert ids == [f"D{number}" for number in range(1, len(ids) + 1)]  # numbered in order, none reused
    known = set(read_guide(ROOT / "guide"))
    assert all(difference.rule in known for difference in differences.values())
    listing = read_listing(ROOT / "guide")
    assert listing.deferred == ()  # the reference implements every group that may be deferred (issue 30)
    keys = [*listing.deliberate, *listing.pending]
    assert all(
        key.split(" ", 1)[0] in {"missing", "extra", "kind", "signature", "bases", "value", "error"} for key in keys
    )


def test_a_type_stub_beside_the_module_gives_the_constructor(tmp_path, monkeypatch) -> None:
    from cuda_core_guide.surface.signatures import describe_signature, stub_constructor

    (tmp_path / "stubbed.py").write_text("class Linker:\n    def __init__(self, *args, **kwargs):\n        pass\n")
    # Cython's C-style embedded signature puts the keyword-only parameter first; the stub says what the code takes.
    (tmp_path / "stubbed.pyi").write_text(
        "class Linker:\n    def __init__(self, *object_codes: object, options: object | None = None): ...\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import stubbed

    expected = [
        {"name": "object_codes", "kind": "VAR_POSITIONAL"},
        {"name": "options", "kind": "KEYWORD_ONLY", "default": "None"},
    ]
    assert stub_constructor(stubbed.Linker) == expected
    docstring = "Linker(options=None, *object_codes)"
    signature = describe_signature(object(), [(docstring, "Linker")], stub=stub_constructor(stubbed.Linker))
    assert signature == {"source": "stub", "parameters": expected}


def test_without_a_stub_the_docstring_is_read(tmp_path, monkeypatch) -> None:
    from cuda_core_guide.surface.signatures import stub_constructor

    (tmp_path / "unstubbed.py").write_text("class Plain:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import unstubbed

    assert stub_constructor(unstubbed.Plain) is None


def test_a_dataclass_s_fields_are_fields_however_the_class_holds_them(tmp_path, monkeypatch) -> None:
    (tmp_path / "options_module.py").write_text(
        textwrap.dedent(
            """\
            import dataclasses

            __all__ = ["Options"]


            @dataclasses.dataclass
            class Options:
                resources: list
                size: int = 0
                name: str | None = None

                @property
                def doubled(self) -> int:
                    return 2 * self.size
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    members = describe_module("options_module")["names"]["Options"]["members"]
    # A Python dataclass holds its defaults as class attributes, a compiled one its fields as properties.
    assert members["resources"] == {"kind": "field"}  # no default, so no class attribute
    assert members["size"] == {"kind": "field"}
    assert members["name"] == {"kind": "field"}
    assert members["doubled"] == {"kind": "property"}
