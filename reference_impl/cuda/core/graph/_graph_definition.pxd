# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core.graph._graph_box cimport _GraphBox
from cuda.core.graph._graph_builder cimport Graph


cdef class GraphNode


cdef class GraphDefinition:
    cdef:
        _GraphBox _box
        # The entry pseudo-node (a GraphNode of no handle), made on first use.
        GraphNode _entry_node
        object __weakref__


cdef class GraphCondition:
    cdef:
        cydriver.CUgraphConditionalHandle _handle
        object _owner


cdef class GraphNode:
    cdef:
        _GraphBox _box
        cydriver.CUgraphNode _handle
        bint _destroyed
        object __weakref__


cdef class EmptyNode(GraphNode):
    pass


cdef class KernelNode(GraphNode):
    pass


cdef class AllocNode(GraphNode):
    pass


cdef class FreeNode(GraphNode):
    pass


cdef class MemsetNode(GraphNode):
    pass


cdef class MemcpyNode(GraphNode):
    pass


cdef class ChildGraphNode(GraphNode):
    pass


cdef class EventRecordNode(GraphNode):
    pass


cdef class EventWaitNode(GraphNode):
    pass


cdef class HostCallbackNode(GraphNode):
    pass


cdef class ConditionalNode(GraphNode):
    pass


cdef class IfNode(ConditionalNode):
    pass


cdef class IfElseNode(ConditionalNode):
    pass


cdef class WhileNode(ConditionalNode):
    pass


cdef class SwitchNode(ConditionalNode):
    pass


cdef class ExecutableGraphNode:
    cdef:
        Graph _graph
        GraphNode _node


cdef class _EnablableExecutableNode(ExecutableGraphNode):
    pass


cdef class ExecutableKernelNode(_EnablableExecutableNode):
    pass


cdef class ExecutableMemsetNode(_EnablableExecutableNode):
    pass


cdef class ExecutableMemcpyNode(_EnablableExecutableNode):
    pass


cdef class ExecutableChildGraphNode(ExecutableGraphNode):
    pass


cdef class ExecutableEventRecordNode(ExecutableGraphNode):
    pass


cdef class ExecutableEventWaitNode(ExecutableGraphNode):
    pass


cdef class ExecutableHostCallbackNode(ExecutableGraphNode):
    pass
