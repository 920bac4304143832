# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``config-table`` directive: the keys of ``[tool.cuda-core-guide]``, from the schema the loader checks.

Each key's row is a link target (:func:`setting_label`), which a rule
page's list of the settings the rule reads links to.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from cuda_core_guide.checker.config_schema import SETTINGS
from cuda_core_guide.sphinxext.tables import Row, table

__all__ = ["ConfigTableDirective", "setting_label"]

_COLUMNS = (("Key", 18), ("Type", 24), ("Default", 22), ("Meaning", 36))


class ConfigTableDirective(SphinxDirective):
    """Insert the table of configuration keys, with their types, defaults and meanings."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build one row per key of :data:`~cuda_core_guide.checker.config_schema.SETTINGS`."""
        rows: list[Row] = []
        for setting in SETTINGS:
            cells = [nodes.paragraph("", "", nodes.literal(setting.key, setting.key))]
            for text in (setting.type, setting.default, setting.meaning):
                inline, messages = self.parse_inline(text, lineno=self.lineno)
                cells.append(nodes.paragraph("", "", *inline, *messages))
            label = setting_label(setting.key)
            self.env.get_domain("std").note_hyperlink_target(label, self.env.docname, label, setting.key)
            rows.append((cells, (), (label,)))
        return [table(_COLUMNS, rows, ["guide-config-table"], stack=True)]


def setting_label(key: str) -> str:
    """Return the link target of a setting's row in the configuration table.

    Parameters
    ----------
    key : str
        The setting, such as ``first-party``.

    Returns
    -------
    str
        ``setting-first-party``: the row's id, and a label ``{ref}`` reaches.
    """
    return f"setting-{key}"
