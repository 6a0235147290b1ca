"""Issue 36: ``ora train-eval`` makes the learned evaluation's model files from their recipes, the
same bytes every time (docs/bots.md, "The learned evaluation"); without numpy it says so in one
line before playing a game."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from ora_api.cli import main
from ora_rules.bots import training
from ora_rules.bots.value import from_json


def test_without_numpy_it_names_the_extra_in_one_line_and_plays_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> Any:
        return None if name == "numpy" else real_find_spec(name, *args)

    def no_games(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a game was played before the missing numpy was named")

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    monkeypatch.setattr(training, "samples", no_games)
    out = tmp_path / "solo.json"
    assert main(["train-eval", "--model", "solo", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "ora train-eval needs the 'learning' extra (numpy is not installed)" in err
    assert not out.exists()


def test_bad_arguments_are_one_line_and_write_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "solo.json"
    recipes = "four, four_short, solo, three, three_short, two, two_long"
    for argv, said in ((["--model", "duo"], f"no model 'duo'; the recipes are {recipes}"),
                       (["--model", "solo", "--games", "0"], "--games takes a number of seeds"),
                       (["--model", "solo", "--jobs", "0", "--out", str(out)],
                        "--jobs takes a number of processes")):
        assert main(["train-eval", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err
    assert not out.exists()


def test_a_trial_model_is_written_and_made_again_byte_for_byte(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One seed of the solo recipe (a France and an Ireland game of ``hard``): the file written,
    then ``--check`` against it plays the games again and finds the same bytes (exit 0); a
    file that differs would change (exit 1)."""
    out = tmp_path / "solo.json"
    argv = ["train-eval", "--model", "solo", "--games", "1", "--jobs", "1", "--out", str(out)]
    assert main(argv) == 0
    written = out.read_text(encoding="utf-8")
    made = from_json(written)
    assert made.recipe["name"] == "solo" and made.recipe["policy"] == "hard"
    assert len(made.weights) == len(training.KNOTS)
    captured = capsys.readouterr()
    assert "playing 2 games" in captured.err and f"wrote {out}" in captured.out

    assert main([*argv, "--check"]) == 0
    assert "is unchanged" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == written

    out.write_text(written.replace('"ridge": 10.0', '"ridge": 11.0'), encoding="utf-8")
    assert main([*argv, "--check"]) == 1
    assert "would change" in capsys.readouterr().out
