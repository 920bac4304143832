# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The checker's configuration, read from ``[tool.cuda-core-guide]`` in ``pyproject.toml``.

Example::

    [tool.cuda-core-guide]
    select = ["ALL"]                  # codes or prefixes: "DOC", "IMP00", "IMP003"
    ignore = ["FIL005"]
    first-party = ["cuda.core"]
    exclude = ["build", "tests/fixtures"]

    [tool.cuda-core-guide.levels]     # change a rule's level
    DOC001 = "required"

    [tool.cuda-core-guide.per-path-ignores]
    "tests/*" = ["DOC", "HDR003"]

    [tool.cuda-core-guide.principal]  # the principal definition of a module
    "_launcher.pyx" = "launch"

``docs-url`` sets the site that findings link to (``""`` for no links).
"""

from __future__ import annotations

import dataclasses
import datetime
import fnmatch
import functools
import os
import re
import tomllib
from pathlib import Path, PurePosixPath

from cuda_core_guide.checker.config_schema import ConfigError, validate_table
from cuda_core_guide.findings import Level
from cuda_core_guide.guide.catalog import default_docs_url, rule_url

__all__ = [
    "DEFAULT_EXCLUDE",
    "Config",
    "ConfigError",
    "clear_path_memo",
    "find_config_file",
    "load_config",
    "matches_selector",
    "real_path",
]

DEFAULT_EXCLUDE = (
    ".bzr",
    ".cuda-core-guide-cache",
    ".eggs",
    ".git",
    ".hg",
    ".mypy_cache",
    ".nox",
    ".pytest_cache",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    "__pycache__",
    "*.egg-info",
    "_build",
    "build",
    "dist",
    "node_modules",
    "venv",
)
_DEFAULT_HOLDER = "NVIDIA CORPORATION & AFFILIATES. All rights reserved."


@dataclasses.dataclass(frozen=True)
class Config:
    """Everything that changes what the checker reports.

    Parameters
    ----------
    select : tuple of str
        Codes or code prefixes to report; ``ALL`` selects every rule.
    ignore : tuple of str
        Codes or prefixes never to report; wins over ``select``.
    first_party : tuple of str
        Dotted prefixes of the project's own packages, for the import groups.
    exclude : tuple of str
        Glob patterns of files and directories to skip when walking a tree.
    levels : dict of str to Level
        Per-rule level overrides.
    per_path_ignores : tuple of tuple
        ``(pattern, codes)`` pairs: codes not reported in matching files.
    principal : dict of str to str
        Module file name (or stem) to the name of its principal definition.
    copyright_holder : str
        The text after the years in the SPDX copyright line.
    license : str
        The expected ``SPDX-License-Identifier``.
    docs_url : str or None
        The address of the guide's site that findings link to; ``None``
        for the published site, ``""`` for no links.
    time_limit : float
        Seconds one file may take before it is reported (``SYN003``) and
        left; 0 for no limit.
    respect_gitignore : bool
        Whether a folder walk skips what git ignores there
        (:mod:`~cuda_core_guide.checker.gitignore`); files named on the
        command line are checked anyway.
    root : Path
        The directory that relative patterns are resolved against.
    current_year : int
        The latest year a copyright header may name.
    """

    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    first_party: tuple[str, ...] = ("cuda.core",)
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    levels: dict[str, Level] = dataclasses.field(default_factory=dict)
    per_path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    principal: dict[str, str] = dataclasses.field(default_factory=dict)
    copyright_holder: str = _DEFAULT_HOLDER
    license: str = "Apache-2.0"
    docs_url: str | None = None
    time_limit: float = 60.0
    respect_gitignore: bool = True
    root: Path = dataclasses.field(default_factory=Path.cwd)
    current_year: int = dataclasses.field(default_factory=lambda: datetime.date.today().year)

    def is_selected(self, code: str, path: str | None = None) -> bool:
        """Return whether findings of rule ``code`` are reported for ``path``.

        Parameters
        ----------
        code : str
            The code of the rule whose findings may be reported.
        path : str, optional
            The file, whose per-path ignores apply when it is given.

        Returns
        -------
        bool
            True if the rule is selected, not ignored, and not ignored for
            this path.
        """
        return any(matches_selector(code, s) for s in self.select) and self.is_reported(code, path)

    def is_reported(self, code: str, path: str | None = None) -> bool:
        """Return whether findings of ``code`` escape the ignores, whatever is selected.

        The checker's own ``SYN`` findings (a file that cannot be parsed, a
        rule that fails) are reported unless ignored explicitly.

        Parameters
        ----------
        code : str
            A rule code.
        path : str, optional
            The file; per-path ignores apply when given.

        Returns
        -------
        bool
            False if ``ignore`` or a matching ``per-path-ignores`` entry
            covers the code.
        """
        if any(matches_selector(code, s) for s in self.ignore):
            return False
        if path is not None:
            relative = self.relative(path)
            for pattern, codes in self.per_path_ignores:
                if _path_matches(relative, pattern) and any(matches_selector(code, c) for c in codes):
                    return False
        return True

    def is_excluded(self, path: Path) -> bool:
        """Return whether a walked file or directory is excluded.

        Parameters
        ----------
        path : Path
            A file or directory found while walking a tree.

        Returns
        -------
        bool
            True if its name or its path relative to :attr:`root` matches an
            ``exclude`` pattern.
        """
        matcher = self._exclusions
        return matcher.name(path.name) or matcher.relative(self.relative(path))

    def is_name_excluded(self, path: Path) -> bool:
        """Return whether the name of a walked file or directory matches an ``exclude`` pattern.

        Parameters
        ----------
        path : Path
            A file or directory.

        Returns
        -------
        bool
            True if its last component matches a pattern (``build``,
            ``*.egg-info``); where it lies does not matter.
        """
        return self._exclusions.name(path.name)

    def level_of(self, code: str, default: Level) -> Level:
        """Return the configured level of rule ``code``.

        Parameters
        ----------
        code : str
            The code of the rule, looked up in the ``levels`` table.
        default : Level
            The level the guide gives it.

        Returns
        -------
        Level
            The override if one is configured, else ``default``.
        """
        return self.levels.get(code, default)

    def rule_url(self, code: str) -> str | None:
        """Return the address of a rule's page, or ``None`` when links are off.

        Parameters
        ----------
        code : str
            A rule code.

        Returns
        -------
        str or None
            The page on the configured site, else on the published one.
        """
        base = default_docs_url() if self.docs_url is None else self.docs_url
        return rule_url(code, base)

    def relative(self, path: str | Path) -> str:
        """Return ``path`` relative to :attr:`root`, in POSIX form, if it is inside it."""
        cwd = "" if Path(path).is_absolute() else os.getcwd()
        return _relative(str(self.root), str(path), cwd)

    def with_selection(self, select: tuple[str, ...] | None, ignore: tuple[str, ...] | None) -> Config:
        """Return a copy with command-line ``--select``/``--ignore`` applied.

        Parameters
        ----------
        select : tuple of str or None
            Replaces the configured selection when given.
        ignore : tuple of str or None
            Added to the configured ignores when given.

        Returns
        -------
        Config
            The new configuration.
        """
        return dataclasses.replace(
            self,
            select=select if select is not None else self.select,
            ignore=self.ignore + (ignore or ()),
        )

    @functools.cached_property
    def _exclusions(self) -> _GlobSet:
        """The ``exclude`` patterns, compiled once for every path of a walk."""
        return _GlobSet(self.exclude)


def real_path(path: str | Path) -> Path:
    """Return a path made absolute, with symbolic links followed as far as they lead.

    Unlike :meth:`Path.resolve` on Python 3.11, a symbolic link loop is no
    error: the path stops at the loop, and reading the file reports it.

    Parameters
    ----------
    path : str or Path
        Any path.

    Returns
    -------
    Path
        The absolute path.
    """
    return Path(_real_path_of(os.fspath(path)))


def matches_selector(code: str, selector: str) -> bool:
    """Return whether ``selector`` (``ALL``, a prefix or a code) selects ``code``.

    Parameters
    ----------
    code : str
        A rule code.
    selector : str
        ``ALL``, a code, or a code prefix such as ``DOC`` or ``IMP00``.

    Returns
    -------
    bool
        Whether the selector covers the code.
    """
    return selector == "ALL" or code.startswith(selector)


def find_config_file(start: Path) -> Path | None:
    """Return the nearest ``pyproject.toml`` with a ``[tool.cuda-core-guide]`` table.

    Parameters
    ----------
    start : Path
        The directory to search from, upwards.

    Returns
    -------
    Path or None
        The file, or ``None`` if no ancestor has one.

    Raises
    ------
    ConfigError
        If a ``pyproject.toml`` on the way cannot be read or parsed: it
        might hold the table, so passing over it would check under the
        wrong settings.
    """
    start = real_path(start)
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        try:
            stat = candidate.stat()
        except OSError:
            continue
        if not candidate.is_file():
            continue
        if _has_table(str(candidate), stat.st_mtime_ns, stat.st_size):
            return candidate
    return None


@functools.lru_cache(maxsize=256)
def _has_table(path: str, mtime_ns: int, size: int) -> bool:
    """Return whether a ``pyproject.toml`` has a ``[tool.cuda-core-guide]`` table (cached per file state)."""
    return _read_table(Path(path)) is not None


def load_config(path: Path | None = None, *, known_codes: frozenset[str] | None = None) -> Config:
    """Load the configuration from a ``pyproject.toml``.

    Parameters
    ----------
    path : Path, optional
        The file. Without it, the nearest ``pyproject.toml`` with a
        ``[tool.cuda-core-guide]`` table above the working directory is
        used, and the defaults if there is none.
    known_codes : frozenset of str, optional
        Rule codes that exist; unknown codes in the file are then errors.

    Returns
    -------
    Config
        The configuration; relative patterns resolve against the file's
        directory.

    Raises
    ------
    ConfigError
        If the file cannot be read or parsed, or has unknown keys, codes
        or levels. The message names the file and the key.
    """
    if path is None:
        path = find_config_file(Path.cwd())
        if path is None:
            return Config()
    path = Path(path)
    table = _read_table(path)
    return _from_table({} if table is None else table, path, known_codes)


def _read_table(path: Path) -> object | None:
    """Return the ``tool.cuda-core-guide`` value of a ``pyproject.toml`` (``None`` if absent), as TOML gives it."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such configuration file", path) from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, not a configuration file", path) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError, RecursionError, MemoryError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc) or type(exc).__name__
        raise ConfigError(f"{path}: cannot read configuration: {reason}", path) from None
    tool = data.get("tool")
    if tool is None:
        return None
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: [tool] must be a table, not {type(tool).__name__}", path, "tool")
    return tool.get("cuda-core-guide")


