"""The stdio transport of a real server process: one JSON-RPC message per line."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import orjson
import pytest

from tests.api.conftest import RpcFailed, all_events, server_env, unwrap, verify_chain


class StdioServer:
    def __init__(self, cwd: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ora_api.transport.server", "--stdio", *args],
            cwd=cwd, env=env or server_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.ids = itertools.count(1)
        self.notifications: list[dict[str, Any]] = []

    @property
    def stdin(self) -> IO[bytes]:
        assert self.proc.stdin is not None
        return self.proc.stdin

    def send_line(self, line: bytes) -> None:
        self.stdin.write(line + b"\n")
        self.stdin.flush()

    def read(self) -> Any:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.endswith(b"\n"), line
        return orjson.loads(line)

    def reply(self) -> Any:
        """The next reply; notifications before it are collected."""
        while True:
            message = self.read()
            if isinstance(message, dict) and "id" not in message:
                self.notifications.append(message)
                continue
            return message

    def call(self, method: str, params: Any = None) -> Any:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": next(self.ids), "method": method}
        if params is not None:
            request["params"] = params
        self.send_line(orjson.dumps(request))
        return unwrap(self.reply())

    def close(self) -> tuple[int, str]:
        self.stdin.close()
        code = self.proc.wait(20)
        assert self.proc.stderr is not None
        return code, self.proc.stderr.read().decode()


def test_a_game_over_stdio_with_notifications_and_framing(tmp_path: Path) -> None:
    server = StdioServer(tmp_path, "--store", f"sqlite:{tmp_path / 'ora.sqlite3'}")
    created = server.call("game.create", {"config": {"players": 3, "variant": "ireland",
                                                     "length": "long", "seed": 9},
                                          "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                                          "visibility": "public"})
    game_id = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    assert server.call("game.subscribe", {"game_id": game_id})["version"] == created["version"]
    rng = random.Random(6)
    for _ in range(40):
        legal = server.call("game.legal_moves", {"game_id": game_id})
        moves = legal["moves"]
        move = "COMMIT" if "COMMIT" in moves and rng.random() < 0.5 else rng.choice(moves)
        before = len(server.notifications)
        done = server.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                         "move": move})
        # the move's notifications arrive before its reply
        assert [n["params"]["version"] for n in server.notifications[before:]] == [
            e["version"] for e in done["events"]]
    events = all_events(server, game_id)
    verify_chain(events)
    assert [n["params"]["hash"] for n in server.notifications] == [
        e["hash"] for e in events[created["version"]:]]

    # framing: blank lines are skipped, a notification gets no line, a batch is one line
    server.send_line(b"")
    server.send_line(b"   ")
    server.send_line(b'{"jsonrpc":"2.0","method":"game.list"}')
    server.send_line(b'[{"jsonrpc":"2.0","id":"a","method":"game.list"},'
                     b'{"jsonrpc":"2.0","id":"b","method":"game.nope"}]')
    assert [r["id"] for r in server.reply()] == ["a", "b"]
    server.send_line(b"{not json")
    assert server.reply()["error"]["code"] == -32700
    server.send_line(b'{"jsonrpc":"2.0","id":1,"method":"game.list","params":{"x":"'
                     + b"a" * (2 << 20) + b'"}}')
    assert server.reply()["error"]["data"]["reason"] == "too_large"
    server.send_line(b"\xff\xfe")
    assert server.reply()["error"]["code"] == -32700
    assert server.call("game.state", {"game_id": game_id})["version"] == events[-1]["version"]
    code, stderr = server.close()
    assert code == 0
    assert not any(t in stderr for t in tokens.values())

    # a new process on the same file continues the game with the same tokens
    again = StdioServer(tmp_path, "--store", f"sqlite:{tmp_path / 'ora.sqlite3'}")
    legal = again.call("game.legal_moves", {"game_id": game_id})
    assert legal["version"] == events[-1]["version"]
    again.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                             "move": legal["moves"][0]})
    assert again.close()[0] == 0


def test_the_default_store_is_a_sqlite_file_in_ora_data_or_data(tmp_path: Path) -> None:
    config = {"config": {"players": 2, "variant": "france", "length": "long"}}
    env = server_env()
    env.pop("ORA_DATA", None)
    server = StdioServer(tmp_path, env=env)
    server.call("game.create", config)
    assert server.close()[0] == 0
    assert (tmp_path / "data" / "ora.sqlite3").is_file()
    env["ORA_DATA"] = str(tmp_path / "elsewhere")
    server = StdioServer(tmp_path, env=env)
    assert server.call("game.list")["games"] == []
    server.call("game.create", config)
    assert server.close()[0] == 0
    assert (tmp_path / "elsewhere" / "ora.sqlite3").is_file()


def test_ora_serve_is_the_same_server(tmp_path: Path) -> None:
    ora = Path(sys.executable).parent / "ora"
    if not ora.exists():
        pytest.skip("the ora entry point is not installed")
    proc = subprocess.run([str(ora), "serve", "--stdio", "--store", "memory"], cwd=tmp_path,
                          input=b'{"jsonrpc":"2.0","id":1,"method":"game.list"}\n',
                          capture_output=True, env=server_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert orjson.loads(proc.stdout) == {"jsonrpc": "2.0", "id": 1, "result": {"games": [],
                                                                     "next_cursor": None}}


def test_take_backs_and_wait_turn_over_stdio(tmp_path: Path) -> None:
    """game.undo_request / game.undo_answer (UNDO-1, UNDO-4) and game.wait_turn over the
    stdio transport of a real process: the subscriber is pushed the request, the answer and
    the restored position before the replies; wait_turn answers at once for the decider and
    after its timeout for the other seat."""
    server = StdioServer(tmp_path, "--store", f"sqlite:{tmp_path / 'ora.sqlite3'}")
    created = server.call("game.create", {"config": {"players": 2, "variant": "france",
                                                     "length": "long", "seed": 4},
                                          "seats": [{"name": "A"}, {"name": "B"}],
                                          "visibility": "public"})
    game_id = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    server.call("game.subscribe", {"game_id": game_id})
    for _ in range(3):
        legal = server.call("game.legal_moves", {"game_id": game_id})
        server.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                  "move": legal["moves"][-1]})
    at_one = server.call("game.state", {"game_id": game_id, "move": 1})
    decider = server.call("game.legal_moves", {"game_id": game_id})["seat"]
    other = 1 - decider
    now = server.call("game.wait_turn", {"game_id": game_id, "token": tokens[decider],
                                         "timeout": 5})
    assert now["your_turn"] is True and now["seat"] == decider
    later = server.call("game.wait_turn", {"game_id": game_id, "token": tokens[other],
                                           "timeout": 0.2})
    assert later["your_turn"] is False and later["finished"] is False
    before = len(server.notifications)
    asked = server.call("game.undo_request", {"game_id": game_id, "token": tokens[0],
                                              "to_move": 1})
    assert asked["waiting"] == [1] and asked["restored"] is False
    with pytest.raises(RpcFailed) as refused:  # the asker is not asked (UNDO-4)
        server.call("game.undo_answer", {"game_id": game_id, "token": tokens[0],
                                         "accept": True})
    assert refused.value.data["rule"] == "UNDO-4"
    done = server.call("game.undo_answer", {"game_id": game_id, "token": tokens[1],
                                            "accept": True})
    assert done["restored"] is True
    pushed = [n["params"]["type"] for n in server.notifications[before:]]
    assert pushed == ["undo_requested", "undo_answered", "position_restored"]
    state = server.call("game.state", {"game_id": game_id})
    assert {k: v for k, v in state.items() if k not in ("version", "undo_request")} == \
        {k: v for k, v in at_one.items() if k not in ("version", "undo_request")}
    assert server.close()[0] == 0
