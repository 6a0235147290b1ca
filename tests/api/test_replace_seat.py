"""A seat handed to a bot (issue 25; docs/api.md "A seat handed to a bot", rules SEAT-1 ..
SEAT-3 of ora_rules/seats.py): by the creator at once, by the other players' consent, recorded
as events that the log, the record and a replay show; the bot then plays the seat."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import orjson
import pytest
from websockets.sync.client import connect

from ora_api.transport.mcp_server import ToolRunner
from ora_core.codec import EventJsonCodec
from ora_rules.records.ora_format import read_ora
from ora_rules.views.narrate import seat_name
from tests.api.conftest import HttpServer, Local, RpcFailed, all_events
from tests.support import rules


def _game(client: Any, players: int = 3, seed: int = 5, bots: int = 0
          ) -> tuple[str, dict[int, str]]:
    """The creator takes seat 0; the other people join by invitation; ``bots`` last seats
    are bots'. Returns the game and every person's token."""
    seats: list[dict[str, Any]] = [{"name": "P0"}, *[{} for _ in range(players - 1 - bots)],
                                   *[{"bot": "random"} for _ in range(bots)]]
    created = client.call("game.create", {
        "config": {"players": players, "variant": "france", "length": "long", "seed": seed},
        "seats": seats, "visibility": "public"})
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    for s in created["seats"]:
        if s["invite"]:
            tokens[s["seat"]] = client.call("game.join", {"invite": s["invite"],
                                                          "name": f"P{s['seat']}"})["token"]
    return created["game_id"], tokens


def _wait_until(check: Any, timeout: float = 60) -> None:
    """The bot runner plays on its own thread: wait for its move (bounded)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def _decider(client: Any, game_id: str) -> int:
    seat: int = client.call("game.legal_moves", {"game_id": game_id})["seat"]
    return seat


def test_the_creator_hands_a_seat_to_a_bot_which_then_plays_it(local: Local) -> None:
    """SEAT-1: by the creator, at once; the seat's token no longer moves, the bot does."""
    game_id, tokens = _game(local, players=2)
    decider = _decider(local, game_id)
    gone = 1
    result = local.call("game.replace_seat", {"game_id": game_id, "token": tokens[0],
                                              "seat": gone, "bot": "random"})
    assert result["replaced"] is True and result["waiting"] == []
    assert [e["type"] for e in result["events"]] == ["seat_replaced"]
    # reason "creator" is the default: left out of the bytes
    assert result["events"][0]["data"] == {"seat": gone, "bot": "random"}
    assert local.service.current(UUID(game_id)).players[gone].bot == "random"
    while decider != gone:  # the creator plays until the bot's seat decides
        legal = local.call("game.legal_moves", {"game_id": game_id})
        local.call("game.move", {"game_id": game_id, "token": tokens[0],
                                 "move": legal["moves"][-1]})
        decider = _decider(local, game_id)
    _wait_until(lambda: any(e["type"] == "move_played" and e["data"]["seat"] == gone
                            for e in all_events(local, game_id)))
    with pytest.raises(RpcFailed) as refused:
        local.call("game.move", {"game_id": game_id, "token": tokens[gone], "move": "COMMIT"})
    assert refused.value.error["message"] == "Bad token"


def test_a_seat_is_handed_over_once_every_other_player_agrees(local: Local) -> None:
    """SEAT-1, SEAT-3: a joined player asks; the one other person answers; a refusal ends the
    request; the last consent hands the seat over. The log and the record show it all."""
    game_id, tokens = _game(local, players=3)
    target = next(s for s in (1, 2) if s != _decider(local, game_id))
    asks = 3 - target
    asked = local.call("game.replace_seat", {"game_id": game_id, "token": tokens[asks],
                                             "seat": target, "bot": "random"})
    assert asked["replaced"] is False and asked["waiting"] == [0]
    with pytest.raises(RpcFailed) as twice:  # SEAT-2: one request at a time
        local.call("game.replace_seat", {"game_id": game_id, "token": tokens[asks],
                                         "seat": target, "bot": "random"})
    assert twice.value.data["rule"] == "SEAT-2"
    with pytest.raises(RpcFailed) as not_asked:  # SEAT-3: only a seat asked answers
        local.call("game.replace_answer", {"game_id": game_id, "token": tokens[target],
                                           "accept": True})
    assert not_asked.value.data["rule"] == "SEAT-3"
    refused = local.call("game.replace_answer", {"game_id": game_id, "token": tokens[0],
                                                 "accept": False})
    assert refused["replaced"] is False and refused["waiting"] == []
    local.call("game.replace_seat", {"game_id": game_id, "token": tokens[asks],
                                     "seat": target, "bot": "random"})
    agreed = local.call("game.replace_answer", {"game_id": game_id, "token": tokens[0],
                                                "accept": True})
    assert agreed["replaced"] is True
    assert [e["type"] for e in agreed["events"]] == ["seat_replace_answered", "seat_replaced"]
    assert local.service.current(UUID(game_id)).players[target].bot == "random"
    record = local.call("game.export", {"game_id": game_id})["record"]
    assert f"ASK_REPLACE {asks} {target} random" in record
    assert "ANSWER_REPLACE 0 no" in record and "ANSWER_REPLACE 0 yes" in record
    stored = local.service.store.events(UUID(game_id))
    replayed = read_ora(record, rules())
    codec = EventJsonCodec()
    assert [codec.encode(e) for e in replayed.events] == [codec.encode(s.event) for s in stored]
    assert local.call("game.verify", {"game_id": game_id})["ok"] is True


