# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

from cuda.bindings cimport cydriver

from cuda.core._stream cimport Stream
from cuda.core.graph._graph_box cimport _NodeRecords


cdef class GraphBuilder:
    cdef:
        Stream _stream
        cydriver.CUstream _stream_handle
        cydriver.CUgraph _graph
        int _kind
        int _state
        bint _closed
        object _definition
        object _parent
        _NodeRecords _records  # a primary builder's: what the nodes of its graph and the nested ones hold
        object _body_box  # a conditional body's builder: the _GraphBox of its body graph; else None
        object __weakref__


cdef class Graph:
    cdef:
        cydriver.CUgraphExec _handle
        bint _closed
        list _attachments  # what executable-node updates keep, held by the driver's executable
        object __weakref__


cdef Graph Graph_instantiate(cydriver.CUgraph graph, object options)
cdef int Graph_check_open(Graph self) except -1
