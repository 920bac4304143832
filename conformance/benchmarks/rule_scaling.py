# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Time every rule on generated files of growing size, to find rules that are not linear.

Each shape repeats one construct ``n`` times (imports in reverse order,
class members in the wrong order, functions with many parameters, long
``Parameters`` sections, prototypes in one statement, driver calls,
``__all__`` entries...), the kind of file a fuzzer or a generated
module produces. Every rule is timed on the shape at ``n`` and at
``4 n``; a rule whose time grows more than ``--limit`` times (16 is what a
quadratic rule shows, 4 a linear one) is reported. Parsing is done once per
file and not timed; analyses that rules share (the import section, the
definitions, the expression tree) are built by the first rule that asks,
so their cost shows under that rule.

Usage::

    python conformance/benchmarks/rule_scaling.py [--size N] [--limit X] [--output FILE] [--rules FIL,PKG] [--repeat K]

The exit status is 1 if a rule grew more than the limit, so the benchmark
can gate a change by hand; it is not part of the CPU suite, whose tests do
not time anything.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.rules import all_rules
from cuda_core_guide.source import load_source

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n# SPDX-License-Identifier: Apache-2.0\n\n"
)


def _imports(n: int) -> str:
    lines = [f"import module_{n - i:06d}" for i in range(n)]
    lines += [f"from package_{n - i:06d} import name" for i in range(n)]
    lines += [f"from cuda.core._m{n - i:06d} cimport thing" for i in range(n)]
    return "\n".join(lines) + "\n"


def _class_members(n: int) -> str:
    body = []
    for i in range(n):
        body += [
            "    @property",
            f"    def p{i}(self) -> int:",
            '        """Return it."""',
            "        return 1",
            f"    def _helper{i}(self) -> None:",
            '        """Help."""',
            f"    def method{i}(self) -> None:",
            '        """Do it."""',
            f"    def __op{i}__(self) -> None:",
            '        """Do it."""',
        ]
    return "class Thing:\n" + '    """A thing."""\n' + "\n".join(body) + "\n    def __init__(self):\n        pass\n"


def _definitions(n: int) -> str:
    parts = []
    for i in range(n):
        parts.append(f'def _private{i}() -> None:\n    """Help."""\n    public{i}()\n')
        parts.append(f"X{i} = {i}\n")
        parts.append(f'class Public{i}:\n    """A class."""\n')
        parts.append(f'def public{i}(a: int) -> Public{i}:\n    """Do it."""\n    return Public{i}()\n')
    names = ", ".join(f'"public{i}", "Public{i}", "missing{i}"' for i in range(n))
    return "\n\n".join(parts) + f"\n__all__ = [{names}]\n"


def _unlisted_definitions(n: int) -> str:
    """Return public functions that ``__all__`` leaves out, each one a FIL004 finding."""
    functions = "".join(f'def public{i}() -> None:\n    """Do it."""\n\n\n' for i in range(n))
    return '__all__ = ["public0"]\n\n\n' + functions


def _parameters(n: int) -> str:
    params = ", ".join(f"p{i}: int" for i in range(n))
    documented = "\n".join(f"    q{i} : int\n        Unused." for i in range(n))
    return f'def f({params}) -> None:\n    """Do it.\n\n    Parameters\n    ----------\n{documented}\n    """\n'


def _documented_parameters(n: int) -> str:
    params = ", ".join(f"p{i}: int" for i in range(n))
    documented = "".join(f"    p{i} : int\n        Used.\n    x{i}, y{i} : int\n        Unknown.\n" for i in range(n))
    return f'def f({params}) -> None:\n    """Do it.\n\n    Parameters\n    ----------\n{documented}    """\n'


def _class_docstrings(n: int) -> str:
    block = (
        'class C{0}:\n    """A class.\n\n    Parameters\n    ----------\n    a : int\n        A.\n    """\n\n'
        "    def __init__(self, a, b):\n        pass\n\n"
    )
    return "\n".join(block.format(i) for i in range(n))


def _prototypes(n: int) -> str:
    return "cdef int " + ", ".join(f"f{i}(int A{i}, double b{i})" for i in range(n)) + "\n"


def _driver_calls(n: int) -> str:
    body = []
    for i in range(n):
        body += [
            f"    err = cydriver.cuMemAlloc(&ptr{i}, {i})",
            f"    cydriver.cuStreamSynchronize(stream{i})",
            f"    if err == {i} & 0x4:",
            f"        raise RuntimeError(err{i})",
            "    with nogil:",
            "        HANDLE_RETURN(cydriver.cuCtxSynchronize())",
            f"    x{i} = int(y{i}) + float(z{i})",
        ]
    return "from cuda.bindings cimport cydriver\n\n\ncdef int f() except? -1:\n" + "\n".join(body) + "\n    return 0\n"


def _raises(n: int) -> str:
    body = []
    for i in range(n):
        body += [
            "    try:",
            f"        g{i}()",
            "    except Exception:",
            "        pass",
            f"    warnings.warn('w{i}')",
            f"    raise Exception('e{i}')",
        ]
    return "import warnings\n\n\ndef f() -> None:\n" + '    """Do it."""\n' + "\n".join(body) + "\n"


