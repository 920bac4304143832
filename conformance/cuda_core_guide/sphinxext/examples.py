# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The ``avoid``, ``prefer`` and ``runnable`` example directives.

Each renders a code block with a label saying what kind of example it is.
The pytest plugin reads the same directives and tests them: ``avoid``
examples must be flagged with their rule's code, ``prefer`` examples must
not be, ``runnable`` examples run on a GPU.

A ``prefer`` example can quote the reference implementation instead of
carrying its own text::

    ```{prefer}
    :include: reference_impl/cuda/core/_event.pyx
    :symbol: Event.record
    ```

``include`` paths are relative to the repository root, the parent of the
folder that holds the guide's chapters.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.catalog import include_root
from cuda_core_guide.excerpts import ExcerptError, excerpt

__all__ = ["ExampleDirective", "LABELS"]

LABELS = {
    "avoid": "Avoid",
    "prefer": "Preferred",
    "runnable": "Runnable example (executed on a GPU by the test suite)",
}
"""The caption each kind of example gets."""


class ExampleDirective(SphinxDirective):
    """Render one guide example as a labelled code block."""

    optional_arguments = 1
    has_content = True
    option_spec: ClassVar[dict] = {
        "lang": lambda value: directives.choice(value, ["cython", "python"]),
        "filename": directives.unchanged_required,
        "include": directives.unchanged_required,
        "symbol": directives.unchanged_required,
        "caption": directives.unchanged,
        "all-rules": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        """Build the example's nodes."""
        kind = self.name
        language = self.options.get("lang", "python" if kind == "runnable" else "cython")
        text, origin = self._text()
        if not text.strip():
            raise self.error(f"{kind} example has no code")
        container = nodes.container(classes=["guide-example", f"guide-{kind}"])
        label = LABELS[kind]
        if self.options.get("caption"):
            label = f"{label}: {self.options['caption']}"
        container += nodes.paragraph(label, label, classes=["guide-example-label"])
        block = nodes.literal_block(text, text, language=language, classes=[f"guide-{kind}-code"])
        self.set_source_info(block)
        container += block
        if origin:
            container += nodes.paragraph(origin, "", nodes.Text(origin), classes=["guide-example-origin"])
        return [container]

    def _text(self) -> tuple[str, str]:
        """Return the example's code and, for an include, where it comes from."""
        include = self.options.get("include")
        if include is None:
            if "symbol" in self.options:
                raise self.error(":symbol: needs :include:")
            return "\n".join(self.content) + "\n", ""
        if self.content:
            raise self.error("an example with :include: takes no content")
        path = include_root(Path(self.env.doc2path(self.env.docname))) / include
        self.env.note_dependency(str(path))
        try:
            quoted = excerpt(path, self.options.get("symbol"))
        except ExcerptError as exc:
            raise self.error(str(exc)) from None
        where = f"{include}, lines {quoted.start}-{quoted.end}"
        symbol = self.options.get("symbol")
        return quoted.text, f"From {where}" + (f" ({symbol})" if symbol else "") + "."
