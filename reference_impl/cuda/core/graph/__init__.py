# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA graphs: work recorded once and launched many times.

A :class:`GraphBuilder` records the work queued on its stream (stream
capture); :meth:`GraphBuilder.complete` turns the recording into an
executable :class:`Graph`.
"""

from ._graph_builder import *  # noqa: F403
from ._graph_builder import __all__ as _graph_builder_all

__all__ = [*_graph_builder_all]
