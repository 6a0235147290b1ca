"""A value model file read from disk (``ora_rules.bots.value.load``): a blank line is no
error, and a broken file is refused with its path and line named (docs/bots.md, "Expert")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ora_rules.bots.value import DATA, MODELS, load


@pytest.fixture
def shipped() -> str:
    return (DATA / MODELS["1"]).read_text()


def test_a_model_file_with_blank_lines_loads_as_the_shipped_one(
        shipped: str, tmp_path: Path) -> None:
    path = tmp_path / "value_solo.json"
    head, *rest = shipped.splitlines()
    path.write_text("\n".join([head, "", *rest]) + "\n\n  \n")
    assert load(path) == load(DATA / MODELS["1"])


@pytest.mark.parametrize(("change", "message"), [
    (lambda text: text.replace("]]", "]", 1), "line 2: not JSON"),
    (lambda text: "{}\n" + text, "line 1: not an ora value model"),
    (lambda text: "", "is empty"),
    (lambda text: text + "[[0, 1.0]]\n", "one weight line and one bias a knot"),
    (lambda text: text.replace('"knots"', '"nots"', 1), "a malformed value model"),
])
def test_a_broken_model_file_is_refused_naming_the_file_and_line(
        shipped: str, tmp_path: Path, change: Callable[[str], str], message: str) -> None:
    path = tmp_path / "value_solo.json"
    path.write_text(change(shipped))
    with pytest.raises(ValueError, match=message) as refused:
        load(path)
    assert str(path) in str(refused.value)
