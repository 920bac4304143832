# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Fuzz the command with generated and mutated inputs, one test per category of the issue's 3,898 bad inputs."""

from __future__ import annotations

import os
import random
import socket
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path

from fuzz_config import CONFIGURATIONS, SCHEMA, TABLE, document, dotted, faults, same, toml_key
from fuzz_corpus import FUZZ_SCALE, corpus_files
from harness import run_and_check
from hypothesis import given, settings
from hypothesis import strategies as st

from cuda_core_guide.checker.config import real_path
from cuda_core_guide.checker.config_schema import SETTINGS
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.guide.catalog import load_catalog

CORPUS = corpus_files()
PROFILE = os.environ.get("CUDA_CORE_GUIDE_FUZZ_PROFILE", "ci")
SCALE = FUZZ_SCALE[PROFILE]
# Configurations are cheap (most end at the validation): the fuzz session runs 6,000 of them, each key and sub-key
# meeting every TOML type; the CPU suite runs as many as before.
CONFIGURATION_EXAMPLES = {"ci": 120, "fuzz": 6_000}[PROFILE]
KNOWN_CODES = frozenset(load_catalog()) | frozenset(all_rules())
SUFFIXES = st.sampled_from([".pyx", ".pxd", ".pxi", ".py"])
FORMATS = ["text", "concise", "json", "github", "sarif"]
OUTPUT = st.sampled_from(FORMATS)
CYTHON_PIECES = [
    "IF CUDA_VERSION >= 13000:\n    x = 1\nELIF CUDA_VERSION >= 12000:\n    x = 2\nELSE:\n    x = 3\n",
    "DEF SIZE = 3\n",
    'include "missing.pxi"\n',
    'cdef extern from "cuda.h" nogil:\n    ctypedef int CUresult\n    CUresult cuInit(unsigned int)\n',
    "cdef class Thing:\n    cdef int handle\n    def __dealloc__(self):\n        pass\n",
    "cpdef enum Kind:\n    A = 1\n    B\n",
    "with nogil:\n    pass\n",
    "from __future__ import annotations\n",
    "from cuda.bindings cimport cydriver\n",
    "import os, sys\n",
    "from . import *\n",
    "cdef inline int f(int x) noexcept nogil:\n    return x\n",
    '"""Module docstring."""\n',
    "def f(*args, **kwargs) -> None:\n    raise Exception('generic')\n",
    "@property\ndef p(self):\n    return 1\n",
    "ctypedef fused number:\n    int\n    double\n",
    "cdef object x = <object>NULL\n",
    "# noqa: CMT002\n",
    "__all__ = ['a', 'b']\n",
    "lambda: (yield)\n",
    "async def g():\n    await g()\n",
    "class A(B, metaclass=M):\n    x: int = 1\n",
    "\t  mixed indentation\n",
    "print >>sys.stderr, 'old'\n",
]

MUTATIONS: list[Callable[[list[bytes], int, bytes], list[bytes]]] = [
    lambda lines, at, extra: lines[:at] + lines[at + 1 :],
    lambda lines, at, extra: lines[:at] + [lines[at % len(lines)]] * 2 + lines[at + 1 :],
    lambda lines, at, extra: lines[:at] + [extra] + lines[at:],
    lambda lines, at, extra: lines[:at] + [b"    " + lines[at % len(lines)]] + lines[at + 1 :],
    lambda lines, at, extra: lines[:at] + [lines[at % len(lines)][: len(extra)]] + lines[at + 1 :],
    lambda lines, at, extra: [*lines[at:], *lines[:at]],
]


ODDITIES = [
    "fifo",
    "loop",
    "broken link",
    "directory named x.py",
    "empty",
    "socket",
    "no suffix",
    "long name",
    "bytes name",
]


ARGUMENTS = [
    "check",
    "rule",
    "rules",
    "--format",
    "--select",
    "--ignore",
    "--config",
    "--statistics",
    "--exit-zero",
    "--show-settings",
    "--help",
    "--version",
    "module.py",
    "missing.py",
    ".",
    "",
    "-",
    "IMP003",
    "imp",
    "ALL",
    ",",
    "DOC001,HDR",
    "pyproject.toml",
    "json",
    "sarif",
    "text",
    "nope",
    "--",
    "\u2019",
]


