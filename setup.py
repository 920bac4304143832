# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Package the checker together with the guide chapters it documents rules from.

``pyproject.toml`` maps ``cuda_core_guide.guide`` onto the top-level ``guide/``
folder; package discovery cannot see a package outside ``conformance/``, so
it is listed here explicitly.
"""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages("conformance", include=["cuda_core_guide*"], exclude=["*.fixtures", "*.fixtures.*"]),
        "cuda_core_guide.guide",
    ],
)
