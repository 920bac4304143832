# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The result cache: each checked file's findings, stored on disk between runs, as ruff does.

Layout::

    .cuda-core-guide-cache/
        CACHEDIR.TAG            # backup tools skip the folder
        .gitignore              # "*": git ignores it
        <checker digest>/
            codes.json          # the rule codes the checker knows
            files/<ab>/<path digest>.json

One entry per checked path holds the key it was computed under
(:mod:`cuda_core_guide.checker.cache_key`) and the findings. An entry whose key
differs, or that cannot be read or parsed (corrupt, truncated, from another
layout), is a miss and is written anew. Every write goes to a temporary file
in the same folder and is moved into place with :func:`os.replace`, so two
runs at once (pre-commit's parallel hooks) leave whole entries only: at
worst one run's entry replaces the other's. A run of another checker
version clears the folders of the others.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from cuda_core_guide.checker.cache_key import checker_digest
from cuda_core_guide.findings import Finding, Level

__all__ = ["CACHE_DIR_NAME", "ResultCache", "default_cache_dir"]

CACHE_DIR_NAME = ".cuda-core-guide-cache"
"""The name of the cache folder; the default ``exclude`` patterns skip it."""

_LAYOUT = 1
_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by cuda-core-guide.\n"
    "# For information about cache directory tags, see:\n"
    "#\thttps://bford.info/cachedir/\n"
)


class ResultCache:
    """Read and write cached findings in one cache folder.

    Parameters
    ----------
    directory : Path
        The cache folder; created, with its ``CACHEDIR.TAG`` and
        ``.gitignore``, on the first write.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self._version_dir = self.directory / checker_digest()[:20]
        self._prepared = False

    def get(self, path: Path, key: str) -> list[Finding] | None:
        """Return the cached findings of ``path`` under ``key``, or ``None`` on a miss.

        Parameters
        ----------
        path : Path
            The file as the user named it (the cache is keyed by its name).
        key : str
            The key of its findings now.

        Returns
        -------
        list of Finding or None
            The findings, or ``None`` if there is no readable entry with
            this key.
        """
        try:
            data = json.loads(self._entry(path).read_bytes())
            if data["layout"] != _LAYOUT or data["key"] != key:
                return None
            return [
                Finding(str(path), int(line), int(column), str(rule), str(message), Level(level))
                for line, column, rule, message, level in data["findings"]
            ]
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None  # no entry, or a corrupt, truncated or foreign one: check the file again

    def put(self, path: Path, key: str, findings: Iterable[Finding]) -> None:
        """Store the findings of ``path`` under ``key``; a failure to write is ignored.

        Parameters
        ----------
        path : Path
            The file as the user named it.
        key : str
            The key the findings were computed under.
        findings : iterable of Finding
            Its findings.
        """
        rows = [[f.line, f.column, f.rule, f.message, str(f.level)] for f in findings]
        data = json.dumps({"layout": _LAYOUT, "key": key, "findings": rows}, ensure_ascii=False)
        with contextlib.suppress(OSError):
            self._prepare()
            entry = self._entry(path)
            entry.parent.mkdir(parents=True, exist_ok=True)
            _write_atomically(entry, data)

    def known_codes(self, compute: Callable[[], frozenset[str]]) -> frozenset[str]:
        """Return the rule codes the checker knows, stored once per checker version.

        Computing them reads the rule catalog, which in a source checkout
        renders the guide (and imports Cython); a cached run reads a list.

        Parameters
        ----------
        compute : callable
            Returns the codes when the cache has none.

        Returns
        -------
        frozenset of str
            The codes.
        """
        stored = self._version_dir / "codes.json"
        with contextlib.suppress(OSError, ValueError, TypeError):
            codes = json.loads(stored.read_bytes())
            if isinstance(codes, list) and codes and all(isinstance(code, str) for code in codes):
                return frozenset(codes)
        codes = compute()
        with contextlib.suppress(OSError):
            self._prepare()
            _write_atomically(stored, json.dumps(sorted(codes)))
        return codes

    def _entry(self, path: Path) -> Path:
        """Return the entry file of a path as named (relative names count from the working directory)."""
        name = hashlib.blake2b(os.path.abspath(path).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        return self._version_dir / "files" / name[:2] / f"{name}.json"

    def _prepare(self) -> None:
        """Create the cache folder with its tag and ``.gitignore``, and clear other versions' folders."""
        if self._prepared:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", _TAG), (".gitignore", "# Created by cuda-core-guide\n*\n")):
            if not (self.directory / name).is_file():
                _write_atomically(self.directory / name, text)
        if not self._version_dir.is_dir():
            for other in self.directory.iterdir():
                if other.is_dir() and not other.is_symlink():
                    shutil.rmtree(other, ignore_errors=True)
            self._version_dir.mkdir(exist_ok=True)
        self._prepared = True


def default_cache_dir(config_file: Path | None) -> Path:
    """Return where the cache lives by default.

    Parameters
    ----------
    config_file : Path or None
        The configuration file nearest the working directory (or the one
        ``--config`` names).

    Returns
    -------
    Path
        ``.cuda-core-guide-cache`` beside the file, else in the working
        directory.
    """
    return (config_file.parent if config_file is not None else Path.cwd()) / CACHE_DIR_NAME


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and move it into place."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        os.chmod(temporary, 0o666 & ~_umask())  # as an ordinary file, not mkstemp's owner-only mode
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@functools.cache
def _umask() -> int:
    """Return the process's file mode creation mask (read once: reading it means setting it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
