# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

# The C body of a memory resource's allocate: (resource, size, stream) -> Buffer.
ctypedef object (*AllocateFunction)(object mr, object size, object stream)


cdef int Device_register_default_allocate(type cls, AllocateFunction allocate) except -1
