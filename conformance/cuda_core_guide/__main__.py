# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Run the ``cuda-core-guide`` command as ``python -m cuda_core_guide``."""

import sys

from cuda_core_guide.checker.cli import main

sys.exit(main())
