# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Sphinx configuration of the cuda.core developer guide site.

The build is strict (``-W``, ``nitpicky``) and offline: no remote
inventories, no version switcher fetched from the network.
"""

from __future__ import annotations

import importlib
import os
import subprocess
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain

import cuda.core
from cuda_core_guide import __version__
from cuda_core_guide.guide.catalog import default_docs_url, project_url

ROOT = Path(__file__).resolve().parent.parent
REPOSITORY = project_url("Source") or "https://github.com/cuda-core-guide/cuda-core-guide"
# The version a published build (docs.yml) is for: ``latest`` or a release tag.
DOCS_VERSION = os.environ.get("CUDA_CORE_GUIDE_DOCS_VERSION", "")

os.environ.setdefault("SPHINX_AUTODOC_IGNORE_NATIVE_MODULE_TYPE_STUBS", "1")

project = "cuda.core developer guide"
author = "The cuda-core-guide contributors"
copyright = "2026, The cuda-core-guide contributors"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.autosummary",
    "numpydoc",
    "sphinx_copybutton",
    "cuda_core_guide.sphinxext",
    "cuda_core_guide.sphinxext.cython_source",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "README.md"]
templates_path = ["_templates"]
nitpicky = True
# Links into Python's documentation resolve against a local copy of its
# inventory (from Debian's python3.11-doc), so the build needs no network.
intersphinx_mapping = {"python": ("https://docs.python.org/3", "_inventories/python-3.11.inv")}
# The public modules whose names a docstring may write unqualified: a
# docstring of cuda.core.graph names ``Stream``, one of cuda.core names
# ``StridedMemoryView`` or ``GraphBuilder``, as users import them.
_PUBLIC_MODULES = (
    "cuda.core",
    "cuda.core.utils",
    "cuda.core.graph",
    "cuda.core.typing",
    "cuda.core.texture",
    "cuda.core.system",
    "cuda.core.system.typing",
)
# cuda.bindings publishes no inventory that the build could carry, and
# NumPy's is not carried (the build is offline): their names stay unlinked.
nitpick_ignore_regex = [
    (r"py:(class|obj|exc|data)", r"(driver|nvrtc|nvjitlink|cuda\.bindings)\..*"),
    (r"py:(class|obj|data)", r"numpy\..*"),
]

myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
# The landing page names the version and the repository.
myst_substitutions = {"version": version, "repository": f"[repository]({REPOSITORY})"}
myst_heading_anchors = 3

# API reference: autodoc renders the compiled reference implementation;
# numpydoc renders its docstrings. Docstrings are validated statically by
# the checker (DOC rules), not by numpydoc at import time. Annotations are
# shown, and linked, in the signatures (autodoc_typehints below), and
# numpydoc links each documented parameter type (numpydoc_xref_param_type).
# sphinx-autodoc-typehints is not used (api.md says why): it evaluates the
# annotations, which in the compiled modules name classes that exist only
# at the C level (cimported), so it drops them from the signatures.
autodoc_member_order = "bysource"
# One page per public class and function, generated into api/ (not committed).
autosummary_generate = True
# A cdef class's constructor signature is only visible through the signature
# Cython embeds in its ``__init__`` docstring, so read that docstring too.
autoclass_content = "both"
autodoc_typehints = "signature"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
    "special-members": "__cuda_stream__, __sub__, __dlpack__, __dlpack_device__",
}
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks: set[str] = set()
# numpydoc turns the types of Parameters, Returns and Raises entries into
# links (DOC009): words that are not types stay text, and the public names of
# cuda.core link wherever they are written.
numpydoc_xref_param_type = True
numpydoc_xref_ignore = {"or", "of", "optional", "default", "to", "and", "a", "an", "the", "those"}
numpydoc_xref_aliases = {name: f"cuda.core.{name}" for name in cuda.core.__all__}
numpydoc_xref_aliases |= {name: f"cuda.core._utils.cuda_utils.{name}" for name in ("CUDAError", "NVRTCError")}
# The texture and system modules' names, written unqualified in their own docstrings.
numpydoc_xref_aliases |= {name: f"cuda.core.texture.{name}" for name in cuda.core.texture.__all__}
numpydoc_xref_aliases |= {name: f"cuda.core.system.{name}" for name in cuda.core.system.__all__}
numpydoc_xref_aliases |= {name: f"cuda.core.system.typing.{name}" for name in cuda.core.system.typing.__all__}

# The guide's checker gates the build: any finding in the reference
# implementation is a warning, and -W makes it an error.
# Each file is checked under its nearest [tool.cuda-core-guide] table:
# reference_impl/pyproject.toml, which keeps cuda.core's copyright header.
cuda_core_guide_check = ["../reference_impl/cuda"]
# Every rule the checker implements must be documented by the guide.
cuda_core_guide_require_all_rules = True
# The guide's chapters, one generated page per rule, and the folder that
# examples quote the reference implementation from.
cuda_core_guide_chapters = "guide"
cuda_core_guide_rule_pages = "rules"
cuda_core_guide_include_root = ".."
# The conformance matrix of the latest GPU run (a copy of reports/conformance.json).
cuda_core_guide_conformance = "_data/conformance.json"
cuda_core_guide_bad_arguments = "_data/bad_arguments.json"
cuda_core_guide_api_coverage = "_data/api_coverage.json"
# The checker's findings on the latest upstream releases (a copy of reports/upstream.json),
# and its speed against cython-lint (written by conformance/benchmarks/checker_speed.py).
cuda_core_guide_upstream_findings = "_data/upstream.json"
cuda_core_guide_checker_speed = "_data/checker_speed.json"
# The GPU benchmark (a copy of reports/bench.json, written by nox -s bench), judged
# stale when the reference implementation's sources differ from those it measured.
cuda_core_guide_bench = "_data/bench.json"
cuda_core_guide_bench_reference = "../reference_impl"
# [source] links of the API reference show the reference's .pyx files,
# highlighted as Cython, with line numbers.
cuda_core_guide_source_roots = ["../reference_impl"]
viewcode_line_numbers = True


def _precommit_rev() -> str:
    """Return a rev of this repository that exists: the tag HEAD is at, else HEAD's commit."""
    for command in (["git", "describe", "--tags", "--exact-match"], ["git", "rev-parse", "HEAD"]):
        try:
            result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        except OSError:
            return ""
        if result.returncode == 0 and result.stdout.strip():
            return result.stdout.strip()
    return ""


