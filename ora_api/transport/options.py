"""The options of ``ora serve``: a module of their own, without the server's imports, so the
command line lists them without loading the server, and the server reads them without importing
the command line."""

from __future__ import annotations

import argparse

#: Where ``ora serve`` listens unless told otherwise (``./run.sh`` with no arguments).
DEFAULT_HTTP = "127.0.0.1:8765"


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``ora serve`` and ``python -m ora_api.transport.server``."""
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true",
                           help="serve one JSON-RPC message per line on stdin/stdout")
    transport.add_argument("--http", metavar="HOST:PORT", default=None,
                           help=f"serve POST /rpc and WebSocket /ws (default {DEFAULT_HTTP})")
    parser.add_argument("--store", metavar="URL", default=None,
                        help="memory | sqlite:PATH | postgres:[DBNAME] (default: "
                             "sqlite:$ORA_DATA/ora.sqlite3, else sqlite:data/ora.sqlite3)")
    public = parser.add_argument_group(
        "running it in public (docs/api.md)",
        "Who may use the HTTP transport and what one client may cost. Defaults suit a server "
        "behind a TLS proxy; each limit refuses or disconnects only the client that passes it.")
    public.add_argument("--allow-origin", action="append", metavar="ORIGIN", default=None,
                        help="a browser origin (https://host[:port]) whose pages may call /rpc "
                             "(CORS) and open /ws; repeatable; none by default (the server's "
                             "own pages and clients that send no Origin are always allowed)")
    public.add_argument("--allow-host", action="append", metavar="NAME", default=None,
                        help="a host name clients reach the server by (the Host header), "
                             "besides localhost and IP addresses; repeatable")
    public.add_argument("--max-request-bytes", type=int, default=None, metavar="N",
                        help="refuse larger messages (default 1 MiB)")
    public.add_argument("--max-reply-bytes", type=int, default=None, metavar="N",
                        help="the largest reply, a whole batch's included (default 2 MiB)")
    public.add_argument("--max-pending-bytes", type=int, default=None, metavar="N",
                        help="bytes waiting for one WebSocket client before it is "
                             "disconnected (default 4 MiB)")
    public.add_argument("--max-pending-total", type=int, default=None, metavar="N",
                        help="bytes waiting for all WebSocket clients together; past it the "
                             "client that left a message unread longest is disconnected "
                             "(default 32 MiB)")
    public.add_argument("--max-connections", type=int, default=None, metavar="N",
                        help="open connections; more get 503 (default 128)")
    public.add_argument("--header-timeout", type=float, default=None, metavar="SECONDS",
                        help="time to send a request's headers (default 10)")
    public.add_argument("--body-timeout", type=float, default=None, metavar="SECONDS",
                        help="time to send a request's body (default 30)")
    public.add_argument("--send-timeout", type=float, default=None, metavar="SECONDS",
                        help="time a WebSocket client may leave a message unread (default 30)")
    public.add_argument("--bot-max-seconds", type=float, default=None, metavar="SECONDS",
                        help="the longest a bot seat may think per move; game.create refuses "
                             "slower bots (default 2)")
    public.add_argument("--bot-thinkers", type=int, default=None, metavar="N",
                        help="bot moves thinking at once, each in its own process (default 1)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="with --http: N server processes on one socket and one store "
                             "(docs/scaling.md; default 1)")
    parser.add_argument("--log-level", default="warning",
                        choices=["debug", "info", "warning", "error"],
                        help="log level on stderr (default warning)")