def _comments(n: int) -> str:
    return "".join(f"x{i} = {i}  # noqa\n# todo: thing {i}\n" for i in range(n))


def _pxd_declarations(n: int) -> str:
    block = 'cdef class C{0}:\n    """Doc."""\n    cdef int a{0}\n    cdef void f{0}(self)\n\n'
    return "".join(block.format(i) for i in range(n))


def _returned_statuses(n: int) -> str:
    body = []
    for i in range(n):
        body += [
            f"        err = driver.cuMemFree(self.p{i})[0]",
            f"        cdef CUresult status{i} = cydriver.cuInit(0)",
            f"        if self.x{i}:",
            "            return err",
            f"        return status{i}",
        ]
    return (
        "from cuda.bindings import driver\nfrom cuda.bindings cimport cydriver\n\n\n"
        "cdef class Thing:\n    def close(self):\n" + "\n".join(body) + "\n"
    )


SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {
    "imports": ("pyx", _imports),
    "class members": ("pyx", _class_members),
    "definitions": ("py", _definitions),
    "unlisted definitions": ("py", _unlisted_definitions),
    "parameters": ("py", _parameters),
    "documented parameters": ("py", _documented_parameters),
    "class docstrings": ("py", _class_docstrings),
    "prototypes": ("pxd", _prototypes),
    "driver calls": ("pyx", _driver_calls),
    "raises": ("py", _raises),
    "comments": ("pyx", _comments),
    "pxd declarations": ("pxd", _pxd_declarations),
    "returned statuses": ("pyx", _returned_statuses),
}
"""Each shape's file kind and its generator of ``n`` repetitions."""


def time_rules(kind: str, text: str, config: Config, prefixes: tuple[str, ...] = ("",)) -> dict[str, float]:
    """Return each rule's seconds on the text, parsed once beforehand.

    Parameters
    ----------
    kind : str
        The file kind: ``"pyx"``, ``"pxd"`` or ``"py"``.
    text : str
        The file's text.
    config : Config
        The configuration the rules read.
    prefixes : tuple of str, optional
        Time only the rules whose code starts with one of these; all by default.

    Returns
    -------
    dict of str to float
        Seconds per rule code, for the rules that apply to the kind.
    """
    source = load_source(f"generated.{kind}", text=HEADER + text)
    # A full garbage collection walks every object alive, the parsed tree
    # included: at 4 n it costs as much as a rule, and it falls on whichever
    # rule happens to allocate when it is due. Freezing what parsing built
    # keeps the collector to what the rules allocate themselves.
    gc.collect()
    gc.freeze()
    times = {}
    try:
        for code, rule in sorted(all_rules().items()):
            if kind not in rule.kinds or not code.startswith(prefixes):
                continue
            start = time.perf_counter()
            for _ in rule.check(source, config):
                pass
            times[code] = time.perf_counter() - start
    finally:
        gc.unfreeze()
    return times


def _fastest(kind: str, text: str, config: Config, prefixes: tuple[str, ...], repeat: int) -> dict[str, float]:
    """Return each rule's least time over ``repeat`` fresh parses: on a busy machine one timing is noisy."""
    runs = [time_rules(kind, text, config, prefixes) for _ in range(max(repeat, 1))]
    return {code: min(run[code] for run in runs) for code in runs[0]}


def main(argv: list[str] | None = None) -> int:
    """Time every rule on every shape at two sizes and report those that grow faster than the limit.

    Parameters
    ----------
    argv : list of str, optional
        The command-line arguments; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 if every rule stayed within the limit, else 1.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="repetitions of each shape's construct (default 1000)")
    parser.add_argument("--limit", type=float, default=8.0, help="largest growth allowed for 4 times the size")
    parser.add_argument("--output", type=Path, help="write the times as JSON to this file")
    parser.add_argument("--rules", default="", help="comma-separated code prefixes to time (FIL,PKG002); all if empty")
    parser.add_argument("--repeat", type=int, default=1, help="time each size this many times and keep the fastest")
    args = parser.parse_args(argv)
    config = Config()
    prefixes = tuple(args.rules.split(","))
    results = []
    for shape, (kind, generate) in SHAPES.items():
        small = _fastest(kind, generate(args.size), config, prefixes, args.repeat)
        large = _fastest(kind, generate(4 * args.size), config, prefixes, args.repeat)
        for code in small:
            # Below a millisecond the ratio is noise; such a rule is fast at any size.
            growth = large[code] / max(small[code], 1e-3)
            results.append({"shape": shape, "rule": code, "small": small[code], "large": large[code], "growth": growth})
    slow = [r for r in results if r["growth"] > args.limit and r["large"] > 0.01]
    for r in sorted(results, key=lambda r: -r["large"])[:15]:
        times = f"n={args.size}: {r['small']:.4f} s  4n: {r['large']:.4f} s"
        print(f"{r['shape']:18} {r['rule']}  {times}  x{r['growth']:.1f}")
    for r in slow:
        print(f"NOT LINEAR: {r['rule']} on {r['shape']}: x{r['growth']:.1f} for 4 times the size", file=sys.stderr)
    if args.output:
        args.output.write_text(json.dumps({"size": args.size, "results": results}, indent=2) + "\n")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
