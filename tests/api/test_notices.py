"""Turn notices (issue 24; docs/api.md "Turn notices"): ``game.wait_turn``, a long poll, and
``game.notify``, a seat's webhook signed with HMAC-SHA256, retried with backoff, each notice with
an id. Whose turn it is comes from the engine's flow (R-ROUND-3)."""

from __future__ import annotations

import hashlib
import hmac
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import orjson
import pytest

from ora_api.methods.notices import MAX_WAIT_S
from tests.api.conftest import HttpServer, Local, RpcFailed, new_game


def _play_until(client: Any, game_id: str, tokens: dict[int, str], seat: int) -> int:
    """Play the deciding seats' last legal moves until ``seat`` decides: the version then."""
    while True:
        legal = client.call("game.legal_moves", {"game_id": game_id})
        if legal["seat"] == seat:
            return int(legal["version"])
        client.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                  "move": legal["moves"][-1]})


def test_wait_turn_answers_at_once_times_out_and_wakes_on_the_turn(local: Local) -> None:
    game_id, tokens = new_game(local, players=2, seed=4)
    now = local.call("game.legal_moves", {"game_id": game_id})["seat"]
    other = 1 - now
    at_once = local.call("game.wait_turn", {"game_id": game_id, "token": tokens[now],
                                            "timeout": 30})
    assert at_once["your_turn"] is True and at_once["seat"] == now
    started = time.monotonic()
    waited = local.call("game.wait_turn", {"game_id": game_id, "token": tokens[other],
                                           "timeout": 0.3})
    assert waited["your_turn"] is False and time.monotonic() - started >= 0.3
    answer: dict[str, Any] = {}

    def wait() -> None:
        answer.update(Local(local.service).call(
            "game.wait_turn", {"game_id": game_id, "token": tokens[other], "timeout": 20}))

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.2)
    assert not answer  # still waiting: the other seat decides
    version = _play_until(local, game_id, tokens, other)
    waiter.join(10)
    assert answer == {"your_turn": True, "seat": other, "version": version, "finished": False}
    with pytest.raises(RpcFailed) as long:
        local.call("game.wait_turn", {"game_id": game_id, "token": tokens[0],
                                      "timeout": MAX_WAIT_S + 1})
    assert long.value.data["path"] == "timeout"


def test_wait_turn_over_a_real_server(http_server: HttpServer) -> None:
    game_id, tokens = new_game(http_server, players=2, seed=6)
    now = http_server.call("game.legal_moves", {"game_id": game_id})["seat"]
    other = 1 - now
    answer: dict[str, Any] = {}

    def wait() -> None:
        import httpx

        body = orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.wait_turn", "params": {
            "game_id": game_id, "token": tokens[other], "timeout": 20}})
        answer.update(httpx.post(http_server.url, content=body, timeout=30,
                                 headers={"content-type": "application/json"}).json()["result"])

    waiter = threading.Thread(target=wait)
    waiter.start()
    version = _play_until(http_server, game_id, tokens, other)
    waiter.join(25)
    assert answer["your_turn"] is True and answer["version"] == version


class Receiver:
    """A real HTTP receiver of notices that answers 500 to the first ``fail`` POSTs."""

    def __init__(self, fail: int) -> None:
        self.fail = fail
        self.posts: list[tuple[dict[str, str], bytes]] = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with receiver.lock:
                    receiver.posts.append((dict(self.headers), body))
                    failing = receiver.fail > 0
                    receiver.fail -= 1
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/notices"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, n: int, timeout: float = 10) -> list[tuple[dict[str, str], bytes]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.posts) >= n:
                    return list(self.posts)
            time.sleep(0.02)
        raise AssertionError(f"{len(self.posts)} notices, not {n}")


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver(fail=1)
    yield r
    r.server.shutdown()


