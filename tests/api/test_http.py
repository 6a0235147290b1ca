"""The HTTP and WebSocket transports of a real server process (uvicorn), on a SQLite file."""

from __future__ import annotations

import contextlib
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from websockets.sync.client import connect

from tests.api.conftest import (
    HttpServer,
    RpcFailed,
    all_events,
    new_game,
    pick,
    play,
    unwrap,
    verify_chain,
)

JSON = {"content-type": "application/json"}


class Watcher:
    """A WebSocket client subscribed to one game, collecting its game.event notifications."""

    def __init__(self, url: str, game_id: str, token: str | None = None) -> None:
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(url))
        self.events: list[dict[str, Any]] = []
        self.ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.subscribe",
                                   "params": {"game_id": game_id, "token": token}}).decode())
        self.version = unwrap(orjson.loads(self.ws.recv(timeout=10)))["version"]
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for frame in self.ws:
                message = orjson.loads(frame)
                assert message["method"] == "game.event"
                self.events.append(message["params"])
        except Exception:
            pass

    def wait_for(self, version: int, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while (not self.events or self.events[-1]["version"] < version) and (
                time.monotonic() < deadline):
            time.sleep(0.01)

    def close(self) -> None:
        self._stack.close()
        self._thread.join(5)


def test_a_whole_game_over_http_with_a_restart_and_a_websocket_subscriber(
        tmp_path: Path) -> None:
    """A private game: the creator's seat, three invited players who join, a spectator who
    watches over the WebSocket; the seats, names and summaries survive a killed server."""
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    rng = random.Random(2024)
    server = HttpServer(store, tmp_path)
    secrets: list[str] = []
    try:
        created = server.call("game.create", {"config": {"players": 4, "variant": "france",
                                                         "length": "short", "seed": 42},
                                              "name": "Ann"})
        game_id = created["game_id"]
        assert created["visibility"] == "private"
        ann, *others = created["seats"]
        assert (ann["name"], ann["invite"]) == ("Ann", None) and ann["token"]
        assert all(s["token"] is None and s["invite"] and s["name"] is None for s in others)
        tokens = {0: ann["token"]}
        for seat, name in zip(others, ["Bob", "Cy", "Di"], strict=True):
            joined = server.call("game.join", {"invite": seat["invite"], "name": name})
            assert (joined["game_id"], joined["seat"]) == (game_id, seat["seat"])
            tokens[seat["seat"]] = joined["token"]
            secrets.append(seat["invite"])
        spectator = server.call("game.spectate_token", {"game_id": game_id,
                                                        "token": tokens[2]})["token"]
        secrets += [*tokens.values(), spectator]
        watcher = Watcher(server.ws_url, game_id, spectator)
        play(server, game_id, tokens, rng, max_moves=60)
        half = server.call("game.state", {"game_id": game_id, "token": spectator})
        assert [p["name"] for p in half["players"]] == ["Ann", "Bob", "Cy", "Di"]
        watcher.wait_for(half["version"])
        watcher.close()
        first_events = watcher.events
    finally:
        server.stop(kill=True)  # no graceful shutdown: the SQLite file must be enough

    server = HttpServer(store, tmp_path)
    try:
        assert server.call("game.list")["games"] == []  # private
        listed = server.call("game.list", {"tokens": [tokens[1]]})["games"]
        assert [(g["game_id"], g["status"], g["version"], g["yours"]) for g in listed] == [
            (game_id, "playing", half["version"], [1])]
        assert [s["name"] for s in listed[0]["seats"]] == ["Ann", "Bob", "Cy", "Di"]
        assert server.call("game.state", {"game_id": game_id, "token": tokens[3]}) == half
        watcher = Watcher(server.ws_url, game_id, spectator)
        assert watcher.version == half["version"]
        play(server, game_id, tokens, rng)  # the same tokens still work
        final = server.call("game.state", {"game_id": game_id, "token": spectator})
        assert final["status"] == "finished"
        watcher.wait_for(final["version"])
        watcher.close()
        events = all_events(server, game_id, token=spectator)
        verify_chain(events)
        start = created["version"]
        assert [e["type"] for e in events[start:start + 3]] == ["seat_taken"] * 3
        pushed = first_events + watcher.events
        assert [p["version"] for p in pushed] == list(range(start + 4, final["version"] + 1))
        assert [(p["type"], p["data"], p["hash"]) for p in pushed] == [
            (e["type"], e["data"], e["hash"]) for e in events[start + 3:]]
        assert server.call("game.score", {"game_id": game_id, "token": spectator})["final"]
        summary = server.call("game.list", {"tokens": [spectator]})["games"][0]
        assert summary["status"] == "finished" and summary["version"] == final["version"]
        assert summary["scores"] == [s["total"] for s in final["scores"]]
    finally:
        server.stop()
    assert not any(t in server.stderr for t in secrets)


def test_racing_moves_over_http_exactly_one_is_stored(http_server: HttpServer) -> None:
    game_id, tokens = new_game(http_server, seed=5)
    rng = random.Random(8)
    with ThreadPoolExecutor(6) as pool, httpx.Client() as client:
        for _ in range(8):
            legal = http_server.call("game.legal_moves", {"game_id": game_id})
            bodies = [orjson.dumps({"jsonrpc": "2.0", "id": i, "method": "game.move", "params": {
                "game_id": game_id, "token": tokens[legal["seat"]],
                "move": pick(legal["moves"], rng), "expected_version": legal["version"]}})
                for i in range(6)]
            replies = list(pool.map(lambda b: client.post(
                http_server.url, content=b, headers=JSON).json(), bodies))
            ok = [r for r in replies if "result" in r]
            assert len(ok) == 1, replies
            assert all(r["error"]["data"]["code"] == "version_conflict"
                       for r in replies if "error" in r)
            head = http_server.call("game.state", {"game_id": game_id})["version"]
            assert head == ok[0]["result"]["version"]
    verify_chain(all_events(http_server, game_id))


def test_http_framing(http_server: HttpServer) -> None:
    assert http_server.post(b'{"jsonrpc":"2.0","method":"game.list"}').status_code == 204
    reply = http_server.post(b"{oops")
    assert reply.status_code == 200 and reply.json()["error"]["code"] == -32700
    batch = http_server.post(b'[{"jsonrpc":"2.0","id":1,"method":"game.list"},'
                             b'{"jsonrpc":"2.0","method":"game.list"},'
                             b'{"jsonrpc":"2.0","id":2,"method":"nope"}]').json()
    assert [r["id"] for r in batch] == [1, 2]
    big = http_server.post(b'{"jsonrpc":"2.0","id":1,"method":"game.list","params":{"x":"'
                           + b"a" * (1 << 20) + b'"}}')
    assert big.status_code == 413 and big.json()["error"]["data"]["reason"] == "too_large"
    wrong_method = http_server.client.get(http_server.url)
    assert wrong_method.status_code == 405 and wrong_method.headers["allow"] == "POST"
    with pytest.raises(RpcFailed) as e:
        http_server.call("game.subscribe", {"game_id": "00000000-0000-4000-8000-000000000000"})
    assert e.value.data["code"] == "push_unavailable"
    assert "games" in http_server.call("game.list")  # still serving


def test_websocket_requests_and_errors(http_server: HttpServer) -> None:
    with connect(http_server.ws_url, max_size=None) as ws:
        ws.send('{"jsonrpc":"2.0","id":1,"method":"game.list"}')
        reply = orjson.loads(ws.recv(timeout=10))
        assert reply["id"] == 1 and "games" in reply["result"]
        ws.send(b'[{"jsonrpc":"2.0","id":2,"method":"game.list"},5]')  # a binary frame
        assert [r["id"] for r in orjson.loads(ws.recv(timeout=10))] == [2, None]
        ws.send("not json")
        assert orjson.loads(ws.recv(timeout=10))["error"]["code"] == -32700
        ws.send('{"jsonrpc":"2.0","id":3,"method":"game.list","params":{"x":"'
                + "a" * (1 << 20) + '"}}')
        assert orjson.loads(ws.recv(timeout=10))["error"]["data"]["reason"] == "too_large"
        ws.send('{"jsonrpc":"2.0","id":4,"method":"game.list"}')
        assert orjson.loads(ws.recv(timeout=10))["id"] == 4


def test_websocket_messages_long_and_short_under_permessage_deflate(http_server: HttpServer
                                                                     ) -> None:
    """Compression is still agreed with a client that offers it; short replies go out plain and
    long ones deflated (ora_api/transport/connections.py), and the client reads both."""
    with connect(http_server.ws_url, max_size=None) as ws:
        assert ws.response is not None
        assert "permessage-deflate" in ws.response.headers["Sec-WebSocket-Extensions"]
        for i, method in enumerate(["game.list", "rpc.discover", "game.list", "rpc.discover"]):
            ws.send(orjson.dumps({"jsonrpc": "2.0", "id": i, "method": method}).decode())
            reply = orjson.loads(ws.recv(timeout=10))
            assert reply["id"] == i and ("games" in reply["result"]) == (method == "game.list")
