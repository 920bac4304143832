# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""CUDA graphs: work recorded once and launched many times.

A :class:`GraphBuilder` records the work queued on its stream (stream
capture); :meth:`GraphBuilder.complete` turns the recording into an
executable :class:`Graph`. A :class:`GraphDefinition` builds a graph
explicitly instead, node by node; :meth:`GraphDefinition.instantiate`
makes an executable :class:`Graph` of it.
"""

from ._graph_builder import *  # noqa: F403
from ._graph_builder import __all__ as _graph_builder_all
from ._graph_definition import *  # noqa: F403
from ._graph_definition import __all__ as _graph_definition_all

__all__ = [*_graph_builder_all, *_graph_definition_all]
