"""game.legal_moves a page at a time (issue 15): ``limit``, ``cursor`` / ``next_cursor`` bound to
the game's version, ``total``; pages fill the reply's room when no limit is given.

The position: a two-player short game (seed 38) played with moves drawn by ``random.Random(38)``
until the deciding seat has more than 1000 legal moves (105 moves in, 1113 legal moves: a
settlement phase). The moves are checked against the engine's own list at that state."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher, Session
from ora_api.service import GameService, open_service
from ora_api.tools import bench_api
from ora_rules.moves import legal_moves
from tests.api.conftest import HttpServer, Local, RpcFailed, new_game, unwrap
from tests.api.test_stdio import StdioServer
from tests.support import rules

#: More legal moves than this make the position "large" (several pages of ``PAGE``).
LARGE = 1000
PAGE = 300


def large_position(client: Any) -> tuple[str, dict[int, str]]:
    """A game (public, all seats the creator's) at a position with more than LARGE moves: the
    moves of ``large_moves`` played through ``client``."""
    game_id, tokens = new_game(client, players=2, seed=38, length="short")
    for seat, move in large_moves():
        client.call("game.move", {"game_id": game_id, "token": tokens[seat], "move": move})
    return game_id, tokens


@cache
def large_moves() -> tuple[tuple[int, str], ...]:
    """The (seat, move) that lead to the large position, each drawn by ``random.Random(38)``
    from the whole list read page by page (``every_move``), found once in process: over a
    transport the pages of a hundred positions cost seconds, and the transports' tests page
    through the large position itself."""
    service = open_service("memory", rules=rules())
    try:
        client = Local(service)
        game_id, tokens = new_game(client, players=2, seed=38, length="short")
        rng = random.Random(38)
        played: list[tuple[int, str]] = []
        for _ in range(400):
            moves = every_move(client, game_id)
            if len(moves) > LARGE:
                return tuple(played)
            seat = client.call("game.legal_moves", {"game_id": game_id, "limit": 1})["seat"]
            played.append((seat, rng.choice(moves)))
            client.call("game.move", {"game_id": game_id, "token": tokens[seat],
                                      "move": played[-1][1]})
    finally:
        service.close()
    raise AssertionError("no position with more than LARGE legal moves in 400 moves")


def every_move(client: Any, game_id: str, limit: int | None = None) -> list[str]:
    """The legal moves, page by page, checking each page's total, version and cursor."""
    params: dict[str, Any] = {"game_id": game_id}
    if limit is not None:
        params["limit"] = limit
    moves: list[str] = []
    first = page = client.call("game.legal_moves", params)
    while True:
        assert (page["version"], page["seat"], page["total"]) == (
            first["version"], first["seat"], first["total"])
        assert page["moves"], "every page but an empty list's holds a move"
        if limit is not None:
            assert len(page["moves"]) <= limit
        moves += page["moves"]
        if page["next_cursor"] is None:
            break
        assert page["next_cursor"] == f"{page['version']}:{len(moves)}"
        page = client.call("game.legal_moves", {**params, "cursor": page["next_cursor"]})
    assert len(moves) == first["total"]
    return moves


def engine_moves(service: GameService, game_id: str) -> list[str]:
    return [str(m) for m in legal_moves(service.current(UUID(game_id)), service.rules)]


@pytest.fixture
def large(local: Local) -> tuple[str, dict[int, str]]:
    return large_position(local)


# --- in process ----------------------------------------------------------------------------------


def test_unpaged_reply_is_the_whole_list_encoded_once(
        local: Local, large: tuple[str, dict[int, str]]) -> None:
    game_id, _ = large
    whole = local.call("game.legal_moves", {"game_id": game_id})
    assert whole["moves"] == engine_moves(local.service, game_id)
    assert whole["total"] == len(whole["moves"]) > LARGE
    assert whole["next_cursor"] is None
    first = local.service.legal_moves_reply(UUID(game_id))[1]
    assert local.service.legal_moves_reply(UUID(game_id))[1] is first  # cached per version
    assert local.call("game.legal_moves", {"game_id": game_id, "limit": whole["total"]}) == whole


def test_pages_concatenate_to_the_unpaged_list(local: Local,
                                                large: tuple[str, dict[int, str]]) -> None:
    game_id, _ = large
    whole = local.call("game.legal_moves", {"game_id": game_id})["moves"]
    for limit in (PAGE, 1, len(whole) - 1):
        assert every_move(local, game_id, limit) == whole
    first = local.call("game.legal_moves", {"game_id": game_id, "limit": PAGE})
    assert len(first["moves"]) == PAGE and first["moves"] == whole[:PAGE]


def test_without_a_limit_a_page_fills_what_one_reply_may_carry(
        service: GameService, local: Local, large: tuple[str, dict[int, str]]) -> None:
    """A server with a small reply budget: the unpaged request answers the first page instead
    of reply_too_large, each reply stays within the budget, and the pages add up."""
    game_id, _ = large
    whole = local.call("game.legal_moves", {"game_id": game_id})["moves"]
    budget = 16 * 1024
    small = Dispatcher(API, service, max_reply_bytes=budget)
    session, ids = Session(), iter(range(1, 100))
    moves: list[str] = []
    cursor = None
    while True:
        params = {"game_id": game_id} | ({"cursor": cursor} if cursor else {})
        raw = small.handle(orjson.dumps({"jsonrpc": "2.0", "id": next(ids),
                                         "method": "game.legal_moves", "params": params}),
                           session)
        assert raw is not None and len(raw) <= budget
        page = unwrap(orjson.loads(raw))
        assert len(raw) > budget // 2 or page["next_cursor"] is None  # pages are filled
        moves += page["moves"]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert moves == whole


def test_in_a_batch_a_page_fills_the_budget_the_requests_before_it_left(
        service: GameService, local: Local, large: tuple[str, dict[int, str]]) -> None:
    game_id, _ = large
    whole = local.call("game.legal_moves", {"game_id": game_id})
    size = len(orjson.dumps(whole))
    budget = size + size // 2  # one whole list and half of another
    batch = Dispatcher(API, service, max_reply_bytes=budget)
    request = {"jsonrpc": "2.0", "method": "game.legal_moves", "params": {"game_id": game_id}}
    raw = batch.handle(orjson.dumps([{**request, "id": 1}, {**request, "id": 2}]), Session())
    assert raw is not None and len(raw) <= budget
    first, second = (unwrap(r) for r in orjson.loads(raw))
    assert first == whole
    assert second["next_cursor"] is not None
    assert 0 < len(second["moves"]) < whole["total"]
    assert second["moves"] == whole["moves"][:len(second["moves"])]


@pytest.fixture(scope="module")
def shared_large() -> Iterator[tuple[GameService, str, list[str]]]:
    """One service holding the large position (for the property below), and its moves."""
    service = open_service("memory", rules=rules())
    game_id, _ = large_position(Local(service))
    yield service, game_id, engine_moves(service, game_id)
    service.close()


@settings(max_examples=40, deadline=None)
@given(limit=st.none() | st.integers(1, 1500), budget=st.integers(300, 64 * 1024))
def test_any_limit_under_any_budget_pages_to_the_whole_list(
        shared_large: tuple[GameService, str, list[str]], limit: int | None,
        budget: int) -> None:
    """Whatever the limit and the reply budget (down to a few moves per reply), the pages
    hold exactly the list, in order, and no reply passes the budget."""
    service, game_id, whole = shared_large
    dispatcher = Dispatcher(API, service, max_reply_bytes=budget)
    params: dict[str, Any] = {"game_id": game_id}
    if limit is not None:
        params["limit"] = limit
    moves: list[str] = []
    cursor = None
    while True:
        raw = dispatcher.handle(orjson.dumps({
            "jsonrpc": "2.0", "id": 1, "method": "game.legal_moves",
            "params": params | ({"cursor": cursor} if cursor else {})}), Session())
        assert raw is not None and len(raw) <= budget
        page = unwrap(orjson.loads(raw))
        assert page["moves"] and (limit is None or len(page["moves"]) <= limit)
        moves += page["moves"]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert moves == whole


def test_a_cursor_after_a_move_is_a_version_conflict(
        local: Local, large: tuple[str, dict[int, str]]) -> None:
    game_id, tokens = large
    first = local.call("game.legal_moves", {"game_id": game_id, "limit": PAGE})
    local.call("game.move", {"game_id": game_id, "token": tokens[first["seat"]],
                             "move": first["moves"][0]})
    with pytest.raises(RpcFailed) as e:
        local.call("game.legal_moves", {"game_id": game_id, "limit": PAGE,
                                        "cursor": first["next_cursor"]})
    assert e.value.code == -32001
    assert e.value.data["code"] == "version_conflict"
    assert e.value.data["reason"] == "stale_cursor"
    assert e.value.data["version"] > first["version"]
    # Without the cursor the new position's moves come, from the start.
    again = local.call("game.legal_moves", {"game_id": game_id})
    assert again["version"] == e.value.data["version"]
    assert again["moves"] == engine_moves(local.service, game_id)


@pytest.mark.parametrize(("params", "path", "reason"), [
    ({"limit": 0}, "limit", "out_of_range"),
    ({"limit": -5}, "limit", "out_of_range"),
    ({"limit": 10**7}, "limit", "out_of_range"),
    ({"limit": "10"}, "limit", "invalid_params"),
    ({"cursor": "page-2"}, "cursor", "bad_cursor"),
    ({"cursor": "12:"}, "cursor", "bad_cursor"),
    ({"cursor": "-1:3"}, "cursor", "bad_cursor"),
    ({"cursor": 7}, "cursor", "invalid_params"),
    ({"cursor": "x" * 40}, "cursor", "too_long"),
])
def test_bad_limit_or_cursor_is_invalid_params(local: Local, params: dict[str, Any],
                                               path: str, reason: str) -> None:
    game_id, _ = new_game(local, players=2, seed=38, length="short")
    with pytest.raises(RpcFailed) as e:
        local.call("game.legal_moves", {"game_id": game_id, **params})
    assert e.value.code == -32602
    assert e.value.data["path"] == path
    assert e.value.data["reason"] == reason


def test_a_cursor_beyond_the_list_is_invalid_params(local: Local) -> None:
    game_id, _ = new_game(local, players=2, seed=38, length="short")
    legal = local.call("game.legal_moves", {"game_id": game_id})
    with pytest.raises(RpcFailed) as e:
        local.call("game.legal_moves", {"game_id": game_id,
                                        "cursor": f"{legal['version']}:{legal['total'] + 1}"})
    assert (e.value.code, e.value.data["reason"]) == (-32602, "bad_cursor")
    end = local.call("game.legal_moves", {"game_id": game_id,
                                          "cursor": f"{legal['version']}:{legal['total']}"})
    assert end["moves"] == [] and end["next_cursor"] is None


def test_another_seat_gets_an_empty_list(local: Local) -> None:
    game_id, _ = new_game(local, players=2, seed=38, length="short")
    legal = local.call("game.legal_moves", {"game_id": game_id})
    other = local.call("game.legal_moves", {"game_id": game_id, "seat": 1 - legal["seat"],
                                            "limit": 5})
    assert other == {"version": legal["version"], "seat": legal["seat"], "total": 0,
                     "moves": [], "next_cursor": None}


# --- a real server: HTTP and the WebSocket -------------------------------------------------------


class WsClient:
    def __init__(self, url: str) -> None:
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(url, max_size=None))
        self._id = 0

    def call(self, method: str, params: Any = None) -> Any:
        self._id += 1
        self.ws.send(orjson.dumps({"jsonrpc": "2.0", "id": self._id, "method": method,
                                   "params": params or {}}).decode())
        return unwrap(orjson.loads(self.ws.recv(timeout=30)))

    def close(self) -> None:
        self._stack.close()


