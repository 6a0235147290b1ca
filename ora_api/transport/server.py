"""``ora serve``: the JSON-RPC API over stdio, or over HTTP and WebSocket (Starlette + uvicorn).

- ``--stdio``: one JSON-RPC message (a request or a batch) per line on stdin, one reply per line
  on stdout (UTF-8, ``\\n``-terminated; blank lines are skipped). Notifications
  (``game.event``) are written as lines too, between replies. Logs go to stderr only.
- ``--http HOST:PORT``: ``POST /rpc`` (one message per request body; a reply body, or 204 when
  every request was a notification) and the WebSocket ``/ws`` (one message per text or binary
  frame, replies and ``game.event`` notifications as text frames); ``GET /`` is the web client
  and ``/ora.js`` its JavaScript client module (``ora_api.web``).

Every message over ``--max-request-bytes`` (1 MiB) is refused with -32600 (HTTP status 413); a
WebSocket frame over four times that closes the connection (1009). ``--store`` chooses the
event store (default: the SQLite file ``ora.sqlite3`` in ``$ORA_DATA`` or ``./data``).

Exposed to untrusted clients, the HTTP transport checks ``Host`` and ``Origin``
(``ora_api.transport.guard``), bounds what one client may cost (``ora_api.transport.limits``:
reply bytes, bytes waiting per WebSocket client with backpressure, connections, header / body /
send deadlines; ``ora_api.transport.connections``) and answers CORS for ``--allow-origin``
(docs/api.md, "Running it in public").
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import importlib
import importlib.util
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import orjson

from ora_api import web
from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher, Session
from ora_api.service import open_service
from ora_api.table.bot_pool import BotLimits
from ora_api.transport import long_polls
from ora_api.transport.guard import Guard
from ora_api.transport.headers import SecurityHeaders
from ora_api.transport.limits import PENDING_LOW_WATER, ServerLimits
from ora_api.transport.options import DEFAULT_HTTP, add_serve_arguments
from ora_api.transport.origins import OriginPolicy
from ora_api.transport.pending import PendingTotal
from ora_api.transport.post_rpc import Calls, RpcFirst
from ora_core.store import StoreUnavailable

log = logging.getLogger("ora.api")

#: The packages of the HTTP transport: the ``api`` extra of the ``ora`` distribution.
HTTP_PACKAGES = ("starlette", "uvicorn", "websockets", "httptools")


def default_store_url() -> str:
    """``sqlite:$ORA_DATA/ora.sqlite3``, else ``sqlite:data/ora.sqlite3`` (relative to cwd)."""
    data = os.environ.get("ORA_DATA") or "data"
    return f"sqlite:{Path(data) / 'ora.sqlite3'}"


def missing_http_packages() -> list[str]:
    missing = []
    for name in HTTP_PACKAGES:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    return missing


def limits_of(args: argparse.Namespace) -> ServerLimits:
    """The limits the options give (ValueError naming the bad option)."""
    given = {name: getattr(args, name) for name in (
        "max_request_bytes", "max_reply_bytes", "max_pending_bytes", "max_pending_total",
        "max_connections",
        "header_timeout", "body_timeout", "send_timeout") if getattr(args, name, None) is not None}
    try:
        return ServerLimits(**given)
    except ValueError as e:
        raise ValueError("--" + str(e).replace("_", "-")) from None


def bot_limits_of(args: argparse.Namespace) -> BotLimits:
    """The bot seats' limits the options give (ValueError naming the bad option)."""
    given = {name: getattr(args, "bot_" + name) for name in ("max_seconds", "thinkers")
             if getattr(args, "bot_" + name, None) is not None}
    try:
        return BotLimits(**given)
    except ValueError as e:
        raise ValueError("--bot-" + str(e).replace("_", "-")) from None