# The landing page's pre-commit snippet names the commit or tag the site is built from.
cuda_core_guide_precommit_rev = _precommit_rev()

copybutton_exclude = ".linenos, .gp, .go"
html_theme = "pydata_sphinx_theme"
html_title = "cuda.core developer guide"
html_theme_options = {
    "check_switcher": False,
    "navigation_with_keys": False,
    "show_toc_level": 3,
    # Report pages hold wide tables and charts: no "On this page" column
    # beside them (their sections are few, and each is linked from the top).
    "secondary_sidebar_items": {
        "**": ["page-toc", "sourcelink"],
        **{
            page: []
            for page in (
                "reports",
                "reports/conformance",
                "reports/bad-arguments",
                "reports/upstream",
                "reports/checker-speed",
                "reports/performance",
            )
        },
    },
    # The repository, in the header (an icon from the theme's own font: no request leaves the site).
    "icon_links": [
        {"name": "Source repository", "url": REPOSITORY, "icon": "fa-brands fa-github", "type": "fontawesome"}
    ],
}
# A published build names its version: its pages carry a version menu
# that reads switcher.json from the root of the published site (written by
# tools/publish_docs.py). Local builds have no menu, so they never fetch
# anything from the network.
if DOCS_VERSION:
    published_root = (default_docs_url() or "").removesuffix("latest/")
    html_baseurl = f"{published_root}{DOCS_VERSION}/"
    html_theme_options["switcher"] = {"json_url": f"{published_root}switcher.json", "version_match": DOCS_VERSION}
    html_theme_options["navbar_end"] = ["version-switcher", "theme-switcher", "navbar-icon-links"]
html_static_path: list[str] = []
html_favicon = "_static/favicon.svg"
# The theme reads the colour mode from the page before its script runs:
# without a default, a first visit logs an "invalid theme mode" error.
html_context = {"default_mode": "auto"}


def setup(app: Sphinx) -> None:
    """Connect this site's autodoc adjustments."""
    app.add_domain(_PublicPythonDomain, override=True)
    app.connect("autodoc-process-signature", _adjust_embedded_signatures)
    app.connect("autodoc-process-docstring", _escape_embedded_property_names)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("missing-reference", _resolve_in_public_modules)


