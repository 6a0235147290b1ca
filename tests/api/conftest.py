"""Helpers of the API tests: a real server process, clients for its transports, a service."""

from __future__ import annotations

import hashlib
import itertools
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher, Session
from ora_api.service import GameService, open_service
from tests.support import rules

ROOT = Path(__file__).resolve().parents[2]


class RpcFailed(Exception):
    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(f"{error['code']} {error['message']}: {error.get('data')}")
        self.error = error
        self.code: int = error["code"]
        self.data: dict[str, Any] = error.get("data") or {}


def unwrap(reply: dict[str, Any]) -> Any:
    if "error" in reply:
        raise RpcFailed(reply["error"])
    return reply["result"]


# --- in process ---------------------------------------------------------------------------------


class Local:
    """The dispatcher in process, with one session (push collected in ``pushed``)."""

    def __init__(self, service: GameService, push: bool = True) -> None:
        self.service = service
        self.dispatcher = Dispatcher(API, service)
        self.pushed: list[dict[str, Any]] = []
        self.session = Session(lambda b: self.pushed.append(orjson.loads(b))) if push \
            else Session()
        self._ids = itertools.count(1)

    def raw(self, message: bytes | str) -> Any:
        reply = self.dispatcher.handle(message, self.session)
        return None if reply is None else orjson.loads(reply)

    def call(self, method: str, params: Any = None) -> Any:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if params is not None:
            request["params"] = params
        return unwrap(self.raw(orjson.dumps(request)))


@pytest.fixture
def service() -> Iterator[GameService]:
    svc = open_service("memory", rules=rules())
    yield svc
    svc.close()


@pytest.fixture
def local(service: GameService) -> Local:
    return Local(service)


def new_game(client: Any, players: int = 3, seed: int = 7, length: str = "long",
             visibility: str = "public") -> tuple[str, dict[int, str]]:
    """A game whose every seat the creator takes (hot seat): its id and the seats' tokens."""
    created = client.call("game.create", {
        "config": {"players": players, "variant": "france", "length": length, "seed": seed},
        "seats": [{"name": f"P{seat}"} for seat in range(players)], "visibility": visibility})
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}


def pick(moves: list[str], rng: random.Random) -> str:
    """A pseudo-random move that keeps games short: COMMIT half the time it is offered."""
    if "COMMIT" in moves and rng.random() < 0.5:
        return "COMMIT"
    return rng.choice(moves)


def play(client: Any, game_id: str, tokens: dict[int, str], rng: random.Random,
         max_moves: int | None = None) -> int:
    """Play moves chosen from game.legal_moves (to the end, or ``max_moves``); the count."""
    n = 0
    reader = next(iter(tokens.values()))  # any seat's token reads a private game
    while max_moves is None or n < max_moves:
        legal = client.call("game.legal_moves", {"game_id": game_id, "token": reader})
        if legal["seat"] is None:
            break
        assert n < 3000, "the game does not end"
        client.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                  "move": pick(legal["moves"], rng),
                                  "expected_version": legal["version"]})
        n += 1
    return n


def all_events(client: Any, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    """The game's whole stream, page by page (game.events answers one page at a time)."""
    events: list[dict[str, Any]] = []
    from_version: int | None = 1
    while from_version is not None:
        params: dict[str, Any] = {"game_id": game_id, "from_version": from_version}
        if token is not None:
            params["token"] = token
        page = client.call("game.events", params)
        events += page["events"]
        from_version = page["next_version"]
    return events


def verify_chain(events: list[dict[str, Any]]) -> None:
    """The hash chain as a client checks it (docs/api.md)."""
    prev = "0" * 64
    for i, e in enumerate(events, start=1):
        assert e["version"] == i
        assert e["prev_hash"] == prev
        data = orjson.dumps(e["data"], option=orjson.OPT_SORT_KEYS)
        digest = hashlib.sha256(prev.encode() + b"\n" + e["type"].encode() + b"\n" + data)
        assert digest.hexdigest() == e["hash"]
        prev = e["hash"]


# --- a real server ------------------------------------------------------------------------------


def server_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


class HttpServer:
    """``python -m ora_api.transport.server --http`` in a subprocess (``prefix``: a command that
    runs it, e.g. in a mount namespace). Its stderr is collected as it comes (``log()``)."""

    def __init__(self, store: str, cwd: Path, *options: str, prefix: Sequence[str] = ()
                 ) -> None:
        self.proc = subprocess.Popen(
            [*prefix, sys.executable, "-m", "ora_api.transport.server", "--http", "127.0.0.1:0",
             "--store", store, *options],
            cwd=cwd, env=server_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert self.proc.stderr is not None
        self.stderr = ""
        seen = []
        for raw in self.proc.stderr:  # the server announces its port once it listens
            line = raw.decode()
            seen.append(line)
            if line.startswith("ora: JSON-RPC on http://"):
                self.port = int(line.split("/rpc")[0].rsplit(":", 1)[1])
                break
        else:
            self.proc.wait(10)
            raise RuntimeError("the server did not start:\n" + "".join(seen))
        self._lines = seen
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()
        self.url = f"http://127.0.0.1:{self.port}/rpc"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.client = httpx.Client(timeout=30)
        self._ids = itertools.count(1)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:  # never let a full pipe block the server
            self._lines.append(raw.decode(errors="replace"))

    def log(self, waiting_for: str = "", timeout: float = 10) -> str:
        """What the server wrote on stderr so far (once it holds ``waiting_for``, or after
        ``timeout`` seconds: the server writes its log from its own threads)."""
        deadline = time.monotonic() + timeout
        while waiting_for not in "".join(self._lines) and time.monotonic() < deadline:
            time.sleep(0.05)
        return "".join(self._lines)

    def post(self, body: bytes) -> httpx.Response:
        return self.client.post(self.url, content=body,
                                headers={"content-type": "application/json"})

    def call(self, method: str, params: Any = None) -> Any:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if params is not None:
            request["params"] = params
        return unwrap(self.post(orjson.dumps(request)).json())

    def stop(self, kill: bool = False) -> None:
        self.client.close()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(10)
        self.stderr = self.log()
        if self.proc.stderr:
            self.proc.stderr.close()


def _sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    tmp_path = tmp_path_factory.mktemp("http")
    server = HttpServer(f"sqlite:{tmp_path / 'ora.sqlite3'}", tmp_path)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def http_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    """One server for the tests of every module that asks for it (starting one takes about a
    second of CPU): each plays games of its own and looks only at those. A test that looks at
    every game of the store asks for ``fresh_http_server``; one that stops a server, reads its
    log or needs other options starts its own ``HttpServer``."""
    yield from _sqlite_server(tmp_path_factory)


@pytest.fixture(scope="module")
def fresh_http_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    """A server of the module's own, on a store that holds the module's games only."""
    yield from _sqlite_server(tmp_path_factory)