def run(args: argparse.Namespace, opening: Callable[[str], object] | None = None) -> int:
    """Serve until stdin ends (stdio) or SIGINT / SIGTERM (HTTP); the exit code. ``opening``
    hears the store's URL once the options are read, before the store is opened (the CLI says
    there that it creates one)."""
    logging.basicConfig(stream=sys.stderr, level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        limits = limits_of(args)
        bots = bot_limits_of(args)
        policy = OriginPolicy.of(args.allow_host or (), args.allow_origin or ())
    except ValueError as e:
        print(f"ora serve: {e}", file=sys.stderr)
        return 2
    host, port = DEFAULT_HTTP.split(":")
    if not args.stdio and args.http:
        host, _, port_text = args.http.rpartition(":")
        if not host or not port_text.isdigit() or int(port_text) > 65535:
            print(f"ora serve: --http expects HOST:PORT (a port 0..65535), got {args.http!r}",
                  file=sys.stderr)
            return 2
        port = port_text
    if not args.stdio and (missing := missing_http_packages()):
        print(f"ora serve: the HTTP server needs {', '.join(missing)}: install the 'api' extra "
              "(pip install 'ora[api]'), or use --stdio", file=sys.stderr)
        return 2
    store_url = args.store or default_store_url()
    if opening is not None:
        opening(store_url)
    try:
        service = open_service(store_url, bots=bots)
    except StoreUnavailable as e:  # checked at start: a store that cannot be written
        print(f"ora serve: cannot write the store {store_url!r} ({e.reason}): {e.detail}",
              file=sys.stderr)
        return 2
    except (ValueError, RuntimeError, OSError) as e:
        print(f"ora serve: cannot open the store {store_url!r}: {e}", file=sys.stderr)
        return 2
    workers = getattr(args, "workers", 1) or 1
    if workers > 1 and not args.stdio:
        from ora_api.transport.workers import reserve, supervise

        service.close()  # the store works and is summarised; each worker opens its own
        try:
            sock = _listening(reserve, host, int(port))
        except CannotListen as e:
            print(f"ora serve: {e}", file=sys.stderr)
            return 2
        bound = sock.getsockname()[1]
        return supervise(args, sock, workers, lambda: print(
            f"ora: JSON-RPC on http://{host}:{bound}/rpc and ws://{host}:{bound}/ws "
            f"(store {store_url}, {workers} workers)", file=sys.stderr, flush=True))
    # The move's two calls answered on the event loop where the store is local: no network
    # to wait on (docs/performance.md, "Calls on the event loop").
    dispatcher = Dispatcher(API, service, max_request_bytes=limits.max_request_bytes,
                            max_reply_bytes=limits.max_reply_bytes,
                            inline=service.store.dialect != "postgres")
    try:
        if args.stdio:
            serve_stdio(dispatcher, sys.stdin.buffer, sys.stdout.buffer)
        else:
            shared = getattr(args, "reuse_port", False)  # a worker of ``--workers N``
            serve_http(dispatcher, host, int(port), log_level=args.log_level, limits=limits,
                       policy=policy, sock=listen(host, int(port), reuse_port=True)
                       if shared else None)
    except CannotListen as e:
        print(f"ora serve: {e}", file=sys.stderr)
        return 2
    finally:
        service.close()
    return 0


class CannotListen(Exception):
    """The HTTP address cannot be bound (in use, not ours, no permission)."""


def listen(host: str, port: int, *, reuse_port: bool = False) -> socket.socket:
    """A listening socket on ``host:port`` (``reuse_port``: one of the workers' sockets on a
    port, ``ora_api.transport.workers``); CannotListen in one sentence otherwise (uvicorn
    would log it and exit with status 3)."""
    def make(host: str, port: int) -> socket.socket:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family, backlog=2048,
                                    reuse_port=reuse_port)

    return _listening(make, host, port)


def _listening(make: Callable[[str, int], socket.socket], host: str, port: int
               ) -> socket.socket:
    try:
        return make(host, port)
    except OSError as e:
        # (create_server appends the address to its message; a bad name has no errno text)
        why = e.strerror if isinstance(e, socket.gaierror) or not e.errno else \
            os.strerror(e.errno)
        raise CannotListen(f"cannot listen on {host}:{port}: {why}") from None


# --- stdio --------------------------------------------------------------------------------------


def serve_stdio(dispatcher: Dispatcher, inp: IO[bytes], out: IO[bytes]) -> None:
    """Answer one message per line until ``inp`` ends."""
    limit = dispatcher.max_request_bytes
    lock = threading.Lock()

    def send(message: bytes) -> None:
        with lock:
            out.write(message + b"\n")
            out.flush()

    session = Session(send)
    try:
        while True:
            line = inp.readline(limit + 2)
            if not line:
                return
            if not line.endswith(b"\n") and len(line) > limit:
                while True:  # skip the rest of the oversized line
                    rest = inp.readline(1 << 16)
                    if not rest or rest.endswith(b"\n"):
                        break
                send(dispatcher.too_large())
                continue
            line = line.strip()
            if not line:
                continue
            reply = dispatcher.handle(line, session)
            if reply is not None:
                send(reply)
    except BrokenPipeError:
        return
    finally:
        session.close()


# --- HTTP and WebSocket -------------------------------------------------------------------------


