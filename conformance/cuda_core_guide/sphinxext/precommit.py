# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``pre-commit-config`` directive: the snippet that adds the checker to a repository's pre-commit.

The ``rev`` must name something that exists in the checker's repository:
``cuda_core_guide_precommit_rev`` (a site sets it to the tag or commit it
is built from), else the release tag of this version, ``v<version>``. The
repository is ``cuda_core_guide_repository``, else the package's
``Source`` URL.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide import __version__
from cuda_core_guide.guide.catalog import project_url

__all__ = ["PreCommitDirective"]


class PreCommitDirective(SphinxDirective):
    """Insert a ``.pre-commit-config.yaml`` block that runs the checker."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the YAML block."""
        repository = self.config.cuda_core_guide_repository or project_url("Source")
        if not repository:
            raise self.error("set cuda_core_guide_repository: the package's metadata names no Source URL")
        rev = self.config.cuda_core_guide_precommit_rev or f"v{__version__}"
        text = f"repos:\n  - repo: {repository}\n    rev: {rev}\n    hooks:\n      - id: cuda-core-guide\n"
        block = nodes.literal_block(text, text, language="yaml", classes=["guide-pre-commit-config"])
        self.set_source_info(block)
        return [block]
