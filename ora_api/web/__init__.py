"""The web client's files (design §7b: pages are package data) and the routes that serve them.

``/`` is the page (``static/index.html``), ``/ora.js`` the JavaScript client module and
``/static/...`` the rest (``app.js``, ``style.css``). The files hold no rule: the page reaches
the server only through the public JSON-RPC API (``/rpc``, ``/ws``), like any other client.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

STATIC = Path(__file__).parent / "static"

#: The policy of every response. ``connect-src 'self'`` covers the page's own ``ws://`` and
#: ``wss://`` (CSP level 3); ``img-src data:`` allows the pictures' inline icons. Style
#: *attributes* are allowed (``style-src-attr``: the web client places each landscape space
#: with one), style elements and every inline script are not.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; "
       "style-src-attr 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")

#: The page's scripts and styles are files of this server only (no inline script or style
#: element or attribute; the page sets styles through the CSSOM), so the server's strict policy
#: (``ora_api.transport.headers`` sends it on every response) holds; the files carry it too.
#: Always revalidated, so a changed package is seen on the next load.
HEADERS = {"cache-control": "no-cache", "x-content-type-options": "nosniff",
           "content-security-policy": CSP}


def routes() -> list[Any]:
    """Starlette routes for ``/``, ``/ora.js`` and ``/static``."""
    from starlette.requests import Request
    from starlette.responses import FileResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    def file(name: str, media_type: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, media_type=media_type, headers=HEADERS)
        return endpoint

    class Static(StaticFiles):
        def file_response(self, *args: Any, **kwargs: Any) -> Response:
            response = super().file_response(*args, **kwargs)
            response.headers.update(HEADERS)
            if response.media_type and "javascript" in response.media_type:
                response.headers["content-type"] = "text/javascript; charset=utf-8"
            return response

    return [
        Route("/", file("index.html", "text/html; charset=utf-8"), methods=["GET", "HEAD"]),
        Route("/ora.js", file("ora.js", "text/javascript; charset=utf-8"),
              methods=["GET", "HEAD"]),
        Mount("/static", Static(directory=STATIC), name="static"),
    ]
