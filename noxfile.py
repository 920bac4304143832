# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Sessions of the cuda.core developer guide project.

- ``nox -s docs``: build the site into ``docs/_build/html`` (``-W``, nitpicky).
- ``nox -s browser``: test the built site in Chromium (Playwright).
- ``nox -s tests``: the CPU suite, which CI runs.
- ``nox -s conformance``: the GPU suite, against the reference build and
  against upstream ``cuda-core``.
- ``nox -s bench``: GPU benchmarks.
- ``nox -s lint``: the guide's checker and ruff over the project, and
  check-wheel-contents over the built wheel.
- ``nox -s upstream_report``: the checker's per-rule counts on upstream
  ``cuda-core``'s ``.py`` and ``.pxd`` files, into ``reports/``.

Every session installs what it needs. Offline (the GPU runner), point pip
at a wheelhouse: ``PIP_NO_INDEX=1 PIP_FIND_LINKS=$PWD/.whl nox -s conformance``.
"""

from __future__ import annotations

import hashlib
import sys
import tomllib
from pathlib import Path

import nox

ROOT = Path(__file__).parent
REFERENCE = ROOT / "reference_impl"
UPSTREAM = "cuda-core==1.2.2"
WHEEL_CACHE = ROOT / ".nox" / "_reference_wheels"
# What the GPU suite imports: the pytest plugin (GPU skips, runnable guide
# examples) needs the guide reader but not the checker's docstring rules, so
# the offline wheelhouse need not carry Sphinx (a dependency of numpydoc).
GPU_SUITE_REQUIREMENTS = ["pytest>=8", "numpy>=1.26", "Cython>=3.1", "markdown-it-py>=3", "mdit-py-plugins>=0.4"]
UPSTREAM_REQUIREMENTS = [UPSTREAM, "cuda-bindings==13.5.*"]
# The GPU runner: Python 3.12 on x86-64 Linux, with no network.
RUNNER_PYTHON = "3.12"
RUNNER_PLATFORMS = [f"manylinux_2_{minor}_x86_64" for minor in (39, 35, 34, 31, 28, 27, 24, 17)] + [
    "manylinux2014_x86_64",
    "manylinux1_x86_64",
    "linux_x86_64",
]

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


@nox.session
def browser(session: nox.Session) -> None:
    """Test the built site (``nox -s docs`` first) in the system's Chromium, served on 127.0.0.1."""
    session.install("pytest>=8", "playwright>=1.45")
    session.run("pytest", "docs/tests", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Check the whole project with its own checker and ruff, and the wheel's contents."""
    session.install(".", "ruff", "build", "check-wheel-contents")
    session.run("cuda-core-guide", "check", ".")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    dist = Path(session.create_tmp()) / "dist"
    for old in dist.glob("*.whl"):
        old.unlink()
    session.run("python", "-m", "build", "--wheel", "--outdir", str(dist), ".", silent=True)
    session.run("check-wheel-contents", *[str(wheel) for wheel in dist.glob("*.whl")])


@nox.session
@nox.parametrize("impl", ["reference", "upstream"])
def conformance(session: nox.Session, impl: str) -> None:
    """Run the GPU suite against the reference build or upstream cuda-core; record the outcomes in reports/.

    Both implementations run the API conformance suite and the guide's
    runnable examples; the reference also runs its own tests. Each run
    writes ``reports/conformance-<impl>.xml`` (JUnit) and updates the matrix
    ``reports/conformance.json``.
    """
    session.install("--no-deps", ".")
    session.install(*GPU_SUITE_REQUIREMENTS)
    if impl == "reference":
        install_reference(session)
        paths = ["reference_impl/tests", "conformance/api_suite", "guide"]
    else:
        session.install(*UPSTREAM_REQUIREMENTS)
        paths = ["conformance/api_suite", "guide"]
    reports = ROOT / "reports"
    junit = reports / f"conformance-{impl}.xml"
    try:
        session.run("pytest", "-m", "gpu", f"--junitxml={junit}", *paths, *session.posargs)
    finally:
        if junit.is_file():
            matrix = reports / "conformance.json"
            session.run("python", "-m", "cuda_core_guide.conformance_report", str(junit), "--output", str(matrix))


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
    """Download, into .whl/, every wheel the GPU sessions install, for the offline GPU runner.

    The list is the one the ``conformance`` and ``bench`` sessions install
    (this package without its dependencies, the reference implementation
    with its own), and what building both needs; wheels are for CPython 3.12
    on x86-64 Linux. On the runner::

        python3 -m pip install --no-index --find-links .whl --target .noxsite nox
        PYTHONPATH=.noxsite PIP_NO_INDEX=1 PIP_FIND_LINKS=$PWD/.whl python3 -m nox -s conformance
    """
    destination = ROOT / ".whl"
    requirements = [
        "nox",
        *GPU_SUITE_REQUIREMENTS,
        *UPSTREAM_REQUIREMENTS,
        *pyproject_requirements(ROOT, dependencies=False),
        *pyproject_requirements(REFERENCE, dependencies=True),
    ]
    platforms = [option for platform in RUNNER_PLATFORMS for option in ("--platform", platform)]
    session.run(
        "python",
        "-m",
        "pip",
        "download",
        "--quiet",
        "--only-binary=:all:",
        "--python-version",
        RUNNER_PYTHON,
        "--implementation",
        "cp",
        *platforms,
        "--dest",
        str(destination),
        *requirements,
    )
    size = sum(path.stat().st_size for path in destination.glob("*.whl"))
    session.log(f"{len(list(destination.glob('*.whl')))} wheels, {size / 2**20:.1f} MiB in {destination}")


@nox.session
def bench(session: nox.Session) -> None:
    """Time the hot operations of the reference build and of upstream cuda-core, alternately."""
    session.install("--no-deps", ".")
    session.install(*GPU_SUITE_REQUIREMENTS)
    install_reference(session)
    upstream_env = Path(session.virtualenv.location).parent / "bench-upstream"
    upstream_python = upstream_env / "bin" / "python"
    if not upstream_python.exists():
        session.run("python", "-m", "venv", str(upstream_env))
    session.run(
        str(upstream_python),
        "-m",
        "pip",
        "install",
        "--quiet",
        *UPSTREAM_REQUIREMENTS,
        "numpy",
        external=True,
    )
    reports = ROOT / "reports"
    script = "conformance/benchmarks/per_call.py"
    runs = []
    for round_ in (1, 2, 3):
        for label, python in (("reference", "python"), ("upstream", str(upstream_python))):
            output = reports / f"bench-{label}-{round_}.json"
            session.run(python, script, "--label", label, "--output", str(output), external=True)
            runs.append(str(output))
    session.run("python", "conformance/benchmarks/report.py", *runs, "--output", str(reports / "bench"))


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
    """Count the guide's findings in upstream cuda-core's .py and .pxd files, into reports/."""
    session.install(".")
    wheel = upstream_wheel(session, Path(session.create_tmp()) / "upstream-wheel")
    output = ROOT / "reports" / f"upstream-{UPSTREAM.replace('==', '-')}.json"
    session.run(
        "python",
        "-m",
        "cuda_core_guide.upstream_report",
        "--requirement",
        UPSTREAM,
        "--wheel",
        str(wheel),
        "--output",
        str(output),
    )
