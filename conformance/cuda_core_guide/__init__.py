# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Make the cuda.core developer guide checkable.

The package has three parts:

- a checker for the guide's mechanically checkable rules
  (:func:`check_paths`, the ``cuda-core-guide`` command, a Sphinx extension
  and a pre-commit hook);
- a pytest plugin that turns the guide's examples into tests;
- the rule catalog, built from the guide's own MyST chapters.

The checker never imports or executes the code it reads. The names below
are imported on first use, so that ``import cuda_core_guide`` (and the
command line that starts with it) loads neither Cython's compiler nor
Sphinx until a file must be parsed.
"""

from __future__ import annotations

import importlib

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

_LAZY = {
    "Config": "cuda_core_guide.config",
    "ConfigError": "cuda_core_guide.config",
    "Finding": "cuda_core_guide.findings",
    "Level": "cuda_core_guide.findings",
    "check_paths": "cuda_core_guide.runner",
    "check_source": "cuda_core_guide.runner",
    "load_config": "cuda_core_guide.config",
}


def __getattr__(name: str) -> object:
    """Import a public name from the module that defines it, on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """List the public names, the lazily imported ones included."""
    return sorted({*globals(), *_LAZY})
