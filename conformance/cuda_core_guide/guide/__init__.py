# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The model of the guide: its MyST chapters read into rules, examples, quotes and data.

- :mod:`.myst`: the directives of a MyST document, with MyST's own parser;
- :mod:`.chapters`: the rules and examples the chapters define (the source
  of every other view of a rule);
- :mod:`.markup`: markup mistakes that MyST renders without a word;
- :mod:`.plaintext`: MyST rendered as plain text, for the terminal and SARIF;
- :mod:`.excerpts` and :mod:`.includes`: definitions cut out of the
  reference implementation's sources, for the examples that quote them;
- :mod:`.rule_text`: a rule's text as the terminal shows it;
- :mod:`.catalog`: the rule catalog the checker ships (titles, levels,
  chapters, text), built from the chapters;
- :mod:`.retired`: the codes of rules taken back, which are never reused;
- :mod:`.differences`: the deliberate differences from upstream ``cuda.core``.

It may import the foundation modules (:mod:`cuda_core_guide.findings`,
for the rules' levels) and the reader of Cython sources
(:mod:`cuda_core_guide.source`, to cut excerpts); never the checker or
anything built on it.
"""
