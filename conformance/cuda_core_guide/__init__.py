# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Make the cuda.core developer guide checkable.

The package has three parts:

- a checker for the guide's mechanically checkable rules
  (:func:`check_paths`, the ``cuda-core-guide`` command, a Sphinx extension
  and a pre-commit hook);
- a pytest plugin that turns the guide's examples into tests;
- the rule catalog, read from the guide's own MyST chapters.

The checker never imports or executes the code it reads.
"""

from __future__ import annotations

from cuda_core_guide.config import Config, ConfigError, load_config
from cuda_core_guide.findings import Finding, Level
from cuda_core_guide.runner import check_paths, check_source

__all__ = [
    "Config",
    "ConfigError",
    "Finding",
    "Level",
    "check_paths",
    "check_source",
    "load_config",
]

__version__ = "0.1.0"
