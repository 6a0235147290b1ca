"""game.preview: what a move would change, in game.diff's words, without storing it (issue 23,
the web client's confirmation)."""

from __future__ import annotations

import random

import pytest

from tests.api.conftest import Local, RpcFailed, new_game, play


def test_a_preview_says_what_the_move_changes_and_stores_nothing(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=4)
    before = local.call("game.state", {"game_id": game_id})["version"]
    legal = local.call("game.legal_moves", {"game_id": game_id})
    # R-GOODS-1: the Clay Mound (the heartland's L?1) gives clay from the wheel
    move = next(m for m in legal["moves"] if m.startswith("USE L") and m.endswith("1"))
    preview = local.call("game.preview", {"game_id": game_id, "move": move,
                                          "expected_version": before})
    assert preview["version"] == before and preview["move"] == move
    assert any("clay" in line.lower() for line in preview["text"]), preview["text"]
    assert local.call("game.state", {"game_id": game_id})["version"] == before
    # played for real, the diff of that move says the same
    local.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]], "move": move})
    played = local.call("game.diff", {"game_id": game_id, "from_move": 0, "to_move": 1})
    assert played["text"] == preview["text"]


def test_a_preview_refuses_what_game_move_refuses(local: Local) -> None:
    game_id, _ = new_game(local, players=3, seed=4)
    with pytest.raises(RpcFailed) as illegal:  # R-BUILD-5: a space holds one card
        local.call("game.preview", {"game_id": game_id, "move": "BUILD G01 0 0"})
    assert illegal.value.data["code"] == "illegal_move"
    with pytest.raises(RpcFailed) as invalid:
        local.call("game.preview", {"game_id": game_id, "move": "DANCE"})
    assert invalid.value.data["code"] == "invalid_move"
    with pytest.raises(RpcFailed) as stale:
        local.call("game.preview", {"game_id": game_id, "move": "COMMIT",
                                    "expected_version": 1})
    assert stale.value.data["code"] == "version_conflict"


def test_the_view_shows_the_start_player_marker(local: Local) -> None:
    """R-ROUND-4: the start player of round r is seat (r - 1) mod N; none once the game is
    over (the web client draws the marker from it)."""
    game_id, tokens = new_game(local, players=3, seed=4)
    seen = {}
    rng = random.Random(3)
    while True:
        board = local.call("game.view", {"game_id": game_id})
        if board["final"]:
            assert board["start_seat"] is None
            break
        seen[board["schedule"]["round"]] = board["start_seat"]
        if len(seen) > 4:
            break
        play(local, game_id, tokens, rng, max_moves=1)
    assert seen == {r: (r - 1) % 3 for r in seen} and len(seen) > 1
