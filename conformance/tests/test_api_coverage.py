# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The API-suite coverage counter: the surface's callables, calls recorded and counted, on a fake package."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cuda_core_guide.reports.api_coverage import CallRecorder, coverage, main, surface_callables

SURFACE = {
    "modules": {
        "fakepkg": {
            "names": {
                "helper": {"kind": "function"},
                "Thing": {
                    "kind": "class",
                    "members": {
                        "run": {"kind": "method"},
                        "size": {"kind": "property"},
                        "make": {"kind": "classmethod"},
                        "unused": {"kind": "method"},
                        "LIMIT": {"kind": "attribute"},
                        "__eq__": {"kind": "method"},
                    },
                },
                "Other": {"kind": "class", "members": {"run": {"kind": "method"}}},
                "Mode": {"kind": "enum"},
                "_private": {"kind": "function"},
            }
        }
    }
}

SOURCE = textwrap.dedent(
    """
    def helper():
        return 1

    class Base:
        def run(self):
            return 2

    class Thing(Base):
        LIMIT = 3

        @property
        def size(self):
            return 4

        @classmethod
        def make(cls):
            return cls()

        def unused(self):
            return 5

    class Other(Base):
        pass
    """
)


@pytest.fixture
def fakepkg(tmp_path, monkeypatch):
    """Return the fake package, importable as ``fakepkg``."""
    (tmp_path / "fakepkg.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "fakepkg", raising=False)
    import fakepkg

    return fakepkg


def test_surface_callables_are_functions_constructors_and_callable_members() -> None:
    assert surface_callables(SURFACE) == {
        "fakepkg:helper": "function",
        "fakepkg:Thing": "constructor",
        "fakepkg:Thing.run": "method",
        "fakepkg:Thing.size": "property",
        "fakepkg:Thing.make": "classmethod",
        "fakepkg:Thing.unused": "method",
        "fakepkg:Other": "constructor",
        "fakepkg:Other.run": "method",
    }


def test_a_protocol_has_no_constructor_to_count() -> None:
    surface = {
        "modules": {
            "pkg": {
                "names": {
                    "IsThing": {
                        "kind": "class",
                        "bases": ["Protocol", "Generic", "object"],
                        "members": {"__thing__": {"kind": "method"}, "check": {"kind": "method"}},
                    }
                }
            }
        }
    }
    assert surface_callables(surface) == {"pkg:IsThing.check": "method"}


def test_recorder_maps_calls_to_surface_names(fakepkg) -> None:
    recorder = CallRecorder(surface_callables(SURFACE))
    recorder.start()
    try:
        thing = fakepkg.Thing.make()
        thing.run()
        _ = thing.size
        fakepkg.helper()
    finally:
        recorder.stop()
    # Thing() runs inside make(): a class with no __init__ of its own is seen only where the hook sees the call.
    assert {"fakepkg:Thing.make", "fakepkg:Thing.run", "fakepkg:Thing.size", "fakepkg:helper"} <= recorder.seen
    assert "fakepkg:Thing.unused" not in recorder.seen
    # run() is Base's, inherited by both: only the class of the object it was called on counts.
    assert "fakepkg:Other.run" not in recorder.seen


def test_recorder_sees_nothing_once_stopped(fakepkg) -> None:
    recorder = CallRecorder(surface_callables(SURFACE))
    recorder.start()
    recorder.stop()
    fakepkg.helper()
    assert recorder.seen == set()


def test_coverage_counts_per_module_and_lists_the_uncovered() -> None:
    callables = surface_callables(SURFACE)
    result = coverage(callables, ["fakepkg:helper", "fakepkg:Thing.run", "other:thing"])
    assert (result["covered"], result["total"], result["percent"]) == (2, 8, 25.0)
    assert result["modules"] == {"fakepkg": {"covered": 2, "total": 8}}
    assert result["uncovered"] == [
        "fakepkg:Other",
        "fakepkg:Other.run",
        "fakepkg:Thing",
        "fakepkg:Thing.make",
        "fakepkg:Thing.size",
        "fakepkg:Thing.unused",
    ]


def test_main_writes_each_implementation(tmp_path) -> None:
    surface = tmp_path / "surface.json"
    surface.write_text(json.dumps(SURFACE), encoding="utf-8")
    record = tmp_path / "api-coverage-reference.json"
    record.write_text(json.dumps({"seen": ["fakepkg:helper"]}), encoding="utf-8")
    output = tmp_path / "out.json"
    assert main([str(record), "--surface", str(surface), "--output", str(output)]) == 0
    written = json.loads(output.read_text(encoding="utf-8"))
    assert written["implementations"]["reference"]["covered"] == 1
    part = tmp_path / "api-coverage-reference-cpu.json"
    part.write_text(json.dumps({"seen": ["fakepkg:Thing"], "gpu": False}), encoding="utf-8")
    assert main([str(record), str(part), "--surface", str(surface), "--output", str(output)]) == 0
    merged = json.loads(output.read_text(encoding="utf-8"))["implementations"]
    assert list(merged) == ["reference"]
    assert merged["reference"]["covered"] == 2
    assert merged["reference"]["gpu"] is False
    assert main([str(tmp_path / "missing.json"), "--surface", str(surface), "--output", str(output)]) == 2


def test_getters_of_compiled_classes_are_seen_and_put_back() -> None:
    # array.array is a compiled class whose typecode is a C getter, as a Cython property is.
    import array
    import inspect

    surface = {
        "modules": {"array": {"names": {"array": {"kind": "class", "members": {"typecode": {"kind": "property"}}}}}}
    }
    values = array.array("i", [1])
    with pytest.raises(AttributeError) as before:
        values.typecode = "d"
    recorder = CallRecorder(surface_callables(surface))
    recorder.start()
    try:
        assert isinstance(inspect.getattr_static(array.array, "typecode"), property)
        with pytest.raises(AttributeError) as during:
            values.typecode = "d"
        assert values.typecode == "i"
    finally:
        recorder.stop()
    assert str(during.value) == str(before.value)
    assert recorder.seen == {"array:array.typecode"}
    assert type(inspect.getattr_static(array.array, "typecode")).__name__ == "getset_descriptor"


def test_properties_with_compiled_getters_are_seen_and_put_back(tmp_path, monkeypatch) -> None:
    # operator.attrgetter is a compiled callable, as a Cython function made a property's getter is.
    (tmp_path / "compiledprop.py").write_text(
        textwrap.dedent(
            """
            import operator

            class Base:
                def __init__(self):
                    self._size = 3

                size = property(operator.attrgetter("_size"))

            class Child(Base):
                pass
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import compiledprop

    surface = {
        "modules": {
            "compiledprop": {
                "names": {
                    "Base": {"kind": "class", "members": {"size": {"kind": "property"}}},
                    "Child": {"kind": "class", "members": {"size": {"kind": "property"}}},
                }
            }
        }
    }
    original = vars(compiledprop.Base)["size"]
    recorder = CallRecorder(surface_callables(surface))
    recorder.start()
    try:
        assert compiledprop.Child().size == 3
        with pytest.raises(AttributeError):
            compiledprop.Child().size = 4
    finally:
        recorder.stop()
    # A Child is a Base: the inherited property counts for both classes.
    assert recorder.seen == {"compiledprop:Base.size", "compiledprop:Child.size"}
    assert vars(compiledprop.Base)["size"] is original


def test_an_abstract_member_counts_when_called_on_an_object_of_its_class(tmp_path, monkeypatch) -> None:
    (tmp_path / "abstractpkg.py").write_text(
        textwrap.dedent(
            """
            import abc

            class Resource(abc.ABC):
                @abc.abstractmethod
                def allocate(self, size): ...

                @property
                @abc.abstractmethod
                def device_id(self): ...

            class Pool(Resource):
                def allocate(self, size):
                    return bytearray(size)

                @property
                def device_id(self):
                    return 0

            class Unrelated:
                def allocate(self, size):
                    return size
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import abstractpkg

    members = {"allocate": {"kind": "method"}, "device_id": {"kind": "property"}}
    surface = {"modules": {"abstractpkg": {"names": {"Resource": {"kind": "class", "members": members}}}}}
    recorder = CallRecorder(surface_callables(surface))
    recorder.start()
    try:
        abstractpkg.Unrelated().allocate(1)
        assert recorder.seen == set()
        pool = abstractpkg.Pool()
        pool.allocate(4)
        _ = pool.device_id
    finally:
        recorder.stop()
    assert recorder.seen == {"abstractpkg:Resource.allocate", "abstractpkg:Resource.device_id"}


def _run_plugin(root: Path, *options: str, more: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run pytest with the plugin on ``root``'s folders ``counted`` and ``other`` (and ``more`` test modules)."""
    (root / "fakepkg.py").write_text(SOURCE, encoding="utf-8")
    for folder, call in (("counted", "fakepkg.helper()"), ("other", "fakepkg.Thing().unused()")):
        (root / folder).mkdir()
        (root / folder / f"test_{folder}.py").write_text(f"import fakepkg\n\n\ndef test_call():\n    {call}\n")
    for name, text in (more or {}).items():
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "cuda_core_guide.reports.api_coverage_plugin",
            f"--api-coverage={root / 'record.json'}",
            "--api-coverage-under=counted",
            *options,
            "--rootdir",
            str(root),
            "-c",
            os.devnull,
            "counted",
            "other",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(root), *sys.path])},
        check=False,
    )


