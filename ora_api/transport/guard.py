"""The ASGI guard in front of the HTTP and WebSocket routes: ``Host`` and ``Origin`` checks
(``ora_api.transport.origins``), CORS for the allowed cross origins, and the ``OPTIONS`` preflight.

A refused request gets a JSON-RPC error body (id null, -32600 with ``data.reason``):
``host_not_allowed`` (HTTP 421 Misdirected Request) or ``origin_not_allowed`` (403), for a
WebSocket before the upgrade. Nothing of a refused request reaches the methods.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ora_api.jsonrpc.rpc import error_message, invalid_request
from ora_api.transport.origins import OriginPolicy

log = logging.getLogger("ora.api")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: How long a browser may reuse a preflight answer, in seconds.
PREFLIGHT_MAX_AGE = 600
JSON = b"application/json"


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header (latin-1), or None."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def refusal(status: int, reason: str, detail: str) -> tuple[int, bytes]:
    return status, error_message(invalid_request(detail, reason=reason))


class Guard:
    """Wraps the application: checks every HTTP request and WebSocket upgrade first."""

    def __init__(self, app: App, policy: OriginPolicy, *, rpc_path: str = "/rpc") -> None:
        self.app = app
        self.policy = policy
        self.rpc_path = rpc_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host, origin = header(scope, b"host"), header(scope, b"origin")
        refused: tuple[int, bytes] | None = None
        if not self.policy.host_allowed(host):
            refused = refusal(421, "host_not_allowed",
                              "this server is not reached by that name (Host); see --allow-host")
        elif not self.policy.origin_allowed(origin, host):
            refused = refusal(403, "origin_not_allowed",
                              "pages of this origin may not use this server; see --allow-origin")
        if refused is not None:
            log.info("refused %s %s from %s: %s (Host %.100r, Origin %.100r)", scope["type"],
                     scope.get("path"), _client(scope), "host" if refused[0] == 421 else "origin",
                     host, origin)
            await _respond(scope, send, *refused)
            return
        if scope["type"] == "http" and scope["method"] == "OPTIONS" and \
                scope["path"] == self.rpc_path:
            await self._preflight(scope, send, origin, host)
            return
        if scope["type"] == "http" and self.policy.cross_origin(origin, host):
            assert origin is not None
            await self.app(scope, receive, _with_cors(send, origin))
            return
        await self.app(scope, receive, send)

    async def _preflight(self, scope: Scope, send: Send, origin: str | None, host: str | None
                         ) -> None:
        """``OPTIONS /rpc``: what a browser page may send (POST with a JSON body)."""
        headers = [(b"allow", b"POST, OPTIONS"), (b"content-length", b"0")]
        if origin is not None and self.policy.cross_origin(origin, host):
            headers += [
                (b"access-control-allow-origin", origin.encode("latin-1")),
                (b"access-control-allow-methods", b"POST"),
                (b"access-control-allow-headers", b"content-type"),
                (b"access-control-max-age", str(PREFLIGHT_MAX_AGE).encode()),
                (b"vary", b"Origin"),
            ]
        await send({"type": "http.response.start", "status": 204, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


def _with_cors(send: Send, origin: str) -> Send:
    async def cors_send(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", ()),
                                  (b"access-control-allow-origin", origin.encode("latin-1")),
                                  (b"vary", b"Origin")]
        await send(message)

    return cors_send


async def _respond(scope: Scope, send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", JSON), (b"content-length", str(len(body)).encode())]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
    elif "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:  # the server cannot answer an upgrade with a body: a plain 403
        await send({"type": "websocket.close", "code": 1008})


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return f"{client[0]}:{client[1]}" if client else "?"
