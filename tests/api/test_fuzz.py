"""Hostile input to the dispatcher (in process): random JSON, wrong types, huge strings, deep
nesting, random bytes. Only well-formed error replies come back (reads may answer), nothing
crashes, no internal error, and no game changes."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ora_api.api import API
from ora_api.jsonrpc.common import APP_ERRORS
from ora_api.jsonrpc.rpc import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    SERVER_BUSY,
    Dispatcher,
    Session,
)
from ora_api.service import GameService, open_service
from tests.api.conftest import new_game
from tests.support import rules

SERVICE: GameService = open_service("memory", rules=rules())
DISPATCHER = Dispatcher(API, SERVICE, max_request_bytes=1 << 16)


class _Client:
    def call(self, method: str, params: Any) -> Any:
        reply = orjson.loads(DISPATCHER.handle(orjson.dumps(
            {"jsonrpc": "2.0", "id": 0, "method": method, "params": params}), Session()) or b"")
        return reply["result"]


GAME_ID, TOKENS = new_game(_Client())
MUTATING = {"game.move", "game.create", "game.join", "game.spectate_token"}
#: The errors a hostile message may get: JSON-RPC's own but an internal error, the batch's work
#: over its budget (server_busy: a batch with a costly call, game.analyse or game.import), and
#: every documented error of the application (a new one counts as soon as it is documented).
STANDARD = {PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, SERVER_BUSY}
APP = {spec.code for spec in APP_ERRORS}

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30)
           | st.sampled_from(["", "COMMIT", GAME_ID, "USE LG1", "BUILD G01 3 1", "2.0"]))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=10) | st.sampled_from(
        ["game_id", "token", "move", "config", "players", "version", "seat", "prefix"]),
        inner, max_size=4), max_leaves=20)
methods = st.sampled_from(sorted(API.methods)) | st.text(max_size=20)
field_names = st.sampled_from(["game_id", "token", "move", "expected_version", "version",
                               "seat", "prefix", "from_version", "limit", "config", "extra"])
params = st.dictionaries(field_names, json_values | st.just(GAME_ID), max_size=5) | json_values
requests = st.fixed_dictionaries(
    {"method": methods},
    optional={"jsonrpc": st.sampled_from(["2.0", "1.0", 2]) | json_values,
              "id": st.integers(-5, 5) | st.text(max_size=5) | json_values,
              "params": params})


def dumps(value: Any) -> bytes:
    """JSON of anything drawn (big integers too; lone surrogates make invalid UTF-8)."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


_decider = SERVICE.current(UUID(GAME_ID)).flow.turn.decider
_version = SERVICE.current(UUID(GAME_ID)).version
move_texts = st.lists(st.sampled_from(
    ["USE", "PRIOR", "BUILD", "COMMIT", "LG1", "LR2", "G01", "3", "1", "-", "Jo", "Gn", "Pn",
     "SETTLE", "S01", "CONVERT", "WORK_CONTRACT", "FELL_TREES", "WITH_PRIOR"])
    | st.text(max_size=8), max_size=6).map(" ".join) | st.sampled_from(
    SERVICE.legal_moves(UUID(GAME_ID))[1])
# Moves that must be refused: other seats' tokens, random tokens, or the deciding seat's token
# with a stale expected_version (the deciding seat at the right version could really move).
refused_moves = st.one_of(
    st.builds(lambda token, move, version: {"token": token, "move": move,
                                            "expected_version": version},
              st.sampled_from([t for s, t in TOKENS.items() if s != _decider])
              | st.text(max_size=60), move_texts, st.none() | st.integers(-2, 10)),
    st.builds(lambda move, version: {"token": TOKENS[_decider], "move": move,
                                     "expected_version": version},
              move_texts, st.integers(0, 10).filter(lambda v: v != _version)),
).map(lambda p: dumps({"jsonrpc": "2.0", "id": 1, "method": "game.move",
                       "params": {"game_id": GAME_ID, **p}}))
messages = st.one_of(
    refused_moves,
    requests.map(dumps),
    st.lists(requests, min_size=1, max_size=5).map(dumps),
    json_values.map(dumps),
    st.binary(max_size=200),
    st.integers(1, 3000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(1, 3000).map(lambda n: b'{"jsonrpc":"2.0","id":1,"method":"game.state",'
                             b'"params":{"game_id":' + b"[" * n + b"]" * n + b"}}"),
    st.integers(1, 1 << 17).map(lambda n: b'{"jsonrpc":"2.0","id":1,"method":"game.move",'
                                b'"params":{"game_id":"' + GAME_ID.encode() + b'","token":"'
                                + TOKENS[0].encode() + b'","move":"USE ' + b"x" * n + b'"}}'),
    st.builds(lambda m, p: dumps({"jsonrpc": "2.0", "id": 1, "method": m,
                                   "params": {"game_id": GAME_ID, **p}}),
              st.sampled_from(sorted(API.methods)),
              st.dictionaries(field_names, json_values, max_size=3)),
)


def _check_reply(reply: Any) -> None:
    assert isinstance(reply, dict) and reply.get("jsonrpc") == "2.0"
    assert ("result" in reply) != ("error" in reply)
    if "error" in reply:
        error = reply["error"]
        assert error["code"] in STANDARD | APP, error
        assert set(error["data"]) >= {"code", "reason", "rule", "detail"}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages)
def test_hostile_messages_get_errors_and_change_nothing(message: bytes) -> None:
    before = SERVICE.current(UUID(GAME_ID))
    games_before = SERVICE.store.game_ids()
    raw = DISPATCHER.handle(message, Session())
    try:
        request = orjson.loads(message)
    except orjson.JSONDecodeError:
        request = None
    if raw is None:  # only well-formed notifications go unanswered
        items = request if isinstance(request, list) else [request]
        assert all(isinstance(r, dict) and "id" not in r and r.get("jsonrpc") == "2.0"
                   and isinstance(r.get("method"), str)
                   and isinstance(r.get("params", {}), dict | list) for r in items)
    else:
        reply = orjson.loads(raw)
        replies = reply if isinstance(reply, list) else [reply]
        for r in replies:
            _check_reply(r)
        if isinstance(request, dict) and request.get("method") in MUTATING:
            assert "error" in reply  # never a move without the token, nor a random game
    assert SERVICE.current(UUID(GAME_ID)) is before
    assert SERVICE.store.game_ids() == games_before
