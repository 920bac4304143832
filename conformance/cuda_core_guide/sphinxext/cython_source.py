# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""``[source]`` links for objects compiled from Cython, through :mod:`sphinx.ext.viewcode`.

viewcode finds a module's source with an analyzer that reads only Python
files, so an object of a compiled ``.pyx`` module gets no source link.
Add ``"cuda_core_guide.sphinxext.cython_source"`` to ``extensions`` and
list the folders that hold the sources in ``cuda_core_guide_source_roots``
(relative to the configuration directory): for a module ``a.b._c``, the
file ``<root>/a/b/_c.pyx`` (or ``.py``) is shown, highlighted, and each
class, function and method links to its lines, found with Cython's parser.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from cuda_core_guide import __version__
from cuda_core_guide.excerpts import ExcerptError, outline

__all__ = ["find_source", "setup"]


def setup(app: Sphinx) -> dict[str, object]:
    """Register the extension, and viewcode with it.

    Parameters
    ----------
    app : Sphinx
        The application.

    Returns
    -------
    dict
        Extension metadata: parallel reading and writing are safe.
    """
    app.setup_extension("sphinx.ext.viewcode")
    app.add_config_value("cuda_core_guide_source_roots", [], "env", types=[list])
    app.connect("viewcode-find-source", find_source)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


def find_source(app: Sphinx, modname: str) -> tuple[str, dict[str, tuple[str, int, int]]] | None:
    """Return a module's source and the lines of its definitions, if a source root holds it.

    Parameters
    ----------
    app : Sphinx
        The application.
    modname : str
        The dotted module name.

    Returns
    -------
    tuple of (str, dict) or None
        The text and viewcode's tags (``name`` to kind, first and last
        line), or ``None`` to let viewcode look for the module itself.
    """
    relative = Path(*modname.split("."))
    for root in app.config.cuda_core_guide_source_roots:
        for suffix in (".pyx", ".py"):
            path = Path(app.confdir) / root / relative.with_suffix(suffix)
            if path.is_file():
                try:
                    return path.read_text(encoding="utf-8"), outline(path)
                except ExcerptError:
                    return None
    return None
