"""JSON-RPC 2.0 semantics of the dispatcher, in process: framing, batches, standard errors."""

from __future__ import annotations

import random

import orjson
import pytest

from ora_api.api import API
from ora_api.jsonrpc.rpc import MAX_REPLY_BYTES, Dispatcher, Session
from ora_api.service import GameService
from tests.api.conftest import Local, RpcFailed, new_game, play


def test_a_request_gets_its_result_with_its_id(local: Local) -> None:
    reply = local.raw(b'{"jsonrpc":"2.0","id":"abc","method":"game.list"}')
    assert reply == {"jsonrpc": "2.0", "id": "abc", "result": {"games": [], "next_cursor": None}}


@pytest.mark.parametrize(("message", "code"), [
    (b"{", -32700),
    (b"\xff\xfe", -32700),
    (b'"\\ud800"', -32700),
    (b"", -32700),
    (b"[]", -32600),
    (b"42", -32600),
    (b'{"jsonrpc":"1.0","id":1,"method":"game.list"}', -32600),
    (b'{"id":1,"method":"game.list"}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":7}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":"game.list","params":"x"}', -32600),
    (b'{"jsonrpc":"2.0","id":{"a":1},"method":"game.list"}', -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":"game.nope"}', -32601),
    (b'{"jsonrpc":"2.0","id":1,"method":"rpc.other"}', -32601),
    (b'{"jsonrpc":"2.0","id":1,"method":"game.list","params":{"x":1}}', -32602),
    (b'{"jsonrpc":"2.0","id":1,"method":"game.list","params":[1]}', -32602),
])
def test_standard_errors(local: Local, message: bytes, code: int) -> None:
    reply = local.raw(message)
    assert reply["error"]["code"] == code, reply
    assert set(reply["error"]["data"]) >= {"code", "reason", "rule", "detail"}


def test_an_unreadable_id_is_answered_with_null(local: Local) -> None:
    reply = local.raw(b'{"jsonrpc":"2.0","id":[1],"method":"game.list"}')
    assert reply["id"] is None and reply["error"]["code"] == -32600


def test_batches_are_answered_in_order_and_notifications_get_no_reply(local: Local) -> None:
    batch = [
        {"jsonrpc": "2.0", "id": 3, "method": "game.list"},
        {"jsonrpc": "2.0", "method": "game.list"},  # a notification
        {"jsonrpc": "2.0", "id": 1, "method": "game.nope"},
        7,
        {"jsonrpc": "2.0", "id": 2, "method": "game.state", "params": {"game_id": "x"}},
    ]
    reply = local.raw(orjson.dumps(batch))
    assert [r["id"] for r in reply] == [3, 1, None, 2]
    assert "result" in reply[0]
    assert [r["error"]["code"] for r in reply[1:]] == [-32601, -32600, -32602]


def test_a_batch_of_notifications_and_a_notification_get_nothing(local: Local) -> None:
    assert local.raw(b'{"jsonrpc":"2.0","method":"game.list"}') is None
    assert local.raw(b'{"jsonrpc":"2.0","method":"game.nope"}') is None  # even an error
    assert local.raw(b'{"jsonrpc":"2.0","method":"game.state","params":{}}') is None
    assert local.raw(b'[{"jsonrpc":"2.0","method":"game.list"}]') is None


def test_an_invalid_request_is_answered_even_without_an_id(local: Local) -> None:
    # JSON-RPC 2.0 section 7: {"jsonrpc": "2.0", "method": 1, "params": "bar"}
    reply = local.raw(b'{"jsonrpc":"2.0","method":1,"params":"bar"}')
    assert reply["id"] is None and reply["error"]["code"] == -32600
    replies = local.raw(b'[{"method":"game.list"},{"jsonrpc":"2.0","method":"game.list"}]')
    assert [r["error"]["code"] for r in replies] == [-32600]


def test_a_message_over_the_limit_is_refused(service: GameService) -> None:
    dispatcher = Dispatcher(API, service, max_request_bytes=1000)
    message = orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.list",
                            "params": {"pad": "x" * 2000}})
    reply = orjson.loads(dispatcher.handle(message, Session()) or b"")
    assert reply["error"]["code"] == -32600
    assert reply["error"]["data"]["reason"] == "too_large"


