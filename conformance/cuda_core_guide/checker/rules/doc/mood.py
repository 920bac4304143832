# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Tell a third-person verb ("Returns") from an imperative one ("Return") or a noun.

numpydoc's own test (SS05) flags any first word that ends in ``s`` but not
``ss``, which misfires on nouns such as "Status" or "Bytes". This module
flags a word only if removing its third-person ending gives a verb from
:data:`VERBS`, a list of English verbs that API documentation uses:

- ``-ies`` → ``-y`` (``Copies`` → ``Copy``),
- ``-es`` → drop ``es`` (``Matches`` → ``Match``, ``Accesses`` → ``Access``),
- ``-s`` → drop ``s`` (``Returns`` → ``Return``),
- irregular ``has``, ``does``, ``goes``.

Words ending in ``ss``, ``us`` or ``is`` are never third-person forms
(``Process``, ``Status``, ``This``), and a plural noun followed by "of"
("Names of the kernels") is a noun phrase, not a verb.
"""

from __future__ import annotations

__all__ = ["VERBS", "imperative_of", "third_person_verb"]

VERBS = frozenset(
    """
    accept access accumulate acquire activate adapt add adjust advance aggregate align allocate allow
    alter analyse analyze annotate append apply archive arrange assert assign associate attach attempt
    authenticate avoid bind block borrow broadcast build bundle bypass cache calculate call cancel
    capture cast catch cause change check choose clamp clean clear clip clone close collapse collect
    combine commit compare compile complete compose compress compute concatenate configure confirm
    connect consider consume contain continue control convert copy correct count create crop cut
    deallocate debug decide declare decode decompress decorate decrement deduce defer define delay
    delete demangle deprecate dequeue derive describe deserialize destroy detach detect determine
    disable discard disconnect dispatch display dispose distribute divide do download drain draw drop
    dump duplicate emit empty enable encode enqueue ensure enter enumerate erase escape establish
    estimate evaluate exchange exclude execute exist exit expand expect expire explain export expose
    extend extract fail fetch fill filter finalize find finish fix flatten flip flush fold follow
    force fork format forward free freeze gather generate get give go grab grant grow guard guess
    handle hash have help hide hold hook identify ignore implement import include increase increment
    indicate infer inherit initialise initialize inject insert inspect install instantiate intercept
    interpret intersect invalidate invert invoke isolate iterate join keep kill launch leave let link
    list listen load lock log look loop lower maintain make manage map mark marshal match measure merge
    migrate mirror modify monitor mount move multiply mutate narrow need negate normalize notify obtain
    occupy omit open optimize overlap override own pack pad parse partition pass patch pause peek
    perform permit persist pick pin pipe place poll pop populate precompile prefer prefetch prepare
    prepend preserve prevent print probe process produce promote prompt propagate protect provide
    prune publish pull push put query queue raise reach read reallocate rebuild receive recompute
    record recover recurse redirect reduce refer refresh register reject release reload remap remember
    remove rename render reorder repeat replace reply report represent request require reserve reset
    reshape resize resolve restore restrict resume retain retrieve retry return reuse reverse revert
    revoke rewind rewrite rotate round run save scale scan schedule search seek select send separate
    serialize serve set setup share shift show shrink shut signal simplify skip sleep slice sort spawn
    specify split start stash stop store strip submit subscribe subtract succeed supply support
    suspend swap switch synchronize sync take tell terminate test throw toggle track transfer
    transform translate transpose traverse trigger trim truncate try turn unbind unblock unload unlock
    unmap unpack unpin unregister unset unwrap update upgrade upload use validate verify visit wait
    walk want warn watch wrap write yield
    """.split()  # noqa: SIM905 - a word list reads better as text than as 400 quoted strings
)
"""English verbs whose third-person forms DOC005 reports."""

_IRREGULAR = {"has": "have", "does": "do", "goes": "go"}
_NEVER_THIRD_PERSON = ("ss", "us", "is")


def third_person_verb(word: str, following: str | None = None) -> bool:
    """Return whether ``word`` is the third-person singular of a known verb.

    Parameters
    ----------
    word : str
        The first word of a summary, without punctuation.
    following : str, optional
        The word after it; "of" makes the first word a plural noun.

    Returns
    -------
    bool
        True for "Returns", "Copies", "Matches", "Has"; False for
        "Return", "Process", "Status", "Bytes", "Names of".
    """
    return imperative_of(word, following) is not None


def imperative_of(word: str, following: str | None = None) -> str | None:
    """Return the imperative form of a third-person verb, capitalised like ``word``.

    Parameters
    ----------
    word : str
        The summary's first word, without punctuation (``Returns``).
    following : str, optional
        The word after it; "of" makes the first word a plural noun.

    Returns
    -------
    str or None
        "Return" for "Returns", "Copy" for "Copies"; ``None`` if ``word``
        is not a third-person form of a verb in :data:`VERBS`.
    """
    lower = word.lower()
    if not lower.isalpha() or not lower.endswith("s") or lower.endswith(_NEVER_THIRD_PERSON):
        return None
    if following is not None and following.lower() == "of":
        return None
    stem = _IRREGULAR.get(lower) or next((s for s in _stems(lower) if s in VERBS), None)
    if stem is None:
        return None
    if word.isupper() and len(word) > 1:
        return stem.upper()
    return stem.capitalize() if word[0].isupper() else stem


def _stems(word: str) -> list[str]:
    """Return the candidate base forms of a word ending in ``s``, most specific first."""
    stems = []
    if word.endswith("ies") and len(word) > 4:
        stems.append(word[:-3] + "y")
    if word.endswith("es"):
        stems.append(word[:-2])
    stems.append(word[:-1])
    return stems