def _from_table(table: object, path: Path, known_codes: frozenset[str] | None) -> Config:
    """Validate a ``[tool.cuda-core-guide]`` table and build a :class:`Config`."""
    values = validate_table(table, path, known_codes)
    defaults = Config()
    return Config(
        select=values.get("select", defaults.select),
        ignore=values.get("ignore", ()) + values.get("extend-ignore", ()),
        first_party=values.get("first-party", defaults.first_party),
        exclude=defaults.exclude + values.get("exclude", ()),
        levels=values.get("levels", {}),
        per_path_ignores=values.get("per-path-ignores", ()),
        principal=values.get("principal", {}),
        copyright_holder=values.get("copyright-holder", defaults.copyright_holder),
        license=values.get("license", defaults.license),
        docs_url=values.get("docs-url"),
        time_limit=values.get("time-limit", defaults.time_limit),
        respect_gitignore=values.get("respect-gitignore", defaults.respect_gitignore),
        root=real_path(path.parent),
    )


def _relative(root: str, path: str, cwd: str) -> str:
    """Return ``path`` (relative ones to ``cwd``) relative to ``root`` in POSIX form."""
    resolved = _real_path_of(os.path.join(cwd, path) if cwd else path)
    real_root = _real_directory(root)
    if resolved == real_root:
        return "."
    prefix = real_root.rstrip(os.sep) + os.sep
    if resolved.startswith(prefix):
        return PurePosixPath(Path(resolved[len(prefix) :])).as_posix()
    return PurePosixPath(Path(resolved)).as_posix()


