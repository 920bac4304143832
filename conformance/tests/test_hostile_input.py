# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker under hostile input: bad configuration, odd files, broken output streams, interrupts, slow files."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest

from cuda_core_guide.checker import runner
from cuda_core_guide.checker.cli import main
from cuda_core_guide.checker.config import Config, load_config
from cuda_core_guide.checker.config_schema import SETTINGS, ConfigError, validate_table
from cuda_core_guide.checker.rules import Violation, all_rules
from cuda_core_guide.guide import catalog

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n"
    "# SPDX-License-Identifier: Apache-2.0\n\n"
)
CLEAN = HEADER + '"""A clean module."""\n\n__all__ = ["SIZE"]\n\nSIZE = 1\n'
CURLY = HEADER + '"""It\u2019s a module with a curly quote."""\n\nx = 1\n'
REFERENCE = Path(__file__).resolve().parents[2] / "reference_impl" / "cuda" / "core" / "_device.pyx"

# Ctrl-C at two moments that a timed signal hits only by chance, made certain by a `sitecustomize` module:
# while a module the command needs is still being imported, and while Cython evaluates one of its
# templates from a string (as the first parse's import of Cython does), after which CPython would end
# a `python -m` process by SIGINT rather than with the status the command returned.
INTERRUPTED_IMPORT = """
import sys

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "cuda_core_guide.checker.runner":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, Interrupt())
"""
INTERRUPTED_TEMPLATE = """
from Cython.Tempita import Template
from cuda_core_guide.checker import cli

def interrupted_in_a_template():
    Template("{{py: raise KeyboardInterrupt}}").substitute()

cli._known_codes = interrupted_in_a_template
"""
# Ctrl-C while the run forks its workers, in a fork hook of the parent, where Python prints the
# exception and drops it: the run must still stop every worker and exit 130.
INTERRUPTED_FORK = """
import os
import signal

def interrupt_once(sent=[]):
    if not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGINT)

os.register_at_fork(after_in_parent=interrupt_once)
"""

# (table body, the key the error must name) for values of the wrong type or form.
BAD_TABLES = [
    ("levels = 5", "levels"),
    ("levels = { DOC001 = 5 }", "levels.DOC001"),
    ('levels = { DOC001 = "high" }', "levels.DOC001"),
    ('levels = { NOPE001 = "required" }', "levels.NOPE001"),
    ("per-path-ignores = 1", "per-path-ignores"),
    ('per-path-ignores = { "tests/*" = "DOC001" }', 'per-path-ignores."tests/*"'),
    ('per-path-ignores = { "tests/*" = [1] }', 'per-path-ignores."tests/*"[0]'),
    ("exclude = [1]", "exclude[0]"),
    ('exclude = "build"', "exclude"),
    ('exclude = ["build", ""]', "exclude[1]"),
    ("first-party = 3", "first-party"),
    ('first-party = "cuda.core"', "first-party"),
    ('select = "ALL"', "select"),
    ("select = [1]", "select[0]"),
    ('select = [""]', "select[0]"),
    ('ignore = [""]', "ignore[0]"),
    ('ignore = ["  "]', "ignore[0]"),
    ('ignore = ["NOPE"]', "ignore[0]"),
    ("extend-ignore = {}", "extend-ignore"),
    ("copyright-holder = 5", "copyright-holder"),
    ('copyright-holder = ""', "copyright-holder"),
    ("license = []", "license"),
    ("license = true", "license"),
    ("docs-url = 3", "docs-url"),
    ('docs-url = "ftp://example.org"', "docs-url"),
    ("principal = 5", "principal"),
    ('principal = { "_device.pyx" = 1 }', 'principal."_device.pyx"'),
    ('principal = { "_device.pyx" = "not a name" }', 'principal."_device.pyx"'),
    ("time-limit = -1", "time-limit"),
    ('time-limit = "5"', "time-limit"),
    ("time-limit = true", "time-limit"),
    ("selekt = []", "selekt"),
    ('"select.x" = []', '"select.x"'),
    # Values below a key: tables, arrays and arrays of tables where a string belongs.
    ('[tool.cuda-core-guide.levels.DOC001]\nx = "required"', "levels.DOC001"),
    ("[[tool.cuda-core-guide.levels.DOC001]]\nx = 1", "levels.DOC001"),
    ('levels = { DOC001 = ["required"] }', "levels.DOC001"),
    ('levels = { "a.b" = "required" }', 'levels."a.b"'),
    ("[[tool.cuda-core-guide.levels]]", "levels"),
    ('per-path-ignores = { "tests/*" = ["DOC", { x = 1 }] }', 'per-path-ignores."tests/*"[1]'),
    ('[[tool.cuda-core-guide.per-path-ignores."tests/*"]]\nx = []', 'per-path-ignores."tests/*"'),
    ('principal = { "_device.pyx" = { x = "Device" } }', 'principal."_device.pyx"'),
    ('principal = { "a\\tb" = [] }', 'principal."a\\tb"'),
    ('select = ["DOC", ["ERR"]]', "select[1]"),
    ("extend-ignore = [{}]", "extend-ignore[0]"),
    ('exclude = ["build", { x = 1 }]', "exclude[1]"),
    ("first-party = [[]]", "first-party[0]"),
    ("first-party = [1979-05-27]", "first-party[0]"),
    ("time-limit = nan", "time-limit"),
    ("time-limit = { seconds = 5 }", "time-limit"),
    ("docs-url = [[]]", "docs-url"),
]

