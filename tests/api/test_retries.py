"""Safe retries (issue 24): ``game.move`` with a ``request_id`` answers a retried request with
its original result, also when the first reply was lost on its way back (docs/api.md)."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import httpx
import orjson
import pytest

from tests.api.conftest import HttpServer, Local, RpcFailed, all_events, new_game


class ReplyDropper:
    """A TCP proxy in front of a server that passes each request on whole and, while
    ``dropping``, closes the client's connection as soon as the server's reply begins, so
    the request is processed and its reply is lost: a network failure after the commit."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.dropping = True
        self.dropped = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.target))

        def forward() -> None:
            try:
                while chunk := client.recv(65536):
                    upstream.sendall(chunk)
            except OSError:
                pass

        threading.Thread(target=forward, daemon=True).start()
        with client, upstream:
            while chunk := upstream.recv(65536):
                if self.dropping:  # the server answered: the reply dies on the way
                    self.dropped += 1
                    client.shutdown(socket.SHUT_RDWR)
                    return
                client.sendall(chunk)

    def close(self) -> None:
        self.listener.close()


def _post(port: int, method: str, params: dict[str, object]) -> dict[str, object]:
    body = orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    reply = httpx.post(f"http://127.0.0.1:{port}/rpc", content=body, timeout=10,
                       headers={"content-type": "application/json"})
    result: dict[str, object] = reply.json()
    return result


def _moves_played(server: HttpServer, game_id: str) -> list[str]:
    return [e["data"]["move"] for e in all_events(server, game_id) if e["type"] == "move_played"]


def test_a_reply_dropped_mid_flight_is_answered_again_and_stored_once(
        http_server: HttpServer) -> None:
    server = http_server  # a game of its own on the shared server (tests/api/conftest.py)
    game_id, tokens = new_game(server, players=3, seed=11)
    legal = server.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
    seat, move = legal["seat"], legal["moves"][0]
    params = {"game_id": game_id, "token": tokens[seat], "move": move,
              "expected_version": legal["version"], "request_id": "req-1"}
    proxy = ReplyDropper(server.port)
    try:
        with pytest.raises(httpx.TransportError):  # the client never hears the answer
            _post(proxy.port, "game.move", params)
        assert proxy.dropped == 1
        # The move landed: without the request id, the retry would be refused as stale.
        stale = {k: v for k, v in params.items() if k != "request_id"}
        refused = _post(server.port, "game.move", stale)
        assert refused["error"]["data"]["code"] == "version_conflict"  # type: ignore[index]
        proxy.dropping = False
        again = _post(proxy.port, "game.move", params)["result"]
    finally:
        proxy.close()
    assert isinstance(again, dict)
    assert again["version"] > legal["version"]
    assert again["events"][0]["type"] == "move_played"
    assert again["events"][0]["version"] == legal["version"] + 1
    assert again["events"][0]["data"] == {"seat": seat, "move": move}
    stream = all_events(server, game_id)
    assert again["events"] == stream[legal["version"]:again["version"]]
    assert _moves_played(server, game_id) == [move]  # stored once
    # Later moves do not change the answer; nor does a server restarted on the same file.
    nxt = server.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
    server.call("game.move", {"game_id": game_id, "token": tokens[nxt["seat"]],
                              "move": nxt["moves"][0], "request_id": "req-2"})
    assert server.call("game.move", params) == again
    assert len(_moves_played(server, game_id)) == 2


def test_the_answer_outlives_the_server_process(tmp_path: Path) -> None:
    store = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    first = HttpServer(store, tmp_path)
    try:
        game_id, tokens = new_game(first, players=2, seed=5)
        legal = first.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
        params = {"game_id": game_id, "token": tokens[legal["seat"]],
                  "move": legal["moves"][-1], "request_id": "after-crash"}
        answer = first.call("game.move", params)
    finally:
        first.stop(kill=True)
    second = HttpServer(store, tmp_path)
    try:
        assert second.call("game.move", params) == answer
        assert len(_moves_played(second, game_id)) == 1
    finally:
        second.stop()


def test_a_request_id_is_one_move_of_one_seat(local: Local) -> None:
    game_id, tokens = new_game(local, players=2, seed=3)
    legal = local.call("game.legal_moves", {"game_id": game_id})
    seat, moves = legal["seat"], legal["moves"]
    first = local.call("game.move", {"game_id": game_id, "token": tokens[seat],
                                     "move": moves[0], "request_id": "r"})
    with pytest.raises(RpcFailed) as reused:  # the same id for another move: refused
        local.call("game.move", {"game_id": game_id, "token": tokens[seat],
                                 "move": moves[1], "request_id": "r"})
    assert reused.value.data["reason"] == "request_id_reused"
    assert reused.value.data["path"] == "request_id"
    assert local.call("game.state", {"game_id": game_id})["version"] == first["version"]
    # A refused request stores no answer: the same id, sent again when legal, plays.
    nxt = local.call("game.legal_moves", {"game_id": game_id})
    other = 1 - nxt["seat"] if nxt["seat"] in (0, 1) else 0
    with pytest.raises(RpcFailed) as early:
        local.call("game.move", {"game_id": game_id, "token": tokens[other],
                                 "move": nxt["moves"][0], "request_id": "s"})
    assert early.value.data["code"] == "not_your_turn"
    played = local.call("game.move", {"game_id": game_id, "token": tokens[nxt["seat"]],
                                      "move": nxt["moves"][0], "request_id": "s"})
    assert played["version"] > first["version"]
    assert local.call("game.move", {"game_id": game_id, "token": tokens[nxt["seat"]],
                                    "move": nxt["moves"][0], "request_id": "s"}) == played
    # The id belongs to its seat: another seat's "r" is another request, and plays.
    while (now := local.call("game.legal_moves", {"game_id": game_id}))["seat"] == seat:
        local.call("game.move", {"game_id": game_id, "token": tokens[seat],
                                 "move": now["moves"][0]})
    theirs = local.call("game.move", {"game_id": game_id, "token": tokens[now["seat"]],
                                      "move": now["moves"][0], "request_id": "r"})
    assert theirs["version"] > now["version"]
    assert theirs["events"][0]["data"]["seat"] == now["seat"]
