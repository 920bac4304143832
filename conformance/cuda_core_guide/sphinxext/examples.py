# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
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

``include`` paths are relative to ``cuda_core_guide_include_root`` (a
folder relative to the configuration directory) when it is set, else to
the parent of the folder that holds the chapter. A path that leads outside
that folder (symbolic links followed) is not quoted: the build warns at the
directive instead (:mod:`cuda_core_guide.guide.includes`).

On a rule page, an ``avoid`` example of a checked rule is followed by what
the checker reports for it, produced by running the checker on the example
during the build (:mod:`cuda_core_guide.examples.check`).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.checker.rules import is_checked
from cuda_core_guide.examples.check import example_findings, example_problems
from cuda_core_guide.guide.chapters import Example, RuleDoc, include_root
from cuda_core_guide.guide.differences import read_differences
from cuda_core_guide.guide.excerpts import ExcerptError, excerpt
from cuda_core_guide.guide.includes import IncludeOutsideRoot, include_path
from cuda_core_guide.sphinxext.conformance import example_anchor, example_status
from cuda_core_guide.sphinxext.cython_source import SOURCE_REFERENCE
from cuda_core_guide.sphinxext.guide_source import chapters_folder
from cuda_core_guide.sphinxext.rule_pages import RULE_PAGE_KEY

__all__ = ["ExampleDirective", "LABELS"]

_logger = logging.getLogger(__name__)

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
        "fragment": directives.unchanged_required,
        "compile-error": directives.unchanged_required,
        "breaks": directives.unchanged_required,
        "upstream": directives.unchanged_required,
        "timeout": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Build the example's nodes."""
        kind = self.name
        language = self.options.get("lang", "python" if kind == "runnable" else "cython")
        try:
            text, origin = self._text()
        except IncludeOutsideRoot as exc:
            if self.env.current_document.get(RULE_PAGE_KEY) is None:  # a rule page repeats its chapter's example
                _logger.warning(
                    "%s; the file is not quoted",
                    exc,
                    location=(self.env.docname, self.lineno),
                    type="cuda-core-guide",
                    subtype="include",
                )
            return []
        if not text.strip():
            raise self.error(f"{kind} example has no code")
        argument = self.arguments[0] if self.arguments else None
        example = Example(kind, argument, language, text, dict(self.options), str(self._chapter()), self.lineno)
        problems = example_problems(example, read_differences(chapters_folder(self.env)))
        if problems:
            raise self.error("; ".join(problems))
        container = nodes.container(classes=["guide-example", f"guide-{kind}"])
        label = LABELS[kind]
        if self.options.get("caption"):
            label = f"{label}: {self.options['caption']}"
        container += nodes.paragraph(label, label, classes=["guide-example-label"])
        block = nodes.literal_block(text, text, language=language, classes=[f"guide-{kind}-code"])
        self.set_source_info(block)
        container += block
        if origin:
            container += self._origin(*origin)
        container.extend(self._notes(example))
        rule = self.env.current_document.get(RULE_PAGE_KEY)
        if kind == "avoid" and rule is not None:
            container.extend(self._checker_output(rule, text, language))
        if kind == "runnable":
            anchor = example_anchor(example.digest)
            container["ids"].append(anchor)
            if rule is None:
                std = self.env.get_domain("std")
                std.note_hyperlink_target(anchor, self.env.docname, anchor, f"runnable example, line {self.lineno}")
            status = example_status(self.env, example.digest, self.env.docname)
            if status is not None:
                container += status
        return [container]

    def _notes(self, example: Example) -> list[nodes.Node]:
        """Return what the example's options tell the reader: rules it breaks, why Cython rejects it."""
        notes = []
        if example.breaks:
            reason = example.options["breaks"].partition(":")[2].strip()
            codes = ", ".join(f"{{rule}}`{code}`" for code in example.breaks)
            notes.extend(self.parse_text_to_nodes(f"This example also breaks {codes}: {reason}"))
        if example.compile_error:
            notes.extend(self.parse_text_to_nodes(f"Cython rejects this code: {example.compile_error}"))
        for note in notes:
            note["classes"].append("guide-example-note")
        return notes

    def _checker_output(self, rule: RuleDoc, text: str, language: str) -> list[nodes.Node]:
        """Return what the checker reports for this avoid example of ``rule``, under a caption."""
        code = self.arguments[0] if self.arguments else rule.code
        if not is_checked(code):
            return []
        example = Example("avoid", code, language, text, dict(self.options), rule.path, self.lineno)
        findings = [f for f in example_findings(example, self._root(), (code, "SYN"), text) if f.rule == code]
        if not findings:
            raise self.error(f"the checker does not flag this avoid example with {code}")
        report = "".join(f"{example.filename}:{f.line}:{f.column}: {f.rule} {f.message}\n" for f in findings)
        caption = nodes.paragraph("", "The checker reports:", classes=["guide-checker-caption"])
        block = nodes.literal_block(report, report, language="text", classes=["guide-checker-output"])
        return [caption, block]

    def _root(self) -> Path:
        """Return the folder that ``include`` and ``filename`` paths are relative to."""
        configured = self.config.cuda_core_guide_include_root
        if configured:
            return Path(configured)
        return include_root(self._chapter())

    def _chapter(self) -> Path:
        """Return the chapter the example comes from: the rule page's chapter, or this document."""
        rule = self.env.current_document.get(RULE_PAGE_KEY)
        return Path(rule.path) if rule is not None else Path(self.env.doc2path(self.env.docname))

    def _origin(self, include: str, path: Path, start: int, end: int) -> nodes.paragraph:
        """Return the *From <file>, lines a-b (symbol).* note, the file and lines a link to its highlighted source.

        The link resolves where the site shows the file's module
        (:mod:`.cython_source`); elsewhere the note is text.
        """
        where = f"{include}, lines {start}-{end}"
        symbol = self.options.get("symbol")
        note = nodes.paragraph(classes=["guide-example-origin"])
        note += nodes.Text("From ")
        if "cuda_core_guide_source_roots" in self.config:
            note += addnodes.pending_xref(
                "",
                nodes.inline(where, where),
                refdomain="",
                reftype=SOURCE_REFERENCE,
                reftarget=str(path),
                refdoc=self.env.docname,
                refline=start,
                refexplicit=True,
                refwarn=False,
            )
        else:
            note += nodes.Text(where)
        note += nodes.Text((f" ({symbol})" if symbol else "") + ".")
        return note

    def _text(self) -> tuple[str, tuple[str, Path, int, int] | None]:
        """Return the example's code and, for an include, the file it quotes: as written, its path, its lines.

        An include outside the include root raises :class:`IncludeOutsideRoot`.
        """
        include = self.options.get("include")
        if include is None:
            if "symbol" in self.options:
                raise self.error(":symbol: needs :include:")
            return "\n".join(self.content) + "\n", None
        if self.content:
            raise self.error("an example with :include: takes no content")
        path = include_path(self._root(), include)
        self.env.note_dependency(str(path))
        try:
            quoted = excerpt(path, self.options.get("symbol"))
        except ExcerptError as exc:
            raise self.error(str(exc)) from None
        return quoted.text, (include, path, quoted.start, quoted.end)