@pytest.mark.parametrize("given", [True, False], ids=["option", "default-under-root"])
def test_the_plugin_records_only_the_tests_of_its_folder(tmp_path, given) -> None:
    if given:
        (tmp_path / "surface.json").write_text(json.dumps(SURFACE), encoding="utf-8")
        options = ["--api-coverage-surface=surface.json"]
    else:
        # An installed plugin finds the snapshot under pytest's root directory, not beside itself.
        default = tmp_path / "conformance" / "api_suite" / "upstream_surface.json"
        default.parent.mkdir(parents=True)
        default.write_text(json.dumps(SURFACE), encoding="utf-8")
        options = []
    result = _run_plugin(tmp_path, *options)
    assert result.returncode == 0, result.stdout + result.stderr
    record = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert record["seen"] == ["fakepkg:helper"]
    assert record["hook"] in ("sys.monitoring", "sys.setprofile")
    # Without xdist the one process writes the record itself: no part files.
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("record.json")) == ["record.json"]


def _records(root: Path) -> list[str]:
    """Return the names of the record and of the part files beside it."""
    return sorted(path.name for path in root.iterdir() if path.name.startswith("record.json"))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_under_xdist_the_workers_parts_are_merged_into_the_record(tmp_path, workers) -> None:
    (tmp_path / "surface.json").write_text(json.dumps(SURFACE), encoding="utf-8")
    # The part of another run (whose controller was killed before it merged) is not this run's.
    stale = tmp_path / "record.json.0123456789ab.gw0-1.part"
    stale.write_text(json.dumps({"seen": ["fakepkg:Other"], "gpu": True}), encoding="utf-8")
    # Each process that imports the package under test notes its ID.
    noting = SOURCE + "\nimport os\n\nwith open('imported', 'a') as note:\n    note.write(f'{os.getpid()}\\n')\n"
    options = ("--api-coverage-surface=surface.json", "-p", "xdist", "-n", workers)
    result = _run_plugin(tmp_path, *options, more={"fakepkg.py": noting})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "bringing up nodes" in result.stdout
    # The workers import it; the controller, which runs no tests, records nothing and need not.
    assert len(set((tmp_path / "imported").read_text(encoding="utf-8").split())) == int(workers)
    record = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    assert set(record) == {"python", "hook", "gpu", "seen"}
    assert record["seen"] == ["fakepkg:helper"]
    assert record["hook"] in ("sys.monitoring", "sys.setprofile")
    assert isinstance(record["gpu"], bool)
    assert _records(tmp_path) == ["record.json", stale.name]


