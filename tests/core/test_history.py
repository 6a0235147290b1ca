"""Versioned events (issue 24): a store and a record written by an earlier engine replay today.

``tests/data/history/`` holds fixture stores written by ``scripts/write_history_fixture.py``,
each with the record of its first game and what every game folds to. They are committed once
and never rewritten: whatever changes in the events, these tests read them forever after
(docs/architecture.md, "Changing an event"). Rules: R-SETUP-* (the set-up each stream starts
with), R-LIES-3 (the wonder taken in the Liesborn game), R-END-* (its final scores).
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import pytest

from ora_api.cli import main
from ora_api.service import open_service
from ora_core.codec import EventJsonCodec
from ora_core.events import EVENT_BY_TAG, GameStarted, SeatTaken
from ora_core.evolve import fold
from ora_core.store import EventStore
from ora_core.upcasting import (
    EVENT_VERSIONS,
    SCHEMA,
    VERSION_KEY,
    Schema,
    UnknownEventVersion,
    upcasts,
)
from ora_rules.records import read_record
from ora_rules.records.ora_format import chain_of
from ora_rules.version import RULES_VERSION
from tests.support import rules

HISTORY = Path(__file__).resolve().parents[1] / "data" / "history"
FIXTURES = sorted(p.stem for p in HISTORY.glob("*.sqlite3"))


def _copy(name: str, tmp_path: Path) -> str:
    """A copy of a fixture store (SQLite writes beside a file it opens): its store url."""
    target = tmp_path / f"{name}.sqlite3"
    shutil.copyfile(HISTORY / f"{name}.sqlite3", target)
    return f"sqlite:{target}"


def _expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads((HISTORY / f"{name}.json").read_bytes())
    return data


def test_every_event_type_has_a_schema_version_and_its_upcasters() -> None:
    assert set(EVENT_VERSIONS) == set(EVENT_BY_TAG)
    assert all(v >= 1 for v in EVENT_VERSIONS.values())
    for tag, version in EVENT_VERSIONS.items():  # Schema() checks it too: one per version
        assert all((tag, n) in SCHEMA.upcasters for n in range(1, version))


def test_the_fixture_stores_hold_every_event_type() -> None:
    assert FIXTURES, "no fixture store in tests/data/history"
    seen = set()
    for name in FIXTURES:
        for game in _expected(name)["games"]:
            seen |= set(game["types"])
    assert seen >= set(EVENT_BY_TAG), (
        f"no stored example of {sorted(set(EVENT_BY_TAG) - seen)}: write a new fixture with "
        "scripts/write_history_fixture.py")


@pytest.mark.parametrize("name", FIXTURES)
def test_a_store_written_by_an_earlier_engine_replays(name: str, tmp_path: Path) -> None:
    expected = _expected(name)
    codec = EventJsonCodec()
    with EventStore(codec, _copy(name, tmp_path)) as store:
        assert [str(g) for g in store.game_ids()] == [g["game_id"] for g in expected["games"]]
        for game in expected["games"]:
            game_id = UUID(game["game_id"])
            state = store.fold(game_id, fold)  # checks every event against the chain
            stored = store.events(game_id)
            assert state.version == len(stored) == game["version"]
            assert stored[-1].hash == game["head"]
            assert dict(Counter(s.tag for s in stored)) == game["types"]
            assert ([s.total for s in state.scores] if state.scores else None) == game["scores"]
            assert list(state.winners) == game["winners"]
            # An event still at the version it was stored at is written to the same bytes: a
            # change of its shape without a new version fails here.
            for s in stored:
                if expected["event_versions"][s.tag] == SCHEMA.version(s.tag):
                    assert codec.encode(s.event) == s.data, (s.tag, s.version)
            assert isinstance(stored[0].event, GameStarted)


@pytest.mark.parametrize("name", FIXTURES)
def test_a_record_written_by_an_earlier_engine_replays(name: str, tmp_path: Path) -> None:
    first = _expected(name)["games"][0]
    text = (HISTORY / f"{name}.ora").read_text()
    assert f'[Rules "{_expected(name)["rules_version"]}"]' in text
    imported = read_record(text, rules())
    assert imported.stop is None
    assert chain_of(imported.events)[-1] == first["head"]
    with EventStore(EventJsonCodec(), _copy(name, tmp_path)) as store:
        assert list(imported.events) == [s.event for s in store.events(UUID(first["game_id"]))]


@pytest.mark.parametrize("name", FIXTURES)
def test_a_server_opens_an_earlier_store(name: str, tmp_path: Path) -> None:
    svc = open_service(_copy(name, tmp_path), rules=rules())
    try:
        listed, _ = svc.list_games(everything=True)
        games = _expected(name)["games"]
        assert [str(g.summary.game_id) for g in listed] == [g["game_id"] for g in games]
        assert [g.summary.version for g in listed] == [g["version"] for g in games]
    finally:
        svc.close()


def test_records_carry_the_rules_version() -> None:
    assert RULES_VERSION >= 1
    assert _expected(FIXTURES[-1])["rules_version"] <= RULES_VERSION


# --- the upcasting mechanism, on a change of an event tried before it is made -----------------


def _renamed(data: dict[str, Any]) -> dict[str, Any]:
    """A hypothetical version 2 of seat_taken whose names are lower case."""
    return {**data, "name": data["name"].lower()}


def _robot(data: dict[str, Any]) -> dict[str, Any]:
    """A hypothetical version 3: what version 2 called ``robot`` is now ``bot``."""
    out = {k: v for k, v in data.items() if k != "robot"}
    if "robot" in data:
        out["bot"] = data["robot"]
    return out


LATER = Schema({**EVENT_VERSIONS, "seat_taken": 3},
               {(("seat_taken", 1)): _renamed, ("seat_taken", 2): _robot})


def test_a_version_without_its_upcasters_is_refused() -> None:
    with pytest.raises(ValueError, match="no upcaster from version"):
        Schema({**EVENT_VERSIONS, "seat_taken": 3}, {("seat_taken", 1): _renamed})


def test_each_stored_version_is_upcast_to_todays_shape() -> None:
    codec = EventJsonCodec(LATER)
    v1 = b'{"name":"Ann","seat":0}'
    v2 = b'{"_v":2,"name":"bo","robot":"greedy","seat":1}'
    v3 = b'{"_v":3,"bot":"mcts","name":"cy","seat":2}'
    assert codec.decode("seat_taken", v1) == SeatTaken(seat=0, name="ann")
    assert codec.decode("seat_taken", v2) == SeatTaken(seat=1, name="bo", bot="greedy")
    assert codec.decode("seat_taken", v3) == SeatTaken(seat=2, name="cy", bot="mcts")
    assert codec.encode(SeatTaken(seat=2, name="cy", bot="mcts")) == v3  # written at today's
    with pytest.raises(UnknownEventVersion):  # a newer engine's event: refused, not misread
        codec.decode("seat_taken", b'{"_v":4,"name":"x","seat":0}')
    with pytest.raises(UnknownEventVersion):  # today's engine knows only version 1 of it
        EventJsonCodec().decode("seat_taken", v2)
    assert upcasts([("seat_taken", v1), ("seat_taken", v2), ("seat_taken", v3),
                    ("move_played", b'{"move":"COMMIT","seat":0}')], LATER) == [
        upcasts([("seat_taken", v1)], LATER)[0], upcasts([("seat_taken", v2)], LATER)[0]]


def test_a_fixture_store_reads_after_a_change_and_verify_reports_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    name = FIXTURES[0]
    url = _copy(name, tmp_path)
    game = _expected(name)["games"][0]
    game_id = UUID(game["game_id"])
    with EventStore(EventJsonCodec(LATER), url) as store:  # the chain still holds: bytes kept
        state = store.fold(game_id, fold)
    assert [p.name for p in state.players] == ["p0", "p1", "p2"]  # every v1 event upcast
    monkeypatch.setattr("ora_core.upcasting.SCHEMA", LATER)
    monkeypatch.setattr("ora_core.codec.SCHEMA", LATER)
    code = main(["verify", str(game_id), "--store", url, "--json"])
    report = orjson.loads(capsys.readouterr().out)
    assert report["upcast"] == [{"type": "seat_taken", "from": 1, "to": 3,
                                 "events": game["types"]["seat_taken"]}]
    assert report["version"] == game["version"]
    assert code == 0  # seat_taken is the lobby's, not decided: re-deciding agrees
    main(["verify", str(game_id), "--store", url])
    assert f"upcast: {game['types']['seat_taken']} seat_taken v1->v3" in capsys.readouterr().out


def test_todays_verify_reports_nothing_upcast(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    name = FIXTURES[0]
    game = _expected(name)["games"][0]
    assert main(["verify", game["game_id"], "--store", _copy(name, tmp_path), "--json"]) == 0
    assert orjson.loads(capsys.readouterr().out)["upcast"] == []
    assert VERSION_KEY not in (HISTORY / f"{name}.ora").read_text()