class Outbox:
    """The messages waiting for one WebSocket client, counted in bytes (in the event loop).

    Past ``limit`` bytes it overflows and calls ``on_overflow``: the client is disconnected
    rather than silently missing a notification. ``wait_below`` is the reader's backpressure:
    no frame is read from a client while more than a little waits for it. With ``total`` its
    bytes also count toward the server's cap (``ora_api.transport.pending``), which may drop it
    (overflow too) when it is the client that has left a message unread longest.
    """

    def __init__(self, limit: int, on_overflow: Callable[[], None] = lambda: None,
                 total: PendingTotal | None = None) -> None:
        self.limit = limit
        self.on_overflow = on_overflow
        self.total = total
        self.pending = 0
        self.overflow = False
        self.closed = False
        #: When the oldest message not yet sent was queued (the one being written counts:
        #: a client stuck on a reply it does not read must not look like one that reads).
        self.unread_since: float | None = None
        self._messages: collections.deque[tuple[bytes, float]] = collections.deque()
        self._changed = asyncio.Event()

    def put(self, message: bytes) -> None:
        if self.overflow or self.closed:
            return
        now = time.monotonic()
        self._messages.append((message, now))
        if self.unread_since is None:
            self.unread_since = now
        self.pending += len(message)
        if self.pending > self.limit:
            self.drop(counted=self.pending - len(message))  # (this one was never counted)
            return
        self._changed.set()
        if self.total is not None:
            self.total.add(self, len(message))

    def drop(self, counted: int | None = None) -> None:
        """Overflow: the queued messages go, and the client with them; ``counted``: the bytes
        the server's total holds for it (default: all pending)."""
        if self.overflow:
            return
        self.overflow = True
        self._messages.clear()
        self.unread_since = None
        if self.total is not None and not self.closed:
            self.total.release(self, self.pending if counted is None else counted)
        self.on_overflow()  # at once: the writer may be stuck sending to this client
        self._changed.set()

    async def get(self) -> bytes | None:
        """The next message; None once the outbox overflowed."""
        while not self._messages and not self.overflow:
            self._changed.clear()
            await self._changed.wait()
        if self.overflow:
            return None
        message, _ = self._messages.popleft()
        return message

    def sent(self, message: bytes) -> None:
        self.unread_since = self._messages[0][1] if self._messages else None
        self.pending -= len(message)
        if self.total is not None and not self.overflow:
            self.total.sent(len(message))
        self._changed.set()

    def close(self) -> None:
        """The client is gone: its unsent bytes leave the server's total."""
        if self.total is not None and not self.overflow and not self.closed:
            self.total.release(self, self.pending)
        self.closed = True

    async def wait_below(self, low: int) -> None:
        while self.pending > low and not self.overflow:
            self._changed.clear()
            await self._changed.wait()


