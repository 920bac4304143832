# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The guide's examples, checked and compiled the same way for the tests and for the site.

- :mod:`.check`: run the checker over an example (an *Avoid* example must
  break its rule, a *Preferred* one no rule);
- :mod:`.build`: compile a Cython example into an extension module, as
  the reference implementation is compiled.

It may import the foundation modules, the model of the guide
(:mod:`cuda_core_guide.guide`) and the checker
(:mod:`cuda_core_guide.checker`); never the reports, the surface
comparison, the pytest plugin or the Sphinx extension, which use it.
"""
