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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import threading
from pathlib import Path
from typing import IO, Any

from ora_api import web
from ora_api.cli import DEFAULT_HTTP, add_serve_arguments
from ora_api.rpc import MAX_REQUEST_BYTES, Dispatcher, Session
from ora_api.service import API, open_service
from ora_core.store import StoreUnavailable

log = logging.getLogger("ora.api")

#: Messages waiting for one WebSocket client; a client that falls this far behind is closed
#: (1008) rather than silently missing notifications.
MAX_PENDING = 10_000


def default_store_url() -> str:
    """``sqlite:$ORA_DATA/ora.sqlite3``, else ``sqlite:data/ora.sqlite3`` (relative to cwd)."""
    data = os.environ.get("ORA_DATA") or "data"
    return f"sqlite:{Path(data) / 'ora.sqlite3'}"


def run(args: argparse.Namespace) -> int:
    """Serve until stdin ends (stdio) or the process is interrupted (HTTP); the exit code."""
    logging.basicConfig(stream=sys.stderr, level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.max_request_bytes is None:
        args.max_request_bytes = MAX_REQUEST_BYTES
    if args.max_request_bytes < 1:
        print("ora serve: --max-request-bytes must be positive", file=sys.stderr)
        return 2
    host, port = DEFAULT_HTTP.split(":")
    if not args.stdio and args.http:
        host, _, port_text = args.http.rpartition(":")
        if not host or not port_text.isdigit():
            print(f"ora serve: --http expects HOST:PORT, got {args.http!r}", file=sys.stderr)
            return 2
        port = port_text
    store_url = args.store or default_store_url()
    try:
        service = open_service(store_url)
    except StoreUnavailable as e:  # checked at start: a store that cannot be written
        print(f"ora serve: cannot write the store {store_url!r} ({e.reason}): {e.detail}",
              file=sys.stderr)
        return 2
    except (ValueError, RuntimeError, OSError) as e:
        print(f"ora serve: cannot open the store {store_url!r}: {e}", file=sys.stderr)
        return 2
    dispatcher = Dispatcher(API, service, max_request_bytes=args.max_request_bytes)
    try:
        if args.stdio:
            serve_stdio(dispatcher, sys.stdin.buffer, sys.stdout.buffer)
        else:
            serve_http(dispatcher, host, int(port), log_level=args.log_level)
    finally:
        service.close()
    return 0


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


def create_app(dispatcher: Dispatcher) -> Any:
    """The Starlette application: ``POST /rpc`` and the WebSocket ``/ws``."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    limit = dispatcher.max_request_bytes
    json_type = "application/json"

    async def rpc(request: Request) -> Response:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            return Response(dispatcher.too_large(), status_code=413, media_type=json_type)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                return Response(dispatcher.too_large(), status_code=413, media_type=json_type)
        reply = await run_in_threadpool(dispatcher.handle, bytes(body), Session())
        if reply is None:
            return Response(status_code=204)
        return Response(reply, media_type=json_type)

    async def ws(websocket: WebSocket) -> None:
        await websocket.accept()
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        overflow = False

        def put(message: bytes) -> None:  # in the event loop
            nonlocal overflow
            if overflow:
                return
            if queue.qsize() >= MAX_PENDING:
                overflow = True
                queue.put_nowait(None)
                return
            queue.put_nowait(message)

        def send(message: bytes) -> None:  # from any thread
            loop.call_soon_threadsafe(put, message)

        async def writer() -> None:
            while True:
                message = await queue.get()
                if message is None:
                    log.warning("closing a WebSocket client that fell %d messages behind",
                                MAX_PENDING)
                    await websocket.close(code=1008, reason="client too slow")
                    return
                await websocket.send_text(message.decode())

        session = Session(send)
        writing = asyncio.create_task(writer())
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text, data = frame.get("text"), frame.get("bytes")
                raw = text.encode("utf-8", "surrogatepass") if text is not None else data or b""
                if len(raw) > limit:
                    put(dispatcher.too_large())
                    continue
                reply = await run_in_threadpool(dispatcher.handle, raw, session)
                if reply is not None:
                    put(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await run_in_threadpool(session.close)  # may wait for a move's game lock
            await _drain(writing)

    from ora_api.pictures import svg_route

    return Starlette(routes=[Route("/rpc", rpc, methods=["POST"]), WebSocketRoute("/ws", ws),
                             svg_route(dispatcher.target), *web.routes()])


async def _drain(writing: asyncio.Task[None]) -> None:
    writing.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await writing


def serve_http(dispatcher: Dispatcher, host: str, port: int, *, log_level: str = "warning"
               ) -> None:
    """Serve until interrupted; announces the bound address on stderr (port 0: any free)."""
    import uvicorn

    store_url = dispatcher.target.store.url

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

    config = uvicorn.Config(
        create_app(dispatcher), host=host, port=port, log_level=log_level, access_log=False,
        lifespan="off", ws_max_size=4 * dispatcher.max_request_bytes)
    Server(config).run()


def main(argv: list[str] | None = None) -> int:
    """``python -m ora_api.server [options]``: the same as ``ora serve``."""
    parser = argparse.ArgumentParser(prog="python -m ora_api.server",
                                     description="Serve the ora JSON-RPC API.")
    add_serve_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
