"""Clocks and seats handed to bots over the real transports (issue 24, 25): a clocked game
over HTTP, a WebSocket and stdio stores each move's time and shows the clocks in game.view; a
seat is handed to a bot over stdio (its WebSocket and HTTP consent:
tests/api/test_replace_seat.py). The server's own clock runs here: only facts that hold
whatever the time are checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.api.conftest import HttpServer, all_events
from tests.api.test_legal_moves_pages import WsClient
from tests.api.test_stdio import StdioServer

DAY_MS = 86_400_000


def _clocked_game(client: Any) -> tuple[str, dict[int, str]]:
    created = client.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": 4,
                   "clock": {"correspondence": 1, "on_timeout": "pass"}},
        "seats": [{"name": "A"}, {"name": "B"}], "visibility": "public"})
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}


def _move_and_check(client: Any) -> None:
    """CLOCK-1 (deadline): a correspondence day a move; the move stores the time it took."""
    game_id, tokens = _clocked_game(client)
    clock = client.call("game.view", {"game_id": game_id})["clock"]
    assert clock["kind"] == "deadline" and clock["initial"] == 86400
    assert clock["running"] == 0 and 0 < clock["left"][0] <= DAY_MS
    legal = client.call("game.legal_moves", {"game_id": game_id})
    client.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                              "move": legal["moves"][0]})
    played = [e["data"] for e in all_events(client, game_id) if e["type"] == "move_played"]
    assert played[-1]["left"] == DAY_MS and 0 <= played[-1]["took"] < 60_000
    record = client.call("game.export", {"game_id": game_id})["record"]
    assert '[Clock "deadline 86400 pass"]' in record and f" t={played[-1]['took']}" in record


def test_a_clocked_game_over_http(http_server: HttpServer) -> None:
    _move_and_check(http_server)


def test_a_clocked_game_over_a_websocket(http_server: HttpServer) -> None:
    client = WsClient(http_server.ws_url)
    try:
        _move_and_check(client)
    finally:
        client.close()


def test_a_clocked_game_and_a_seat_handed_to_a_bot_over_stdio(tmp_path: Path) -> None:
    server = StdioServer(tmp_path, "--store", "memory")
    try:
        _move_and_check(server)
        game_id, tokens = _clocked_game(server)
        handed = server.call("game.replace_seat", {"game_id": game_id, "token": tokens[0],
                                                   "seat": 1, "bot": "random"})
        assert handed["replaced"] is True
        types = [e["type"] for e in all_events(server, game_id)]
        assert "seat_replaced" in types
    finally:
        assert server.close()[0] == 0
