"""``POST /rpc`` as a plain ASGI application, and the threads that answer calls (issue 34).

A call through Starlette's stack (its error and exception middleware, the router, ``Request``
and ``Response``) and anyio's ``run_in_threadpool`` cost more of the server's CPU than many a
method: ``RpcFirst`` answers ``POST /rpc`` before Starlette, with the same checks (media type,
size, the body's deadline) and the same replies; everything else, ``GET /rpc`` too, goes on to
Starlette. The guard and the security headers stay outside both (``ora_api.transport.server``).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future, ThreadPoolExecutor

from starlette.concurrency import run_in_threadpool

from ora_api.jsonrpc.rpc import Dispatcher, Session, error_message, invalid_request
from ora_api.transport import long_polls
from ora_api.transport.guard import App, Receive, Scope, Send, header
from ora_api.transport.limits import ServerLimits

log = logging.getLogger("ora.api")

#: Threads answering calls at once. Few: every thread more that is ready to run contends for
#: the interpreter lock, and the hand-overs cost CPU. Ten clients on one SQLite worker (the
#: compiled core, 2026-12-05): 40 threads (anyio's default, used until then) 1.39 to 1.44 ms of the
#: server's CPU a move, 8 threads 1.35 to 1.39, 4 threads 1.29 to 1.32, 2 threads 1.22 to 1.24; on
#: PostgreSQL 2 and 4 threads served as many moves as 40 or more (docs/performance.md). Four,
#: not two: a call waiting on the store (a lock held by another process, a slow database)
#: holds its thread, and two such calls would stop every other.
CALL_THREADS = 4


class Calls:
    """``dispatcher.handle`` in a thread of a pool of its own, so that the event loop waits
    for no method but the inline ones (bounded, on a local store). About 100 us cheaper per
    call than anyio's ``run_in_threadpool`` (its limiter and cancel scopes). Long polls, which
    may outlive a shutdown, stay in anyio's daemon threads (over HTTP too: ``RpcFirst``)."""

    def __init__(self, dispatcher: Dispatcher) -> None:
        self.dispatcher = dispatcher
        self._pool = ThreadPoolExecutor(max_workers=CALL_THREADS, thread_name_prefix="ora-rpc")

    async def handle(self, raw: bytes | str, session: Session) -> bytes | None:
        """The reply; cancelled, it still waits for the call to end (as anyio's threads do),
        so a session is closed only after its calls.

        The thread's answer comes back as one callback into the loop: ``run_in_executor``
        chains two futures both ways and ``shield`` adds a third (issue 34). A call of an
        inline method is answered here, on the loop: its work is bounded and it waits on no
        network (``Dispatcher.runs_inline``)."""
        if self.dispatcher.runs_inline(raw):
            return self.dispatcher.handle(raw, session)
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[bytes | None] = loop.create_future()

        def back(call: Future[bytes | None]) -> None:  # in the call's thread
            if not loop.is_closed():
                loop.call_soon_threadsafe(_settle, answered, call)

        call = self._pool.submit(self.dispatcher.handle, raw, session)
        call.add_done_callback(back)
        try:
            return await answered
        except asyncio.CancelledError:  # (answered is cancelled; the call runs on)
            await asyncio.wait([asyncio.wrap_future(call)])
            raise


def _settle(answered: asyncio.Future[bytes | None], call: Future[bytes | None]) -> None:
    if answered.cancelled():
        return
    error = call.exception()
    if error is not None:
        answered.set_exception(error)
    else:
        answered.set_result(call.result())


class RpcFirst:
    """``/rpc`` answered here (``POST``; 405 for another method, as Starlette's route
    answered), every other request by ``app``."""

    def __init__(self, app: App, calls: Calls, limits: ServerLimits) -> None:
        self.app, self.calls, self.limits = app, calls, limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != "/rpc":
            await self.app(scope, receive, send)
            return
        if scope["method"] != "POST":
            await send({"type": "http.response.start", "status": 405, "headers": [
                (b"allow", b"POST"), (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", b"18")]})
            await send({"type": "http.response.body", "body": b"Method Not Allowed"})
            return
        status, reply, close = await self._answer(scope, receive)
        if status == 0:
            return  # the client left before its body was complete: nothing to answer
        headers = [(b"content-type", b"application/json")] if status != 204 else []
        if status != 204:
            headers.append((b"content-length", str(len(reply)).encode()))
        if close:
            headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": reply})

    async def _answer(self, scope: Scope, receive: Receive) -> tuple[int, bytes, bool]:
        """(status, body, close the connection); status 0: no answer."""
        dispatcher, limit = self.calls.dispatcher, self.calls.dispatcher.max_request_bytes
        media = (header(scope, b"content-type") or "").partition(";")[0].strip().lower()
        if media != "application/json":
            # Also what keeps browsers' "simple" cross-site requests (text/plain, forms) out:
            # a JSON body needs a preflight, which only allowed origins pass.
            return 415, _refusal("unsupported_media_type", "POST /rpc takes a JSON body: "
                                 "Content-Type: application/json"), False
        length = header(scope, b"content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            return 413, dispatcher.too_large(), False
        body = bytearray()
        timeout = self.limits.body_timeout
        try:
            async with asyncio.timeout(timeout):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        log.info("a client %s disconnected before its request body was "
                                 "complete", _peer(scope))
                        return 0, b"", False
                    body += message.get("body", b"")
                    if len(body) > limit:
                        return 413, dispatcher.too_large(), False
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            log.info("closed a request from %s: its body took longer than %g s", _peer(scope),
                     timeout)
            return 408, _refusal("body_timeout", f"the request body did not arrive within "
                                 f"{timeout:g} s"), True
        raw = bytes(body)
        if long_polls.is_long_poll(raw):  # may wait for minutes: not in the calls' few threads
            reply = await run_in_threadpool(dispatcher.handle, raw, Session())
        else:
            reply = await self.calls.handle(raw, Session())
        return (204, b"", False) if reply is None else (200, reply, False)


def _refusal(reason: str, detail: str) -> bytes:
    return error_message(invalid_request(detail, reason=reason))


def _peer(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "?"
