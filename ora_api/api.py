"""The API: every method family's registry joined into one, ``API``, in the order
``rpc.discover`` lists them; the transports serve it (``ora_api.transport``).

The families (``ora_api.methods``) know the service but not one another, and nothing below
imports this module: the document ``rpc.discover`` answers is made here, from the joined
registry. Write the committed OpenRPC document with::

    .venv/bin/python -m ora_api.api --write specs/openrpc.json
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path
from typing import Any

import orjson

from ora_api.games.storehealth import DETAILS
from ora_api.jsonrpc import openrpc
from ora_api.jsonrpc.common import APP_ERRORS, STORE_UNAVAILABLE, NoParams
from ora_api.jsonrpc.rpc import Registry, RpcError, Session
from ora_api.methods import (
    analysis,
    audit,
    forks,
    lobby,
    notes,
    notices,
    play,
    preview,
    projections,
    records,
    seats,
    subscriptions,
    undo,
    words,
)
from ora_api.methods.subscriptions import NOTIFICATIONS
from ora_api.service import GameService

__all__ = ["API", "APP_ERRORS", "NOTIFICATIONS", "main"]

API = Registry()


def _store_failed(svc: GameService, error: Exception) -> RpcError | None:
    """A failing database is store_unavailable (logged once by StoreHealth), not an internal
    error with a traceback per request."""
    reason = svc.health.failure(error)
    if reason is None:
        return None
    return STORE_UNAVAILABLE.error(DETAILS[reason], reason=reason)


API.translate = _store_failed


@API.method("rpc.discover", params=NoParams, result=dict[str, Any], result_name="OpenRPC",
            summary="This API as an OpenRPC document.")
def rpc_discover(svc: GameService, session: Session, p: NoParams) -> orjson.Fragment:
    """Every method with its params, result and errors (the committed specs/openrpc.json)."""
    return _discovery()


@functools.cache
def _discovery() -> orjson.Fragment:
    return orjson.Fragment(orjson.dumps(openrpc.document(API, APP_ERRORS, NOTIFICATIONS)))


for _family in (lobby, forks, play, projections, subscriptions, words, records, notes,
                preview, audit, undo, notices, seats, analysis):
    API.include(_family.METHODS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ora_api.api",
                                     description="Print or write the OpenRPC document.")
    parser.add_argument("--write", metavar="PATH", help="write it to PATH")
    args = parser.parse_args(argv)
    data = openrpc.render(openrpc.document(API, APP_ERRORS, NOTIFICATIONS))
    if args.write:
        Path(args.write).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
