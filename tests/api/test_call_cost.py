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

import pytest
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from ora_api.service import open_service
from ora_api.tools.bench_api import engine_cost
from ora_api.transport.connections import (
    COMPRESS_FROM,
    CoalescingTransport,
    LongMessagesDeflated,
)
from ora_api.transport.post_rpc import Calls
from ora_core.errors import IllegalCommand, InvalidCommand
from tests.api.conftest import Local, new_game, pick
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
