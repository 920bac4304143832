# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""The resolved configuration as text (``check --show-settings``), keyed as in ``pyproject.toml``."""

from __future__ import annotations

import json
from pathlib import Path

from cuda_core_guide.checker.config import DEFAULT_EXCLUDE, Config

__all__ = ["settings_table", "settings_text"]


def settings_table(config: Config) -> dict[str, object]:
    """Return a configuration's values under the keys of ``[tool.cuda-core-guide]``.

    Parameters
    ----------
    config : Config
        A resolved configuration.

    Returns
    -------
    dict of str to object
        Every key, with the value in force (``exclude`` without the
        built-in build and cache folders).
    """
    return {
        "select": list(config.select),
        "ignore": list(config.ignore),
        "per-path-ignores": {pattern: list(codes) for pattern, codes in config.per_path_ignores},
        "levels": {code: str(level) for code, level in sorted(config.levels.items())},
        "first-party": list(config.first_party),
        "exclude": [pattern for pattern in config.exclude if pattern not in DEFAULT_EXCLUDE],
        "respect-gitignore": config.respect_gitignore,
        "principal": dict(config.principal),
        "copyright-holder": config.copyright_holder,
        "license": config.license,
        "time-limit": config.time_limit,
        "docs-url": config.docs_url,
    }


def settings_text(path: str | Path, config: Config, source: Path | None, *, override: str | None = None) -> str:
    """Return the settings a path is checked under, as TOML, headed by where they come from.

    Parameters
    ----------
    path : str or Path
        The checked file or directory.
    config : Config
        Its resolved configuration.
    source : Path or None
        The ``pyproject.toml`` it was found in, if any.
    override : str, optional
        The ``--config`` file, when one was given.

    Returns
    -------
    str
        The text, ending without a newline.
    """
    if override:
        origin = f"{override} (--config)"
    elif source is not None:
        origin = str(source)
    else:
        origin = "the defaults: no pyproject.toml with a [tool.cuda-core-guide] table above it"
    lines = [f"# settings for {path}", f"# from {origin}", f"# root of relative paths: {config.root}"]
    lines.append("[tool.cuda-core-guide]")
    for key, value in settings_table(config).items():
        if value is None:
            lines.append(f"# {key} is unset: the published guide")
        elif isinstance(value, dict):
            entries = ", ".join(f"{json.dumps(name)} = {json.dumps(item)}" for name, item in value.items())
            lines.append(f"{key} = {{ {entries} }}" if entries else f"{key} = {{}}")
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    return "\n".join(lines)
