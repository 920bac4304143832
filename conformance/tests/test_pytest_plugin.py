# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
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


PY = ":lang: python\n"
"""Python examples are checked but not compiled, which keeps these tests fast."""


DIFFERENCES = (
    '[[difference]]\nid = "D9"\nrule = "ERR005"\nwhere = "`Stream.wait(5)`"\n'
    'reference = "raises `TypeError`"\nupstream = "raises `ValueError`"\nwhy = "the argument is wrong"\n'
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
    body = "```{avoid}\n" + PY + '"""No header."""\n```\n\n```{prefer}\n' + PY + HEADER + '\n"""Header."""\n```\n\n'
    result = guide(chapter(body))
    result.assert_outcomes(passed=2)


def test_avoid_example_the_checker_accepts_fails(guide) -> None:
    body = "```{avoid}\n" + PY + HEADER + '\n"""Has a header."""\n```\n\n'
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*the checker does not flag this avoid example with HDR001*"])


def test_prefer_example_the_checker_flags_fails_with_the_finding(guide) -> None:
    body = "```{prefer}\n" + PY + '"""No header."""\n```\n\n'
    # A whole file (it starts with the header) is held to the file-top rules too.
    body = body.replace('"""No header."""', "# SPDX-FileCopyrightText: Copyright (c) 2026 Someone Else\n")
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*flags this preferred example*", "*line 1: HDR001*"])


def test_preferred_example_is_held_to_every_rule(guide) -> None:
    body = "```{prefer}\n" + PY + "def scale(value):\n    return 2 * value\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*line 1: DOC001 public function `scale` has no docstring*", "*:breaks: CODE: reason*"]
    )


def test_snippet_is_not_held_to_the_rules_about_the_top_of_a_file(guide) -> None:
    body = (
        "```{prefer}\n"
        + PY
        + 'def scale(value: int) -> int:\n    """Return twice ``value``."""\n    return 2 * value\n```\n\n'
    )
    result = guide(chapter(body))
    result.assert_outcomes(passed=1)


def test_breaks_lets_a_preferred_example_break_the_rules_it_names(guide) -> None:
    body = (
        "```{prefer}\n"
        + PY
        + ":breaks: DOC001: the docstring is the next rule's topic\n\n"
        + "def scale(value: int) -> int:\n    return value\n```\n\n"
    )
    result = guide(chapter(body))
    result.assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (":breaks: DOC001\n", ":breaks: reads 'CODE[, CODE]: reason'"),
        (":breaks: NOPE01: why\n", ":breaks: names 'NOPE01', not a rule code"),
        (":fragment:\n", ":fragment: needs a reason"),
        (":timeout: soon\n", ":timeout: 'soon' is not a positive number of seconds"),
    ],
)
def test_bad_example_options_are_located_collection_errors(guide, option: str, message: str) -> None:
    body = "```{prefer}\n" + option + "\nx = 1\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(errors=1)
    assert f"chapter.md:9: {message}" in result.stdout.str()


def test_example_that_does_not_parse_fails(guide) -> None:
    body = "```{avoid}\n" + PY + "def broken(:\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*does not parse*"])


def test_missing_include_is_a_located_failure_not_a_crash(guide) -> None:
    body = "```{prefer}\n:include: reference_impl/nowhere.pyx\n:symbol: Nothing\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*chapter.md:*cannot read*nowhere.pyx*"])
    assert "INTERNALERROR" not in result.stdout.str()


def test_cython_examples_compile(guide) -> None:
    good = "```{avoid}\ncdef int twice(int value):\n    return 2 * value\n```\n\n"
    bad = '```{avoid}\ncdef int broken = "not an int"\n```\n\n'
    result = guide(chapter(good + bad))
    # Both are avoid examples the checker flags (no header); one of them does not compile.
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*chapter.md:*: the example does not compile (cython failed):*",
            "*example.pyx:1:18: Only single-character string literals can be coerced into ints.*",
            "*1 | cdef int broken*",
        ]
    )


def test_compile_error_option_expects_cython_to_reject_the_example(guide) -> None:
    rejected = '```{avoid}\n:compile-error: an int cannot hold a string\n\ncdef int broken = "xy"\n```\n\n'
    accepted = "```{avoid}\n:compile-error: claimed, wrongly\n\ncdef int fine = 1\n```\n\n"
    result = guide(chapter(rejected + accepted))
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*Cython accepts this example, but its :compile-error: says it does not*"])


def test_fragments_are_not_compiled(guide) -> None:
    body = "```{avoid}\n:fragment: a method body, out of its class\n\nreturn self._handle\n```\n\n"
    result = guide(chapter(body))
    result.assert_outcomes(passed=1)
    assert "compile[" not in result.stdout.str()


