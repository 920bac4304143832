# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The digests a cached result is keyed by: the checker, a configuration, a file and what it reads besides.

None of them imports Cython, the rules or the guide's Markdown parser: a
run whose results are all cached must start fast.

A file's findings depend on more than its text: its module name on which
directories above it hold an ``__init__``, a ``.pyx`` file's on the
``.pxd`` beside it (``PRF001``), and a package ``__init__``'s on the
submodules it star-imports (``PKG004``). The key therefore also covers the
package chain above the file, the size and modification time of the
``.pxd`` of the same name and, for an ``__init__``, of every source file
below its package.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from cuda_core_guide import __version__
from cuda_core_guide.checker.config import Config, real_path

__all__ = ["SOURCE_SUFFIXES", "FileKeys", "checker_digest", "config_digest"]

SOURCE_SUFFIXES = frozenset({".pyx", ".pxd", ".pxi", ".py"})
"""The suffixes of the files the checker reads (``cuda_core_guide.source.model.KINDS``, without Cython)."""

_PACKAGE = Path(__file__).resolve().parents[1]
_INIT_NAMES = ("__init__.py", "__init__.pyx", "__init__.pxd")


class FileKeys:
    """Compute the keys of files' findings, remembering directory scans for one run.

    Directory scans are remembered for the run only, so that a later run
    in the same process sees the files as they are then.
    """

    def __init__(self) -> None:
        self._memo: dict[tuple[str, str], str] = {}
        self._configs: dict[int, tuple[Config, str]] = {}

    def key(self, path: Path, data: bytes, config: Config) -> str:
        """Return the key of one file's findings.

        Parameters
        ----------
        path : Path
            The file as the user named it (findings report that name).
        data : bytes
            The file's content.
        config : Config
            The configuration it is checked under.

        Returns
        -------
        str
            A digest of the checker, the configuration, the path, the
            content and the files around it that the rules read.
        """
        real = str(real_path(path))
        directory = os.path.dirname(real)
        parts = [checker_digest(), self._config_key(config), str(path), real, hashlib.blake2b(data).hexdigest()]
        parts += [self._once("chain", directory, _package_chain), _file_stamp(os.path.splitext(real)[0] + ".pxd")]
        if os.path.basename(real).startswith("__init__."):
            parts.append(self._tree_stamp(directory))
        return _digest(*parts)

    def _config_key(self, config: Config) -> str:
        """Return :func:`config_digest`, once per configuration object."""
        known = self._configs.get(id(config))
        if known is None or known[0] is not config:
            known = (config, config_digest(config))
            self._configs[id(config)] = known
        return known[1]

    def _once(self, kind: str, directory: str, compute: Callable[[str], str]) -> str:
        """Return ``compute(directory)``, once per run."""
        value = self._memo.get((kind, directory))
        if value is None:
            value = self._memo[kind, directory] = compute(directory)
        return value

    def _tree_stamp(self, directory: str) -> str:
        """Describe the source files of a directory and of every directory below it."""
        value = self._memo.get(("tree", directory))
        if value is not None:
            return value
        parts = [self._once("dir", directory, _directory_stamp)]
        try:
            with os.scandir(directory) as scan:
                below = sorted(entry.name for entry in scan if not entry.name.startswith(".") and entry.is_dir())
        except OSError:
            below = []
        for name in below:
            child = os.path.join(directory, name)
            if not os.path.islink(child):  # a link loop must not recurse forever
                parts.append(f"{name}/\n{self._tree_stamp(child)}")
        value = self._memo["tree", directory] = "\n".join(parts)
        return value


@functools.cache
def checker_digest() -> str:
    """Return a digest of everything about the checker that changes its findings.

    It covers the checker's version, the text of each of its own modules
    (so that an edited rule invalidates the cache), the rule catalog it
    reads levels from (the packaged ``catalog.json``, or the checkout's
    ``guide/`` chapters), Cython's version and Python's. Computed once per
    process; reading the package's files costs a few milliseconds.

    Returns
    -------
    str
        A hexadecimal digest.
    """
    parts: list[str | bytes] = [__version__, sys.version, sys.implementation.cache_tag or ""]
    for path in sorted(_PACKAGE.rglob("*.py")):
        if "fixtures" in path.relative_to(_PACKAGE).parts:
            continue  # the rules' test fixtures change no finding
        parts += [path.relative_to(_PACKAGE).as_posix(), path.read_bytes()]
    catalog = _PACKAGE / "guide" / "catalog.json"
    guide = _PACKAGE.parents[1] / "guide"
    if catalog.is_file():
        parts += ["catalog.json", catalog.read_bytes()]
    elif guide.is_dir():
        for chapter in sorted(guide.rglob("*.md")):
            parts += [chapter.relative_to(guide).as_posix(), chapter.read_bytes()]
    parts.append(_cython_stamp())
    return _digest(*parts)


def config_digest(config: Config) -> str:
    """Return a stable digest of every field of a configuration.

    Nothing is left out: the selection, the ignores and the levels are part
    of it, so a result cached under one ``--select`` is never shown under
    another (a different selection costs a parse, never a wrong answer).

    Parameters
    ----------
    config : Config
        The configuration a file is checked under, every field of it.

    Returns
    -------
    str
        A hexadecimal digest.
    """
    fields = {field.name: getattr(config, field.name) for field in dataclasses.fields(config)}
    return _digest(json.dumps(fields, sort_keys=True, default=_jsonable))


def _digest(*parts: str | bytes) -> str:
    """Return the hexadecimal BLAKE2b digest of ``parts``, each length-prefixed so that no two lists collide."""
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def _cython_stamp() -> str:
    """Identify the installed Cython (its location and the file that holds its version) without importing it."""
    spec = importlib.util.find_spec("Cython")
    if spec is None or spec.origin is None:
        return "no Cython"
    shadow = Path(spec.origin).parent / "Shadow.py"
    try:
        return f"{spec.origin}\0{shadow.read_text(encoding='utf-8', errors='replace')}"
    except OSError:
        return spec.origin


def _jsonable(value: object) -> object:
    """Turn what JSON lacks (paths, enumerations, sets) into text."""
    if isinstance(value, (set, frozenset)):
        return sorted(map(str, value))
    return str(value)


def _file_stamp(path: str) -> str:
    """Describe the size and modification time of a file, or its absence."""
    try:
        info = os.stat(path)
    except OSError:
        return f"{path}: absent"
    return f"{path}:{info.st_size}:{info.st_mtime_ns}"


def _package_chain(directory: str) -> str:
    """Describe which ``__init__`` files the directories above hold, up to the first that holds none."""
    chain = []
    current = Path(directory)
    while True:
        present = [name for name in _INIT_NAMES if (current / name).exists()]
        chain.append(f"{current}:{','.join(present)}")
        if not present or current == current.parent:
            return "\n".join(chain)
        current = current.parent


def _directory_stamp(directory: str) -> str:
    """Describe the name, size and modification time of each source file in a directory."""
    entries = []
    try:
        with os.scandir(directory) as scan:
            for entry in scan:
                if os.path.splitext(entry.name)[1] in SOURCE_SUFFIXES:
                    try:
                        info = entry.stat()
                    except OSError:
                        entries.append(f"{entry.name}:?")
                        continue
                    entries.append(f"{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    except OSError as exc:
        return f"unreadable: {exc.errno}"
    return "\n".join(sorted(entries))
