# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The public surface of ``cuda.core``, compared between the reference implementation and upstream.

:mod:`.extract` describes the installed ``cuda.core`` (its public modules,
names, kinds, members and signatures) as JSON-ready data, and
:mod:`.compare` lists how two such descriptions differ. The API suite
compares the installed package with a snapshot of upstream's surface, and
every difference must be listed in the guide's data
(:mod:`cuda_core_guide.surface.listing`). Usage::

    python -m cuda_core_guide.surface [--output FILE]

It may import the foundation modules and the model of the guide
(:mod:`cuda_core_guide.guide`, whose data lists the differences); never the
checker, the examples, the reports, the pytest plugin or the Sphinx
extension.
"""
