# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0


cdef list switch_flags(object options, dict switches)
cdef int append_setting_flags(list flags, object options, dict booleans, dict values) except -1
