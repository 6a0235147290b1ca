"""``game.create`` with the Liesborn wonders (R-LIES-1..6, AMB-28); ``ora selfplay --liesborn``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tests.api.conftest import Local, RpcFailed, play

ROOT = Path(__file__).resolve().parents[2]


def _create(local: Local, **config: object) -> tuple[str, dict[int, str]]:
    """A public game whose every seat the creator takes."""
    players = config["players"]
    assert isinstance(players, int)
    created = local.call("game.create", {
        "config": {"variant": "france", "length": "long", **config},
        "seats": [{"name": f"P{seat}"} for seat in range(players)], "visibility": "public"})
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}


def test_game_create_with_liesborn_plays_to_the_end(local: Local) -> None:
    game_id, tokens = _create(local, players=3, seed=4, liesborn=True)
    state = local.call("game.state", {"game_id": game_id})
    assert state["config"]["liesborn"] is True and state["config"]["wonder_tiles"] == "all"
    assert len(state["wonder_display"]) == 7  # R-LIES-2
    assert state["wonder_stack"] == 19 and state["wonders_left"] == 26
    first = local.call("game.events", {"game_id": game_id})["events"][0]
    assert first["data"]["wonder_display"] == state["wonder_display"]
    play(local, game_id, tokens, random.Random(2))
    final = local.call("game.score", {"game_id": game_id})
    assert final["final"] is True
    for scored in final["scores"]:
        assert all(w["points"] == 20 for w in scored["wonders"] if not w["dark"])


def test_game_create_without_liesborn_has_no_tiles(local: Local) -> None:
    game_id, _ = _create(local, players=2, seed=1)
    state = local.call("game.state", {"game_id": game_id})
    assert state["config"]["liesborn"] is False and state["config"]["wonder_tiles"] == ""
    assert (state["wonder_display"], state["wonder_stack"], state["wonders_left"]) == ([], 0, 8)


@pytest.mark.parametrize(("config", "detail"), [
    ({"liesborn": True, "wonder_tiles": "most"}, "wonder_tiles must be one of all, known"),
    ({"wonder_tiles": "known"}, "only with liesborn"),
])
def test_a_bad_tile_set_is_invalid_params(local: Local, config: dict[str, object],
                                          detail: str) -> None:
    with pytest.raises(RpcFailed) as e:
        _create(local, players=3, **config)
    assert e.value.code == -32602
    assert e.value.data["path"] == "config.wonder_tiles"
    assert detail in e.value.data["detail"]
    assert local.call("game.list")["games"] == []


def test_the_known_tile_set(local: Local) -> None:
    game_id, _ = _create(local, players=4, seed=2, liesborn=True, wonder_tiles="known")
    state = local.call("game.state", {"game_id": game_id})
    assert state["wonders_left"] == 14 and len(state["wonder_display"]) == 9


def test_ora_selfplay_liesborn() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "selfplay", "--players", "2", "--length", "short",
         "--liesborn", "--bots", "seek:G34", "--store", "none", "--json"],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    game = orjson.loads(done.stdout)
    assert game["finished"] is True
    assert game["config"]["liesborn"] is True and game["config"]["wonder_tiles"] == "all"
    assert all("wonders" in s for s in game["scores"])
    refused = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "selfplay", "--liesborn", "--wonder-tiles", "x"],
        capture_output=True, text=True, check=False, cwd=ROOT)
    assert refused.returncode == 2
    assert refused.stderr.strip() == "ora: wonder_tiles must be one of all, known, got 'x'"


def test_ora_selfplay_liesborn_prints_each_tile() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "selfplay", "--players", "4", "--length",
         "short", "--seed", "8", "--liesborn", "--bots", "seek:G34", "--store", "none"],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "4 players, france, short, Liesborn (all), seed 8: finished" in done.stdout
    assert "        wonders: LW-08 dark 20" in done.stdout.splitlines()
