# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker: run the guide's rules over Cython and Python files, and report what breaks them.

- :mod:`.cli`: the ``cuda-core-guide`` command (``check``, ``rules``, ``rule``),
  :mod:`.entry_point`, which runs it as a process, and :mod:`.exit_status`;
- :mod:`.runner`: discovery, parsing, suppression (``# noqa``) and levels;
- :mod:`.gitignore`: what git ignores below a walked folder;
- :mod:`.config`, :mod:`.config_schema`, :mod:`.config_resolution` and
  :mod:`.config_text`: ``[tool.cuda-core-guide]``, its keys, which table
  a file is checked under, and the settings as text;
- :mod:`.cache` and :mod:`.cache_key`: each file's findings, kept between runs;
- :mod:`.fixes` and :mod:`.fixing`: ``check --fix`` and ``--diff``;
- :mod:`.time_limit`: the time limit of one file;
- :mod:`.formats`: the output formats (text, concise, JSON, GitHub, SARIF);
- :mod:`.rules`: one module per rule, in a folder per chapter prefix
  (``rules/<prefix>/``), with each rule's fixtures beside it.

It may import the foundation modules (:mod:`cuda_core_guide.findings`),
the reader of Cython sources (:mod:`cuda_core_guide.source`) and the
model of the guide (:mod:`cuda_core_guide.guide`, for the rule catalog);
never the examples, the reports, the surface comparison, the pytest plugin
or the Sphinx extension, which are built on it.
"""