#: The server's reply budget: the position's whole list (some 38 KB) is more than one reply.
SMALL_BUDGET = 32 * 1024


@pytest.fixture(scope="module")
def small_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    tmp_path = tmp_path_factory.mktemp("pages")
    server = HttpServer(f"sqlite:{tmp_path / 'ora.sqlite3'}", tmp_path,
                        "--max-reply-bytes", str(SMALL_BUDGET))
    yield server
    server.stop()


@pytest.fixture
def ws(small_server: HttpServer) -> Iterator[WsClient]:
    client = WsClient(small_server.ws_url)
    yield client
    client.close()


def test_http_and_websocket_page_through_a_list_larger_than_a_reply(
        small_server: HttpServer, ws: WsClient, service: GameService) -> None:
    game_id, tokens = large_position(small_server)
    first = small_server.call("game.legal_moves", {"game_id": game_id})
    assert first["next_cursor"] is not None and len(first["moves"]) < first["total"]
    by_http = every_move(small_server, game_id)
    assert every_move(ws, game_id) == by_http
    assert every_move(ws, game_id, PAGE) == by_http
    assert every_move(small_server, game_id, PAGE) == by_http
    # The same game played in process gives the engine's list: the pages are exactly it.
    local = Local(service)
    here, _ = large_position(local)
    assert by_http == engine_moves(service, here)
    # A stale cursor over both transports.
    small_server.call("game.move", {"game_id": game_id, "token": tokens[first["seat"]],
                                    "move": by_http[0]})
    for client in (small_server, ws):
        with pytest.raises(RpcFailed) as e:
            client.call("game.legal_moves", {"game_id": game_id,
                                             "cursor": first["next_cursor"]})
        assert (e.value.code, e.value.data["reason"]) == (-32001, "stale_cursor")
        with pytest.raises(RpcFailed) as e:
            client.call("game.legal_moves", {"game_id": game_id, "limit": 0})
        assert (e.value.code, e.value.data["reason"], e.value.data["path"]) == (
            -32602, "out_of_range", "limit")


