"""What a call costs the server besides its method (issue 34): one write per reply, the calls'
own threads, and the engine's share of ``ora bench --api`` timed on the acknowledged moves.
Nothing here is timed: the figures are ``ora bench --api``'s (docs/performance.md)."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from attrs import define
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher, Registry, Session
from ora_api.service import open_service
from ora_api.tools.bench_api import engine_cost
from ora_api.transport.connections import (
    COMPRESS_FROM,
    CoalescingTransport,
    LongMessagesDeflated,
)
from ora_api.transport.post_rpc import CALL_THREADS, Calls
from ora_core.errors import IllegalCommand, InvalidCommand
from tests.api.conftest import HttpServer, Local, new_game, pick
from tests.support import rules


class Recorded:
    """A transport that records what is done to it."""

    def __init__(self) -> None:
        self.done: list[Any] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.done.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.done.append("close")
        self.closing = True


def test_a_turns_writes_reach_the_socket_as_one_and_nothing_passes_them() -> None:
    async def main() -> list[Any]:
        inner = Recorded()
        held = CoalescingTransport(inner, asyncio.get_running_loop())  # type: ignore[arg-type]
        held.write(b"HTTP/1.1 200 OK\r\n\r\n")
        held.write(b"")
        held.write(memoryview(b'{"result":1}'))
        assert inner.done == []  # held until the end of this turn of the loop
        await asyncio.sleep(0)
        held.write(b"last")
        held.close()  # any other use writes what is held first
        held.write(b"after close")
        await asyncio.sleep(0)
        return inner.done

    assert asyncio.run(main()) == [b'HTTP/1.1 200 OK\r\n\r\n{"result":1}', b"last", "close"]


def test_a_cancelled_call_is_waited_for_before_the_cancellation_goes_on() -> None:
    """As with anyio's threads: the session of a connection that closes mid-call is closed
    only after the call (e.g. a game.subscribe) has finished."""
    finished = threading.Event()

    class Slow:
        max_request_bytes = 1 << 20

        def runs_inline(self, raw: bytes | str) -> bool:
            return False

        def handle(self, raw: bytes | str, session: Any) -> bytes:
            time.sleep(0.2)
            finished.set()
            return b"{}"

    async def main() -> bool:
        calls = Calls(Slow())  # type: ignore[arg-type]
        task = asyncio.create_task(calls.handle(b"{}", None))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return finished.is_set()

    assert asyncio.run(main())


def test_the_engine_is_timed_on_the_stored_games_moves(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'bench.sqlite3'}"
    service = open_service(url, rules=rules())
    client = Local(service)
    game_id, tokens = new_game(client, players=2, length="short")
    played: list[tuple[int, str]] = []
    rng = random.Random(3)
    for _ in range(30):
        legal = client.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
        move = pick(legal["moves"], rng)
        client.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                  "move": move, "expected_version": legal["version"]})
        played.append((legal["seat"], move))
    service.close()
    assert engine_cost(url, {game_id: played}) > 0
    # The replay plays the moves themselves: others than the stored game's are refused.
    with pytest.raises((IllegalCommand, InvalidCommand)):
        engine_cost(url, {game_id: [(played[0][0], "BUILD G01 9 9"), *played[1:]]})


def test_short_websocket_messages_go_out_uncompressed_and_long_ones_deflated() -> None:
    """permessage-deflate (issue 34): a whole message under COMPRESS_FROM bytes is sent as it
    is, a longer one compressed; the client's decoder reads them in any order (a plain message
    leaves the shared compression context as it was)."""
    server = LongMessagesDeflated(False, False, 12, 12, {"memLevel": 5})
    client = PerMessageDeflate(False, False, 12, 12)
    short = Frame(Opcode.TEXT, b'{"jsonrpc":"2.0","id":1,"result":{"version":7}}')
    long = Frame(Opcode.TEXT, b'{"jsonrpc":"2.0","id":2,"result":{"moves":["COMMIT",'
                 + b'"USE LR1",' * COMPRESS_FROM + b'"CUT_PEAT"]}}')
    sent = [server.encode(f) for f in (long, short, long, short)]
    assert [f.rsv1 for f in sent] == [True, False, True, False]
    assert sent[1] is short and len(sent[2].data) < len(long.data) // 100
    assert [client.decode(f).data for f in sent] == [long.data, short.data] * 2


def _threads_registry() -> Registry:
    """Two methods that answer the name of the thread they ran on, one of them inline."""
    registry = Registry()

    @define
    class NoParams:
        pass

    @registry.method("fast", params=NoParams, result=str, summary="inline", inline=True)
    def fast(target: Any, session: Session, p: NoParams) -> str:
        return threading.current_thread().name

    @registry.method("slow", params=NoParams, result=str, summary="in a thread")
    def slow(target: Any, session: Session, p: NoParams) -> str:
        return threading.current_thread().name

    return registry


def _request(method: str) -> bytes:
    return orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": method})


def test_an_inline_method_is_answered_on_the_event_loop_where_the_dispatcher_allows_it() -> None:
    """A move's two calls (game.legal_moves, game.move) on a local store are answered on the
    loop: the hand-over to a thread and back cost more CPU than the move (docs/performance.md,
    "Calls on the event loop"). Other methods, batches, and every call of a dispatcher
    without ``inline`` (PostgreSQL: network waits) still go to the calls' threads."""
    registry = _threads_registry()

    def answered(dispatcher: Dispatcher, raw: bytes) -> Any:
        async def main() -> bytes | None:
            return await Calls(dispatcher).handle(raw, Session())
        reply = asyncio.run(main())
        assert reply is not None
        return orjson.loads(reply)

    local = Dispatcher(registry, None, inline=True)
    loop_thread = threading.current_thread().name  # asyncio.run runs the loop here
    assert answered(local, _request("fast"))["result"] == loop_thread
    assert answered(local, _request("slow"))["result"].startswith("ora-rpc")
    batch = b"[" + _request("fast") + b"]"
    assert answered(local, batch)[0]["result"].startswith("ora-rpc")
    remote = Dispatcher(registry, None)
    assert answered(remote, _request("fast"))["result"].startswith("ora-rpc")

    assert local.runs_inline(_request("fast")) and not local.runs_inline(_request("slow"))
    assert not local.runs_inline(b"{not json") and not local.runs_inline(batch)
    assert not remote.runs_inline(_request("fast"))