def test_a_batch_over_the_limit_is_refused(local: Local) -> None:
    batch = [{"jsonrpc": "2.0", "id": i, "method": "game.list"} for i in range(101)]
    reply = local.raw(orjson.dumps(batch))
    assert reply["error"]["data"]["reason"] == "batch_too_large"


def test_invalid_params_name_every_bad_field(local: Local) -> None:
    with pytest.raises(RpcFailed) as e:
        local.call("game.create", {"config": {"players": "3", "variant": 1, "length": "long",
                                              "colour": "R"}})
    assert e.value.code == -32602
    assert e.value.data["path"] == "config.players"
    paths = [err["path"] for err in e.value.data["errors"]]
    assert paths == ["config.players", "config.variant", "config"]


@pytest.mark.parametrize(("config", "path", "allowed"), [
    ({"players": 5, "variant": "france", "length": "long"}, "config.players", "1, 2, 3 or 4"),
    ({"players": 3, "variant": "spain", "length": "long"}, "config.variant", "'france'"),
    ({"players": 3, "variant": "france", "length": "medium"}, "config.length", "'short'"),
    ({"players": 3, "variant": "france", "length": "long", "seed": -1}, "config.seed",
     "2**63"),
    ({"players": True, "variant": "france", "length": "long"}, "config.players", "integer"),
    ({"players": 3.0, "variant": "france", "length": "long"}, "config.players", "integer"),
    ({"variant": "france", "length": "long"}, "config.players", "missing"),
])
def test_a_bad_config_is_invalid_params_naming_the_allowed_values(
        local: Local, config: dict[str, object], path: str, allowed: str) -> None:
    with pytest.raises(RpcFailed) as e:
        local.call("game.create", {"config": config})
    assert e.value.code == -32602
    assert e.value.data["path"] == path
    assert allowed in e.value.data["detail"]
    assert local.call("game.list")["games"] == []


def test_params_by_position(local: Local) -> None:
    game_id, _ = new_game(local)
    state = local.call("game.state", [game_id, 1])
    assert state["version"] == 1 and state["game_id"] == game_id


def test_constraints_are_checked(local: Local) -> None:
    game_id, tokens = new_game(local)
    for method, params, path in [
        ("game.state", {"game_id": game_id, "version": 0}, "version"),
        ("game.state", {"game_id": game_id, "version": 10**6}, "version"),
        ("game.events", {"game_id": game_id, "limit": -1}, "limit"),
        ("game.move", {"game_id": game_id, "token": tokens[0], "move": "X" * 5000}, "move"),
        ("game.state", {"game_id": "not-a-uuid"}, "game_id"),
    ]:
        with pytest.raises(RpcFailed) as e:
            local.call(method, params)
        assert (e.value.code, e.value.data["path"]) == (-32602, path), (method, params)


def test_an_internal_error_leaks_nothing(local: Local, monkeypatch: pytest.MonkeyPatch,
                                         caplog: pytest.LogCaptureFixture) -> None:
    game_id, tokens = new_game(local)
    version = local.call("game.state", {"game_id": game_id})["version"]

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr("ora_api.service.execute", boom)
    reply = local.raw(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.move", "params": {
        "game_id": game_id, "token": tokens[0], "move": "COMMIT"}}))
    assert reply["error"]["code"] == -32603
    assert "secret" not in orjson.dumps(reply).decode()
    ref = reply["error"]["data"]["ref"]
    assert ref in caplog.text and "secret internals" in caplog.text
    assert tokens[0] not in caplog.text
    assert local.call("game.state", {"game_id": game_id})["version"] == version


def test_rpc_discover_answers_the_document(local: Local) -> None:
    doc = local.call("rpc.discover")
    assert doc["openrpc"].startswith("1.")
    assert {m["name"] for m in doc["methods"]} == set(API.methods)


