"""The limits of a server exposed to untrusted clients, with their defaults (docs/api.md,
"Running it in public"). ``ora serve`` has one option per field; ``ServerLimits()`` is the
default set. Pure values: no server library is imported here.
"""

from __future__ import annotations

from attrs import field, frozen

KIB = 1 << 10
MIB = 1 << 20


def _positive(_: object, attribute: object, value: float) -> None:
    if value <= 0:
        raise ValueError(f"{getattr(attribute, 'name', 'value')} must be positive")


@frozen(kw_only=True)
class ServerLimits:
    """What one client may cost the server."""

    #: The largest message (one request or one batch) read, in bytes.
    max_request_bytes: int = field(default=MIB, validator=_positive)
    #: The largest reply (one response, or all responses of one batch), in bytes. A batch stops
    #: running once its replies reach this: the remaining requests get ``reply_too_large``.
    #: (game.legal_moves passes 7 MB in rare two-player positions: its pages fill the budget
    #: left, so a smaller budget gives more pages; a page of game.events is about 1 MiB.) A
    #: reply is held whole until it is written, so this is also what one client that reads
    #: nothing holds (8 MiB before issue 22 cost some 60 MiB per such client, with the copies).
    max_reply_bytes: int = field(default=2 * MIB, validator=_positive)
    #: Bytes waiting to be sent to one WebSocket client; past this it is disconnected at once.
    max_pending_bytes: int = field(default=4 * MIB, validator=_positive)
    #: Bytes waiting for all WebSocket clients together; past this the client that has left a
    #: message unread longest is disconnected, then the next (``ora_api.transport.pending``).
    max_pending_total: int = field(default=32 * MIB, validator=_positive)
    #: Open connections (HTTP and WebSocket); further ones get 503 and are closed.
    max_connections: int = field(default=128, validator=_positive)
    #: Seconds a connection may take to send a request's headers (from when it opened or its
    #: previous response ended).
    header_timeout: float = field(default=10.0, validator=_positive)
    #: Seconds a request may take to send its body, after its headers.
    body_timeout: float = field(default=30.0, validator=_positive)
    #: Seconds a WebSocket client may leave a message unread before it is disconnected.
    send_timeout: float = field(default=30.0, validator=_positive)

    def __attrs_post_init__(self) -> None:
        if self.max_pending_bytes < self.max_reply_bytes + PENDING_LOW_WATER:
            raise ValueError("max_pending_bytes must exceed max_reply_bytes by 64 KiB: one "
                             "reply must fit")
        if self.max_pending_total < self.max_pending_bytes:
            raise ValueError("max_pending_total must be at least max_pending_bytes")


#: Below this many bytes waiting for a WebSocket client, its next frame is read (backpressure:
#: a client that reads nothing gets nothing more read from it).
PENDING_LOW_WATER = 64 * KIB
