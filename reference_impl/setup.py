# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Compile the reference ``cuda.core`` extension modules.

The C headers come from the ``nvidia-cuda-runtime`` wheel pinned in
``pyproject.toml``, never from a CUDA toolkit that happens to be installed:
``cuda.bindings.cydriver`` names driver types of its own release, and older
headers do not declare them.
"""

from __future__ import annotations

import importlib.metadata
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

# Directives, chosen deliberately (the README explains them):
#   language_level=3   Python 3 semantics everywhere.
#   binding=True       methods are introspectable cyfunctions: inspect.signature
#                      works, which the API conformance suite and autodoc need.
#   embedsignature     the signature of cdef-class constructors is only visible
#                      through the docstring; autodoc strips that first line.
#   annotation_typing=False
#                      annotations document the Python API and are never turned
#                      into C conversions: typed they would silently truncate a
#                      float passed as ``x: int`` and raise Cython's own TypeError
#                      before our argument checks run. C types are written as
#                      C declarations (``size_t size``) where we want them.
COMPILER_DIRECTIVES = {
    "language_level": 3,
    "binding": True,
    "embedsignature": True,
    "embedsignature.format": "python",
    "annotation_typing": False,
}


def cuda_include_dir() -> str:
    """Return the include directory of the pinned ``nvidia-cuda-runtime`` wheel.

    Returns
    -------
    str
        The directory that holds ``cuda.h``.

    Raises
    ------
    RuntimeError
        If the wheel is not installed or ships no ``cuda.h``.
    """
    try:
        dist = importlib.metadata.distribution("nvidia-cuda-runtime")
    except importlib.metadata.PackageNotFoundError as exc:
        raise RuntimeError(
            "nvidia-cuda-runtime is not installed in the build environment; "
            "it provides the CUDA headers this build compiles against"
        ) from exc
    for file in dist.files or ():
        if file.name == "cuda.h" and file.parent.name == "include":
            return str(dist.locate_file(file.parent))
    raise RuntimeError(f"nvidia-cuda-runtime {dist.version} ships no include/cuda.h")


def extensions() -> list[Extension]:
    """Return one extension per ``.pyx`` file under ``cuda/core``.

    Returns
    -------
    list of Extension
        The extension modules, compiled as C++ (``cydriver`` needs it).
    """
    include = cuda_include_dir()
    root = Path(__file__).parent
    result = []
    for pyx in sorted((root / "cuda" / "core").rglob("*.pyx")):
        rel = pyx.relative_to(root)
        name = ".".join(rel.with_suffix("").parts)
        result.append(
            Extension(
                name,
                [str(rel)],
                include_dirs=[include],
                language="c++",
                extra_compile_args=["-std=c++17", "-O3", "-Wno-unused-function"],
            )
        )
    return result


setup(
    ext_modules=cythonize(
        extensions(),
        compiler_directives=COMPILER_DIRECTIVES,
        nthreads=os.cpu_count() or 1,
    ),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
