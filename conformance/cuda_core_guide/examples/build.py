# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Compile the guide's Cython examples into extension modules, as the reference implementation is compiled.

Each example is written to a folder of its own as ``<module>.pyx`` (a
``.pxd`` example is cimported by a one-line module instead, since a
declaration file cannot be compiled on its own), turned into C++ by Cython
with the reference's directives, and compiled and linked into an extension
by the C++ compiler. ``cimport`` resolves against the installed
``cuda.bindings`` and the reference implementation's ``.pxd`` files; the C
headers come from the ``nvidia-cuda-runtime`` wheel, pinned to the same
minor release as ``cuda-bindings``. No GPU or driver is needed.

Results are cached by the example's text, the tools' versions and the
flags, so a second run compiles only what changed; the examples are
compiled in parallel, one per CPU.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import importlib.metadata
import json
import os
import subprocess
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path

__all__ = ["BuildRequest", "BuildResult", "ExampleBuilder", "cuda_include_dir"]

_CYTHON_DIRECTIVES = ("language_level=3", "binding=True", "annotation_typing=False")
"""The directives of the reference implementation's build (``reference_impl/setup.py``)."""

_CXX_FLAGS = ("-shared", "-fPIC", "-O0", "-std=c++17", "-w")
"""Compile quickly: the examples are compiled to be checked, not to be run."""

_PXD_CHECK = "_guide_cimports_{module}"


@dataclasses.dataclass(frozen=True)
class BuildRequest:
    """One example to compile.

    Parameters
    ----------
    module : str
        The module name (the stem of the example's file name).
    suffix : str
        ``.pyx`` or ``.pxd``.
    code : str
        The example's text.
    """

    module: str
    suffix: str
    code: str

    @property
    def key(self) -> str:
        """A digest of what the result depends on besides the tools."""
        return hashlib.sha256(f"{self.module}{self.suffix}\0{self.code}".encode()).hexdigest()[:24]


@dataclasses.dataclass(frozen=True)
class BuildResult:
    """How compiling one example went.

    Parameters
    ----------
    ok : bool
        Whether an extension module was built.
    stage : str
        ``"cython"`` or ``"c++"``: the step that failed (``""`` on success).
    log : str
        What the failing step printed.
    """

    ok: bool
    stage: str = ""
    log: str = ""


class ExampleBuilder:
    """Compile examples in parallel, remembering the results.

    Parameters
    ----------
    include_paths : iterable of Path
        Folders that ``cimport`` searches besides the installed packages
        (the reference implementation's sources).
    work : Path
        Where the examples are built and the results cached.
    jobs : int, optional
        How many examples to compile at once; one per CPU by default.
    """

    def __init__(self, include_paths: Iterable[Path], work: Path, jobs: int | None = None) -> None:
        self._include_paths = [Path(path).resolve() for path in include_paths]
        self._work = Path(work)
        self._jobs = jobs or os.cpu_count() or 1
        self._cuda_include: Path | None = None

    def build(self, requests: Iterable[BuildRequest]) -> dict[str, BuildResult]:
        """Compile every request whose result is not cached yet.

        Parameters
        ----------
        requests : iterable of BuildRequest
            The examples.

        Returns
        -------
        dict of str to BuildResult
            The result of each request, by its key.

        Raises
        ------
        RuntimeError
            If the CUDA headers are not installed.
        """
        self._cuda_include = cuda_include_dir()
        unique = {request.key: request for request in requests}
        results = {key: cached for key in unique if (cached := self._cached(key)) is not None}
        pending = [request for key, request in unique.items() if key not in results]
        with concurrent.futures.ThreadPoolExecutor(max_workers=self._jobs) as pool:
            for request, result in zip(pending, pool.map(self._compile, pending), strict=True):
                results[request.key] = result
                self._store(request.key, result)
        return results

    def _compile(self, request: BuildRequest) -> BuildResult:
        """Run Cython, then the C++ compiler, in the request's own folder."""
        folder = self._work / request.key
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{request.module}{request.suffix}").write_text(request.code, encoding="utf-8")
        module = request.module
        if request.suffix == ".pxd":
            module = _PXD_CHECK.format(module=request.module)
            (folder / f"{module}.pyx").write_text(f"cimport {request.module}\n", encoding="utf-8")
        cython = [sys.executable, "-m", "cython", "--cplus", "-3"]
        for directive in _CYTHON_DIRECTIVES:
            cython += ["-X", directive]
        for path in [folder, *self._include_paths]:
            cython += ["-I", str(path)]
        source, cpp = folder / f"{module}.pyx", folder / f"{module}.cpp"
        step = _run([*cython, "-o", str(cpp), str(source)], folder)
        if step is not None:
            return BuildResult(False, "cython", step)
        target = folder / f"{module}{sysconfig.get_config_var('EXT_SUFFIX')}"
        includes = [f"-I{sysconfig.get_paths()['include']}", f"-I{self._cuda_include}"]
        compiler = os.environ.get("CXX", "c++")
        step = _run([compiler, *_CXX_FLAGS, *includes, "-o", str(target), str(cpp)], folder)
        if step is not None:
            return BuildResult(False, "c++", step)
        return BuildResult(True)

    def _signature(self) -> str:
        """Return what results depend on besides the examples: tool versions and flags."""
        versions = [importlib.metadata.version(name) for name in ("Cython", "cuda-bindings", "nvidia-cuda-runtime")]
        return json.dumps([versions, _CYTHON_DIRECTIVES, _CXX_FLAGS, [str(p) for p in self._include_paths]])

    def _cache_file(self, key: str) -> Path:
        """Return where a request's result is cached."""
        digest = hashlib.sha256(f"{self._signature()}{key}".encode()).hexdigest()[:24]
        return self._work / "results" / f"{digest}.json"

    def _cached(self, key: str) -> BuildResult | None:
        """Return a cached result, or ``None``."""
        try:
            return BuildResult(**json.loads(self._cache_file(key).read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            return None

    def _store(self, key: str, result: BuildResult) -> None:
        """Cache a result."""
        path = self._cache_file(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(dataclasses.asdict(result)), encoding="utf-8")


def cuda_include_dir() -> Path:
    """Return the include folder of the installed ``nvidia-cuda-runtime`` wheel.

    Returns
    -------
    Path
        The folder that holds ``cuda.h``.

    Raises
    ------
    RuntimeError
        If the wheel is not installed, or ships no ``cuda.h``.
    """
    try:
        distribution = importlib.metadata.distribution("nvidia-cuda-runtime")
    except importlib.metadata.PackageNotFoundError:
        raise RuntimeError(
            "compiling Cython examples needs the CUDA headers of the nvidia-cuda-runtime wheel, pinned to the "
            "minor release of cuda-bindings (reference_impl/pyproject.toml names both); install them"
        ) from None
    for file in distribution.files or ():
        if file.name == "cuda.h" and file.parent.name == "include":
            return Path(distribution.locate_file(file.parent))
    raise RuntimeError(f"nvidia-cuda-runtime {distribution.version} ships no include/cuda.h")


def _run(command: list[str], folder: Path) -> str | None:
    """Run one build step; return its output if it fails, else ``None``."""
    completed = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    if completed.returncode == 0:
        return None
    return (completed.stdout + completed.stderr).replace(str(folder) + os.sep, "")