def test_a_bot_seat_or_an_unknown_bot_is_refused(local: Local) -> None:
    """SEAT-2: a bot's seat is not a person's; an unknown bot is a bad param; nothing stored."""
    game_id, tokens = _game(local, players=3, bots=1)
    version = local.call("game.state", {"game_id": game_id})["version"]
    with pytest.raises(RpcFailed) as bot_seat:
        local.call("game.replace_seat", {"game_id": game_id, "token": tokens[0], "seat": 2,
                                         "bot": "random"})
    assert bot_seat.value.data["rule"] == "SEAT-2"
    with pytest.raises(RpcFailed) as unknown:
        local.call("game.replace_seat", {"game_id": game_id, "token": tokens[0], "seat": 1,
                                         "bot": "nobody"})
    assert unknown.value.data["reason"] == "unknown_bot"
    assert local.call("game.state", {"game_id": game_id})["version"] == version


def test_a_player_hands_its_own_seat_to_a_bot_and_the_log_says_so(local: Local) -> None:
    """SEAT-1: its own player hands a seat over at once (reason own), after move 1."""
    game_id, tokens = _game(local, players=3)
    legal = local.call("game.legal_moves", {"game_id": game_id})
    local.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                             "move": legal["moves"][0]})
    leaving = next(s for s in (1, 2) if s != _decider(local, game_id))
    result = local.call("game.replace_seat", {"game_id": game_id, "token": tokens[leaving],
                                              "seat": leaving, "bot": "greedy"})
    assert result["events"][0]["data"]["reason"] == "own"
    said = local.call("game.log", {"game_id": game_id})["moves"][0]["then"]
    name = seat_name(local.service.current(UUID(game_id)), leaving)  # seats by colour
    assert said[-1] == f"The bot greedy plays {name}'s seat from now on (its player hands it over)."


def test_replace_seat_as_an_mcp_tool_waits_for_the_bot(local: Local) -> None:
    """The MCP tool game_replace_seat comes back once a seat without a bot decides."""
    runner = ToolRunner(local.service)
    game_id, tokens = _game(local, players=2, seed=6)
    while _decider(local, game_id) != 1:  # seat 1 decides when the creator hands it over
        legal = local.call("game.legal_moves", {"game_id": game_id})
        local.call("game.move", {"game_id": game_id, "token": tokens[0],
                                 "move": legal["moves"][-1]})
    ok, result = runner.call("game_replace_seat", {"game_id": game_id, "token": tokens[0],
                                                   "seat": 1, "bot": "random"})
    assert ok and result["replaced"] is True
    state = local.service.current(UUID(game_id))
    assert state.players[state.flow.turn.decider].bot is None  # the bot has played its turn


def test_replace_seat_over_http_and_a_websocket(http_server: HttpServer) -> None:
    """Over a real server: the request over a WebSocket, the consent over HTTP; the
    WebSocket's subscriber is pushed the seat_replaced event."""
    game_id, tokens = _game(http_server, players=3, seed=9)
    target = next(s for s in (1, 2) if s != _decider(http_server, game_id))
    asks = 3 - target
    with connect(http_server.ws_url, max_size=None) as ws:
        def call(n: int, method: str, params: dict[str, Any]) -> Any:
            ws.send(orjson.dumps({"jsonrpc": "2.0", "id": n, "method": method,
                                  "params": params}))
            while True:
                message = orjson.loads(ws.recv(timeout=10))
                if message.get("id") == n:
                    return message["result"]

        call(1, "game.subscribe", {"game_id": game_id})
        asked = call(2, "game.replace_seat", {"game_id": game_id, "token": tokens[asks],
                                              "seat": target, "bot": "random"})
        assert asked["waiting"] == [0]
        agreed = http_server.call("game.replace_answer", {"game_id": game_id,
                                                          "token": tokens[0], "accept": True})
        assert agreed["replaced"] is True
        pushed: list[str] = []
        while "seat_replaced" not in pushed:
            pushed.append(orjson.loads(ws.recv(timeout=10))["params"]["type"])
    record = http_server.call("game.export", {"game_id": game_id})["record"]
    assert f"ASK_REPLACE {asks} {target} random" in record and "ANSWER_REPLACE 0 yes" in record