@pytest.mark.parametrize("raw_id", [b"18446744073709551616", b"-9223372036854775809",
                                    b"1e3", b"1.5", b"2.0"])
def test_ids_that_are_not_exact_integers_are_refused(local: Local, raw_id: bytes) -> None:
    """An id beyond 64 bits can only be parsed as a float, and echoing the float would not
    match the client's id: it is refused (-32600, id null), as numbers with a fraction are."""
    reply = local.raw(b'{"jsonrpc":"2.0","id":' + raw_id + b',"method":"game.list"}')
    assert reply["id"] is None
    assert reply["error"]["code"] == -32600 and reply["error"]["data"]["reason"] == "bad_id"


@pytest.mark.parametrize("raw_id", [b"18446744073709551615", b"-9223372036854775808", b"0",
                                    b'"18446744073709551616"'])
def test_ids_within_64_bits_come_back_exactly(local: Local, raw_id: bytes) -> None:
    reply = local.dispatcher.handle(b'{"jsonrpc":"2.0","id":' + raw_id
                                    + b',"method":"game.list"}', local.session)
    assert reply is not None and reply.startswith(b'{"jsonrpc":"2.0","id":' + raw_id + b",")


def test_echoed_input_is_cut_in_errors(local: Local) -> None:
    """A 900,000-character config value does not come back (twice) in the error."""
    huge = "x" * 900_000
    with pytest.raises(RpcFailed) as e:
        local.call("game.create", {"config": {"players": 3, "variant": huge,
                                              "length": "long"}})
    assert e.value.code == -32602 and e.value.data["path"] == "config.variant"
    assert len(orjson.dumps(e.value.error)) < 2000
    with pytest.raises(RpcFailed) as e:
        local.call("game.create", {"config": {"players": 3, "variant": "france",
                                              "length": "long", huge: 1}})
    assert len(orjson.dumps(e.value.error)) < 2000


def test_a_reply_over_the_budget_is_refused(service: GameService) -> None:
    dispatcher = Dispatcher(API, service, max_reply_bytes=5000)
    reply = orjson.loads(dispatcher.handle(b'{"jsonrpc":"2.0","id":7,"method":"rpc.discover"}')
                         or b"")
    assert reply["id"] == 7 and reply["error"]["code"] == -32099
    assert reply["error"]["data"]["code"] == "reply_too_large"
    small = dispatcher.handle(b'{"jsonrpc":"2.0","id":8,"method":"game.list"}')
    assert small is not None and b'"result"' in small


def test_a_batch_of_whole_streams_stops_at_the_reply_budget(local: Local) -> None:
    """100 game.events of a finished game asked at once (43 MB of replies before the budget):
    the reply stays within the budget and the requests past it are refused, not run."""
    game_id, tokens = new_game(local, players=4)
    play(local, game_id, tokens, random.Random(2))
    batch = orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": "game.events",
                           "params": {"game_id": game_id}} for i in range(100)])
    raw = local.dispatcher.handle(batch, local.session)
    assert raw is not None and len(raw) <= MAX_REPLY_BYTES + 100 * 400
    answers = orjson.loads(raw)
    assert [a["id"] for a in answers] == list(range(100))
    done = [a for a in answers if "result" in a]
    assert 1 <= len(done) < 100
    assert all(a["error"]["data"]["code"] == "reply_too_large" for a in answers[len(done):])


@pytest.mark.parametrize(("method", "detail"), [
    ("game.legal_move", "no method 'game.legal_move'; did you mean game.legal_moves"),
    ("game.scores", "no method 'game.scores'; did you mean game.score"),
    ("zzzz", "no method 'zzzz'; rpc.discover lists them"),
])
def test_an_unknown_method_is_told_the_names_near_it(local: Local, method: str,
                                                      detail: str) -> None:
    reply = local.raw(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": method}))
    assert reply["error"]["code"] == -32601
    assert reply["error"]["data"]["detail"].startswith(detail), reply
    assert reply["error"]["data"]["detail"].endswith("rpc.discover lists them")