@pytest.mark.parametrize("websocket", [False, True])
def test_the_bench_client_pages_instead_of_giving_the_game_up(small_server: HttpServer,
                                                              websocket: bool) -> None:
    """``ora bench --api``'s client reads every page (it gave such games up before)."""
    conn = bench_api.Connection(small_server.port, websocket)
    try:
        game_id, tokens = large_position(conn)
        record = bench_api.ClientRecord()
        legal = bench_api.legal_moves(conn, record, game_id, tokens[0])
    finally:
        conn.close()
    assert legal["moves"] == every_move(small_server, game_id)
    assert len(legal["moves"]) == legal["total"] > LARGE
    assert len(record.latencies["game.legal_moves"]) >= 2  # more than one reply's worth
    assert record.paged_positions == 1


def test_stdio_pages_too(tmp_path: Path) -> None:
    server = StdioServer(tmp_path, "--store", f"sqlite:{tmp_path / 'ora.sqlite3'}",
                         "--max-reply-bytes", str(SMALL_BUDGET))
    game_id, _ = large_position(server)
    first = server.call("game.legal_moves", {"game_id": game_id})
    assert first["next_cursor"] is not None and len(first["moves"]) < first["total"]
    assert every_move(server, game_id) == every_move(server, game_id, PAGE)
    code, _ = server.close()
    assert code == 0


