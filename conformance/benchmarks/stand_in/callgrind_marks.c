// SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
//
// SPDX-License-Identifier: Apache-2.0
//
// Callgrind's client requests, callable through ctypes: host_instructions.py
// zeroes the counts before an operation's calls and dumps them, under the
// operation's name, after. Outside valgrind both do nothing.
#include <valgrind/callgrind.h>

void marks_zero(void) { CALLGRIND_ZERO_STATS; }

void marks_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