def test_the_servers_move_path_is_inline_on_sqlite_only() -> None:
    assert {"game.legal_moves", "game.move"} <= {n for n, m in API.methods.items() if m.inline}
    assert "game.wait_turn" not in {n for n, m in API.methods.items() if m.inline}


def test_long_polls_over_http_leave_the_calls_threads_free(http_server: HttpServer) -> None:
    """More HTTP long polls than the calls have threads: another call is answered at once,
    and every poll answers when the turn passes to its seat (they wait in anyio's threads)."""
    import httpx

    game_id, tokens = new_game(http_server, players=2, seed=9)
    other = 1 - http_server.call("game.legal_moves", {"game_id": game_id})["seat"]
    answers: list[dict[str, Any]] = []
    body = orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.wait_turn", "params": {
        "game_id": game_id, "token": tokens[other], "timeout": 30}})

    def wait() -> None:
        answers.append(httpx.post(http_server.url, content=body, timeout=40,
                                  headers={"content-type": "application/json"}).json())

    waiters = [threading.Thread(target=wait) for _ in range(CALL_THREADS + 2)]
    for waiter in waiters:
        waiter.start()
    time.sleep(1.0)  # the polls are waiting
    started = time.monotonic()
    http_server.call("game.state", {"game_id": game_id})  # not an inline method
    assert time.monotonic() - started < 10  # with the polls in the calls' threads: 30 s
    while True:  # the deciding seat plays until the waiting seat decides
        legal = http_server.call("game.legal_moves", {"game_id": game_id})
        if legal["seat"] == other:
            break
        http_server.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                       "move": legal["moves"][-1]})
    for waiter in waiters:
        waiter.join(20)
    assert len(answers) == CALL_THREADS + 2
    assert all(a["result"]["your_turn"] is True for a in answers)
