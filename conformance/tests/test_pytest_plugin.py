# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""The pytest plugin turns guide examples into tests that pass and fail as they should."""

from __future__ import annotations

import textwrap

import pytest

pytest_plugins = ["pytester"]

HEADER = (
    "# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.\n"
    "#\n"
    "# SPDX-License-Identifier: Apache-2.0\n"
)


def chapter(body: str) -> str:
    """Wrap examples in an HDR001 rule directive, the way a guide chapter writes them."""
    return (
        textwrap.dedent(
            """\
        # A chapter

        ````{rule} HDR001
        :title: Begin every file with the SPDX copyright line
        :level: required

        Why.

        """
        )
        + textwrap.dedent(body)
        + "````\n"
    )


@pytest.fixture
def guide(pytester: pytest.Pytester):
    """Return a function that writes ``guide/<name>.md`` and runs pytest on it."""
    pytester.makeini("[pytest]\ncuda_core_guide_examples = guide\n")

    def run(text: str, name: str = "chapter"):
        path = pytester.path / "guide" / f"{name}.md"
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
        return pytester.runpytest("-p", "no:cacheprovider", "-rs", "guide")

    return run


def test_flagged_avoid_and_clean_prefer_pass(guide) -> None:
    body = '```{avoid}\n"""No header."""\n```\n\n```{prefer}\n' + HEADER + '\n"""Header."""\n```\n\n'
    result = guide(chapter(body))
    result.assert_outcomes(passed=2)


def test_avoid_example_the_checker_accepts_fails(guide) -> None:
    body = "```{avoid}\n" + HEADER + '\n"""Has a header."""\n```\n\n'
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*the checker does not flag this avoid example with HDR001*"])


def test_prefer_example_the_checker_flags_fails_with_the_finding(guide) -> None:
    body = '```{prefer}\n"""No header."""\n```\n\n'
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*flags this preferred example*", "*line 1: HDR001*"])


def test_example_that_does_not_parse_fails(guide) -> None:
    body = "```{avoid}\ndef broken(:\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*does not parse*"])


def test_missing_include_is_a_located_failure_not_a_crash(guide) -> None:
    body = "```{prefer}\n:include: reference_impl/nowhere.pyx\n:symbol: Nothing\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*chapter.md:*cannot read*nowhere.pyx*"])
    assert "INTERNALERROR" not in result.stdout.str()


def test_runnable_example_runs_only_with_a_gpu(guide, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (False, "no device in this test"))
    result = guide("# Chapter\n\n```{runnable}\nraise SystemExit('must not run')\n```\n")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*needs a GPU: no device in this test*"])


def test_runnable_example_failure_is_reported(guide, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (True, "pretend"))
    result = guide("# Chapter\n\n```{runnable}\nassert 1 + 1 == 3, 'arithmetic'\n```\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*AssertionError: arithmetic*"])


def test_malformed_directive_is_a_collection_error(guide) -> None:
    result = guide("# Chapter\n\n````{rule} HDR001\n:title no colon\n````\n")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*malformed directive option*"])