def create_app(dispatcher: Dispatcher, limits: ServerLimits | None = None,
               policy: OriginPolicy | None = None, pending_total: PendingTotal | None = None
               ) -> Any:
    """The Starlette application: ``POST /rpc`` and the WebSocket ``/ws``, behind the guard
    (``Host``, ``Origin``, CORS); ``pending_total`` counts the bytes queued for its WebSocket
    clients (default: a new count with ``limits.max_pending_total``)."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    limits = limits or ServerLimits(max_request_bytes=dispatcher.max_request_bytes,
                                    max_reply_bytes=dispatcher.max_reply_bytes)
    limit = dispatcher.max_request_bytes
    if pending_total is None:  # all WebSocket clients together
        pending_total = PendingTotal(limits.max_pending_total)
    calls = Calls(dispatcher)

    async def ws(websocket: WebSocket) -> None:
        await websocket.accept()
        loop = asyncio.get_running_loop()
        abort = websocket.scope.get("extensions", {}).get("ora.abort", {}).get("abort")
        peer = _peer(websocket.client)
        tasks: list[asyncio.Task[None]] = []

        def drop(why: str, *args: Any) -> None:
            log.warning("disconnecting WebSocket client %s: " + why, peer, *args)
            if abort is not None:
                abort()  # the connection goes with its unread data, no close handshake
            else:  # (a server without the abort extension) stop serving it
                for task in tasks:
                    task.cancel()

        outbox = Outbox(limits.max_pending_bytes, on_overflow=lambda: drop(
            "more than %d bytes wait for it, or it left a message unread longest when all "
            "clients' passed %d", limits.max_pending_bytes, limits.max_pending_total),
            total=pending_total)

        def send(message: bytes) -> None:  # from any thread (notifications)
            loop.call_soon_threadsafe(outbox.put, message)

        # the reply's bytes framed as they are (ora_api.transport.connections), else as text
        send_utf8 = websocket.scope.get("extensions", {}).get("ora.send", {}).get("send")

        async def writer() -> None:
            while (message := await outbox.get()) is not None:
                try:
                    async with asyncio.timeout(limits.send_timeout):
                        if send_utf8 is not None:
                            await send_utf8(message)
                        else:
                            await websocket.send_text(message.decode())
                except TimeoutError:
                    drop("it read nothing for %g s", limits.send_timeout)
                    return
                except (OSError, WebSocketDisconnect):  # the client is gone (ClientDisconnected)
                    return
                outbox.sent(message)  # (counted until now: it was held until written)

        async def reader() -> None:
            while True:
                await outbox.wait_below(PENDING_LOW_WATER)
                if outbox.overflow:
                    return
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                text, data = frame.get("text"), frame.get("bytes")
                # (ASCII text is its own UTF-8: no copy; orjson reads str as well as bytes)
                raw: str | bytes = (text if text.isascii() else
                                    text.encode("utf-8", "surrogatepass")) \
                    if text is not None else data or b""
                if len(raw) > limit:
                    outbox.put(dispatcher.too_large())
                    continue
                if len(polls) < long_polls.PER_SOCKET and long_polls.is_long_poll(raw):
                    poll = asyncio.create_task(answer(raw, long=True))  # beside the reader
                    polls.add(poll)
                    poll.add_done_callback(polls.discard)
                    continue
                await answer(raw)

        async def answer(raw: str | bytes, long: bool = False) -> None:
            reply = await (run_in_threadpool(dispatcher.handle, raw, session) if long
                           else calls.handle(raw, session))
            if reply is not None:
                outbox.put(reply)

        session = Session(send)
        polls: set[asyncio.Task[None]] = set()  # long polls answered beside the reader
        tasks += [asyncio.create_task(reader()), asyncio.create_task(writer())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            tasks += polls
            for task in tasks:
                task.cancel()  # a dispatch in a thread finishes first (anyio shields it)
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect,
                                         RuntimeError, OSError):
                    await task
            outbox.close()
            await run_in_threadpool(session.close)  # may wait for a move's game lock

    from ora_api.web.pictures import analysis_route, svg_route

    app = Starlette(routes=[WebSocketRoute("/ws", ws), svg_route(dispatcher.target),
                            analysis_route(dispatcher.target), *web.routes()])
    return SecurityHeaders(Guard(RpcFirst(app, calls, limits), policy or OriginPolicy()))


def _peer(client: Any) -> str:
    return f"{client[0]}:{client[1]}" if client else "?"


def serve_http(dispatcher: Dispatcher, host: str, port: int, *, log_level: str = "warning",
               limits: ServerLimits | None = None, policy: OriginPolicy | None = None,
               sock: socket.socket | None = None) -> None:
    """Serve until SIGINT or SIGTERM (then shut down gracefully and return); announces the
    bound address on stderr (port 0: any free)."""
    import uvicorn

    from ora_api.transport.connections import protocol_classes

    limits = limits or ServerLimits(max_request_bytes=dispatcher.max_request_bytes,
                                    max_reply_bytes=dispatcher.max_reply_bytes)
    store_url = dispatcher.target.store.url
    http_protocol, ws_protocol = protocol_classes(limits)

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[Any] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                bound = port
                for server in self.servers:
                    for sock in server.sockets:
                        bound = sock.getsockname()[1]
                print(f"ora: JSON-RPC on http://{host}:{bound}/rpc and ws://{host}:{bound}/ws "
                      f"(store {store_url})", file=sys.stderr, flush=True)

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # uvicorn re-raises a caught SIGTERM after its graceful shutdown, which kills the
            # process (status 143) before the store is closed; here both signals just stop it.
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            original = {sig: signal.signal(sig, self.handle_exit)
                        for sig in (signal.SIGINT, signal.SIGTERM)}
            try:
                yield
            finally:
                for sig, handler in original.items():
                    signal.signal(sig, handler)

    if sock is None:  # else a worker of ``--workers N``: the socket its parent bound
        sock = listen(host, port)
    config = uvicorn.Config(
        create_app(dispatcher, limits, policy), host=host, port=port, log_level=log_level,
        access_log=False, lifespan="off", http=http_protocol, ws=ws_protocol,
        ws_max_size=4 * dispatcher.max_request_bytes, timeout_graceful_shutdown=5,
        loop=event_loop())
    try:
        Server(config).run(sockets=[sock])
    finally:
        sock.close()


def event_loop() -> str:
    """uvloop where the ``api`` extra brings it (not on Windows), else asyncio's own loop: the
    transports' Python under uvloop's C loop costs a tenth less a move (issue 34)."""
    return "uvloop" if importlib.util.find_spec("uvloop") is not None else "asyncio"


def main(argv: list[str] | None = None) -> int:
    """``python -m ora_api.transport.server [options]``: the same as ``ora serve``."""
    parser = argparse.ArgumentParser(prog="python -m ora_api.transport.server",
                                     description="Serve the ora JSON-RPC API.")
    add_serve_arguments(parser)
    args_list = sys.argv[1:] if argv is None else argv
    # a worker of ``--workers N`` (ora_api.transport.workers)
    if args_list[:1] == ["--worker-args"]:
        from ora_api.transport.workers import die_with_parent

        worker_args = orjson.loads(args_list[1])
        die_with_parent(worker_args["supervisor"])
        return run(argparse.Namespace(**worker_args))
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