LEGAL_MOVES_JS = """
import { Ora } from "./ora.mjs";

const [base, gameId, transport] = process.argv.slice(2);
const ora = new Ora(base);
if (transport === "ws") {            // call() uses the socket once a watch has opened it
  ora.watch(gameId, () => {});
  for (let i = 0; i < 1000 && !ora.open; i++) await new Promise((r) => setTimeout(r, 10));
  if (!ora.open) throw new Error("no WebSocket");
}
const legal = await ora.legalMoves(gameId);
console.log(JSON.stringify(legal));
ora.close();
"""


@pytest.mark.parametrize("transport", ["http", "ws"])
def test_ora_js_reads_every_page(small_server: HttpServer, tmp_path: Path,
                                 transport: str) -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is missing (ora.js needs Node 20 or later)")
        pytest.skip("node is missing (ora.js needs Node 20 or later)")
    game_id, _ = large_position(small_server)
    base = f"http://127.0.0.1:{small_server.port}"
    (tmp_path / "ora.mjs").write_bytes(small_server.client.get(f"{base}/ora.js").content)
    (tmp_path / "legal.mjs").write_text(LEGAL_MOVES_JS)
    flags = ["--experimental-websocket"] if transport == "ws" else []
    done = subprocess.run([node, *flags, "--no-warnings", "legal.mjs", base, game_id,
                           transport], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    legal = orjson.loads(done.stdout)
    assert legal["moves"] == every_move(small_server, game_id)
    assert legal["total"] == len(legal["moves"]) > LARGE and legal["next_cursor"] is None
