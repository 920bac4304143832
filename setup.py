# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Package the checker, and build its rule catalog from the guide's chapters.

The checker prints each rule's title, level, chapter and text, which the
guide's MyST chapters define. ``build_py`` renders them into
``cuda_core_guide/guide/catalog.json`` in the build tree, so an installed
checker reads package data and never looks for the chapters. An editable
install skips this: it reads the chapters of the checkout it runs from.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py
from setuptools.errors import SetupError

ROOT = Path(__file__).resolve().parent


class BuildWithCatalog(build_py):
    """Build the Python packages, then write the rule catalog beside them."""

    def run(self) -> None:
        """Copy the packages, then render the catalog into the build tree."""
        # build_py copies into build/lib and leaves what is already there: a
        # module that moved since the last build would ship twice.
        shutil.rmtree(Path(self.build_lib) / "cuda_core_guide", ignore_errors=True)
        super().run()
        if self.editable_mode:
            return
        sys.path.insert(0, str(ROOT / "conformance"))
        try:
            from cuda_core_guide.guide.catalog import CATALOG_RESOURCE, build_catalog, dump_catalog
            from cuda_core_guide.guide.myst import MystError
        finally:
            sys.path.pop(0)
        try:
            catalog = build_catalog(ROOT / "guide")
        except MystError as exc:
            # setuptools prints a SetupError as one "error:" line, without a traceback.
            raise SetupError(f"cannot build the rule catalog from the guide: {exc}") from None
        target = Path(self.build_lib) / "cuda_core_guide" / "guide" / CATALOG_RESOURCE
        target.write_text(dump_catalog(catalog), encoding="utf-8")


setup(
    packages=find_packages("conformance", include=["cuda_core_guide*"], exclude=["*.fixtures", "*.fixtures.*"]),
    cmdclass={"build_py": BuildWithCatalog},
)
