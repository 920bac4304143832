# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The imperative-mood classifier behind DOC005."""

from __future__ import annotations

import pytest

from cuda_core_guide.checker.rules.doc.mood import VERBS, imperative_of, third_person_verb


@pytest.mark.parametrize(
    ("word", "imperative"),
    [
        ("Returns", "Return"),
        ("Creates", "Create"),
        ("Copies", "Copy"),
        ("Applies", "Apply"),
        ("Matches", "Match"),
        ("Pushes", "Push"),
        ("Accesses", "Access"),
        ("Processes", "Process"),
        ("Uses", "Use"),
        ("Releases", "Release"),
        ("Has", "Have"),
        ("Does", "Do"),
        ("Goes", "Go"),
        ("returns", "return"),
        ("RETURNS", "RETURN"),
    ],
)
def test_third_person_forms_give_their_imperative(word: str, imperative: str) -> None:
    assert imperative_of(word) == imperative
    assert third_person_verb(word)


@pytest.mark.parametrize(
    "word",
    [
        # Imperatives.
        "Return",
        "Create",
        "Process",
        "Access",
        # Words ending in ss/us/is are never third-person forms.
        "Address",
        "Status",
        "Bus",
        "This",
        "Basis",
        # Plural nouns whose singular is no verb of the list.
        "Bytes",
        "Options",
        "Indices",
        "Series",
        "Alias",
        "Always",
        "Its",
        # Not words.
        "",
        "``Returns``",
        "Re-creates",
        "2s",
    ],
)
def test_other_words_are_not_flagged(word: str) -> None:
    assert imperative_of(word) is None
    assert not third_person_verb(word)


def test_a_plural_noun_followed_by_of_is_a_noun_phrase() -> None:
    assert imperative_of("Names", "of") is None
    assert imperative_of("Sets", "of") is None
    assert imperative_of("Sets", "the") == "Set"


def test_the_verb_list_is_lowercase_single_words() -> None:
    assert all(verb.isalpha() and verb.islower() for verb in VERBS)
    assert {"return", "create", "allocate", "launch", "synchronize"} <= VERBS
