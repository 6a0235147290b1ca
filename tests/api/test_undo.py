"""Take-backs by consent (issue 24; docs/api.md "Undo", rules UNDO-1 .. UNDO-4 of
ora_rules/undo.py): a request, the answers, the restored position, never a rewritten event."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from websockets.sync.client import connect

from ora_core.codec import state_from_dict, state_to_dict
from ora_core.evolve import fold
from ora_rules.records.positions import events_to_move
from tests.api.conftest import HttpServer, Local, RpcFailed, all_events
from tests.support import rules


def _game(client: Any, players: int = 3, undo: str | None = None, bots: int = 0,
          seed: int = 5) -> tuple[str, dict[int, str]]:
    config: dict[str, Any] = {"players": players, "variant": "france", "length": "long",
                              "seed": seed}
    if undo is not None:
        config["undo"] = undo
    seats = [{"name": f"P{s}"} for s in range(players - bots)] + \
        [{"bot": "random"} for _ in range(bots)]
    created = client.call("game.create", {"config": config, "seats": seats,
                                          "visibility": "public"})
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def _play(client: Any, game_id: str, tokens: dict[int, str], n: int) -> list[int]:
    """``n`` moves, each the deciding seat's first legal move: the seats that moved."""
    seats = []
    for _ in range(n):
        legal = client.call("game.legal_moves", {"game_id": game_id})
        client.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                  "move": legal["moves"][-1]})
        seats.append(legal["seat"])
    return seats


def _position(client: Any, game_id: str, move: int) -> dict[str, Any]:
    """The state after ``move`` moves, folded here from the stream's prefix."""
    from ora_core.codec import event_from_dict

    events = [event_from_dict({"type": e["type"], **e["data"]})
              for e in all_events(client, game_id)]
    return _comparable(state_to_dict(fold(events_to_move(events, move))))


def _comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A state's JSON without its version (which goes on counting) and pending request."""
    data: dict[str, Any] = orjson.loads(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))
    return {k: v for k, v in data.items() if k not in ("version", "undo_request")}


def test_an_undo_accepted_by_every_other_player_restores_the_position(local: Local) -> None:
    game_id, tokens = _game(local)
    _play(local, game_id, tokens, 6)
    before = all_events(local, game_id)
    wanted = _position(local, game_id, 2)
    asked = local.call("game.undo_request", {"game_id": game_id, "token": tokens[0],
                                             "to_move": 2})
    assert asked["restored"] is False and asked["waiting"] == [1, 2]
    assert [e["type"] for e in asked["events"]] == ["undo_requested"]
    with pytest.raises(RpcFailed) as twice:  # UNDO-4: only a seat asked answers
        local.call("game.undo_answer", {"game_id": game_id, "token": tokens[0], "accept": True})
    assert twice.value.data["rule"] == "UNDO-4"
    first = local.call("game.undo_answer", {"game_id": game_id, "token": tokens[1],
                                            "accept": True})
    assert first["restored"] is False and first["waiting"] == [2]
    last = local.call("game.undo_answer", {"game_id": game_id, "token": tokens[2],
                                           "accept": True})
    assert last["restored"] is True
    assert [e["type"] for e in last["events"]] == ["undo_answered", "position_restored"]
    after = all_events(local, game_id)
    assert after[:len(before)] == before  # nothing rewritten: only appended
    state = local.service.current(__import__("uuid").UUID(game_id))
    assert _comparable(state_to_dict(state)) == wanted
    # The same seed gives the same game afterwards: the moves replayed give the same events.
    legal = local.call("game.legal_moves", {"game_id": game_id})
    assert legal["version"] == len(after)


def test_a_refusal_ends_the_request_and_a_move_lapses_it(local: Local) -> None:
    game_id, tokens = _game(local)
    seats = _play(local, game_id, tokens, 4)
    local.call("game.undo_request", {"game_id": game_id, "token": tokens[1], "to_move": 1})
    refused = local.call("game.undo_answer", {"game_id": game_id, "token": tokens[2],
                                              "accept": False})
    assert refused["restored"] is False and refused["waiting"] == []
    with pytest.raises(RpcFailed) as gone:
        local.call("game.undo_answer", {"game_id": game_id, "token": tokens[0], "accept": True})
    assert gone.value.data["reason"] == "no_undo_request"
    local.call("game.undo_request", {"game_id": game_id, "token": tokens[1], "to_move": 1})
    with pytest.raises(RpcFailed) as pending:  # UNDO-3: one at a time
        local.call("game.undo_request", {"game_id": game_id, "token": tokens[2], "to_move": 0})
    assert pending.value.data["rule"] == "UNDO-3"
    _play(local, game_id, tokens, 1)  # anyone moves: the request lapses
    events = all_events(local, game_id)
    assert [e["type"] for e in events[-3:]][:2] != ["undo_requested", "undo_answered"]
    assert any(e["type"] == "undo_lapsed" for e in events[-4:])
    with pytest.raises(RpcFailed) as lapsed:
        local.call("game.undo_answer", {"game_id": game_id, "token": tokens[0], "accept": True})
    assert lapsed.value.data["reason"] == "no_undo_request"
    assert seats  # the moves were played by the seats that decided


