"""Memory bounded server-wide (issue 22, finding 7): the bytes queued for all WebSocket clients
together have a cap (--max-pending-total); past it the client whose oldest unread message is
the oldest is dropped first, and its bytes are released."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from ora_api.transport.limits import ServerLimits
from ora_api.transport.pending import PendingTotal
from ora_api.transport.server import Outbox


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


def test_a_closed_outbox_gives_its_bytes_back() -> None:
    total = PendingTotal(1000)
    box = Outbox(600, total=total)
    box.put(b"x" * 500)
    box.close()
    assert total.pending == 0


def test_the_total_is_at_least_one_clients_bound() -> None:
    assert ServerLimits().max_pending_total == 64 << 20
    with pytest.raises(ValueError, match="max_pending_total"):
        ServerLimits(max_pending_total=1 << 20)
