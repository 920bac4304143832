# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``checker-output`` directive: what ``cuda-core-guide check`` prints for a file, produced at build time.

Usage (MyST)::

    ```{checker-output}
    :filename: _event.pyx
    :select: IMP003

    from cuda.core._utils.cuda_utils cimport HANDLE_RETURN
    from cuda.core._stream cimport Stream
    ```

The directive writes the content to a temporary file of that name, runs
the checker over it and shows the command's text output, so the page never
shows output that the checker does not print.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.checker.config import Config
from cuda_core_guide.checker.formats import render
from cuda_core_guide.checker.runner import check_paths

__all__ = ["CheckerOutputDirective"]


class CheckerOutputDirective(SphinxDirective):
    """Show the checker's text output for the directive's content."""

    has_content = True
    option_spec: ClassVar[dict] = {
        "filename": directives.unchanged_required,
        "select": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Check the content and return the output as a literal block."""
        name = self.options.get("filename", "example.pyx")
        if "/" in name or name.startswith("."):
            raise self.error(f":filename: {name!r} must be a plain file name")
        select = tuple(code.strip() for code in self.options.get("select", "ALL").split(",") if code.strip())
        config = Config(select=select)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / name
            path.write_text("\n".join(self.content) + "\n", encoding="utf-8")
            findings = check_paths([path], config, jobs=1)
            output = render(findings, "text", config.rule_url).replace(str(path), name)
        if not output:
            raise self.error("the checker reports nothing for this content")
        text = f"$ cuda-core-guide check {name}\n{output}"
        block = nodes.literal_block(text, text, language="text", classes=["guide-checker-output"])
        self.set_source_info(block)
        return [block]