# Every kind of TOML value, alone, in an array and in a table: each key of the
# schema meets each of them below.
TOML_SCALARS = ["3", "-1", "1.5", "true", '"x"', '""', '"DOC001"', "1979-05-27T07:32:00Z", "1979-05-27", "07:32:00"]
TOML_VALUES = [*TOML_SCALARS, "[]", "{}", *(f"[{v}]" for v in TOML_SCALARS), *(f"{{ k = {v} }}" for v in TOML_SCALARS)]
NESTED_VALUES = [
    "nan",
    "-inf",
    "1979-05-27T07:32:00",
    '"required"',
    "[[]]",
    "[[1]]",
    "[{}]",
    '[{ k = "required" }]',
    "[{ k = { k = [] } }]",
    '{ k = { k = "x" } }',
    "{ k = [{ k = 1 }] }",
    "[[], {}]",
]
# Each place below a key, with VALUE where a value goes, the dotted key of
# that place, and how a value it may accept begins (a string, or an array
# of codes); each place meets every kind of value, nested ones too.
SUB_KEYS = [
    ("[tool.cuda-core-guide.levels]\nDOC001 = VALUE", "levels.DOC001", '"'),
    ('[tool.cuda-core-guide.levels]\n"doc001" = VALUE', "levels.doc001", '"'),
    ('[tool.cuda-core-guide.per-path-ignores]\n"tests/*" = VALUE', 'per-path-ignores."tests/*"', "["),
    ('[tool.cuda-core-guide.per-path-ignores]\n"tests/*" = ["DOC", VALUE]', 'per-path-ignores."tests/*"[1]', '"'),
    ('[tool.cuda-core-guide.principal]\n"_device.pyx" = VALUE', 'principal."_device.pyx"', '"'),
    ("[tool.cuda-core-guide.principal]\n_device = VALUE", "principal._device", '"'),
    *(
        (f'[tool.cuda-core-guide]\n{key} = ["DOC", VALUE]', f"{key}[1]", '"')
        for key in ("select", "ignore", "extend-ignore")
    ),
    *((f'[tool.cuda-core-guide]\n{key} = ["x", VALUE]', f"{key}[1]", '"') for key in ("first-party", "exclude")),
]


