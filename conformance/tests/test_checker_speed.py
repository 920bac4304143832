# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker-speed benchmark: what it runs, in what order, and what it records (with the tools faked)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "checker_speed.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """Import the benchmark script as a module."""
    spec = importlib.util.spec_from_file_location("checker_speed_under_test", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Return a small tree: files of 1, 4, 5 and 30 lines (a mean of 10)."""
    root = tmp_path / "tree"
    (root / "pkg").mkdir(parents=True)
    for name, lines in {"a.py": 1, "b.pxd": 4, "pkg/c.py": 5, "pkg/d.pyx": 30}.items():
        (root / name).write_text("x = 1\n" * lines)
    return root


def test_summary_is_median_min_max_and_the_samples(bench: ModuleType) -> None:
    summary = bench.summarize([3.0, 1.0, 2.5, 10.0])
    assert summary == {"median_s": 2.75, "min_s": 1.0, "max_s": 10.0, "samples_s": [3.0, 1.0, 2.5, 10.0]}


def test_typical_file_is_the_one_nearest_the_mean_size(bench: ModuleType, tree: Path) -> None:
    assert bench.typical_file(tree, ["a.py", "b.pxd", "pkg/c.py", "pkg/d.pyx"]) == "pkg/c.py"


def test_each_tool_runs_cold_warm_cached_and_on_one_file_in_turns(
    bench: ModuleType, tree: Path, tmp_path: Path
) -> None:
    runs = []

    def fake_run(command: list[str], cwd: Path) -> dict[str, object]:
        runs.append((Path(command[0]).name, command, cwd, (cwd / "pyproject.toml").is_file()))
        return {"wall_s": float(len(runs)), "cpu_s": 0.5, "status": 0, "command": command[0]}

    files = ["a.py", "b.pxd", "pkg/c.py", "pkg/d.pyx"]
    samples, dropped = bench.measure(tree, files, "pkg/c.py", 2, tmp_path / "copies", run=fake_run)
    assert dropped is True
    python = Path(sys.executable).name
    # The checker: cold, warm, filling its cache, cached, one file; cython-lint: cold, warm, one file; then
    # Cython's start-up; the next repetition in the opposite order.
    first = ["cuda-core-guide"] * 5 + ["cython-lint"] * 3 + [python]
    assert [tool for tool, *_ in runs] == first + first[::-1]
    for _, _, cwd, configured in runs:
        assert configured  # a fresh copy, with an empty configuration so that no other applies
        assert cwd.parent == tmp_path / "copies"
    cold, warm, filling, cached, single = (command for _, command, *_ in runs[:5])
    assert cold == warm
    assert cold[1:] == ["check", *files, "--exit-zero", "--no-cache"]
    assert filling == cached
    assert cached[1:] == ["check", *files, "--exit-zero"]
    assert single[1:] == ["check", "pkg/c.py", "--exit-zero", "--no-cache"]
    assert runs[5][1][1:] == files  # cython-lint on the same files
    assert runs[7][1][1:] == ["pkg/c.py"]
    assert "parse_module" in runs[8][1][-1]
    assert {runs[0][2], runs[5][2]} == {tmp_path / "copies" / "copy-0"}
    assert not (tmp_path / "copies" / "copy-0").exists()  # removed after its repetition
    assert [run["wall_s"] for run in samples["cuda-core-guide"]["cold"]] == [1.0, 14.0]
    assert [run["wall_s"] for run in samples["cuda-core-guide"]["cached"]] == [4.0, 17.0]
    assert samples["cython-lint"]["cached"] == []
    assert [run["wall_s"] for run in samples["Cython start-up"]["single_file"]] == [9.0, 10.0]


def test_report_summarizes_each_measurement_with_provenance(bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_COMMIT", "feedface" * 5)

    def runs(*walls: float) -> list[dict[str, object]]:
        return [{"wall_s": wall, "cpu_s": wall / 2, "status": 0} for wall in walls]

    samples = {
        "cuda-core-guide": {
            "cold": runs(3.0, 2.0, 4.0),
            "warm": runs(1.0, 1.5, 1.2),
            "single_file": runs(0.5, 0.4, 0.6),
        },
        "cython-lint": {"cold": runs(5.0, 6.0, 7.0), "warm": runs(4.0, 4.0, 4.0), "single_file": runs(0.3, 0.3, 0.2)},
    }
    tree = {"files": 4, "lines": 40, "single_file": "pkg/c.py", "single_file_lines": 5}
    report = bench.speed_report(samples, tree=tree, repetitions=3, cache_dropped=True)
    assert report["commit"] == "feedface" * 5
    assert report["date"].endswith("Z")
    assert report["repetitions"] == 3
    assert report["cache_dropped"] is True
    assert report["tree"] == tree
    assert report["machine"]["cpus"] >= 1
    assert {"cpu", "machine", "system", "python", "load_average"} <= set(report["machine"])
    assert set(report["versions"]) == {"cuda-core-guide", "cython-lint", "Cython"}
    assert report["checker_version"] == report["versions"]["cuda-core-guide"]
    cold = report["tools"]["cuda-core-guide"]["cold"]
    assert (cold["median_s"], cold["min_s"], cold["max_s"]) == (3.0, 2.0, 4.0)
    assert cold["samples_s"] == [3.0, 2.0, 4.0]
    assert cold["cpu_median_s"] == 1.5
    assert cold["statuses"] == [0]
    assert report["tools"]["cython-lint"]["single_file"]["median_s"] == 0.3
    assert report["commands"]["cython-lint"] == "cython-lint FILE..."


def test_dropping_files_from_the_page_cache_leaves_them_intact(bench: ModuleType, tree: Path) -> None:
    before = {path: path.read_bytes() for path in tree.rglob("*") if path.is_file()}
    assert bench.drop_from_cache([tree]) is (sys.platform != "darwin")
    assert {path: path.read_bytes() for path in tree.rglob("*") if path.is_file()} == before


def test_targets_read_the_medians(bench: ModuleType) -> None:
    def timing(median: float) -> dict[str, float]:
        return {"median_s": median, "min_s": median, "max_s": median}

    report = {
        "tools": {
            "cuda-core-guide": {
                "cold": timing(2.0),
                "warm": timing(1.8),
                "cached": timing(0.4),
                "single_file": timing(1.3),
            },
            "cython-lint": {"cold": timing(9.0), "warm": timing(8.0), "single_file": timing(0.7)},
            "Cython start-up": {"single_file": timing(1.2)},
        }
    }
    assert list(bench.targets(report).values()) == [True, True, False, True]
    del report["tools"]["Cython start-up"]
    assert list(bench.targets(report).values())[3] is False


def test_a_run_that_crashes_is_not_a_measurement(bench: ModuleType, tmp_path: Path) -> None:
    crash = [sys.executable, "-c", "raise SystemExit(__import__('missing_module_for_the_test'))"]
    with pytest.raises(RuntimeError, match="missing_module_for_the_test"):
        bench.time_command(crash, tmp_path)
    with pytest.raises(RuntimeError, match="status 2"):
        bench.time_command([sys.executable, "-c", "raise SystemExit(2)"], tmp_path)
    assert bench.time_command([sys.executable, "-c", "raise SystemExit(1)"], tmp_path)["status"] == 1


def test_the_tools_find_the_programs_of_their_environment_first(bench: ModuleType, tmp_path: Path) -> None:
    script = "import os, sys; sys.exit(0 if os.environ['PATH'].split(os.pathsep)[0] == sys.argv[1] else 1)"
    result = bench.time_command([sys.executable, "-c", script, str(Path(sys.executable).parent)], tmp_path)
    assert result["status"] == 0