class _PublicPythonDomain(PythonDomain):
    """The Python domain, where an unqualified name that two public modules define means the nearer one.

    ``Device`` is both :class:`cuda.core.Device` and
    :class:`cuda.core.system.Device`: an annotation of ``cuda.core.texture``
    that names ``Device`` means the first, one of ``cuda.core.system`` the
    second. The nearer is the reference's own module, then the public
    modules in the order of ``_PUBLIC_MODULES``.
    """

    def find_obj(
        self, env: object, modname: str, classname: str, name: str, type: str | None, searchmode: int = 0
    ) -> list:
        """Return the objects ``name`` may mean, the nearer one alone where several public ones match."""
        matches = super().find_obj(env, modname, classname, name, type, searchmode)
        canonical = [match for match in matches if not match[1].aliased]
        if len(canonical) > 1:
            for module in (modname, *_PUBLIC_MODULES):
                nearer = [match for match in canonical if module and match[0] == f"{module}.{name}"]
                if nearer:
                    return nearer
        return matches


def _escape_embedded_property_names(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Escape a trailing ``_`` in the ``name: type`` line that Cython puts first in a property's docstring.

    Without it, reST reads ``else_`` (``IfElseNode.else_``, named so because
    ``else`` is a keyword) as a link to a target called ``else``.
    """
    attribute = name.rpartition(".")[2]
    if what not in ("attribute", "property") or not attribute.endswith("_"):
        return
    # numpydoc, which runs first, may have put blank lines before it.
    for index, line in enumerate(lines):
        if line.strip():
            if line.lstrip().startswith(f"{attribute}:"):
                lines[index] = line.replace(attribute, f"{attribute[:-1]}\\_", 1)
            return


def _resolve_in_public_modules(app: Sphinx, env: object, node: object, contnode: object) -> object | None:
    """Resolve a Python reference that the current module does not hold against the public modules."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    domain = env.get_domain("py")
    for module in _PUBLIC_MODULES:
        name = f"{module}.{target}"
        if name in domain.objects:
            return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], name, node, contnode)
    return None


def _public_bases(app: Sphinx, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Show a class's public ancestors in place of its private bases.

    The pinned and managed memory resources derive from the private
    ``_MemPool``, which has no page: "Bases" names ``MemoryResource``
    instead, and their pages list the members they inherit from it
    (``autosummary/pool_class.rst``).
    """
    public: list[type] = []
    pending = list(bases)
    while pending:
        base = pending.pop(0)
        if base is not object and not _has_page(base):
            pending[:0] = [ancestor for ancestor in base.__bases__ if ancestor not in public]
        elif base not in public:
            public.append(base)
    bases[:] = public


def _has_page(cls: type) -> bool:
    """Return whether the API reference documents ``cls``: a class not of ``cuda.core``, or one a public module exports.

    A private class (``_MemPool``), or a helper class of a private module
    that no public module exports (``cuda.core.system._properties.EventSet``),
    has no page.
    """
    if not cls.__module__.startswith("cuda.core"):
        return True
    if cls.__name__.startswith("_"):
        return False
    modules = [importlib.import_module(name) for name in _PUBLIC_MODULES]
    return any(
        cls.__name__ in getattr(module, "__all__", ()) and getattr(module, cls.__name__) is cls for module in modules
    )


def _adjust_embedded_signatures(
    app: Sphinx, what: str, name: str, obj: object, options: object, signature: str, return_annotation: str
) -> tuple[str, str | None] | None:
    """Adjust the signatures that Cython embeds in docstrings for autodoc.

    ``embedsignature`` writes ``name(self, ...) -> T`` at the top of every
    docstring. For a property, autodoc would render ``Class.name -> T`` as
    its name, without a link target, so the signature is dropped (the type
    still shows, from the getter's annotation). For methods and classes
    (whose signature comes from ``__init__``), ``self`` is dropped, as
    autodoc does for signatures it inspects itself.
    """
    getter = getattr(obj, "fget", None)
    if what == "property" and type(getter).__name__ == "cython_function_or_method":
        return "", None
    if what == "class" and signature in ("(*args, **kwargs)", "(self, *args, **kwargs)"):
        # A class made only by factories refuses ``__init__``: it shows no constructor to call.
        return "", return_annotation
    if what in ("method", "class") and signature:
        if signature.startswith("(self,"):
            return "(" + signature[len("(self,") :].lstrip(), return_annotation
        if signature.startswith("(self)"):
            return "()" + signature[len("(self)") :], return_annotation
    return None
