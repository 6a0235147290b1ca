"""``game.export``, ``game.import``, ``game.verify``, ``game.state`` by move, and ``tampered_log``
(issue #10) through the dispatcher and, for tampering, a real server."""

from __future__ import annotations

import random
import sqlite3
import uuid
from pathlib import Path

import pytest

from ora_api.service import open_service
from ora_api.tools.selfplay import open_store, play_game
from tests.api.conftest import HttpServer, Local, RpcFailed, new_game, play
from tests.support import rules


def finished_game(local: Local) -> str:
    game_id, tokens = new_game(local, players=3, seed=5)
    play(local, game_id, tokens, random.Random(5))
    return game_id


def test_export_then_import_gives_the_same_events(local: Local) -> None:
    game_id = finished_game(local)
    exported = local.call("game.export", {"game_id": game_id})
    assert exported["record"].startswith('[Game "ora"]\n')
    assert '[Names "P0,P1,P2"]' in exported["record"]
    imported = local.call("game.import", {"record": exported["record"]})
    assert imported["stop"] is None and imported["notes"] == []
    assert imported["version"] == exported["version"]
    seats = imported["seats"]
    assert [(s["seat"], s["name"], s["bot"]) for s in seats] == [(0, "P0", None),
                                                                 (1, "P1", None),
                                                                 (2, "P2", None)]
    token = seats[0]["token"]
    one = local.call("game.events", {"game_id": game_id})["events"]
    with pytest.raises(RpcFailed) as info:  # imported games are private unless asked
        local.call("game.events", {"game_id": imported["game_id"]})
    assert info.value.data["reason"] == "token_required"
    two = local.call("game.events", {"game_id": imported["game_id"], "token": token})["events"]
    assert [e["hash"] for e in one] == [e["hash"] for e in two]
    with pytest.raises(RpcFailed):
        local.call("game.export", {"game_id": imported["game_id"]})
    verified = local.call("game.verify", {"game_id": imported["game_id"], "token": token})
    assert verified["ok"] is True and verified["difference"] is None
    assert verified["head"] == f"sha256:{one[-1]['hash']}"
    assert local.call("game.verify", {"record": exported["record"]})["ok"] is True


def test_an_imported_unfinished_game_plays_on_with_its_new_tokens(local: Local) -> None:
    game_id, tokens = new_game(local, players=4, seed=3)
    play(local, game_id, tokens, random.Random(3), max_moves=12)
    record = local.call("game.export", {"game_id": game_id, "checkpoints": False})["record"]
    assert "[Result" not in record and "#v" not in record
    imported = local.call("game.import", {"record": record, "visibility": "public"})
    new_tokens = {s["seat"]: s["token"] for s in imported["seats"]}
    assert play(local, imported["game_id"], new_tokens, random.Random(1), max_moves=3) == 3


def test_an_import_stops_at_the_first_illegal_move_and_stores_nothing(local: Local) -> None:
    game_id = finished_game(local)
    lines = local.call("game.export", {"game_id": game_id, "checkpoints": False})["record"]
    kept = [line for line in lines.splitlines() if not line.startswith(("[Result", "[Head"))]
    first_move = next(i for i, line in enumerate(kept) if not line.startswith("["))
    kept.insert(first_move, "BUILD G01 9 9")
    before = local.call("game.list")["games"]
    result = local.call("game.import", {"record": "\n".join(kept)})
    assert result["game_id"] is None and result["seats"] == [] and result["moves"] == 0
    stop = result["stop"]
    assert (stop["move_number"], stop["line"], stop["command"]) == (1, first_move + 1,
                                                                    "BUILD G01 9 9")
    assert stop["rule"] is not None and stop["rule"].startswith("R-")
    assert stop["reading"] is None
    assert local.call("game.list")["games"] == before


def test_a_bad_record_is_a_bad_record_error_naming_the_line(local: Local) -> None:
    with pytest.raises(RpcFailed) as info:
        local.call("game.import", {"record": '[Game "ora"]\n[Players "9"]\n[Variant "france"]\n'
                                             '[Length "long"] [Seed "1"] [Colours "R G"]\n'})
    assert info.value.code == -32031
    assert info.value.data["code"] == "bad_record" and info.value.data["line"] == 2
    with pytest.raises(RpcFailed) as info:
        local.call("game.import", {"record": '[Game "ora"]', "source": "chess"})
    assert "unknown record source" in info.value.data["detail"]


