# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The data the site's report pages show: what the GPU runs, the benchmarks and the upstream scans recorded.

- :mod:`.conformance_report`: each GPU test's outcome on each implementation;
- :mod:`.bad_arguments` and :mod:`.bad_arguments_report`: the table of
  bad arguments and its outcomes;
- :mod:`.api_coverage` and :mod:`.api_coverage_plugin`: which of
  upstream's public callables the API suite calls;
- :mod:`.bench_stats`, :mod:`.bench_report` and :mod:`.bench_profile`:
  the GPU benchmark's statistics, report and profile;
- :mod:`.speed_targets`: the checker's speed targets;
- :mod:`.upstream_report` and :mod:`.upstream_releases`: the checker's
  findings on upstream ``cuda-core`` releases;
- :mod:`.provenance` and :mod:`.report_file`: where a report's data comes
  from, and writing it whole.

Each writer runs as ``python -m cuda_core_guide.reports.<module>``. The
package may import the foundation modules (:mod:`cuda_core_guide.gpu`,
:mod:`cuda_core_guide.implementation`) and the checker
(:mod:`cuda_core_guide.checker`, which the upstream scan runs); never the
examples, the surface comparison, the pytest plugin or the Sphinx
extension, which renders these reports.
"""
