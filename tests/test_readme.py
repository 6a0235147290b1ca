"""The README's Python example runs as written (a doctest)."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_example_runs() -> None:
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
