"""The bytes queued for all WebSocket clients together, bounded (docs/api.md, "Limits").

Each client's outbox is bounded (``--max-pending-bytes``), but a hundred clients that read
nothing would each hold their bound. ``PendingTotal`` counts every outbox's bytes; past
``--max-pending-total`` it drops the client whose oldest unread message is the oldest (it has
read nothing for longest), then the next, until the total is back under the cap. Everything
here runs in the event loop: no lock.
"""

from __future__ import annotations

from typing import Protocol


class Droppable(Protocol):
    #: When its oldest unread message was queued (``time.monotonic``), None when none waits.
    unread_since: float | None
    pending: int

    def drop(self) -> None: ...


class PendingTotal:
    """The bytes queued for all clients, and the cap on them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pending = 0
        #: The most bytes held at once, once each ``add`` has dropped what it must.
        self.peak = 0
        #: How many clients the cap dropped.
        self.dropped = 0
        self._boxes: set[Droppable] = set()

    def add(self, box: Droppable, size: int) -> None:
        self._boxes.add(box)
        self.pending += size
        while self.pending > self.limit:
            waiting = [b for b in self._boxes if b.unread_since is not None and b.pending]
            if not waiting:
                break
            oldest = min(waiting, key=lambda b: b.unread_since or 0.0)
            oldest.drop()  # gives its bytes back (``release``)
            self._boxes.discard(oldest)
            self.dropped += 1
        self.peak = max(self.peak, self.pending)

    def sent(self, size: int) -> None:
        self.pending -= size

    def release(self, box: Droppable, size: int) -> None:
        """``box`` is gone with ``size`` bytes unsent."""
        self.pending -= size
        self._boxes.discard(box)
