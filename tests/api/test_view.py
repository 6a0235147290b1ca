"""``game.view`` over the API: positions by version or move, locales, refusals, a typed schema."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from tests.api.conftest import ROOT, Local, RpcFailed, new_game


def _play(local: Local, game_id: str, tokens: dict[int, str], moves: int) -> list[int]:
    """Play ``moves`` moves (the first legal one each time); the version after each."""
    versions = []
    for _ in range(moves):
        legal = local.call("game.legal_moves", {"game_id": game_id})
        move = "COMMIT" if "COMMIT" in legal["moves"] else legal["moves"][0]
        result = local.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                          "move": move})
        versions.append(result["version"])
    return versions


def test_a_view_at_the_head_at_a_version_and_after_a_move(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=4)
    start = local.call("game.view", {"game_id": game_id})
    versions = _play(local, game_id, tokens, 5)
    head = local.call("game.view", {"game_id": game_id})
    assert head["version"] == versions[-1] and head["game_id"] == game_id
    assert head["move"] is None and head["locale"] == "en"
    # "Move N" is the game after its N-th move, the move's consequences included.
    for n, version in enumerate(versions, start=1):
        after = local.call("game.view", {"game_id": game_id, "move": n})
        assert after["version"] == version and after["move"] == n
        assert after == {**local.call("game.view", {"game_id": game_id, "version": version}),
                         "move": n}
    assert local.call("game.view", {"game_id": game_id, "move": 0})["version"] == \
        start["version"]


@pytest.mark.parametrize(("params", "path", "reason"), [
    ({"move": 99}, "move", "out_of_range"),
    ({"move": -1}, "move", "out_of_range"),
    ({"version": 10_000}, "version", "out_of_range"),
    ({"version": 3, "move": 1}, "move", "conflict"),
    ({"locale": "xx"}, "locale", "invalid_params"),
])
def test_bad_positions_and_locales_are_invalid_params(local: Local, params: dict[str, Any],
                                                      path: str, reason: str) -> None:
    game_id, _ = new_game(local, players=2, seed=1)
    with pytest.raises(RpcFailed) as failed:
        local.call("game.view", {"game_id": game_id, **params})
    assert failed.value.code == -32602
    assert failed.value.data["path"] == path and failed.value.data["reason"] == reason


def test_an_unknown_game_is_refused(local: Local) -> None:
    with pytest.raises(RpcFailed) as failed:
        local.call("game.view", {"game_id": "00000000-0000-0000-0000-000000000000"})
    assert failed.value.code == -32004


def test_the_view_schema_has_no_free_objects() -> None:
    """Clients generate types from the schema: every object names its properties or types its
    values, and no schema is left open (``{}``)."""
    doc = orjson.loads((ROOT / "specs" / "openrpc.json").read_bytes())
    method = next(m for m in doc["methods"] if m["name"] == "game.view")
    schemas = doc["components"]["schemas"]
    seen: set[str] = set()

    def walk(schema: dict[str, Any], where: str) -> None:
        assert schema, f"{where}: an open schema"
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[1]
            if name not in seen:
                seen.add(name)
                walk(schemas[name], name)
            return
        for key in ("allOf", "anyOf"):
            for i, sub in enumerate(schema.get(key, [])):
                walk(sub, f"{where}.{key}[{i}]")
        if schema.get("type") == "object":
            extra = schema.get("additionalProperties")
            assert "properties" in schema or isinstance(extra, dict), f"{where}: free object"
            for name, sub in schema.get("properties", {}).items():
                walk(sub, f"{where}.{name}")
            if isinstance(extra, dict):
                walk(extra, f"{where}.*")
        if schema.get("type") == "array":
            walk(schema["items"], f"{where}[]")

    walk(method["result"]["schema"], "view")
    assert {"BoardView", "SeatView", "GridSpace", "ScheduleView", "WheelDial"} <= seen


def test_the_catalogue_names_every_card_in_the_asked_locale(local: Local) -> None:
    english = local.call("rules.catalog")
    russian = local.call("rules.catalog", {"locale": "ru"})
    assert english["locale"] == "en" and russian["locale"] == "ru"
    assert {b["id"] for b in english["buildings"]} == set(local.service.rules.buildings)
    assert next(g["name"] for g in russian["goods"] if g["good"] == "peat") == "Торф"
    assert local.call("rules.catalog", {"locale": "ru"}) == russian  # cached, same answer
    with pytest.raises(RpcFailed) as failed:
        local.call("rules.catalog", {"locale": "fr"})
    assert failed.value.data["path"] == "locale"
