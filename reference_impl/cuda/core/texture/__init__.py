# SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
#
# SPDX-License-Identifier: Apache-2.0

"""Textures and surfaces: CUDA arrays, and the bindless objects through which kernels use them.

:class:`OpaqueArray` and :class:`MipmappedArray` hold data in the layout
the driver chooses for spatial access; :meth:`Device.create_opaque_array`
and :meth:`Device.create_mipmapped_array` allocate them. A
:class:`ResourceDescriptor` says what memory an object reads (an array, a
mipmapped array, or a :class:`~cuda.core.Buffer` read as linear or
pitched memory); :meth:`Device.create_texture_object` makes a
:class:`TextureObject` of it, sampled as :class:`TextureObjectOptions`
says, and :meth:`Device.create_surface_object` a :class:`SurfaceObject`,
which kernels also write. The enumerations these take
(:class:`~cuda.core.typing.ArrayFormatType`,
:class:`~cuda.core.typing.AddressModeType`,
:class:`~cuda.core.typing.FilterModeType`,
:class:`~cuda.core.typing.ReadModeType`) are in :mod:`cuda.core.typing`.
"""

from cuda.core.texture._mipmapped_array import *  # noqa: F403
from cuda.core.texture._mipmapped_array import __all__ as _mipmapped_array_all
from cuda.core.texture._opaque_array import *  # noqa: F403
from cuda.core.texture._opaque_array import __all__ as _opaque_array_all
from cuda.core.texture._surface_object import *  # noqa: F403
from cuda.core.texture._surface_object import __all__ as _surface_object_all
from cuda.core.texture._texture_object import *  # noqa: F403
from cuda.core.texture._texture_object import __all__ as _texture_object_all

__all__ = [*_mipmapped_array_all, *_opaque_array_all, *_surface_object_all, *_texture_object_all]
