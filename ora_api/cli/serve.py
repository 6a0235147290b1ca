"""The ``ora`` commands that serve the API: ``serve`` (JSON-RPC over stdio or HTTP,
``ora_api.transport.server``) and ``mcp`` (``ora_api.transport.mcp_server``). The servers load
only when a command runs, so the other commands start without them."""

from __future__ import annotations

import argparse
from typing import Any

from ora_api.transport.options import add_serve_arguments


def add_serve_commands(sub: Any) -> None:
    """Add ``mcp`` and ``serve`` to the ``ora`` subparsers."""
    mcp_p = sub.add_parser("mcp", help="the API as a Model Context Protocol server on stdio "
                                       "(docs/mcp.md; the 'mcp' extra)")
    mcp_p.add_argument("--store", metavar="URL", default="memory",
                       help="memory (default) | sqlite:PATH | postgres:[DBNAME]")
    mcp_p.set_defaults(func=_mcp)

    serve = sub.add_parser("serve", help="the JSON-RPC server (stdio or HTTP)")
    add_serve_arguments(serve)
    serve.set_defaults(func=_serve)


def _mcp(args: argparse.Namespace) -> int:
    import asyncio

    import mcp  # noqa: F401  (without the extra: one line naming it, ora_api.cli.extras)

    from ora_api.service import open_service
    from ora_api.transport.mcp_server import serve_stdio
    from ora_core.errors import InvalidCommand

    try:
        service = open_service(args.store)
    except Exception as e:
        raise InvalidCommand(f"cannot open the store {args.store!r}: {e}") from None
    try:
        asyncio.run(serve_stdio(service))
    finally:
        service.close()
    return 0


def _serve(args: argparse.Namespace) -> int:
    from ora_api.cli.stores import announce_new_store
    from ora_api.transport.server import run

    return run(args, opening=announce_new_store)  # once its options are known good
