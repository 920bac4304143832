# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

# Each argument is copied into a slot of its own, big enough for the largest
# scalar a kernel takes (a double complex) and zeroed, so that reading a
# wider parameter than was passed reads zeros rather than other memory.
# Up to STACK_ARGUMENTS arguments are packed without allocating.
cdef enum:
    ARGUMENT_SLOT_SIZE = 16
    STACK_ARGUMENTS = 32


# Room for STACK_ARGUMENTS packed arguments, declared on the caller's stack,
# and how many of the arguments packed were Buffer objects.
cdef struct ArgumentBuffers:
    char slots[STACK_ARGUMENTS * ARGUMENT_SLOT_SIZE]
    void* pointers[STACK_ARGUMENTS]
    Py_ssize_t buffer_count


cdef object pack_arguments(tuple args, ArgumentBuffers* buffers, void*** params)
