# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Describe the installed ``cuda.core``'s surface: ``python -m cuda_core_guide.surface``."""

import sys

from cuda_core_guide.surface.cli import main

sys.exit(main())
