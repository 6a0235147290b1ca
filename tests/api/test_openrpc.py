"""``rpc.discover``: the OpenRPC document is generated from the registry, matches the committed
specs/openrpc.json, and the results the methods really return fit its schemas."""

from __future__ import annotations

import random
from typing import Any

import attrs
import orjson

from ora_api.api import API, APP_ERRORS, NOTIFICATIONS
from ora_api.jsonrpc import openrpc
from tests.api.conftest import ROOT, Local, new_game

COMMITTED = ROOT / "specs" / "openrpc.json"
TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str, "integer": int, "number": (int, float), "boolean": bool, "null": type(None),
    "object": dict, "array": list}


def validate(value: Any, schema: dict[str, Any], doc: dict[str, Any], path: str = "$") -> None:
    """A small JSON Schema validator for the keywords the generator writes."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/components/schemas/")
        validate(value, doc["components"]["schemas"][name], doc, path)
        return
    for sub in schema.get("allOf", []):
        validate(value, sub, doc, path)
    if "anyOf" in schema:
        problems = []
        for sub in schema["anyOf"]:
            try:
                validate(value, sub, doc, path)
                break
            except AssertionError as e:
                problems.append(str(e))
        else:
            raise AssertionError(f"{path}: no option of anyOf fits: {problems}")
    if "type" in schema:
        expected = TYPES[schema["type"]]
        ok = isinstance(value, expected) and not (
            isinstance(value, bool) and schema["type"] in ("integer", "number"))
        assert ok, f"{path}: expected {schema['type']}, got {value!r:.80}"
    if "enum" in schema:
        assert value in schema["enum"], f"{path}: {value!r} not in {schema['enum']}"
    if isinstance(value, int) and not isinstance(value, bool):
        assert value >= schema.get("minimum", value), path
        assert value <= schema.get("maximum", value), path
    if isinstance(value, str) and "maxLength" in schema:
        assert len(value) <= schema["maxLength"], path
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for name in schema.get("required", []):
            assert name in value, f"{path}: missing {name}"
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                validate(item, props[key], doc, f"{path}.{key}")
            elif extra is False:
                raise AssertionError(f"{path}: unexpected property {key}")
            elif isinstance(extra, dict):
                validate(item, extra, doc, f"{path}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            validate(item, schema["items"], doc, f"{path}[{i}]")


def test_the_committed_document_is_the_generated_one() -> None:
    generated = openrpc.document(API, APP_ERRORS, NOTIFICATIONS)
    committed = orjson.loads(COMMITTED.read_bytes())
    assert committed == generated, (
        "specs/openrpc.json is stale: .venv/bin/python -m ora_api.api --write "
        "specs/openrpc.json")
    assert COMMITTED.read_bytes() == openrpc.render(generated)


def test_every_method_is_documented_with_params_result_and_errors(local: Local) -> None:
    doc = local.call("rpc.discover")
    assert doc == orjson.loads(COMMITTED.read_bytes())
    documented = {m["name"]: m for m in doc["methods"]}
    assert list(documented) == list(API.methods)
    for name, method in API.methods.items():
        entry = documented[name]
        assert entry["summary"] and entry["result"]["schema"], name
        fields = [a.name for a in attrs.fields(method.params)]
        assert [p["name"] for p in entry["params"]] == fields, name
        for p in entry["params"]:
            assert "schema" in p and isinstance(p["required"], bool)
        assert {e["code"] for e in entry["errors"]} == {e.code for e in method.errors}
    errors = {e["code"] for e in doc["components"]["errors"].values()}
    assert {-32700, -32600, -32601, -32602, -32603} <= errors
    assert {e.code for e in APP_ERRORS} <= errors
    for schema in doc["components"]["schemas"].values():
        for ref in _refs(schema):
            assert ref.removeprefix("#/components/schemas/") in doc["components"]["schemas"]
    assert [n["name"] for n in doc["x-notifications"]] == ["game.event"]


def _refs(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        found = [schema["$ref"]] if "$ref" in schema else []
        return found + [r for v in schema.values() for r in _refs(v)]
    if isinstance(schema, list):
        return [r for v in schema for r in _refs(v)]
    return []


def check_record_methods(check: Any, game_id: str) -> None:
    """game.export, game.import (stored and stopped), game.verify, game.audit, game.state by
    move."""
    check("game.state", {"game_id": game_id, "move": 3})
    record = check("game.export", {"game_id": game_id})["record"]
    check("game.import", {"record": record})
    check("game.verify", {"game_id": game_id})
    check("game.verify", {"record": record})
    check("game.audit", {"game_id": game_id})
    check("game.audit", {"record": record})
    check("game.fork", {"game_id": game_id, "move": 3, "seats": [{"bot": "random"}] * 4})
    header = [line for line in record.splitlines() if line.startswith("[")][:6]
    stopped = check("game.import", {"record": "\n".join([*header, "COMMIT"])})
    assert stopped["stop"] is not None


def test_real_results_fit_the_result_schemas(local: Local) -> None:
    doc = orjson.loads(COMMITTED.read_bytes())
    results = {m["name"]: m["result"]["schema"] for m in doc["methods"]}
    notification = {p["name"]: p["schema"] for p in doc["x-notifications"][0]["params"]}
    seen: set[str] = set()

    def check(method: str, params: Any = None) -> Any:
        result = local.call(method, params)
        validate(result, results[method], doc, method)
        seen.add(method)
        return result

    game_id, tokens = new_game(local, players=4, seed=2, length="short")
    check("rpc.discover")
    check("game.subscribe", {"game_id": game_id})
    rng = random.Random(9)
    for step in range(1000):
        legal = check("game.legal_moves", {"game_id": game_id})
        if step % 25 == 0:
            check("game.state", {"game_id": game_id})
            check("game.score", {"game_id": game_id})
            check("game.complete", {"game_id": game_id, "prefix": ""})
            if legal["moves"]:
                check("game.moves", {"game_id": game_id,
                                     "path": legal["moves"][-1].split()[:1], "limit": 5})
            check("game.view", {"game_id": game_id})
        if legal["seat"] is None:
            break
        moves = legal["moves"]
        move = "COMMIT" if "COMMIT" in moves and rng.random() < 0.5 else rng.choice(moves)
        if step % 25 == 0:
            check("game.preview", {"game_id": game_id, "move": move})
        check("game.move", {"game_id": game_id, "token": tokens[legal["seat"]], "move": move})
    check("game.state", {"game_id": game_id})
    check("game.state", {"game_id": game_id, "version": 1})
    check("game.score", {"game_id": game_id})
    check("game.view", {"game_id": game_id, "move": 3, "locale": "ru"})
    check("game.events", {"game_id": game_id})
    check("game.log", {"game_id": game_id})
    check("game.explain", {"game_id": game_id})
    check("game.diff", {"game_id": game_id, "from_move": 0, "to_move": 3})
    check("game.moves", {"game_id": game_id})
    check("game.list")
    check("rules.catalog", {"locale": "el"})
    check("game.create", {"config": {"players": 2, "variant": "ireland", "length": "long"}})
    created = check("game.create", {"config": {"players": 3, "variant": "ireland",
                                               "length": "short"},
                                    "seats": [{"name": "Ann"}, {}, {"bot": "greedy"}]})
    joined = check("game.join", {"invite": created["seats"][1]["invite"], "name": "Bob"})
    check("game.spectate_token", {"game_id": created["game_id"], "token": joined["token"]})
    check("game.annotate", {"game_id": created["game_id"], "token": joined["token"],
                            "move": 0, "text": "a quiet start"})
    check("game.list", {"tokens": [joined["token"]], "limit": 1})
    check("game.unsubscribe", {"game_id": game_id})
    check("rules.lookup", {"id": "R-BUY-2"})
    check_record_methods(check, game_id)
    two, seats = new_game(local, players=2, seed=4)
    for _ in range(2):
        legal = local.call("game.legal_moves", {"game_id": two})
        local.call("game.move", {"game_id": two, "token": seats[legal["seat"]],
                                 "move": legal["moves"][-1]})
    check("game.analyse", {"game_id": two, "bot": "medium", "budget": "5"})
    check("game.undo_request", {"game_id": two, "token": seats[0], "to_move": 1})
    check("game.undo_answer", {"game_id": two, "token": seats[1], "accept": True})
    check("game.wait_turn", {"game_id": two, "token": seats[1], "timeout": 0})
    check("game.notify", {"game_id": two, "token": seats[1], "url": None})
    timed = check("game.create", {"config": {"players": 3, "variant": "france",
                                             "length": "long", "clock": {"initial": 600}},
                                  "seats": [{"name": "A"}, {}, {}]})
    joined_tokens = [timed["seats"][0]["token"], *(
        check("game.join", {"invite": s["invite"], "name": f"P{s['seat']}"})["token"]
        for s in timed["seats"][1:])]
    check("game.view", {"game_id": timed["game_id"], "token": joined_tokens[0]})
    check("game.replace_seat", {"game_id": timed["game_id"], "token": joined_tokens[1],
                                "seat": 2, "bot": "random"})
    check("game.replace_answer", {"game_id": timed["game_id"], "token": joined_tokens[0],
                                  "accept": True})
    assert seen == set(API.methods)
    for message in local.pushed:
        params = message["params"]
        assert set(params) == set(notification)
        for key, value in params.items():
            validate(value, notification[key], doc, key)

