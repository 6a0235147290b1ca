"""uvicorn's HTTP and WebSocket protocols with the connection limits of ``ServerLimits``.

HTTP is uvicorn's httptools protocol: a C parser, where h11's pure Python took a quarter of
the server's instructions per move over HTTP (issue 34). uvicorn (0.54, pinned) has no
deadline for a request's headers and counts its concurrency limit only once headers are
complete, so a client that opens connections and sends half a header keeps them all.
These subclasses add:

- a **connection limit**: a connection beyond ``max_connections`` gets 503 and is closed at
  once (HTTP and WebSocket connections count alike);
- a **header deadline**: a connection that has not sent a complete request head
  ``header_timeout`` seconds after it opened (or after its previous response) is closed;
- a **bound on a request head**, ``MAX_HEAD_BYTES`` (h11 had one, httptools has none): a
  longer head, whole or still coming, is refused with 400 and the connection closed;
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
from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.extensions import Extension, ServerExtensionFactory
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

from ora_api.jsonrpc.rpc import error_message, server_busy
from ora_api.transport.limits import ServerLimits

log = logging.getLogger("ora.api")


def _busy_response() -> bytes:
    body = error_message(server_busy("the server has too many open connections; retry later"))
    head = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
            b"connection: close\r\nretry-after: 5\r\ncontent-length: %d\r\n\r\n" % len(body))
    return head + body


BUSY = _busy_response()

#: The longest request head (request line and headers): a longer one is refused with 400 and
#: the connection closed. It is the limit of h11, the parser before httptools (issue 34).
MAX_HEAD_BYTES = 16 * 1024


class HeadTooLarge(Exception):
    """A request head over ``MAX_HEAD_BYTES`` (raised inside the parser: a bad request)."""


#: Messages shorter than this are sent uncompressed on a connection with permessage-deflate.
COMPRESS_FROM = 4096

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

    class LimitedHttpProtocol(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None
        #: Between requests or inside a request head (no head read since the last request).
        _reading_head = True
        #: Request heads read on this connection.
        _heads = 0
        #: The bytes of the unfinished head, counted from the chunks wholly inside it.
        _head_bytes = 0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            # asyncio sets TCP_NODELAY only on sockets whose proto is IPPROTO_TCP, and the
            # listening socket of ``server.listen`` has proto 0: without it, Nagle's algorithm
            # and the client's delayed ACK held every reply's body for 40 ms (ora bench --api).
            sock = transport.get_extra_info("socket")
            if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._socket_transport = transport
            self._held = CoalescingTransport(transport, asyncio.get_running_loop())
            held: Any = self._held
            super().connection_made(held)
            if len(self.connections) > limits.max_connections:
                log.warning("refused a connection from %s: %d connections are open",
                            _peer(self.client), limits.max_connections)
                transport.write(BUSY)
                transport.close()
                return
            self._arm_header_deadline()

        def data_received(self, data: bytes) -> None:
            # httptools keeps an unfinished header line to itself: a head that never ends is
            # bounded here, by the chunks that came in while it was being read.
            inside, heads = self._reading_head, self._heads
            super().data_received(data)
            if inside and self._reading_head and heads == self._heads:  # all of it head
                self._head_bytes += len(data)
                if self._head_bytes > MAX_HEAD_BYTES and not self.transport.is_closing():
                    self._refuse_head()

        def on_headers_complete(self) -> None:
            self._reading_head, self._head_bytes = False, 0
            self._heads += 1
            # The whole head: its request line and header lines.
            if len(self.url) + sum(len(k) + len(v) + 4 for k, v in self.headers) \
                    > MAX_HEAD_BYTES:
                raise HeadTooLarge  # an error of the parser's: 400, as for any bad request
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._reading_head = True  # what follows is the next request's head

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.cycle is None or self.cycle.response_complete:  # no later request read
                self._arm_header_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_header_deadline()
            super().connection_lost(exc)

        def handle_websocket_upgrade(self) -> None:
            self._cancel_header_deadline()
            # The WebSocket protocol writes each message once (``send_utf8``): it takes the
            # socket's own transport, not one that holds writes for a turn of the loop.
            self._held.flush()
            self.transport = self._socket_transport
            super().handle_websocket_upgrade()

        def _refuse_head(self) -> None:
            message = "Invalid HTTP request received."  # uvicorn's words for a bad request
            self.logger.warning(message)
            self.send_400_response(message)

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
            # Still no complete head since the deadline was armed (a request being answered
            # has its head: the body deadline covers it).
            idle = self.cycle is None or self.cycle.response_complete
            if idle and self._reading_head and not self.transport.is_closing():
                log.info("closed a connection from %s: no complete request head within %g s",
                         _peer(self.client), limits.header_timeout)
                self.transport.abort()

    class AbortableWebSocketProtocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn.available_extensions = [
                ShortMessagesPlain(f) if isinstance(f, ServerPerMessageDeflateFactory) else f
                for f in self.conn.available_extensions or ()]

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

    return LimitedHttpProtocol, AbortableWebSocketProtocol


class ShortMessagesPlain(ServerExtensionFactory):
    """permessage-deflate as uvicorn configures it, except that a message under
    ``COMPRESS_FROM`` bytes goes out uncompressed (RFC 7692 §6.1: a sender chooses per
    message; the client's context is untouched). Compressing each short reply and
    notification cost a twelfth of a move's instructions over the WebSocket, for a few hundred
    bytes saved (issue 34)."""

    name = ServerPerMessageDeflateFactory.name

    def __init__(self, factory: ServerPerMessageDeflateFactory) -> None:
        self.factory = factory

    def process_request_params(self, params: Sequence[ExtensionParameter],
                               accepted_extensions: Sequence[Extension]
                               ) -> tuple[list[ExtensionParameter], Extension]:
        response, agreed = self.factory.process_request_params(params, accepted_extensions)
        assert isinstance(agreed, PerMessageDeflate)
        return response, LongMessagesDeflated(
            agreed.remote_no_context_takeover, agreed.local_no_context_takeover,
            agreed.remote_max_window_bits, agreed.local_max_window_bits,
            agreed.compress_settings)


class LongMessagesDeflated(PerMessageDeflate):
    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY) \
                and len(frame.data) < COMPRESS_FROM:
            return frame  # a whole short message, as it is (rsv1 unset: not compressed)
        return super().encode(frame)


def _peer(client: tuple[str, int] | None) -> str:
    return f"{client[0]}:{client[1]}" if client else "?"
