"""The WebSocket route in process, with a client that never takes a message: notifications
(pushed whether or not the client reads) past --max-pending-bytes disconnect it at once."""

from __future__ import annotations

import asyncio
import random
from typing import Any
from uuid import UUID

import orjson

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher
from ora_api.service import GameService
from ora_api.transport.limits import ServerLimits
from ora_api.transport.server import Outbox, create_app
from tests.api.conftest import Local, new_game, play


def test_an_outbox_counts_bytes_and_overflows_past_its_limit() -> None:
    async def scenario() -> None:
        box = Outbox(100)
        box.put(b"x" * 60)
        box.put(b"y" * 30)
        assert box.pending == 90 and not box.overflow
        first = await box.get()
        assert first == b"x" * 60 and box.pending == 90  # counted until sent
        box.sent(first)
        await asyncio.wait_for(box.wait_below(40), 1)
        box.put(b"z" * 80)
        assert box.overflow and await box.get() is None
        box.put(b"more")  # dropped: the client is being disconnected
        assert box.pending == 110

    asyncio.run(scenario())


def test_a_subscriber_that_reads_nothing_is_dropped_past_the_pending_bound(
        service: GameService) -> None:
    limits = ServerLimits(max_reply_bytes=10_000, max_pending_bytes=80_000)
    app = create_app(Dispatcher(API, service, max_reply_bytes=limits.max_reply_bytes), limits)
    mover = Local(service, push=False)
    game_id, tokens = new_game(mover, players=4)
    aborted: list[bool] = []

    async def scenario() -> int:
        loop = asyncio.get_running_loop()
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        await inbox.put({"type": "websocket.connect"})
        await inbox.put({"type": "websocket.receive", "text": orjson.dumps({
            "jsonrpc": "2.0", "id": 1, "method": "game.subscribe",
            "params": {"game_id": game_id}}).decode()})
        sent: list[dict[str, Any]] = []
        stuck = asyncio.Event()

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "websocket.send" and len(sent) > 2:
                await stuck.wait()  # the client reads nothing more

        def abort() -> None:
            aborted.append(True)
            inbox.put_nowait({"type": "websocket.disconnect", "code": 1006})
            stuck.set()

        scope = {"type": "websocket", "path": "/ws", "headers": [], "client": ("127.0.0.1", 1),
                 "extensions": {"ora.abort": {"abort": abort}}, "query_string": b"",
                 "root_path": "", "scheme": "ws", "server": ("127.0.0.1", 2)}
        serving = asyncio.create_task(app(scope, inbox.get, send))
        moves = 0
        while not aborted and moves < 600:
            played = await loop.run_in_executor(None, play, mover, game_id, tokens,
                                                random.Random(moves), 5)
            assert played, "the game ended before the bound was passed"
            moves += played
            await asyncio.sleep(0)
        await asyncio.wait_for(serving, 10)
        return moves

    moves = asyncio.run(scenario())
    assert aborted, f"still connected after {moves} moves"
    assert not service.subscribers.sinks(UUID(game_id))  # its subscription ended with it
