"""uvicorn's HTTP and WebSocket protocols with the connection limits of ``ServerLimits``.

uvicorn (0.54, pinned) has no deadline for a request's headers and counts its concurrency
limit only once headers are complete, so a client that opens connections and sends half a
header keeps them all. These subclasses add:

- a **connection limit**: a connection beyond ``max_connections`` gets 503 and is closed at
  once (HTTP and WebSocket connections count alike);
- a **header deadline**: a connection that has not sent a complete request head
  ``header_timeout`` seconds after it opened (or after its previous response) is closed;
- an **abort** for the WebSocket application (``scope["extensions"]["ora.abort"]``): a client
  that reads nothing cannot be closed politely (the close frame waits behind the unread data),
  so the transport is dropped with its buffer;
- **one write per reply**: uvicorn writes a response's head and its body with a system call
  each (and the loopback's TCP work runs in the sender's system call); the connection's writes
  within one turn of the event loop go out as one (``CoalescingTransport``), so a reply costs
  one ``send``;
- a **send in fragments** (``scope["extensions"]["ora.send"]``): a reply's UTF-8 bytes go out
  as one text message of frames of at most ``FRAGMENT`` bytes, each written once the transport
  has room. Starlette's ``send_text`` would decode the reply to text, uvicorn encode it again,
  the frame copy it and the transport buffer the rest: five copies of an unread 8 MiB reply,
  about 55 MiB per client that reads nothing (issue 22, finding 7). Here the reply is held once.

The body deadline and the WebSocket limits live in the application (``ora_api.transport.server``).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from ora_api.jsonrpc.rpc import error_message, server_busy
from ora_api.transport.limits import ServerLimits

log = logging.getLogger("ora.api")


def _busy_response() -> bytes:
    body = error_message(server_busy("the server has too many open connections; retry later"))
    head = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
            b"connection: close\r\nretry-after: 5\r\ncontent-length: %d\r\n\r\n" % len(body))
    return head + body


BUSY = _busy_response()

#: The largest frame the server writes; a longer message goes out in fragments (RFC 6455 §5.4).
FRAGMENT = 64 * 1024


class CoalescingTransport:
    """A transport whose writes within one turn of the event loop reach the socket as one
    write, at the end of that turn; every other use of the transport (close, abort, flow
    control, ...) first writes what is held, so nothing is reordered or lost."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(bytes(data))

    def flush(self) -> None:
        if self._held:
            data = self._held[0] if len(self._held) == 1 else b"".join(self._held)
            self._held = []
            if not self._transport.is_closing():
                self._transport.write(data)

    def __getattr__(self, name: str) -> Any:
        self.flush()
        return getattr(self._transport, name)


def protocol_classes(limits: ServerLimits) -> tuple[type[asyncio.Protocol],
                                                   type[asyncio.Protocol]]:
    """The HTTP and WebSocket protocol classes to give ``uvicorn.Config(http=, ws=)``."""

    class LimitedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            # asyncio sets TCP_NODELAY only on sockets whose proto is IPPROTO_TCP, and the
            # listening socket of ``server.listen`` has proto 0: without it, Nagle's algorithm
            # and the client's delayed ACK held every reply's body for 40 ms (ora bench --api).
            sock = transport.get_extra_info("socket")
            if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            held: Any = CoalescingTransport(transport, asyncio.get_running_loop())
            super().connection_made(held)
            if len(self.connections) > limits.max_connections:
                log.warning("refused a connection from %s: %d connections are open",
                            _peer(self.client), limits.max_connections)
                transport.write(BUSY)
                transport.close()
                return
            self._arm_header_deadline()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm_header_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_header_deadline()
            super().connection_lost(exc)

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._cancel_header_deadline()
            super().handle_websocket_upgrade(event)

        def _arm_header_deadline(self) -> None:
            self._cancel_header_deadline()
            self._header_timer = self.loop.call_later(limits.header_timeout,
                                                      self._header_deadline)

        def _cancel_header_deadline(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _header_deadline(self) -> None:
            self._header_timer = None
            # IDLE: h11 still waits for a complete request head (any later state means the
            # request is being read or answered, which the body deadline covers).
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                log.info("closed a connection from %s: no complete request head within %g s",
                         _peer(self.client), limits.header_timeout)
                self.transport.abort()

    class AbortableWebSocketProtocol(WebSocketsSansIOProtocol):
        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:  # accepted: the application will run with this scope
                scope["extensions"]["ora.abort"] = {"abort": self.transport.abort}
                scope["extensions"]["ora.send"] = {"send": self.send_utf8}

        def shutdown(self) -> None:
            super().shutdown()  # a close frame (1012), then the transport closes once written
            if self.transport.get_write_buffer_size():
                # it sits behind data the client does not read: the server would wait out its
                # grace period, then cancel the application with a traceback
                self.transport.abort()

        async def send_utf8(self, data: bytes) -> None:
            """``data`` (UTF-8) as one text message, a fragment at a time, each once the
            transport's buffer is under its high-water mark (ClientDisconnected when the
            connection is gone). Control frames (pings, a close) may go between fragments."""
            view = memoryview(data)
            start = 0
            while True:
                await self.writable.wait()
                if self.disconnected or self.close_sent or self.transport.is_closing():
                    raise ClientDisconnected
                end = min(start + FRAGMENT, len(view))
                try:
                    if start == 0:
                        self.conn.send_text(view[:end], fin=end == len(view))
                    else:
                        self.conn.send_continuation(view[start:end], fin=end == len(view))
                except InvalidState:
                    raise ClientDisconnected from None
                self.transport.write(b"".join(self.conn.data_to_send()))
                if end == len(view):
                    return
                start = end

    return LimitedH11Protocol, AbortableWebSocketProtocol


def _peer(client: tuple[str, int] | None) -> str:
    return f"{client[0]}:{client[1]}" if client else "?"