def write_project(root: Path, pyproject: str | bytes) -> Path:
    """Write a project with one clean module and the given ``pyproject.toml``; return the module."""
    data = pyproject.encode() if isinstance(pyproject, str) else pyproject
    (root / "pyproject.toml").write_bytes(data)
    module = root / "module.py"
    module.write_text(CLEAN)
    return module


def run_check(*argv: str, cwd: Path, **options: object) -> subprocess.CompletedProcess[str]:
    """Run the command in a fresh interpreter, as users do."""
    command = [sys.executable, "-m", "cuda_core_guide", "check", *argv]
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run(command, cwd=cwd, text=True, timeout=120, check=False, **streams)


@pytest.mark.parametrize(("body", "key"), BAD_TABLES, ids=[body for body, _ in BAD_TABLES])
def test_a_wrong_value_is_an_error_naming_the_file_and_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], body: str, key: str
) -> None:
    module = write_project(tmp_path, f"[tool.cuda-core-guide]\n{body}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", module.name]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert str(tmp_path / "pyproject.toml") in lines[0]
    assert key in lines[0]


@pytest.mark.parametrize("value", TOML_VALUES)
@pytest.mark.parametrize("key", [setting.key for setting in SETTINGS])
def test_every_key_takes_every_kind_of_value_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], key: str, value: str
) -> None:
    """Check that the command accepts exactly what the schema accepts, and names the key when it refuses."""
    pyproject = f"[tool.cuda-core-guide]\n{key} = {value}\n"
    module = write_project(tmp_path, pyproject)
    try:
        table = tomllib.loads(pyproject)["tool"]["cuda-core-guide"]
        validate_table(table, tmp_path / "pyproject.toml", frozenset(catalog.load_catalog()) | frozenset(all_rules()))
        accepted = True
    except ConfigError:
        accepted = False
    monkeypatch.chdir(tmp_path)
    status = main(["check", "--no-cache", module.name])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    if accepted:
        assert status in (0, 1), captured.err
        return
    assert status == 2
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert str(tmp_path / "pyproject.toml") in lines[0]
    assert key in lines[0]