def test_a_crashed_worker_keeps_what_its_earlier_tests_called(tmp_path) -> None:
    (tmp_path / "surface.json").write_text(json.dumps(SURFACE), encoding="utf-8")
    # After counted/test_counted.py (fakepkg.helper), the worker crashes; a new one runs the rest.
    crashing = """
        import ctypes

        import fakepkg


        def test_crash():
            fakepkg.Thing.make()
            ctypes.string_at(0)


        def test_after():
            fakepkg.Thing().run()
        """
    result = _run_plugin(
        tmp_path,
        "--api-coverage-surface=surface.json",
        *("-p", "xdist", "-n", "1", "--dist", "load", "--max-worker-restart", "2"),
        more={"counted/test_crash.py": crashing},
    )
    output = result.stdout + result.stderr
    assert result.returncode == pytest.ExitCode.TESTS_FAILED, output
    assert "crashed while running 'counted/test_crash.py::test_crash'" in output
    record = json.loads((tmp_path / "record.json").read_text(encoding="utf-8"))
    # helper was seen by the worker that crashed, Thing.run by the one that replaced it.
    assert {"fakepkg:helper", "fakepkg:Thing.run"} <= set(record["seen"])
    assert "fakepkg:Thing.unused" not in record["seen"]
    assert _records(tmp_path) == ["record.json"]


def test_the_plugin_names_a_missing_snapshot_without_a_traceback(tmp_path) -> None:
    result = _run_plugin(tmp_path)
    assert result.returncode == pytest.ExitCode.USAGE_ERROR, result.stdout + result.stderr
    assert "cannot read the surface snapshot" in result.stderr
    assert str(tmp_path / "conformance" / "api_suite" / "upstream_surface.json") in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_main_names_a_missing_snapshot(tmp_path, capsys) -> None:
    record = tmp_path / "api-coverage-reference.json"
    record.write_text(json.dumps({"seen": []}), encoding="utf-8")
    missing = tmp_path / "nowhere.json"
    assert main([str(record), "--surface", str(missing), "--output", str(tmp_path / "out.json")]) == 2
    assert f"cannot read the surface snapshot {missing}" in capsys.readouterr().out
    assert not (tmp_path / "out.json").exists()
