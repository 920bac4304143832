# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Checkpointing CUDA processes: :class:`Process` locks, saves, restores and unlocks one."""

from cuda.core._checkpoint import Process

__all__ = ["Process"]
