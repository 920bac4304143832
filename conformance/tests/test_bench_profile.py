# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The profile part's summary of py-spy's collapsed stacks."""

from __future__ import annotations

import pytest

from cuda_core_guide.reports.bench_profile import Part, classify, parse_raw, summarize

# Lines in py-spy's ``raw`` format, as ``py-spy record --native`` writes them for a fill.
_ROOT = "0x7f2c73c4524a (libc.so.6);<module> (profile_op.py:80)"
_FILL = "<lambda> (bench_ops.py:133);__pyx_pw_4cuda_4core_7_memory_7_buffer_6Buffer_25fill (_buffer.cpp:9120)"
_RAW = f"""\
{_ROOT};{_FILL};0x7f00aa01 (libcuda.so.580.65.06);ioctl (libc.so.6) 50
{_ROOT};{_FILL};__Pyx_ParseKeywords (cuda/core/_memory/_buffer.cpp:400) 20
{_ROOT};_PyEval_EvalFrameDefault (libpython3.12.so.1.0) 20
{_ROOT};0x7f2c73d8c046 (libc.so.6) 10

not a stack line
"""


def test_the_raw_format_is_read_as_stacks_and_counts() -> None:
    stacks = parse_raw(_RAW.splitlines())
    assert [count for _, count in stacks] == [50, 20, 20, 10]
    assert stacks[0][0][-1] == "ioctl (libc.so.6)"


@pytest.mark.parametrize(
    ("frame", "part"),
    [
        ("0x7f00aa01 (libcuda.so.580.65.06)", "driver"),
        ("__pyx_f_4cuda_4core_5_utils_HANDLE_RETURN (cuda/core/_utils/cuda_utils.cpp:12)", "module"),
        ("__Pyx_PyObject_Call (_buffer.cpython-312-x86_64-linux-gnu.so)", "module"),
        ("memset_d8 (cuda_core_floor.pyx:110)", "module"),
        ("_PyEval_EvalFrameDefault (libpython3.12.so.1.0)", "interpreter"),
        ("<lambda> (bench_ops.py:133)", "interpreter"),
        ("PyObject_Vectorcall (call.c:300)", "interpreter"),
        ("ioctl (libc.so.6)", "other"),
        ("0x1234", "other"),
    ],
)
def test_each_frame_is_counted_in_its_part(frame: str, part: str) -> None:
    assert classify(frame) == part


def test_a_sample_anywhere_in_the_driver_is_the_drivers_and_others_go_by_their_innermost_frame() -> None:
    summary = summarize(parse_raw(_RAW.splitlines()))
    assert summary["samples"] == 100
    assert summary["shares"] == {"driver": 0.5, "module": 0.2, "interpreter": 0.2, "other": 0.1}
    assert set(summary["shares"]) == {part.value for part in Part}
    top = summary["top"]
    assert top[0] == {"frame": "ioctl (libc.so.6)", "part": "driver", "share": 0.5}  # called by the driver
    assert [entry["share"] for entry in top] == sorted((entry["share"] for entry in top), reverse=True)


def test_no_samples_is_an_empty_summary() -> None:
    assert summarize([]) == {"samples": 0, "shares": {}, "top": []}


def test_only_the_stacks_within_the_given_frame_are_counted() -> None:
    summary = summarize(parse_raw(_RAW.splitlines()), within="<lambda> (bench_ops.py")
    assert summary["samples"] == 70
    assert summary["shares"]["interpreter"] == 0.0
