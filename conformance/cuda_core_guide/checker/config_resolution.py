# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Find the configuration of each checked file, as ruff does.

A file is checked under the nearest ``pyproject.toml`` with a
``[tool.cuda-core-guide]`` table in its own directory or above it, whatever
the working directory. A repository can therefore hold trees with
different settings: this project's tooling names its own contributors as
copyright holder, while ``reference_impl/`` (a specimen of ``cuda.core``)
has a ``pyproject.toml`` of its own that keeps ``cuda.core``'s header. An
explicit ``--config`` file applies to every file instead.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cuda_core_guide.checker.config import Config, find_config_file, load_config, real_path

__all__ = ["ConfigResolver"]


@dataclasses.dataclass
class ConfigResolver:
    """Give each checked path its configuration.

    Parameters
    ----------
    override : Config, optional
        One configuration for every path (``--config``, or a caller's own);
        without it, each path's is found from its directory upwards.
    known_codes : frozenset of str, optional
        Rule codes that exist; a discovered file naming others is an error.
    select : tuple of str, optional
        Command-line selection, replacing every configuration's.
    ignore : tuple of str, optional
        Command-line ignores, added to every configuration's.
    """

    override: Config | None = None
    known_codes: frozenset[str] | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    _by_directory: dict[Path, Config] = dataclasses.field(default_factory=dict, repr=False)
    _by_file: dict[Path | None, Config] = dataclasses.field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.override is not None:
            self.override = self.override.with_selection(self.select, self.ignore)

    def for_path(self, path: str | Path) -> Config:
        """Return the configuration that applies to a file or directory.

        Parameters
        ----------
        path : str or Path
            A checked file, or a directory being walked.

        Returns
        -------
        Config
            The override if there is one; else the configuration of the
            nearest ``pyproject.toml`` with a ``[tool.cuda-core-guide]``
            table, or the defaults (rooted at the working directory).

        Raises
        ------
        ConfigError
            If the file found cannot be read or holds an invalid table.
        """
        if self.override is not None:
            return self.override
        directory = real_path(path)
        if not directory.is_dir():
            directory = directory.parent
        config = self._by_directory.get(directory)
        if config is None:
            config = self._load(find_config_file(directory))
            self._by_directory[directory] = config
        return config

    def source_of(self, path: str | Path) -> Path | None:
        """Return the ``pyproject.toml`` that configures ``path``, or ``None`` for the defaults.

        Parameters
        ----------
        path : str or Path
            A file or directory.

        Returns
        -------
        Path or None
            The file, or ``None`` when an override or the defaults apply.
        """
        if self.override is not None:
            return None
        directory = real_path(path)
        return find_config_file(directory if directory.is_dir() else directory.parent)

    def _load(self, file: Path | None) -> Config:
        """Load (once per file) and apply the command-line selection."""
        config = self._by_file.get(file)
        if config is None:
            loaded = load_config(file, known_codes=self.known_codes) if file is not None else Config()
            config = loaded.with_selection(self.select, self.ignore)
            self._by_file[file] = config
        return config
