"""Memory bounded server-wide (issue 22, finding 7): the bytes queued for all WebSocket clients
together have a cap (--max-pending-total); past it the client whose oldest unread message is
the oldest is dropped first, and its bytes are released."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable

import orjson
import pytest
import uvicorn
from websockets.sync.client import connect

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher
from ora_api.service import open_service
from ora_api.transport.connections import protocol_classes
from ora_api.transport.limits import ServerLimits
from ora_api.transport.pending import PendingTotal
from ora_api.transport.server import Outbox, create_app, listen
from tests.api.support_net import handshake, text_frame
from tests.support import rules


def test_past_the_total_the_oldest_unread_client_is_dropped_first() -> None:
    async def scenario() -> None:
        total = PendingTotal(1000)
        dropped: list[str] = []
        def dropper(name: str) -> Callable[[], None]:
            return lambda: dropped.append(name)

        boxes = {name: Outbox(600, on_overflow=dropper(name), total=total) for name in "abc"}
        boxes["a"].put(b"x" * 300)  # a: the oldest unread message
        await asyncio.sleep(0.01)
        boxes["b"].put(b"x" * 300)
        boxes["c"].put(b"x" * 300)
        assert total.pending == 900 and dropped == []
        boxes["b"].put(b"x" * 200)  # 1100 > 1000: a goes, though b holds more
        assert dropped == ["a"] and boxes["a"].overflow and total.pending == 800
        message = await boxes["b"].get()  # b reads its first message: c is now the oldest
        assert message is not None
        boxes["b"].sent(message)
        boxes["c"].put(b"x" * 250)  # total 750: c 550, b 200
        boxes["b"].put(b"x" * 300)  # 1050: c's first message is older than b's 200
        assert dropped == ["a", "c"] and total.pending == 500

    asyncio.run(scenario())


def test_a_client_stuck_on_the_reply_being_written_is_the_oldest_unread() -> None:
    """Its writer took the reply (it waits for room that never comes): the client has still
    read nothing, and goes before a client whose reply was queued later (before, a box with
    its one message in flight looked read, and the cap dropped the client that reads)."""
    async def scenario() -> None:
        total = PendingTotal(1000)
        dropped: list[str] = []
        stuck = Outbox(800, on_overflow=lambda: dropped.append("stuck"), total=total)
        reading = Outbox(800, on_overflow=lambda: dropped.append("reading"), total=total)
        stuck.put(b"x" * 600)
        assert await stuck.get() is not None  # being written, never read
        await asyncio.sleep(0.01)
        reading.put(b"x" * 500)  # 1100 > 1000
        assert dropped == ["stuck"] and total.pending == 500

    asyncio.run(scenario())


def test_a_closed_outbox_gives_its_bytes_back() -> None:
    total = PendingTotal(1000)
    box = Outbox(600, total=total)
    box.put(b"x" * 500)
    box.close()
    assert total.pending == 0


def test_the_total_is_at_least_one_clients_bound() -> None:
    assert ServerLimits().max_pending_total == 32 << 20
    with pytest.raises(ValueError, match="max_pending_total"):
        ServerLimits(max_pending_total=1 << 20)


def test_clients_that_read_nothing_stay_under_the_servers_cap() -> None:
    """A real server (uvicorn in a thread, real sockets: the test reads the server's own count)
    and ten clients that write batches and read nothing: the bytes queued for them never pass
    --max-pending-total, the cap drops clients (the oldest unread first: the test above), every
    byte is given back once they are gone, and another client is served meanwhile."""
    limits = ServerLimits(max_reply_bytes=200_000, max_pending_bytes=300_000,
                          max_pending_total=700_000)
    service = open_service("memory", rules=rules())
    dispatcher = Dispatcher(API, service, max_reply_bytes=limits.max_reply_bytes)
    total = PendingTotal(limits.max_pending_total)
    http, ws = protocol_classes(limits)
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(
        create_app(dispatcher, limits, pending_total=total), log_level="warning",
        lifespan="off", http=http, ws=ws))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    hogs: list[socket.socket] = []
    try:
        while not server.started:
            time.sleep(0.01)
        port = sock.getsockname()[1]
        # each frame: 100 rpc.discover (107 KB each), cut at the 200 KB reply budget
        frame = text_frame(orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": "rpc.discover"}
                                         for i in range(100)]))
        for _ in range(10):
            status, _, hog = handshake(port, {}, rcvbuf=4096)
            assert status == 101
            hog.setblocking(False)
            hogs.append(hog)
        deadline = time.monotonic() + 60
        while total.dropped < 3 and time.monotonic() < deadline:
            for hog in hogs:
                with contextlib.suppress(BlockingIOError, OSError):
                    hog.send(frame)
            time.sleep(0.02)
        assert total.dropped >= 3, f"the cap dropped {total.dropped} client(s)"
        assert 0 < total.peak <= limits.max_pending_total
        with connect(f"ws://127.0.0.1:{port}/ws") as other:
            other.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.list"}).decode())
            assert "games" in orjson.loads(other.recv(timeout=10))["result"]
        for hog in hogs:
            hog.close()
        while total.pending and time.monotonic() < deadline:
            time.sleep(0.02)
        assert total.pending == 0  # every queued byte was counted once and given back
        assert total.peak <= limits.max_pending_total
    finally:
        for hog in hogs:
            hog.close()
        server.should_exit = True
        thread.join(10)
        service.close()