def test_the_policy_is_chosen_at_creation(local: Local) -> None:
    game_id, tokens = _game(local, undo="none")
    _play(local, game_id, tokens, 3)
    with pytest.raises(RpcFailed) as none:
        local.call("game.undo_request", {"game_id": game_id, "token": tokens[0], "to_move": 1})
    assert none.value.data["rule"] == "UNDO-1" and none.value.data["reason"] == \
        "undo_not_allowed"
    game_id, tokens = _game(local, undo="own_last")
    assert _play(local, game_id, tokens, 5) == [0, 0, 0, 1, 1]  # a turn is several commands
    done = local.call("game.undo_request", {"game_id": game_id, "token": tokens[1],
                                            "to_move": 3})
    assert done["restored"] is True and done["waiting"] == []  # own moves: nobody asked
    with pytest.raises(RpcFailed) as theirs:  # seat 0's moves are not seat 2's to take back
        local.call("game.undo_request", {"game_id": game_id, "token": tokens[2],
                                         "to_move": 0})
    assert theirs.value.data["reason"] == "not_your_move"
    again = local.call("game.undo_request", {"game_id": game_id, "token": tokens[0],
                                             "to_move": 1})
    assert again["restored"] is True


def test_bots_accept_and_moves_off_the_line_cannot_be_asked_for(local: Local) -> None:
    game_id, tokens = _game(local, players=2, bots=1, seed=9)
    legal = local.call("game.legal_moves", {"game_id": game_id})
    while legal["seat"] != 0:  # the bot plays its own turns
        legal = local.call("game.legal_moves", {"game_id": game_id})
    _play(local, game_id, {0: tokens[0]}, 1)
    moves = sum(e["type"] == "move_played" for e in all_events(local, game_id))
    done = local.call("game.undo_request", {"game_id": game_id, "token": tokens[0],
                                            "to_move": moves - 1})
    assert done["restored"] is True and done["waiting"] == []
    with pytest.raises(RpcFailed) as off:  # UNDO-2: the move taken back is off the line
        local.call("game.undo_request", {"game_id": game_id, "token": tokens[0],
                                         "to_move": moves})
    assert off.value.data["rule"] == "UNDO-2"


def test_a_restored_state_survives_the_codec() -> None:
    from ora_rules.decide import start
    from ora_rules.setup import make_config

    state = fold(start(make_config(2, "france", "long", 3), rules()))
    assert state_from_dict(state_to_dict(state)) == state


def test_an_undo_accepted_in_one_client_is_seen_by_the_other(http_server: HttpServer) -> None:
    """Seat 0 asks over a WebSocket, seat 1 accepts over HTTP: the first client is pushed the
    answer and the restored position, and the log says who asked and who agreed."""
    game_id, tokens = _game(http_server, players=2)
    _play(http_server, game_id, tokens, 4)
    wanted = _position(http_server, game_id, 1)
    with connect(http_server.ws_url, max_size=None) as ws:
        def call(n: int, method: str, params: dict[str, Any]) -> Any:
            ws.send(orjson.dumps({"jsonrpc": "2.0", "id": n, "method": method,
                                  "params": params}))
            while True:  # notifications may come before the reply
                message = orjson.loads(ws.recv(timeout=10))
                if message.get("id") == n:
                    return message["result"]

        call(1, "game.subscribe", {"game_id": game_id})
        asked = call(2, "game.undo_request", {"game_id": game_id, "token": tokens[0],
                                              "to_move": 1})
        assert asked["waiting"] == [1]
        answer = http_server.call("game.undo_answer", {"game_id": game_id, "token": tokens[1],
                                                       "accept": True})
        assert answer["restored"] is True
        pushed: list[str] = []
        while "position_restored" not in pushed:
            message = orjson.loads(ws.recv(timeout=10))
            pushed.append(message["params"]["type"])
        assert pushed[-2:] == ["undo_answered", "position_restored"]
    state = http_server.call("game.state", {"game_id": game_id})
    assert state["version"] == answer["version"]
    assert _position(http_server, game_id, 1) == wanted  # the prefix is still there
    restored = all_events(http_server, game_id)[-1]["data"]["state"]
    assert _comparable(restored) == wanted
    log = http_server.call("game.log", {"game_id": game_id})
    said = " ".join(" ".join(m["then"]) for m in log["moves"])
    assert "asks to take the game back to after move 1" in said
    assert "accepts the take-back" in said and "are taken back" in said


def test_a_game_with_a_take_back_exports_and_imports_to_the_same_events(local: Local) -> None:
    """A record carries the moves taken back and the agreement as lines of their own
    (docs/records.md "Take-backs"): game.import replays it to the same events, hash for hash."""
    game_id, tokens = _game(local, players=2, seed=8)
    _play(local, game_id, tokens, 3)
    local.call("game.undo_request", {"game_id": game_id, "token": tokens[0], "to_move": 1})
    local.call("game.undo_answer", {"game_id": game_id, "token": tokens[1], "accept": True})
    _play(local, game_id, tokens, 2)
    exported = local.call("game.export", {"game_id": game_id})["record"]
    assert "\n!undo 0 1  #v" in exported and "\n!accept 1  #v" in exported
    imported = local.call("game.import", {"record": exported, "visibility": "public"})
    assert imported["stop"] is None and imported["moves"] == 5
    again = all_events(local, imported["game_id"])
    first = all_events(local, game_id)
    assert [(e["type"], e["data"], e["hash"]) for e in again] == \
        [(e["type"], e["data"], e["hash"]) for e in first]
