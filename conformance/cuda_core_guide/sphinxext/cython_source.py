# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Objects compiled from Cython in the API reference: ``[source]`` links, typed properties, highlighted sources.

viewcode finds a module's source with an analyzer that reads only Python
files, so an object of a compiled ``.pyx`` module gets no source link.
Add ``"cuda_core_guide.sphinxext.cython_source"`` to ``extensions`` and
list the folders that hold the sources in ``cuda_core_guide_source_roots``
(relative to the configuration directory). Then:

- for a module ``a.b._c``, the file ``<root>/a/b/_c.pyx`` (or ``.py``) is
  shown, highlighted as Cython (Pygments' Cython lexer, not Python's),
  with line numbers and an anchor per line (``#L-12``), and each class,
  function, method and property links to its lines, found with Cython's
  parser;
- a property links to its source too: viewcode looks a member up by its
  ``__module__``, which neither a :class:`property` nor the
  ``getset_descriptor`` of a ``cdef class`` has, so the module of the
  class that holds it is used;
- a property of a ``cdef class``, which autodoc sees as a bare attribute
  (a ``getset_descriptor``), is shown as the property it is, with its
  type: the type Cython's ``embedsignature`` writes as the docstring's
  first line (``handle: int``), taken out of the text and put in the
  signature, linked like any annotation;
- a reference of type ``cuda-core-guide-source`` (an example's *From
  reference_impl/…* note: its target is the quoted file, its ``refline``
  the first line) links to that line of the file's highlighted page, or
  stays text where the site has no page of that module.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.python._annotations import _parse_annotation
from sphinx.environment import BuildEnvironment

from cuda_core_guide import __version__
from cuda_core_guide.guide.excerpts import ExcerptError, outline

__all__ = ["LINE_ANCHOR", "SOURCE_REFERENCE", "drop_modules_without_source", "find_source", "follow_members", "setup"]

SOURCE_REFERENCE = "cuda-core-guide-source"
"""The ``reftype`` of a reference to a line of a quoted source file."""

LINE_ANCHOR = "L"
"""The prefix of the line anchors of a highlighted source page: ``#L-12``."""

_DESCRIPTORS = ("getset_descriptor", "member_descriptor")
"""The types of a ``cdef class``'s attributes and properties."""

_OPTIONAL = "cuda_core_guide_optional"
"""Marks a reference to a property's type that stays text when the site does not document the type."""


def setup(app: Sphinx) -> dict[str, object]:
    """Register the extension, and viewcode with it.

    Parameters
    ----------
    app : Sphinx
        The application, on which viewcode is set up too.

    Returns
    -------
    dict
        Extension metadata: parallel reading and writing are safe.
    """
    app.setup_extension("sphinx.ext.viewcode")
    app.add_config_value("cuda_core_guide_source_roots", [], "env", types=[list])
    app.connect("viewcode-find-source", find_source)
    app.connect("viewcode-follow-imported", follow_members)
    # Before numpydoc (500), which would take the type line for the summary.
    app.connect("autodoc-process-docstring", _drop_embedded_type, priority=400)
    app.connect("object-description-transform", _type_compiled_properties)
    app.connect("builder-inited", _highlight_cython)
    app.connect("missing-reference", _resolve_source_reference)
    # Before viewcode's own handler (500), which lists every module it tried.
    app.connect("html-collect-pages", drop_modules_without_source, priority=400)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


def drop_modules_without_source(app: Sphinx) -> list:
    """Forget the modules whose source viewcode could not find, so that its index does not link to them.

    viewcode records a module it found no source for (a compiled module
    such as ``cuda.bindings.nvml``, whose exceptions ``cuda.core.system``
    re-exports) and makes no page for it, but still lists it in
    ``_modules/index.html``.

    Parameters
    ----------
    app : Sphinx
        The application.

    Returns
    -------
    list
        No pages of its own.
    """
    modules = getattr(app.env, "_viewcode_modules", None) or {}
    for name in [name for name, entry in modules.items() if entry is False]:
        del modules[name]
    return []


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
    path = _source_file(app, modname)
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8"), outline(path)
    except ExcerptError:
        return None


def follow_members(app: Sphinx, modname: str, fullname: str) -> str | None:
    """Return the module of the class that holds a property, for viewcode's source link.

    Parameters
    ----------
    app : Sphinx
        The application viewcode runs in.
    modname : str
        The module the object is documented in (``cuda.core``).
    fullname : str
        The object's name in it (``Buffer.handle``).

    Returns
    -------
    str or None
        The module that defines the property's class; ``None`` for anything
        else, which viewcode then follows by its ``__module__``.
    """
    parent, member = _lookup(modname, fullname)
    if parent is None or not (isinstance(member, property) or type(member).__name__ in _DESCRIPTORS):
        return None
    module = getattr(parent, "__module__", None)
    return module if isinstance(module, str) else None


def _lookup(modname: str, fullname: str) -> tuple[object | None, object | None]:
    """Return an object's parent and the object, descriptors as the class holds them; ``(None, None)`` if absent."""
    try:
        current: object = importlib.import_module(modname)
    except ImportError:
        return None, None
    parent = None
    for part in fullname.split("."):
        try:
            found = inspect.getattr_static(current, part) if isinstance(current, type) else getattr(current, part)
        except AttributeError:
            return None, None
        parent, current = current, found
    return parent, current


def _embedded_type(descriptor: object) -> str | None:
    """Return the type Cython's ``embedsignature`` wrote first in a ``cdef class`` property's docstring."""
    name = getattr(descriptor, "__name__", "")
    first = (getattr(descriptor, "__doc__", None) or "").lstrip().partition("\n")[0]
    match = re.fullmatch(rf"{re.escape(name)}\s*:\s*(\S.*)", first.strip()) if name else None
    return match.group(1).strip() if match else None


def _drop_embedded_type(app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    """Take the ``name: type`` line out of a ``cdef class`` property's text: the signature shows the type."""
    if what != "attribute" or type(obj).__name__ not in _DESCRIPTORS or _embedded_type(obj) is None:
        return
    for index, line in enumerate(lines):
        if line.strip():
            if line.strip().startswith(f"{obj.__name__}:"):
                del lines[index]
                while index < len(lines) and not lines[index].strip():
                    del lines[index]
            return


def _type_compiled_properties(app: Sphinx, domain: str, objtype: str, content: addnodes.desc_content) -> None:
    """Show an attribute that is a ``cdef class`` property as a property, with the type of its docstring."""
    description = content.parent
    if domain != "py" or objtype != "attribute" or not isinstance(description, addnodes.desc):
        return
    env: BuildEnvironment = app.env
    for signature in description.findall(addnodes.desc_signature):
        _, member = _lookup(signature.get("module") or "", signature.get("fullname") or "")
        annotation = _embedded_type(member) if type(member).__name__ in _DESCRIPTORS else None
        if annotation is None:
            continue
        prefix = addnodes.desc_annotation("property ", "", nodes.Text("property"), addnodes.desc_sig_space())
        signature.insert(0, prefix)
        name = next(signature.findall(addnodes.desc_name))
        parsed = _parse_annotation(annotation, env)
        for reference in [n for node in parsed for n in node.findall(addnodes.pending_xref)]:
            # A type the reference does not document (a private class, a namedtuple) stays text.
            reference[_OPTIONAL] = True
        typed = addnodes.desc_annotation(
            annotation, "", addnodes.desc_sig_punctuation("", ":"), addnodes.desc_sig_space(), *parsed
        )
        name.parent.insert(name.parent.index(name) + 1, typed)
        description["objtype"] = description["desctype"] = "property"
        description["classes"] = ["property" if name == "attribute" else name for name in description["classes"]]


def _highlight_cython(app: Sphinx) -> None:
    """Have viewcode's pages of ``.pyx`` modules highlighted as Cython, and every source page with line anchors."""
    highlighter = getattr(app.builder, "highlighter", None)
    if highlighter is not None and not isinstance(highlighter, _SourcePageHighlighter):
        app.builder.highlighter = _SourcePageHighlighter(highlighter, app)


class _SourcePageHighlighter:
    """The builder's highlighter, which highlights viewcode's module pages (no location) as their language.

    viewcode highlights every module's source as Python. A call without a
    location is one of its pages (code blocks of documents pass their
    node): the text of a ``.pyx`` module found by :func:`find_source` is
    highlighted as Cython, and every page gets an anchor per line.
    """

    def __init__(self, bridge: object, app: Sphinx) -> None:
        self._bridge = bridge
        self._app = app
        self._cython: set[str] | None = None

    def __getattr__(self, name: str) -> object:
        return getattr(self._bridge, name)

    def highlight_block(self, source: str, lang: str, *args: object, **kwargs: object) -> str:
        """Highlight a block; a viewcode page of a ``.pyx`` module as Cython, with line anchors."""
        # viewcode passes Python's lexer, or the site's highlight_language when it is "default".
        if kwargs.get("location") is None and not args and lang in ("python", "default") and "linenos" in kwargs:
            kwargs.setdefault("lineanchors", LINE_ANCHOR)
            if source in self._cython_sources():
                lang = "cython"
        return self._bridge.highlight_block(source, lang, *args, **kwargs)

    def _cython_sources(self) -> set[str]:
        """Return the texts of the ``.pyx`` modules viewcode shows."""
        if self._cython is None:
            modules = getattr(self._app.env, "_viewcode_modules", {})
            self._cython = set()
            for modname, entry in modules.items():
                path = _source_file(self._app, modname)
                if entry and path is not None and path.suffix == ".pyx":
                    self._cython.add(entry[0])
        return self._cython


def _resolve_source_reference(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Link a quoted file's line to its highlighted page; leave it as text where the site has no such page.

    The type of a ``cdef class`` property that the site does not document
    (a private class, a namedtuple) also stays text, as it was in the
    docstring it comes from.
    """
    if node.get(_OPTIONAL):
        return contnode if node.get("refdomain") == "py" and not _documented(env, node) else None
    if node.get("reftype") != SOURCE_REFERENCE:
        return None
    modname = _module_of(app, Path(node["reftarget"]))
    modules = getattr(env, "_viewcode_modules", {})
    if modname is None or not modules.get(modname):
        return contnode
    page = "_modules/" + modname.replace(".", "/")
    uri = app.builder.get_relative_uri(node["refdoc"], page) + f"#{LINE_ANCHOR}-{int(node.get('refline', 1))}"
    reference = nodes.reference("", "", internal=True, refuri=uri, classes=["guide-source-link"])
    reference += contnode
    return reference


def _documented(env: BuildEnvironment, node: addnodes.pending_xref) -> bool:
    """Tell whether any Python object of the site ends with the name a reference looks for."""
    target = node["reftarget"].rpartition(".")[2]
    return any(name.rpartition(".")[2] == target for name in env.get_domain("py").objects)


def _source_file(app: Sphinx, modname: str) -> Path | None:
    """Return the ``.pyx`` or ``.py`` file of a module under a source root, if there is one."""
    relative = Path(*modname.split("."))
    for root in app.config.cuda_core_guide_source_roots:
        for suffix in (".pyx", ".py"):
            path = Path(app.confdir) / root / relative.with_suffix(suffix)
            if path.is_file():
                return path
    return None


def _module_of(app: Sphinx, path: Path) -> str | None:
    """Return the module a source file under a source root is, or ``None`` if it is under none."""
    for root in app.config.cuda_core_guide_source_roots:
        try:
            relative = path.resolve().relative_to((Path(app.confdir) / root).resolve())
        except ValueError:
            continue
        if relative.suffix in (".pyx", ".py"):
            return ".".join(relative.with_suffix("").parts)
    return None
