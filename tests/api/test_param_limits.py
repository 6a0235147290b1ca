"""Input that could reach SQLite, the SVG endpoint or a number parser is refused with
invalid_params, never an internal error (issue 22, finding 8): a property test over every
method's params with out-of-range numbers and numeric strings, the probe's cases, and no request
logs a traceback."""

from __future__ import annotations

import logging
from typing import Any

import attrs
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher, Session
from ora_api.service import GameService, open_service
from tests.api.conftest import new_game
from tests.support import rules

SERVICE: GameService = open_service("memory", rules=rules())
DISPATCHER = Dispatcher(API, SERVICE)


class _Client:
    def call(self, method: str, params: Any) -> Any:
        return orjson.loads(_send(method, params))["result"]


def _send(method: str, params: Any) -> bytes:
    return DISPATCHER.handle(orjson.dumps(
        {"jsonrpc": "2.0", "id": 0, "method": method, "params": params}), Session()) or b""


GAME_ID, TOKENS = new_game(_Client())
HOSTILE = [2**63, 2**63 - 1, 2**64 - 1, -(2**63), -1, 0, "9223372036854775808",
           "18446744073709551616", "²", "¹²", "٣", "1" * 5000, "-1", "0:0", "9" * 30 + ":0",
           "1:" + "9" * 30, "", "1e9", " 1", "1.5"]
FIELDS = sorted((name, a.name) for name, m in API.methods.items()
                for a in attrs.fields(m.params) if m.name not in ("game.create", "game.import"))


class _Tracebacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.seen.append(record.getMessage())


@pytest.fixture(autouse=True)
def tracebacks() -> Any:
    handler = _Tracebacks()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)
    assert handler.seen == [], "a request logged an error or a traceback"


def _check(method: str, params: dict[str, Any]) -> dict[str, Any]:
    reply = orjson.loads(_send(method, params))
    assert "error" not in reply or reply["error"]["code"] != -32603, (method, params, reply)
    return dict(reply)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(FIELDS), st.sampled_from(HOSTILE))
def test_no_param_of_any_method_gives_an_internal_error(field: tuple[str, str],
                                                        value: Any) -> None:
    method, name = field
    params: dict[str, Any] = {name: value}
    if name != "game_id" and any(a.name == "game_id"
                                 for a in attrs.fields(API.methods[method].params)):
        params["game_id"] = GAME_ID
    _check(method, params)


@pytest.mark.parametrize("cursor", ["9223372036854775808", "1" * 40, "²"])
def test_a_list_cursor_out_of_range_is_invalid_params(cursor: str) -> None:
    reply = _check("game.list", {"cursor": cursor})
    assert reply["error"]["code"] == -32602 and reply["error"]["data"]["path"] == "cursor"


def test_a_version_out_of_range_is_invalid_params() -> None:
    reply = _check("game.state", {"game_id": GAME_ID, "version": 2**63})
    assert reply["error"]["code"] == -32602 and reply["error"]["data"]["path"] == "version"


@pytest.mark.parametrize("query", ["move=²", "version=" + "1" * 5000, "seat=¹",
                                   "move=99999999999999999999", "version=-1", "move=٣"])
def test_the_svg_endpoint_refuses_bad_numbers_with_400(query: str) -> None:
    from starlette.testclient import TestClient

    from ora_api.transport.server import create_app

    with TestClient(create_app(DISPATCHER), base_url="http://localhost") as client:
        for game in (GAME_ID, "0d7c4bd6-4ae4-4cf4-8d5a-3f0b2ef0f6b1"):
            response = client.get(f"/games/{game}.svg?{query}")
            assert response.status_code in (400, 404), (query, response.text)
            assert response.status_code == 400 or "unknown" in response.text