def test_state_by_move(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=2)
    play(local, game_id, tokens, random.Random(2), max_moves=6)
    events = local.call("game.events", {"game_id": game_id})["events"]
    firsts = [e["version"] for e in events if e["type"] == "move_played"]
    at0 = local.call("game.state", {"game_id": game_id, "move": 0})
    assert at0["version"] == firsts[0] - 1
    at3 = local.call("game.state", {"game_id": game_id, "move": 3})
    assert at3 == local.call("game.state", {"game_id": game_id, "version": firsts[3] - 1})
    last = local.call("game.state", {"game_id": game_id, "move": 6})
    assert last == local.call("game.state", {"game_id": game_id})
    with pytest.raises(RpcFailed) as info:
        local.call("game.state", {"game_id": game_id, "move": 7})
    assert info.value.data["path"] == "move"
    assert info.value.data["detail"] == "move 7: the game has 6 move(s) (0 is the set-up)"
    with pytest.raises(RpcFailed) as info:
        local.call("game.state", {"game_id": game_id, "move": 1, "version": 3})
    assert info.value.code == -32602


def test_verify_needs_exactly_one_of_game_and_record(local: Local) -> None:
    with pytest.raises(RpcFailed) as info:
        local.call("game.verify", {})
    assert info.value.code == -32602
    with pytest.raises(RpcFailed) as info:
        local.call("game.verify", {"game_id": str(uuid.uuid4())})
    assert info.value.data["code"] == "unknown_game"


def stored_game(path: Path) -> str:
    with open_store(f"sqlite:{path}") as store:
        return play_game(rules(), 3, "ireland", "long", 8, store=store).game_id


def tamper(path: Path, game_id: str, version: int) -> None:
    """Change one stored event's bytes in the SQLite file; its hashes stay as they were."""
    with sqlite3.connect(path) as db:
        key = (uuid.UUID(game_id).hex, version)
        (state,) = db.execute("SELECT state FROM stored_events WHERE originator_id=? AND "
                              "originator_version=?", key).fetchone()
        edited = bytes(state).replace(b'"seat":', b'"seat":2', 1)
        assert edited != bytes(state)
        db.execute("UPDATE stored_events SET state=? WHERE originator_id=? AND "
                   "originator_version=?", (edited, *key))
    db.close()


def test_a_tampered_store_is_refused_by_the_service_naming_the_version(tmp_path: Path) -> None:
    path = tmp_path / "ora.sqlite3"
    game_id = stored_game(path)
    tamper(path, game_id, 40)
    service = open_service(f"sqlite:{path}", rules=rules())
    local = Local(service)
    try:
        calls: list[tuple[str, dict[str, object]]] = [
            ("game.state", {}), ("game.legal_moves", {}), ("game.score", {}),
            ("game.export", {}), ("game.verify", {}), ("game.events", {"from_version": 41}),
            ("game.state", {"move": 100}), ("game.move", {"token": "x", "move": "COMMIT"})]
        for method, params in calls:
            with pytest.raises(RpcFailed) as info:
                local.call(method, {"game_id": game_id, **params})
            assert info.value.code == -32030, method
            assert info.value.data["code"] == "tampered_log"
            assert info.value.data["version"] == 40
            assert f"game {game_id}: tampered log at version 40" in info.value.data["detail"]
        listed = local.call("game.list", {"limit": 500})["games"]  # the server still serves
        assert game_id not in [g["game_id"] for g in listed]
        # the game is refused as a whole, also at positions before the edit
        with pytest.raises(RpcFailed) as info:
            local.call("game.state", {"game_id": game_id, "move": 1})
        assert info.value.data["version"] == 40
    finally:
        service.close()


def test_a_tampered_store_is_refused_by_a_real_server(tmp_path: Path) -> None:
    path = tmp_path / "ora.sqlite3"
    game_id = stored_game(path)
    tamper(path, game_id, 25)
    server = HttpServer(f"sqlite:{path}", tmp_path)
    try:
        with pytest.raises(RpcFailed) as info:
            server.call("game.state", {"game_id": game_id})
        assert (info.value.code, info.value.data["version"]) == (-32030, 25)
    finally:
        server.stop()
    assert "Traceback" not in server.stderr
