# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The ``guide`` domain: where each rule is documented, for cross-references, search and the index.

A rule is recorded where its canonical description lives: its own page when
the site generates rule pages, else its box in its chapter. ``{rule}``
references, the search index and the object inventory all point there, at
the anchor ``rule-<CODE>``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

__all__ = ["GuideDomain", "RuleEntry", "RuleRole", "rule_anchor"]

_logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class RuleEntry:
    """A rule as the domain records it.

    Parameters
    ----------
    code : str
        The rule's code, which ``{rule}`` roles name.
    title : str
        The rule's title as plain text.
    docname : str
        The document that describes it.
    lineno : int
        The line of its directive.
    """

    code: str
    title: str
    docname: str
    lineno: int


class GuideDomain(Domain):
    """Record rule descriptions and resolve ``{rule}`` references to them."""

    name = "guide"
    label = "Guide"
    object_types = {"rule": ObjType("rule", "rule")}
    roles = {"rule": XRefRole()}
    initial_data: dict[str, dict] = {"rules": {}}
    dangling_warnings = {"rule": "unknown rule %(target)s"}

    def clear_doc(self, docname: str) -> None:
        """Forget the rules a document described, before it is read again."""
        rules = self.data["rules"]
        for code in [code for code, entry in rules.items() if entry.docname == docname]:
            del rules[code]

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict) -> None:
        """Merge the rules that a parallel reader process recorded."""
        docnames = set(docnames)
        for entry in otherdata["rules"].values():
            if entry.docname in docnames:
                self.data["rules"][entry.code] = entry

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        """Resolve a ``{rule}`` reference to the rule's anchor."""
        entry = self.data["rules"].get(target.strip().upper())
        if entry is None:
            return None
        return make_refnode(builder, fromdocname, entry.docname, rule_anchor(entry.code), contnode, entry.title)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        """Resolve an ``{any}`` reference that names a rule code."""
        resolved = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [("guide:rule", resolved)] if resolved is not None else []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        """Yield every rule for the search index and the object inventory.

        The name and the display name are both the code, so that searching
        a code finds it however its title is punctuated.
        """
        for entry in self.data["rules"].values():
            yield entry.code, entry.code, "rule", entry.docname, rule_anchor(entry.code), 1

    def note_rule(self, entry: RuleEntry) -> None:
        """Record a rule's description, warning if its code is described twice.

        Parameters
        ----------
        entry : RuleEntry
            The rule.
        """
        first = self.data["rules"].get(entry.code)
        if first is not None and (first.docname, first.lineno) != (entry.docname, entry.lineno):
            _logger.warning(
                "rule %s is defined twice (first in %s, line %s)",
                entry.code,
                self.env.doc2path(first.docname),
                first.lineno,
                location=(entry.docname, entry.lineno),
                type="cuda-core-guide",
            )
            return
        self.data["rules"][entry.code] = entry

    @property
    def rules(self) -> dict[str, RuleEntry]:
        """Every rule recorded so far, by code."""
        return self.data["rules"]


class RuleRole(XRefRole):
    """``{rule}`IMP001```: link to a rule from anywhere, without the domain prefix."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        """Create a reference to the ``guide`` domain's rule."""
        self.refdomain, self.reftype = "guide", "rule"
        self.classes = ["xref", "guide-rule-ref"]
        return self.create_xref_node()


def rule_anchor(code: str) -> str:
    """Return the HTML anchor of a rule (``rule-IMP001``).

    Parameters
    ----------
    code : str
        A rule's code, upper case as the guide writes it.

    Returns
    -------
    str
        The anchor, on the rule's page and in its chapter.
    """
    return f"rule-{code}"