def _real_path_of(path: str) -> str:
    """Return ``os.path.realpath(path)``, resolving each folder once per walk rather than once per file."""
    if os.path.islink(path):
        return os.path.realpath(path)
    head, tail = os.path.split(os.path.abspath(path))
    if not tail:
        return os.path.realpath(path)
    return os.path.join(_real_directory(head), tail)


@functools.lru_cache(maxsize=4096)
def _real_directory(directory: str) -> str:
    """Return a folder's real path, remembered: a walk asks for the same folders again and again."""
    return os.path.realpath(directory)


def clear_path_memo() -> None:
    """Forget the real paths of folders, so that a new run sees the links as they are now."""
    _real_directory.cache_clear()


class _GlobSet:
    """Globs matched all at once: against a name, or against a relative path and the folders above it.

    A walk asks about every entry of a tree; one compiled expression per
    set answers in one match where ``fnmatch`` would translate and try each
    pattern in turn.

    Parameters
    ----------
    patterns : tuple of str
        Globs (``build``, ``*.egg-info``, ``tests/*``); a trailing ``/``
        is ignored.
    """

    def __init__(self, patterns: tuple[str, ...]) -> None:
        stripped = [os.path.normcase(pattern.rstrip("/")) for pattern in patterns]
        self._any = _compiled(stripped)
        self._folders = tuple(pattern + "/" for pattern in stripped)

    def name(self, name: str) -> bool:
        """Return whether a name matches a pattern."""
        return self._any is not None and self._any.match(os.path.normcase(name)) is not None

    def relative(self, relative: str) -> bool:
        """Return whether a POSIX relative path matches a pattern, or lies under a folder a pattern names."""
        relative = os.path.normcase(relative)
        return (self._any is not None and self._any.match(relative) is not None) or relative.startswith(self._folders)


def _compiled(patterns: list[str]) -> re.Pattern[str] | None:
    """Compile globs into one expression with the standard library's own translation; ``None`` for none."""
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{fnmatch.translate(pattern)})" for pattern in patterns))


def _path_matches(relative: str, pattern: str) -> bool:
    """Return whether a POSIX relative path matches a glob or lies under a directory pattern."""
    return _glob(pattern).relative(relative)


@functools.lru_cache(maxsize=256)
def _glob(pattern: str) -> _GlobSet:
    """Return one pattern compiled, once: per-path ignores ask about every finding."""
    return _GlobSet((pattern,))