def test_runnable_example_runs_only_with_a_gpu(guide, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (False, "no device in this test"))
    result = guide("# Chapter\n\n```{runnable}\nraise SystemExit('must not run')\n```\n")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*needs a GPU: no device in this test*"])


def test_runnable_example_failure_is_reported_with_its_traceback(guide, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (True, "pretend"))
    result = guide("# Chapter\n\n```{runnable}\nx = 1\nassert x + 1 == 3, 'arithmetic'\n```\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*chapter.md:3: the example failed*", '*File "*chapter.md:3", line 2*', "*AssertionError: arithmetic*"]
    )


def test_runnable_examples_run_in_processes_of_their_own(guide, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (True, "pretend"))
    first = "```{runnable}\nimport sys\nsys.modules['leftover'] = 1\n```\n\n"
    second = "```{runnable}\nimport sys\nassert 'leftover' not in sys.modules\n```\n"
    result = guide("# Chapter\n\n" + first + second)
    result.assert_outcomes(passed=2)


def test_runnable_example_that_hangs_is_stopped(guide, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (True, "pretend"))
    result = guide("# Chapter\n\n```{runnable}\n:timeout: 1\n\nimport time\ntime.sleep(30)\n```\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*chapter.md:3: the example did not finish within its 1 s timeout and was stopped*"])


def test_upstream_difference_is_a_strict_expected_failure_against_upstream(guide, pytester, monkeypatch) -> None:
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.gpu_status", lambda: (True, "pretend"))
    upstream = ("upstream", "1.2.2")
    monkeypatch.setattr("cuda_core_guide.pytest_plugin.chapter.implementation_under_test", lambda: upstream)
    (pytester.path / "guide" / "_data").mkdir(parents=True)
    (pytester.path / "guide" / "_data" / "differences.toml").write_text(DIFFERENCES)
    fails = "```{runnable}\n:upstream: D9\n\nraise TypeError('upstream differs')\n```\n\n"
    passes = "```{runnable}\n:upstream: D9\n\npass\n```\n"
    result = guide("# Chapter\n\n" + fails + passes)
    result.assert_outcomes(xfailed=1, failed=1)
    # The reason is the table's row as plain text.
    result.stdout.fnmatch_lines(["*XPASS(strict)*D9: Stream.wait(5): the reference raises TypeError; upstream raises*"])


def test_upstream_difference_must_be_listed(guide) -> None:
    result = guide("# Chapter\n\n```{runnable}\n:upstream: D42\n\npass\n```\n")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*:upstream: names 'D42', which the table of differences does not list*"])


def test_malformed_directive_is_a_collection_error(guide) -> None:
    result = guide("# Chapter\n\n````{rule} HDR001\n:title no colon\n````\n")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*malformed directive option*"])


def test_broken_markup_is_a_located_collection_error(guide) -> None:
    result = guide(chapter("```{avoid}\n" + PY + "x = 1\n\n"))
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*chapter.md:9: the {avoid} directive opened here with ``` is never closed*"])


def test_include_outside_the_repository_is_a_located_failure(guide, pytester) -> None:
    (pytester.path.parent / "secret.py").write_text("SECRET_OUTSIDE = 1\n")
    result = guide(chapter("```{prefer}\n:include: ../secret.py\n```\n\n"))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*chapter.md:9: :include: '../secret.py' resolves to *, outside the include root*"])
    assert "SECRET_OUTSIDE" not in result.stdout.str()


@pytest.mark.parametrize(
    "named",
    [
        ["-p", "cuda_core_guide.pytest_plugin"],
        ["-p", "no:cuda_core_guide.pytest_plugin", "-p", "cuda_core_guide.pytest_plugin"],
    ],
    ids=["on the command line", "disabled, then named"],
)
def test_the_plugin_named_again_is_loaded_once(pytester: pytest.Pytester, named: list[str]) -> None:
    # The entry point loads the plugin in every pytest run; naming it again must not register it twice.
    pytester.makepyfile(test_sample="def test_passes():\n    pass\n")
    pytester.makeconftest('pytest_plugins = ["cuda_core_guide.pytest_plugin"]\n')
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", *named)
    assert "already registered" not in result.stderr.str()
    result.assert_outcomes(passed=1)


def test_the_entry_point_is_named_as_its_module() -> None:
    from importlib.metadata import entry_points

    (plugin,) = [point for point in entry_points(group="pytest11") if point.value == "cuda_core_guide.pytest_plugin"]
    assert plugin.name == plugin.value
