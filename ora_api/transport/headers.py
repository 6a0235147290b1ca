"""Security headers on every HTTP response: pages, scripts, pictures, RPC replies and refusals
(docs/api.md, "Browsers").

- ``Content-Security-Policy``: only the server's own scripts, styles and connections (no
  inline script, no style element, no eval), no plugins, and ``frame-ancestors 'none'``: no
  other site may frame a seat's page (its token is in the page's storage: clickjacking).
- ``X-Frame-Options: DENY`` for browsers without ``frame-ancestors``.
- ``X-Content-Type-Options: nosniff``: an SVG or JSON body is never read as another type.
- ``Referrer-Policy: no-referrer``: a picture's URL may carry ``?token=``.
"""

from __future__ import annotations

from ora_api.transport.guard import App, Message, Receive, Scope, Send
from ora_api.web import CSP  # the web client's policy, on every response

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
_NAMES = {name for name, _ in HEADERS}


class SecurityHeaders:
    """ASGI middleware: adds ``HEADERS`` to every HTTP response (replacing any the app set)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in _NAMES]
                message["headers"] = kept + HEADERS
            await send(message)

        await self.app(scope, receive, with_headers)