def test_a_table_where_a_level_belongs_is_one_line_naming_the_dotted_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Check the example of issue 28, which ended in ``TypeError: unhashable type: 'dict'``."""
    module = write_project(tmp_path, '[tool.cuda-core-guide.levels.DOC001]\nx = "required"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["check", module.name]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"cuda-core-guide: error: {tmp_path / 'pyproject.toml'}: [tool.cuda-core-guide] levels.DOC001 must be"
        ' "required" or "recommended", not a table { x = "required" }'
    ]


@pytest.mark.parametrize("value", TOML_VALUES + NESTED_VALUES)
@pytest.mark.parametrize(("body", "key", "accepted"), SUB_KEYS, ids=[key for _, key, _ in SUB_KEYS])
def test_every_sub_key_takes_every_kind_of_value_without_a_traceback(
    tmp_path: Path, body: str, key: str, accepted: str, value: str
) -> None:
    """Check that a value below a key is accepted, or refused by a ConfigError naming its dotted key."""
    path = tmp_path / "pyproject.toml"
    path.write_text(body.replace("VALUE", value) + "\n")
    refused = None
    try:
        load_config(path, known_codes=frozenset(catalog.load_catalog()) | frozenset(all_rules()))
    except ConfigError as exc:
        refused = exc
    if refused is None:
        assert value.startswith(accepted), f"{key} = {value} was accepted"
        return
    assert str(refused).startswith(f"{path}: [tool.cuda-core-guide] {key}"), refused
    assert refused.key == key or refused.key.startswith((f"{key}.", f"{key}[")), refused
    assert "\n" not in str(refused)


@pytest.mark.parametrize(
    ("pyproject", "expected"),
    [
        ("[[tool.cuda-core-guide]]\nselect = []\n", "must be a table, not an array of tables"),
        ("tool = 5\n", "[tool] must be a table"),
        ('[tool]\ncuda-core-guide = "ALL"\n', "must be a table, not a string"),
        ("[tool.cuda-core-guide\n", "cannot read configuration"),
        (b"[tool.cuda-core-guide]\nlicense = '\xff'\n", "cannot read configuration"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", "cannot read configuration"),
    ],
    ids=["array-of-tables", "tool-not-a-table", "table-a-string", "invalid-toml", "not-utf8", "deep-nesting"],
)
def test_a_malformed_file_is_an_error_wherever_it_is_found(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pyproject: str | bytes,
    expected: str,
) -> None:
    module = write_project(tmp_path, pyproject)
    nested = tmp_path / "src"
    nested.mkdir()
    module.rename(nested / module.name)
    monkeypatch.chdir(nested)
    assert main(["check", module.name]) == 2
    error = capsys.readouterr().err
    assert expected in error
    assert str(tmp_path / "pyproject.toml") in error
    assert "Traceback" not in error
    assert main(["check", module.name, "--config", str(tmp_path / "pyproject.toml")]) == 2


@pytest.mark.parametrize("option", ["--select", "--ignore"])
@pytest.mark.parametrize("value", ["", " ", ",", "DOC001,,HDR"])
def test_an_empty_code_on_the_command_line_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    module = write_project(tmp_path, "[tool.cuda-core-guide]\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", module.name, option, value]) == 2
    assert "rule code" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["\r", "a\nb.py", "\x1b[31mred.py"])
def test_an_error_about_a_path_with_control_characters_stays_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", name]) == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1
    assert error.isprintable() or error.endswith("\n") and error[:-1].isprintable()


def test_show_settings_names_the_file_they_come_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = write_project(tmp_path, '[tool.cuda-core-guide]\nignore = ["DOC"]\ntime-limit = 5\n')
    monkeypatch.chdir(tmp_path.parent)
    assert main(["check", "--show-settings", str(module)]) == 0
    shown = capsys.readouterr().out
    assert f"# from {tmp_path / 'pyproject.toml'}" in shown
    assert 'ignore = ["DOC"]' in shown
    assert "time-limit = 5.0" in shown


def test_a_fifo_is_reported_and_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "module.py").write_text(CLEAN)
    os.mkfifo(tmp_path / "x.pyx")
    monkeypatch.chdir(tmp_path)
    result = run_check(".", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    found = json.loads(result.stdout)
    assert [(Path(f["path"]).name, f["rule"]) for f in found] == [("x.pyx", "SYN001")]
    assert "FIFO" in found[0]["message"]


def test_devices_and_sockets_named_on_the_command_line_are_findings(tmp_path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    address = tmp_path / "s.py"
    server.bind(str(address))
    try:
        result = run_check("/dev/null", str(address), "--format", "json", cwd=tmp_path)
    finally:
        server.close()
    assert result.returncode == 1, result.stderr
    messages = {f["path"]: f["message"] for f in json.loads(result.stdout)}
    assert "character device" in messages["/dev/null"]
    assert "socket" in messages[str(address)]


def test_symbolic_link_loops_and_broken_links_are_findings(tmp_path: Path) -> None:
    (tmp_path / "a.py").symlink_to("b.py")
    (tmp_path / "b.py").symlink_to("a.py")
    (tmp_path / "gone.py").symlink_to("missing.py")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "self").symlink_to("..")
    result = run_check(".", "--format", "json", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1, result.stderr
    found = sorted((Path(f["path"]).name, f["rule"]) for f in json.loads(result.stdout))
    assert found == [("a.py", "SYN001"), ("b.py", "SYN001"), ("gone.py", "SYN001")]


def test_an_unreadable_directory_is_a_finding_even_when_it_is_the_only_argument(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    listing = os.scandir

    def refuse(path: object = ".") -> object:
        if Path(os.fsdecode(path)).absolute() == locked:
            raise PermissionError(13, "Permission denied", os.fsdecode(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", refuse)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "locked", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["message"]) for f in found] == [("SYN001", "cannot read the directory: Permission denied")]


def test_a_file_that_includes_another_is_checked_without_it(tmp_path: Path) -> None:
    """Check that ``include`` no longer makes the whole file unparsable, and the included file is checked alone."""
    (tmp_path / "module.pyx").write_text(
        HEADER + 'include "helpers.pxi"\ninclude "missing.pxi"\n\nIF UNAME_SYSNAME == "Linux":\n'
        '    include "linux.pxi"\n\n\ndef public(x):\n    return x\n'
    )
    (tmp_path / "helpers.pxi").write_text("cdef int helper():\n    return 1\n")
    findings = runner.check_paths([tmp_path], Config(root=tmp_path), jobs=1)
    found = sorted((Path(f.path).name, f.line, f.rule) for f in findings)
    assert ("helpers.pxi", 1, "HDR001") in found
    assert ("module.pyx", 12, "DOC001") in found
    assert not [f for f in findings if f.rule == "SYN001"]


def test_an_include_where_cython_forbids_one_is_cythons_own_error(tmp_path: Path) -> None:
    (tmp_path / "module.pyx").write_text(HEADER + 'cdef class A:\n    include "body.pxi"\n')
    [finding] = runner.check_paths([tmp_path / "module.pyx"], Config(root=tmp_path), jobs=1)
    assert (finding.rule, finding.line) == ("SYN001", 6)
    assert "include statement not allowed here" in finding.message


def test_a_file_that_outlasts_the_time_limit_is_a_finding_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Slow:
        kinds = frozenset({"py"})

        def check(self, source: object, config: Config) -> list[Violation]:
            if "slow" in str(source.path):
                time.sleep(30)
            return [Violation(1, 1, "seen")]

    monkeypatch.setattr(runner, "all_rules", lambda: {"CMT001": Slow()})
    for name in ("a_slow.py", "b_fast.py"):
        (tmp_path / name).write_text(CLEAN)
    started = time.monotonic()
    findings = runner.check_paths([tmp_path], Config(time_limit=0.5, root=tmp_path), jobs=1)
    assert time.monotonic() - started < 10
    assert [(Path(f.path).name, f.rule) for f in findings] == [("a_slow.py", "SYN003"), ("b_fast.py", "CMT001")]
    assert "longer than 0.5 s" in findings[0].message


@pytest.mark.parametrize("output_format", ["text", "github", "concise", "json", "sarif"])
def test_text_the_output_cannot_encode_is_escaped(tmp_path: Path, output_format: str) -> None:
    (tmp_path / "module.py").write_text(CURLY)
    environment = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = run_check("module.py", "--format", output_format, cwd=tmp_path, env=environment)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.isascii()


@pytest.mark.parametrize("output_format", ["text", "github", "concise", "json", "sarif"])
def test_a_full_output_device_exits_2_with_one_line(tmp_path: Path, output_format: str) -> None:
    (tmp_path / "module.py").write_text(CURLY)
    with open("/dev/full", "w") as full:
        result = run_check("module.py", "--format", output_format, cwd=tmp_path, stdout=full)
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["cuda-core-guide: error: cannot write the output: No space left on device"]


@pytest.mark.parametrize("output_format", ["text", "github", "concise", "json", "sarif"])
def test_a_closed_output_exits_2_with_one_line(tmp_path: Path, output_format: str) -> None:
    (tmp_path / "module.py").write_text(CURLY)
    command = f"{sys.executable} -m cuda_core_guide check module.py --format {output_format} >&-"
    result = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=False, stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["cuda-core-guide: error: standard output is closed"]


def test_ctrl_c_stops_the_run_at_once(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    text = REFERENCE.read_text(encoding="utf-8")
    for number in range(1500):
        (tree / f"m{number}.pyx").write_text(text)
    command = [sys.executable, "-m", "cuda_core_guide", "check", str(tree), "--format", "concise"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(3)
    assert process.poll() is None, "the run ended before it could be interrupted"
    interrupted = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches every process of the group
    _, error = process.communicate(timeout=60)
    assert process.returncode == 130
    assert time.monotonic() - interrupted < 5
    assert b"Traceback" not in error


@pytest.mark.parametrize("moment", [INTERRUPTED_IMPORT, INTERRUPTED_TEMPLATE], ids=["importing", "in_a_template"])
def test_ctrl_c_at_any_moment_exits_130_without_a_traceback(tmp_path: Path, moment: str) -> None:
    (tmp_path / "module.py").write_text(CLEAN)
    environment = with_sitecustomize(tmp_path, moment)
    result = run_check("--no-cache", "--format", "concise", "module.py", cwd=tmp_path, env=environment)
    assert result.returncode == 130, result.stderr
    assert (result.stdout, result.stderr) == ("", "")


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the checker forks workers only where there are 2 CPUs or more")
def test_ctrl_c_while_the_workers_are_forked_stops_them_all_and_exits_130(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    text = REFERENCE.read_text(encoding="utf-8")
    for number in range(runner._PARALLEL_THRESHOLD + 8):
        (tree / f"m{number}.pyx").write_text(text)
    environment = with_sitecustomize(tmp_path, INTERRUPTED_FORK)
    # A worker left running would keep standard error open, and the run would not return.
    result = run_check("--no-cache", "--format", "concise", "tree", cwd=tmp_path, env=environment)
    assert result.returncode == 130, result.stderr
    assert (result.stdout, result.stderr) == ("", "")


def with_sitecustomize(tmp_path: Path, text: str) -> dict[str, str]:
    """Return an environment whose interpreters run ``text`` at startup, as a ``sitecustomize`` module."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(text)
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))}


