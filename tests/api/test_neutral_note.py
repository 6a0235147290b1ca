"""The solo game's neutral player as a note beside the score (issue 37): the rules do not score
it (R-SCORE-8, R-SOLO-3), weblabora does, so ``game.score``, ``game.explain`` and ``ora
explain`` show its buildings' points apart from the seats, and they are weblabora's."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main
from tests.api.conftest import Local, new_game

DATA = Path(__file__).resolve().parents[1] / "data" / "records"
RECORD = (DATA / "weblabora" / "Game27378.txt").read_text(encoding="utf-8")
#: weblabora's own scores of the game: red the solo player, white the neutral player.
EXPECTED = json.loads((DATA / "expected-scores.json").read_text(encoding="utf-8"))[
    "weblabora/Game27378.txt"]["scores"]


def test_the_neutral_player_s_points_are_a_note_with_weblabora_s_numbers(local: Local) -> None:
    imported = local.call("game.import", {"record": RECORD, "source": "weblabora",
                                          "as_recorded": True, "visibility": "public"})
    game_id = imported["game_id"]
    scored = local.call("game.score", {"game_id": game_id})
    assert scored["final"] is True and [s["seat"] for s in scored["scores"]] == [0]
    assert scored["winners"] == [0]
    neutral = scored["neutral"]
    assert (neutral["seat"], neutral["goods"], neutral["economic"], sum(neutral["settlements"]),
            neutral["total"]) == (1, *EXPECTED["W"])
    assert [scored["scores"][0][k] for k in ("goods", "economic", "total")] == [
        EXPECTED["R"][0], EXPECTED["R"][1], EXPECTED["R"][3]]
    explained = local.call("game.explain", {"game_id": game_id})
    assert [s["seat"] for s in explained["seats"]] == [0]
    note = explained["neutral"]
    assert note["total"] == neutral["total"] == sum(c["points"] for c in note["economic"])
    assert note["name"] == "the neutral player" and note["economic"]
    assert local.call("game.explain", {"game_id": game_id, "seat": 0})["neutral"] is None


def test_a_game_without_a_neutral_player_has_no_note(local: Local) -> None:
    game_id, _ = new_game(local, players=2)
    assert local.call("game.score", {"game_id": game_id})["neutral"] is None
    assert local.call("game.explain", {"game_id": game_id})["neutral"] is None


def test_ora_explain_lists_the_neutral_player_after_the_seats_as_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    record = DATA / "weblabora" / "Game27378.txt"
    assert main(["import", "--from", "weblabora", "--as-recorded", "--store", store,
                 str(record)]) == 0
    game_id = next(line for line in capsys.readouterr().out.splitlines()
                   if not line.startswith("note:"))
    assert main(["explain", game_id, "--store", store]) == 0
    seat, note = capsys.readouterr().out.split("\n\nnote: ")
    assert seat.startswith("Red: 519 points = goods 71 + economic 207 + settlements 241")
    assert note.startswith("the neutral player is not scored (R-SCORE-8)")
    assert "\nthe neutral player: 30 points = goods 0 + economic 30 + settlements 0\n" in note
    assert main(["explain", game_id, "--store", store, "--json"]) == 0
    lines = [orjson.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(line["seat"], "note" in line) for line in lines] == [(0, False), (1, True)]
    assert lines[1]["score"]["total"] == 30
