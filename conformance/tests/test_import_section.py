# SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
#
# SPDX-License-Identifier: Apache-2.0

"""Unit tests of :mod:`cuda_core_guide.source.import_section`."""

from __future__ import annotations

import textwrap

import pytest

from cuda_core_guide.source import SourceFile, load_source
from cuda_core_guide.source.import_section import describe_statement, import_section, late_imports


def parse(text: str, name: str = "_module.pyx") -> SourceFile:
    """Parse dedented text as the file ``name``."""
    return load_source(name, text=textwrap.dedent(text).lstrip("\n"))


def test_section_units_in_order() -> None:
    """Check the units of an import section and where it ends."""
    source = parse(
        """
        \"\"\"Docstring.\"\"\"

        from __future__ import annotations

        from libc.stdint cimport uintptr_t
        import os, sys
        from cuda.core._utils.cuda_utils import (
            driver,
        )

        try:
            import numpy as np
        except ImportError:
            np = None

        if not TYPE_CHECKING:
            if sys.version_info >= (3, 11):
                from enum import StrEnum
            else:
                from backports.strenum import StrEnum

        __all__ = ["np"]

        import late
        """
    )
    section = import_section(source)
    rows = [(u.kind, u.start, u.end, u.text) for u in section.units]
    assert rows == [
        ("statement", 3, 3, "from __future__ import annotations"),
        ("statement", 5, 5, "from libc.stdint cimport uintptr_t"),
        ("statement", 6, 6, "import os"),
        ("statement", 6, 6, "import sys"),
        ("statement", 7, 9, "from cuda.core._utils.cuda_utils import driver"),
        ("fallback", 11, 14, "import numpy as np"),
        ("conditional", 16, 20, "from enum import StrEnum"),
    ]
    assert section.units[-1].describe() == "the `if` import block `from enum import StrEnum`"
    assert section.units[5].describe() == "the `try` import fallback `import numpy as np`"
    assert source.body[section.end_index].lhs.name == "__all__"
    assert [u.text for u in late_imports(source)] == ["import late"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("import a.b\n", "import a.b"),
        ("import a.b as c\n", "import a.b as c"),
        ("from . import x\n", "from . import x"),
        ("from ..pkg import x as y, z\n", "from ..pkg import x as y, z"),
        ("from m import a, b, c, d\n", "from m import a, b, c, ..."),
        ("cimport cython\n", "cimport cython"),
        ("cimport numpy as cnp\n", "cimport numpy as cnp"),
        ("from .x cimport (a, b as c)\n", "from .x cimport a, b as c"),
        ("x = 1\n", ""),
    ],
)
def test_describe_statement(text: str, expected: str) -> None:
    """Check how import statements are quoted in messages."""
    assert describe_statement(parse(text).body[0]) == expected


def test_blocks_that_are_not_import_blocks_end_the_section() -> None:
    """Check that a ``try`` block doing more than importing ends the section."""
    source = parse(
        """
        import os

        try:
            import numpy
        except ImportError:
            print("no numpy")

        import sys
        """
    )
    section = import_section(source)
    assert [u.text for u in section.units] == ["import os"]
    assert [u.text for u in late_imports(source)] == ["import sys"]


def test_empty_and_comment_only_files() -> None:
    """Check that files without statements have an empty section."""
    for text in ("", "# just a comment\n"):
        source = parse(text, "m.py")
        section = import_section(source)
        assert section.units == ()
        assert late_imports(source) == []
