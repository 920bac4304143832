# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Make the cuda.core developer guide checkable.

The package has a subpackage per product, each built only on those listed
before it (``conformance/tests/test_layering.py`` holds this order):

- the foundation modules, here: :mod:`.findings` (findings and levels),
  :mod:`.gpu` (can this machine run GPU tests), :mod:`.implementation`
  (which ``cuda.core`` is installed), :mod:`.spawned` and :mod:`.testing`
  (helpers of the GPU tests);
- :mod:`.source`: Cython's parse tree of a file, plus the text it drops;
- :mod:`.guide`: the guide's MyST chapters read into rules, examples and
  the rule catalog;
- :mod:`.checker`: the checker (the ``cuda-core-guide`` command, its rules,
  configuration, cache, fixes and output formats);
- :mod:`.examples`, :mod:`.reports` and :mod:`.surface`, which do not import
  each other: the guide's examples checked and compiled, the data of the
  site's report pages, and the comparison of public surfaces;
- :mod:`.pytest_plugin` and :mod:`.sphinxext`: the pytest plugin that turns
  the guide's examples into tests, and the Sphinx extension that builds the
  site.

The checker never imports or executes the code it reads. The names below
are imported on first use, so that ``import cuda_core_guide`` (and the
command line that starts with it) loads neither Cython's compiler nor
Sphinx until a file must be parsed. The module paths of the flat layout
that came before still work, with a deprecation warning (:mod:`._moved`).
"""

from __future__ import annotations

import importlib

from cuda_core_guide import _moved

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
    "Config": "cuda_core_guide.checker.config",
    "ConfigError": "cuda_core_guide.checker.config",
    "Finding": "cuda_core_guide.findings",
    "Level": "cuda_core_guide.findings",
    "check_paths": "cuda_core_guide.checker.runner",
    "check_source": "cuda_core_guide.checker.runner",
    "load_config": "cuda_core_guide.checker.config",
}

_moved.install()


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
