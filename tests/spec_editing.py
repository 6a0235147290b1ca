"""Helpers of the tests that load an edited copy of the specs and read the problems it has."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ora_core.errors import SpecError
from ora_rules.specs import default_spec_dir, load_rules


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A copy of the committed specs to edit."""
    target = tmp_path / "specs"
    shutil.copytree(default_spec_dir(), target)
    return target


def spec_problems(directory: Path) -> list[str]:
    """The problems loading ``directory`` reports (it must fail)."""
    with pytest.raises(SpecError) as caught:
        load_rules(directory)
    return caught.value.problems


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in a spec file (which must hold it) by ``new``."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
