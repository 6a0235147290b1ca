"""Cost per message bounded (issue 22, finding 5): a batch's total work is capped, not only its
bytes. game.verify and game.import weigh 25 requests each, so a batch runs at most four of them
and the rest are refused (server_busy, reason batch_too_costly) without running."""

from __future__ import annotations

import orjson

from tests.api.conftest import Local


def _batch(local: Local, method: str, params: dict[str, object], n: int) -> list[dict[str, object]]:
    reply = local.raw(orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": method,
                                     "params": params} for i in range(n)]))
    assert isinstance(reply, list)
    return reply


def test_a_batch_of_verify_runs_four_and_refuses_the_rest(local: Local) -> None:
    created = local.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "short", "seed": 2},
        "seats": [{"name": "A"}, {"name": "B"}], "visibility": "public"})
    replies = _batch(local, "game.verify", {"game_id": created["game_id"]}, 100)
    assert [r["id"] for r in replies] == list(range(100))
    assert all("result" in r for r in replies[:4])
    refused = replies[4:]
    assert all(r["error"]["code"] == -32098 and r["error"]["data"]["reason"]  # type: ignore[index]
               == "batch_too_costly" for r in refused)


def test_a_batch_of_import_stores_at_most_four_games(local: Local) -> None:
    record = local.call("game.export", {"game_id": local.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "short", "seed": 2},
        "seats": [{"name": "A"}, {"name": "B"}], "visibility": "public"})["game_id"]})["record"]
    before = len(local.call("game.list", {"limit": 500})["games"])
    replies = _batch(local, "game.import", {"record": record, "visibility": "public"}, 73)
    assert sum("result" in r for r in replies) == 4
    assert len(local.call("game.list", {"limit": 500})["games"]) == before + 4


def test_a_batch_of_light_requests_still_runs_whole(local: Local) -> None:
    game_id = local.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "short", "seed": 2},
        "seats": [{"name": "A"}, {"name": "B"}], "visibility": "public"})["game_id"]
    replies = _batch(local, "game.score", {"game_id": game_id}, 100)
    assert all("result" in r for r in replies)


def test_a_costly_call_does_not_silence_an_invalid_item_after_it(local: Local) -> None:
    # Found by tests/api/test_fuzz.py: game.analyse weighs a whole batch, and the invalid item
    # after it was refused as a notification (no reply at all) instead of being answered as
    # invalid (JSON-RPC 2.0 §6: every invalid item of a batch gets an error).
    reply = local.raw(orjson.dumps([{"jsonrpc": "2.0", "method": "game.analyse"}, {"": ""},
                                    {"jsonrpc": "2.0", "id": 9, "method": "no.such"},
                                    {"id": 3, "method": "game.analyse"}]))  # no "jsonrpc"
    assert isinstance(reply, list)
    assert [(r["id"], r["error"]["code"]) for r in reply] == [
        (None, -32600), (9, -32601), (3, -32600)]