def test_the_console_script_is_the_entry_point_that_exits_130() -> None:
    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["scripts"]["cuda-core-guide"] == "cuda_core_guide.checker.entry_point:run"


@pytest.mark.parametrize(
    ("pyproject", "setting", "expected"),
    [
        ("[tool.cuda-core-guide]\nlevels = 5\n", "", "levels must be"),
        (
            '[tool.cuda-core-guide.levels.DOC001]\nx = "required"\n',
            "",
            'levels.DOC001 must be "required" or "recommended", not a table { x = "required" }',
        ),
        (
            '[tool.cuda-core-guide.levels.DOC001]\nx = "required"\n',
            'cuda_core_guide_config = "../pyproject.toml"\n',
            'levels.DOC001 must be "required" or "recommended", not a table { x = "required" }',
        ),
    ],
    ids=["wrong-type", "nested-table", "nested-table-named-in-conf"],
)
def test_sphinx_reports_a_bad_configuration_as_a_located_warning(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    pyproject: str,
    setting: str,
    expected: str,
) -> None:
    sphinx_build = pytest.importorskip("sphinx.cmd.build", reason="Sphinx is not installed").build_main
    write_project(tmp_path, pyproject)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        textwrap.dedent(
            """\
            extensions = ["cuda_core_guide.sphinxext"]
            cuda_core_guide_check = ["../module.py"]
            """
        )
        + setting
    )
    (docs / "index.rst").write_text("Title\n=====\n")
    monkeypatch.chdir(tmp_path)
    status = sphinx_build(["-W", "-q", "-b", "html", str(docs), str(docs / "_build")])
    captured = capsys.readouterr()
    output = captured.out + captured.err
    assert status != 0
    assert f"{tmp_path / 'pyproject.toml'}:1: WARNING: cuda-core-guide cannot check" in output
    assert expected in output
    assert "Extension error" not in output
    assert "Traceback" not in output