def check_file(category: str, data: bytes, suffix: str, output: str = "json", name: str = "module") -> None:
    """Write ``data`` to one file in a fresh folder and check it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}{suffix}"
        path.write_bytes(data)
        run_and_check(category, ["check", path.name, "--format", output], Path(folder))


def corpus_text(index: int) -> bytes:
    """Return the bytes of a real file, by index."""
    return CORPUS[index % len(CORPUS)].read_bytes()


@settings(max_examples=60 * SCALE)
@given(data=st.binary(max_size=4096), suffix=SUFFIXES, output=OUTPUT)
def test_random_bytes(data: bytes, suffix: str, output: str) -> None:
    check_file("random bytes", data, suffix, output)


@settings(max_examples=60 * SCALE)
@given(index=st.integers(min_value=0), cut=st.floats(min_value=0, max_value=1), suffix=SUFFIXES)
def test_truncated_real_files(index: int, cut: float, suffix: str) -> None:
    text = corpus_text(index)
    check_file("truncated real files", text[: int(len(text) * cut)], suffix)


@settings(max_examples=80 * SCALE)
@given(
    index=st.integers(min_value=0),
    edits=st.lists(
        st.tuples(
            st.integers(0, len(MUTATIONS) - 1),
            st.integers(0, 10_000),
            st.sampled_from([piece.encode() for piece in CYTHON_PIECES]) | st.binary(max_size=40),
        ),
        min_size=1,
        max_size=6,
    ),
    output=OUTPUT,
)
def test_mutated_real_files(index: int, edits: list[tuple[int, int, bytes]], output: str) -> None:
    lines = corpus_text(index).splitlines(keepends=True) or [b"\n"]
    for mutation, at, extra in edits:
        lines = MUTATIONS[mutation](lines, at % max(len(lines), 1), extra) or [b"\n"]
    check_file("mutated real files", b"".join(lines), CORPUS[index % len(CORPUS)].suffix, output)


@settings(max_examples=40 * SCALE)
@given(
    index=st.integers(min_value=0),
    encoding=st.sampled_from(["utf-16", "utf-32", "latin-1", "utf-8-sig", "cp1252", "shift_jis"]),
    noise=st.binary(max_size=8),
    at=st.floats(0, 1),
)
def test_bad_encodings(index: int, encoding: str, noise: bytes, at: float) -> None:
    text = corpus_text(index).decode("utf-8", errors="replace") + "\n# caf\u00e9 \u2019 \u6f22\n"
    data = text.encode(encoding, errors="replace")
    cut = int(len(data) * at)
    check_file("bad encodings", data[:cut] + noise + data[cut:], ".pyx")


@settings(max_examples=80 * SCALE)
@given(pieces=st.lists(st.sampled_from(CYTHON_PIECES), min_size=1, max_size=12), suffix=SUFFIXES, output=OUTPUT)
def test_cython_oddities(pieces: list[str], suffix: str, output: str) -> None:
    check_file("Cython oddities", "".join(pieces).encode(), suffix, output)


# Each of these takes seconds, not milliseconds: the sample grows more slowly.
@settings(max_examples=10 * min(SCALE, 4))
@given(
    shape=st.sampled_from(["nesting", "long line", "many lines", "imports", "indentation", "strings"]),
    size=st.integers(1_000, 10_000),
)
def test_huge_and_deep_files(shape: str, size: int) -> None:
    texts = {
        "nesting": "x = " + "(" * size + "1" + ")" * size + "\n",
        "long line": "x = [" + "1, " * size * 10 + "]\n",
        "many lines": "".join(f"value_{i} = {i}\n" for i in range(size)),
        "imports": "".join(f"import module_{(i * 7919) % size}\n" for i in range(size)),
        "indentation": "".join("    " * i + f"if x{i}:\n" for i in range(min(size, 99))) + "    " * 99 + "pass\n",
        "strings": '"""' + "doc\n" * size + '"""\n',
    }
    check_file("huge and deep files", texts[shape].encode(), ".pyx")


@settings(max_examples=40 * SCALE)
@given(oddities=st.lists(st.sampled_from(ODDITIES), min_size=1, max_size=4, unique=True), named=st.booleans())
def test_file_system_oddities(oddities: list[str], named: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        made = []
        for oddity in oddities:
            made.append(_make_oddity(root, oddity))
        (root / "clean.py").write_text('"""Fine."""\n')
        server = made_socket = None
        try:
            if "socket" in oddities:
                server = socket.socket(socket.AF_UNIX)
                made_socket = root / "s.py"
                server.bind(str(made_socket))
            targets = [str(path.name) for path in made if path is not None] if named else ["."]
            run_and_check("file-system oddities", ["check", *targets, "--format", "json"], root)
        finally:
            if server is not None:
                server.close()


def _make_oddity(root: Path, oddity: str) -> Path | None:
    """Create one odd entry in ``root``; return its path where a command line can name it."""
    if oddity == "fifo":
        os.mkfifo(root / "x.pyx")
        return root / "x.pyx"
    if oddity == "loop":
        (root / "a.py").symlink_to("b.py")
        (root / "b.py").symlink_to("a.py")
        return root / "a.py"
    if oddity == "broken link":
        (root / "gone.pxd").symlink_to("nowhere.pxd")
        return root / "gone.pxd"
    if oddity == "directory named x.py":
        (root / "x.py").mkdir()
        (root / "x.py" / "inner.pyx").write_text("x = 1\n")
        return root / "x.py"
    if oddity == "empty":
        (root / "empty.pxd").write_bytes(b"")
        return root / "empty.pxd"
    if oddity == "no suffix":
        (root / "script").write_text("#!/usr/bin/env python\nimport os\n")
        return root / "script"
    if oddity == "long name":
        path = root / ("n" * 240 + ".py")
        path.write_text("x = 1\n")
        return path
    if oddity == "bytes name":
        name = os.fsdecode(b"caf\xe9.py")
        (root / name).write_text("x = 1\n")
        return root / name
    return None  # the socket is made by the caller, which must close it


def test_the_model_covers_every_key_of_the_schema() -> None:
    assert set(SCHEMA) == {setting.key for setting in SETTINGS}


@settings(max_examples=CONFIGURATION_EXAMPLES)
@given(table=CONFIGURATIONS, rnd=st.randoms(use_true_random=False), extra=st.sampled_from(["", "[tool]\n"]))
def test_bad_configuration(table: dict[str, object], rnd: random.Random, extra: str) -> None:
    """Check that a wrong value at any depth is one error line naming the file and a dotted key at fault."""
    text = document(table, rnd, extra)
    assert same(tomllib.loads(text)["tool"]["cuda-core-guide"], table), text  # the writer wrote what was drawn
    unknown, wrong = faults(table, KNOWN_CODES)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pyproject.toml").write_text(text, encoding="utf-8")
        (root / "module.py").write_text('"""Fine."""\n\nimport os\n')
        outcome = run_and_check("bad configuration", ["check", "module.py", "--format", "json"], root)
        pyproject = real_path(root / "pyproject.toml")
    if not unknown and not wrong:
        assert outcome.status in (0, 1), f"{outcome.err}\n{text}"
        return
    assert outcome.status == 2, f"{outcome.out}\n{text}"
    [line] = outcome.err.splitlines()
    assert line.startswith(f"cuda-core-guide: error: {pyproject}: "), line
    if unknown:
        assert f"unknown key(s) in {TABLE}: {', '.join(sorted(map(toml_key, unknown)))};" in line, line
    else:
        named = [place for place in wrong if f"{TABLE} {dotted(place)} " in line]
        assert named, f"{line}\nnames none of {[dotted(place) for place in wrong]}\n{text}"


@settings(max_examples=120 * SCALE)
@given(argv=st.lists(st.sampled_from(ARGUMENTS) | st.text(max_size=6), max_size=7))
def test_bad_command_lines(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "module.py").write_text('"""Fine."""\n\nimport os\n')
        (root / "pyproject.toml").write_text('[tool.cuda-core-guide]\nignore = ["HDR"]\n')
        run_and_check("bad command lines", argv, root)