def test_a_webhook_notice_is_signed_retried_and_has_an_id(local: Local,
                                                          receiver: Receiver) -> None:
    local.service.webhooks.backoff = 0.05
    game_id, tokens = new_game(local, players=2, seed=4)
    now = local.call("game.legal_moves", {"game_id": game_id})["seat"]
    other = 1 - now
    with pytest.raises(RpcFailed) as bad:
        local.call("game.notify", {"game_id": game_id, "token": tokens[other],
                                   "url": "file:///etc/passwd"})
    assert bad.value.data["reason"] == "invalid_url"
    secret = local.call("game.notify", {"game_id": game_id, "token": tokens[other],
                                        "url": receiver.url})["secret"]
    assert secret
    version = _play_until(local, game_id, tokens, other)
    posts = receiver.wait_for(2)  # the first POST failed (500): sent again
    (first_headers, first), (headers, body) = posts[:2]
    assert body == first  # the same notice, the same bytes
    notice = orjson.loads(body)
    assert notice == {"id": f"{game_id}/{version}/{other}", "type": "your_turn",
                      "game_id": game_id, "seat": other, "version": version}
    assert headers["X-Ora-Delivery"] == first_headers["X-Ora-Delivery"] == notice["id"]
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    assert headers["X-Ora-Signature"] == expected
    # The seat's next turn is another notice, with another id; a seat that keeps deciding
    # (several commands of one turn) is not told again.
    while (legal := local.call("game.legal_moves", {"game_id": game_id}))["seat"] == other:
        local.call("game.move", {"game_id": game_id, "token": tokens[other],
                                 "move": legal["moves"][-1]})
    assert len(receiver.wait_for(2)) == 2
    again = _play_until(local, game_id, tokens, other)
    later = receiver.wait_for(3)
    assert [orjson.loads(b)["id"] for _, b in later] == [
        notice["id"], notice["id"], f"{game_id}/{again}/{other}"]
    assert local.call("game.notify", {"game_id": game_id, "token": tokens[other],
                                      "url": None})["secret"] is None


def test_every_turn_is_noticed_though_the_delivery_thread_runs_late(
        local: Local, monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn passes to a seat, away and back again before the delivery thread runs (a
    loaded machine): two turns, two notices; each change is judged when it happens."""
    receiver = Receiver(fail=0)
    webhooks = local.service.webhooks
    start_thread = webhooks._ensure_thread
    monkeypatch.setattr(webhooks, "_ensure_thread", lambda: None)
    try:
        game_id, tokens = new_game(local, players=2, seed=4)
        other = 1 - local.call("game.legal_moves", {"game_id": game_id})["seat"]
        local.call("game.notify", {"game_id": game_id, "token": tokens[other],
                                   "url": receiver.url})
        first = _play_until(local, game_id, tokens, other)
        while (legal := local.call("game.legal_moves", {"game_id": game_id}))["seat"] == other:
            local.call("game.move", {"game_id": game_id, "token": tokens[other],
                                     "move": legal["moves"][-1]})
        second = _play_until(local, game_id, tokens, other)
        assert receiver.posts == []  # nothing delivered yet: the thread has not run
        start_thread()
        ids = [orjson.loads(body)["id"] for _, body in receiver.wait_for(2)]
        assert ids == [f"{game_id}/{first}/{other}", f"{game_id}/{second}/{other}"]
    finally:
        receiver.server.shutdown()


def test_wait_turn_over_a_websocket_leaves_the_socket_free(http_server: HttpServer) -> None:
    """A long poll on a WebSocket: other calls on the same socket are answered meanwhile, and
    the poll answers once the turn passes to its seat (moves made over HTTP)."""
    from websockets.sync.client import connect

    game_id, tokens = new_game(http_server, players=2, seed=6)
    other = 1 - http_server.call("game.legal_moves", {"game_id": game_id})["seat"]
    with connect(http_server.ws_url, max_size=None) as ws:
        ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.wait_turn", "params": {
            "game_id": game_id, "token": tokens[other], "timeout": 20}}))
        ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 2, "method": "game.state",
                              "params": {"game_id": game_id}}))
        first = orjson.loads(ws.recv(timeout=10))
        assert first["id"] == 2  # answered while the poll waits
        version = _play_until(http_server, game_id, tokens, other)
        polled = orjson.loads(ws.recv(timeout=20))
    assert polled["id"] == 1
    assert polled["result"]["your_turn"] is True and polled["result"]["version"] == version
