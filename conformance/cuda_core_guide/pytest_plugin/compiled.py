# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``compile`` items: every Cython example that is a whole module compiles to an extension.

The first ``compile`` item of a session compiles the examples of all of them
at once, in parallel (:class:`cuda_core_guide.examples.build.ExampleBuilder`);
each item then reports its own example's result. An example whose
``compile-error`` option says Cython rejects it must be rejected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cuda_core_guide.examples.build import BuildRequest, BuildResult, ExampleBuilder
from cuda_core_guide.examples.check import ExampleFailure
from cuda_core_guide.pytest_plugin.items import GuideExample

__all__ = ["CompiledExample", "build_request", "check_compiles"]

_RESULTS = pytest.StashKey[dict[str, BuildResult]]()
_LOG_LINES = 25


class CompiledExample(GuideExample):
    """The test that a Cython example compiles (or that Cython rejects it, as its options say)."""

    kind = "compile"

    def runtest(self) -> None:
        """Assert that the example compiles, or that Cython rejects it when its options say so."""
        check_compiles(self)


def check_compiles(item: GuideExample) -> None:
    """Assert that an example compiles, or that Cython rejects it if its options say so.

    Parameters
    ----------
    item : GuideExample
        The ``compile`` test of a Cython example.

    Raises
    ------
    ExampleFailure
        If the example does not compile (the message quotes the compiler),
        or compiles although it should not.
    """
    request = build_request(item)
    result = _results(item)[request.key]
    reason = item.example.compile_error
    if reason is not None:
        if result.ok or result.stage != "cython":
            raise ExampleFailure(f"Cython accepts this example, but its :compile-error: says it does not: {reason}")
        return
    if not result.ok:
        log = "\n".join(line for line in result.log.splitlines() if line.strip())
        tail = "\n".join(log.splitlines()[-_LOG_LINES:])
        raise ExampleFailure(f"the example does not compile ({result.stage} failed):\n{tail}")


def build_request(item: GuideExample) -> BuildRequest:
    """Return what compiling an item's example means: its module name, kind of file and code.

    Parameters
    ----------
    item : GuideExample
        The ``compile`` test of a Cython example.

    Returns
    -------
    BuildRequest
        A ``.pxd`` example is compiled as a declaration file, anything else
        as a ``.pyx`` module named after the example's file.
    """
    name = Path(item.example.filename)
    suffix = ".pxd" if name.suffix == ".pxd" else ".pyx"
    return BuildRequest(name.stem, suffix, item.code())


def _results(item: GuideExample) -> dict[str, BuildResult]:
    """Return the results of the session's examples, compiling them all on the first call."""
    config = item.config
    results = config.stash.get(_RESULTS, None)
    if results is None:
        siblings = [other for other in item.session.items if isinstance(other, CompiledExample)]
        requests = [build_request(other) for other in siblings]
        cache = getattr(config, "cache", None)
        work = cache.mkdir("cuda-core-guide-examples") if cache is not None else Path(config.rootpath, "build")
        include = [Path(item.root, "reference_impl")]
        results = ExampleBuilder(include, Path(work)).build(requests)
        config.stash[_RESULTS] = results
    return results
