# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the ``cuda-core-guide`` command as ``python -m cuda_core_guide``."""

from cuda_core_guide.checker.entry_point import run

run()
