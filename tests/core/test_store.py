"""The event store (ora_core/store/) on the memory and SQLite backends, and on PostgreSQL when
ORA_TEST_POSTGRES=1 (with the POSTGRES_* variables naming a server, see tech-notes §1.12)."""

from __future__ import annotations

import hashlib
import itertools
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar
from uuid import UUID, uuid4

import attrs
import orjson
import pytest
from attrs import field, frozen
from eventsourcing.persistence import RecordConflictError
from hypothesis import given, settings
from hypothesis import strategies as st

from ora_core.errors import UnknownGame, VersionConflict
from ora_core.store import (
    GENESIS_HASH,
    POOL_WAIT_S,
    EventStore,
    StoredEvent,
    StoreUnavailable,
    TamperedLog,
    chain_hash,
    pg_heads,
    verify_chain,
)

# --- a tiny event model and codec, local to these tests -----------------------------------------


@frozen
class Moved:
    TAG: ClassVar[str] = "moved"
    player: int
    text: str


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@frozen
class Ended:
    TAG: ClassVar[str] = "ended"
    scores: tuple[int, ...] = field(converter=_ints)


Event = Moved | Ended
BY_TAG: dict[str, type[Moved] | type[Ended]] = {Moved.TAG: Moved, Ended.TAG: Ended}


class Codec:
    def tag(self, event: Event) -> str:
        return event.TAG

    def encode(self, event: Event) -> bytes:
        return orjson.dumps(attrs.asdict(event), option=orjson.OPT_SORT_KEYS)

    def decode(self, tag: str, data: bytes) -> Event:
        return BY_TAG[tag](**orjson.loads(data))


CODEC = Codec()


def moves(n: int, start: int = 0) -> list[Event]:
    return [Moved(player=i % 4, text=f"move {i} é") for i in range(start, start + n)]


def as_list(events: Iterable[Event]) -> list[Event]:
    return list(events)


# --- backends -----------------------------------------------------------------------------------

PG_ENABLED = os.environ.get("ORA_TEST_POSTGRES") == "1"
needs_pg = pytest.mark.skipif(
    not PG_ENABLED,
    reason="PostgreSQL tests run only with ORA_TEST_POSTGRES=1 and POSTGRES_* naming a server",
)


def store_url(backend: str, tmp_path: Path) -> str:
    return {
        "memory": "memory",
        "sqlite": f"sqlite:{tmp_path / 'db' / 'ora.sqlite'}",
        "postgres": "postgres:",
    }[backend]


@pytest.fixture(
    params=["memory", "sqlite", pytest.param("postgres", marks=needs_pg)],
)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore[Event]]:
    s: EventStore[Event] = EventStore(CODEC, store_url(request.param, tmp_path))
    yield s
    s.close()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=needs_pg)])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database that two stores can open at once."""
    return store_url(request.param, tmp_path)


# --- round trip, versions, conflicts ------------------------------------------------------------


def test_append_and_read_round_trip(store: EventStore[Event]) -> None:
    gid = uuid4()
    first: list[Event] = [Moved(1, "A1 prior"), Moved(2, "B2"), Ended((3, 1, 2))]
    stored = store.append(gid, 0, first)
    assert [s.version for s in stored] == [1, 2, 3]
    assert [s.event for s in stored] == first
    assert all(s.game_id == gid for s in stored)
    assert store.events(gid) == stored
    assert store.version(gid) == 3

    more = store.append(gid, 3, moves(2))
    assert [s.version for s in more] == [4, 5]
    assert more[0].prev_hash == stored[-1].hash
    assert [s.event for s in store.events(gid)] == [*first, *moves(2)]
    assert store.version(gid) == 5


def test_empty_append_stores_nothing(store: EventStore[Event]) -> None:
    gid = uuid4()
    assert store.append(gid, 0, []) == []
    assert store.version(gid) == 0
    assert gid not in store.game_ids()
    with pytest.raises(UnknownGame):
        store.events(gid)


def test_stale_expected_version_conflicts_and_stores_nothing(store: EventStore[Event]) -> None:
    gid = uuid4()
    store.append(gid, 0, moves(2))
    before = store.events(gid)
    with pytest.raises(VersionConflict):
        store.append(gid, 1, moves(2, start=10))
    with pytest.raises(VersionConflict):
        store.append(gid, 0, moves(1, start=20))
    # the same, decided by the database's unique key (white-box: forget the cached head)
    store._heads.clear()
    with pytest.raises(VersionConflict) as info:
        store.append(gid, 0, moves(2, start=30))
    assert isinstance(info.value.__cause__, RecordConflictError)
    store._heads.clear()
    with pytest.raises(VersionConflict):
        store.append(gid, 1, moves(2, start=30))  # decided by reading the head
    assert store.events(gid) == before
    assert store.version(gid) == 2
    assert [s.version for s in store.append(gid, 2, moves(1, start=40))] == [3]
    verify_chain(store.events(gid))


def test_expected_version_beyond_the_head(store: EventStore[Event]) -> None:
    gid = uuid4()
    store.append(gid, 0, moves(2))
    with pytest.raises(VersionConflict, match="at version 2, not 5"):
        store.append(gid, 5, moves(1))
    with pytest.raises(UnknownGame):
        store.append(uuid4(), 3, moves(1))
    with pytest.raises(ValueError):
        store.append(gid, -1, moves(1))
    assert store.version(gid) == 2


def test_read_a_range(store: EventStore[Event]) -> None:
    gid = uuid4()
    store.append(gid, 0, moves(10))

    def versions(*args: Any, **kwargs: Any) -> list[int]:
        return [s.version for s in store.events(gid, *args, **kwargs)]

    assert versions(3, 5) == [3, 4, 5]
    assert versions(8) == [8, 9, 10]
    assert versions(2, limit=3) == [2, 3, 4]
    assert versions(1, 9, limit=2) == [1, 2]
    assert versions(10, 10) == [10]
    assert versions(11) == []
    assert versions(5, 4) == []
    assert versions(limit=0) == []
    assert [s.event for s in store.events(gid, 4, 6)] == moves(3, start=3)
    with pytest.raises(ValueError):
        store.events(gid, 0)


def test_unknown_game(store: EventStore[Event]) -> None:
    gid = uuid4()
    store.append(uuid4(), 0, moves(1))
    with pytest.raises(UnknownGame):
        store.events(gid)
    with pytest.raises(UnknownGame):
        store.events(gid, 5, limit=0)
    with pytest.raises(UnknownGame):
        store.fold(gid, as_list)
    with pytest.raises(UnknownGame):
        store.fold(gid, as_list, version=0)
    assert store.version(gid) == 0


def test_fold_at_head_and_at_a_version(store: EventStore[Event]) -> None:
    gid = uuid4()
    events = [*moves(4), Ended((1, 2))]
    store.append(gid, 0, events)
    assert store.fold(gid, as_list) == events
    assert store.fold(gid, as_list, version=2) == events[:2]
    assert store.fold(gid, as_list, version=5) == events
    assert store.fold(gid, as_list, version=0) == []
    assert store.fold(gid, lambda es: sum(1 for _ in es)) == 5
    with pytest.raises(ValueError):
        store.fold(gid, as_list, version=6)
    # past SQLite's and PostgreSQL's integers (was an OverflowError from the database layer)
    with pytest.raises(ValueError, match="is at version 5, not 99999999999999999999"):
        store.fold(gid, as_list, version=99999999999999999999)


def test_a_fold_decodes_each_distinct_payload_once(store: EventStore[Event]) -> None:
    class CountingCodec(Codec):
        decoded = 0

        def decode(self, tag: str, data: bytes) -> Event:
            CountingCodec.decoded += 1
            return super().decode(tag, data)

    gid = uuid4()
    repeated = [Moved(1, "COMMIT"), Moved(2, "COMMIT"), Moved(1, "COMMIT"), Moved(1, "USE")]
    store.append(gid, 0, repeated)
    store._mapper.codec = CountingCodec()
    assert store.fold(gid, as_list) == repeated
    assert CountingCodec.decoded == 3
    assert store.fold(gid, as_list) == repeated  # a later read decodes afresh
    assert CountingCodec.decoded == 6


def test_game_ids_in_first_stored_order(store: EventStore[Event]) -> None:
    g1, g2, g3, g4 = uuid4(), uuid4(), uuid4(), uuid4()
    store.append(g2, 0, moves(1))
    store.append(g1, 0, moves(3))
    store.append(g2, 1, moves(2))
    store.append(g3, 0, moves(1))
    mine = [g2, g1, g3]
    assert [g for g in store.game_ids() if g in mine] == mine
    store.append(g1, 3, moves(1))
    store.append(g4, 0, moves(1))
    ids = store.game_ids()
    assert [g for g in ids if g in {*mine, g4}] == [*mine, g4]
    assert len(ids) == len(set(ids))
    assert all(isinstance(g, UUID) for g in ids)


def test_sqlite_game_ids_query_matches_the_notification_log(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'ora.sqlite'}"
    games = [uuid4() for _ in range(5)]
    with EventStore(CODEC, url) as store:
        for i, gid in enumerate(games):
            store.append(gid, 0, moves(i + 1))
            store.append(games[0], store.version(games[0]), moves(1))
        assert store.game_ids() == games
        store.append(games[4], 5, moves(1))
        assert store.game_ids() == games  # incremental: nothing new
        late = uuid4()
        store.append(late, 0, moves(1))
        assert store.game_ids() == [*games, late]
    with EventStore(CODEC, url) as other:
        other._scan_notifications()  # white-box: the generic scan over select_notifications
        assert list(other._games) == [*games, late]


# --- the hash chain -----------------------------------------------------------------------------


def test_hash_chain_is_stored_and_verifies(store: EventStore[Event]) -> None:
    gid = uuid4()
    store.append(gid, 0, moves(3))
    store.append(gid, 3, [Ended((5, 6))])
    stored = store.events(gid)
    first = stored[0]
    assert first.prev_hash == GENESIS_HASH
    assert first.tag == "moved"
    assert first.data == CODEC.encode(first.event)
    expected = hashlib.sha256(
        GENESIS_HASH.encode() + b"\nmoved\n" + CODEC.encode(first.event)
    ).hexdigest()
    assert first.hash == expected
    for a, b in itertools.pairwise(stored):
        assert b.prev_hash == a.hash
    verify_chain(stored)
    verify_chain(store.events(gid, 3))  # a slice is checked from its first prev_hash on
    verify_chain([])
    store.verify(gid)


def test_verify_chain_detects_forged_records() -> None:
    store: EventStore[Event] = EventStore(CODEC)
    gid = uuid4()
    stored = store.append(gid, 0, moves(4))

    def forged(i: int, **changes: Any) -> list[StoredEvent[Event]]:
        return [*stored[:i], attrs.evolve(stored[i], **changes), *stored[i + 1 :]]

    cases = {
        "content": (forged(2, data=stored[2].data.replace(b"move", b"mOve")), 3),
        "prev": (forged(1, prev_hash="f" * 64), 2),
        "genesis": (forged(0, prev_hash="1" * 64), 1),
        "hash": (forged(3, hash="0" * 64), 4),
        "tag": (forged(1, tag="ended"), 2),
        "gap": ([*stored[:1], *stored[2:]], 3),
        "game": (forged(2, game_id=uuid4()), 3),
    }
    for name, (log, version) in cases.items():
        with pytest.raises(TamperedLog) as info:
            verify_chain(log)
        assert info.value.version == version, name
    # re-hashing a forged event moves the break to its successor
    text = stored[1].data.replace(b"move 1", b"move 9")
    rehashed = forged(1, data=text, hash=chain_hash(stored[1].prev_hash, "moved", text))
    with pytest.raises(TamperedLog) as info:
        verify_chain(rehashed)
    assert info.value.version == 3
    store.close()


def _sqlite_rows(path: Path, gid: UUID) -> dict[int, bytes]:
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT originator_version, state FROM stored_events WHERE originator_id=?",
            (gid.hex,),
        ).fetchall()
    return {v: bytes(s) for v, s in rows}


def _sqlite_set_state(path: Path, gid: UUID, version: int, state: bytes) -> None:
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE stored_events SET state=? WHERE originator_id=? AND originator_version=?",
            (state, gid.hex, version),
        )
    db.close()


def test_tampering_with_a_sqlite_row_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "ora.sqlite"
    store: EventStore[Event] = EventStore(CODEC, f"sqlite:{path}")
    gid = uuid4()
    store.append(gid, 0, moves(4))
    store.verify(gid)

    rows = _sqlite_rows(path, gid)
    payload = orjson.loads(rows[2])
    assert set(payload) == {"prev", "hash", "event"}
    assert payload["event"] == {"player": 1, "text": "move 1 é"}
    _sqlite_set_state(path, gid, 2, rows[2].replace(b'"player":1', b'"player":3'))

    stored = store.events(gid)  # reading still works: the event decodes...
    assert stored[1].event == Moved(3, "move 1 é")
    with pytest.raises(TamperedLog) as info:  # ...but the chain does not hold
        verify_chain(stored)
    assert info.value.version == 2

    # a forger who also recomputes that row's hash breaks the link to the next one
    data = orjson.dumps({"player": 3, "text": "move 1 é"}, option=orjson.OPT_SORT_KEYS)
    new_hash = chain_hash(payload["prev"], "moved", data)
    forged = orjson.dumps({"prev": payload["prev"], "hash": new_hash, "event": payload["event"]})
    _sqlite_set_state(path, gid, 2, forged.replace(b'"player":1', b'"player":3'))
    with pytest.raises(TamperedLog) as info:
        store.verify(gid)
    assert info.value.version == 3

    # a hash that is not even text
    state = _sqlite_rows(path, gid)[1]
    _sqlite_set_state(path, gid, 1, state[:90] + b"\xff\xfe" + state[92:])
    with pytest.raises(TamperedLog) as info:
        store.verify(gid)
    assert info.value.version == 1

    # a payload that is not a chained event at all
    _sqlite_set_state(path, gid, 4, b"garbage")
    with pytest.raises(TamperedLog) as info:
        store.events(gid, 4)
    assert info.value.version == 4
    store.close()


def test_a_fold_refuses_a_tampered_sqlite_row_naming_its_version(tmp_path: Path) -> None:
    """Folding always checks the chain (issue #10): an edited row never reaches the fold."""
    path = tmp_path / "ora.sqlite"
    store: EventStore[Event] = EventStore(CODEC, f"sqlite:{path}")
    gid = uuid4()
    store.append(gid, 0, moves(5))
    rows = _sqlite_rows(path, gid)
    seen: list[Event] = []

    def record(events: Iterable[Event]) -> list[Event]:
        for event in events:
            seen.append(event)
        return seen

    _sqlite_set_state(path, gid, 3, rows[3].replace(b'"player":2', b'"player":0'))
    with pytest.raises(TamperedLog) as info:
        store.fold(gid, record)
    assert info.value.version == 3
    assert seen == moves(2)  # the fold saw only the events before the bad one
    assert store.fold(gid, as_list, version=2) == moves(2)  # below the edit the chain holds

    # the edited row with its own hash recomputed: the next row's link breaks
    payload = orjson.loads(rows[3])
    data = orjson.dumps({"player": 0, "text": "move 2 é"}, option=orjson.OPT_SORT_KEYS)
    forged = orjson.dumps({"prev": payload["prev"], "hash": chain_hash(payload["prev"], "moved",
                           data), "event": orjson.loads(data)})
    _sqlite_set_state(path, gid, 3, forged)
    assert store.fold(gid, as_list, version=3)[2] == Moved(0, "move 2 é")  # consistent so far
    with pytest.raises(TamperedLog) as info:
        store.fold(gid, as_list)
    assert info.value.version == 4

    # a row deleted from the middle
    _sqlite_set_state(path, gid, 3, rows[3])
    assert store.fold(gid, as_list) == moves(5)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM stored_events WHERE originator_id=? AND originator_version=2",
                   (gid.hex,))
    db.close()
    with pytest.raises(TamperedLog, match="version 2 is missing") as info:
        store.fold(gid, as_list)
    assert info.value.version == 2
    store.close()


def test_a_fold_refuses_a_first_event_that_does_not_start_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "ora.sqlite"
    store: EventStore[Event] = EventStore(CODEC, f"sqlite:{path}")
    gid = uuid4()
    store.append(gid, 0, moves(2))
    first = _sqlite_rows(path, gid)[1]
    _sqlite_set_state(path, gid, 1, first.replace(b'"prev":"0', b'"prev":"1', 1))
    with pytest.raises(TamperedLog, match="genesis") as info:
        store.fold(gid, as_list)
    assert info.value.version == 1
    store.close()


def test_a_reserialised_payload_still_verifies(tmp_path: Path) -> None:
    """A row whose JSON was rewritten by another tool (spaces, key order) with the same content
    reads back and verifies: the event bytes are re-encoded canonically."""
    path = tmp_path / "ora.sqlite"
    store: EventStore[Event] = EventStore(CODEC, f"sqlite:{path}")
    gid = uuid4()
    store.append(gid, 0, moves(3))
    payload = orjson.loads(_sqlite_rows(path, gid)[2])
    rewritten = {"event": dict(reversed(payload["event"].items())), **payload}
    _sqlite_set_state(path, gid, 2, orjson.dumps(rewritten, option=orjson.OPT_INDENT_2))
    assert [s.event for s in store.events(gid)] == moves(3)
    store.verify(gid)
    assert store.fold(gid, as_list) == moves(3)  # the fold's chain check accepts it too
    store.close()


# --- SQLite: files, persistence, two writers ----------------------------------------------------


def test_sqlite_data_persists_across_reopening(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'a' / 'b' / 'ora.sqlite'}"  # parent folders are created
    g1, g2 = uuid4(), uuid4()
    with EventStore(CODEC, url) as store:
        store.append(g1, 0, moves(3))
        store.append(g2, 0, moves(1))
        before = store.events(g1)

    reopened: EventStore[Event] = EventStore(CODEC, url)
    assert reopened.events(g1) == before
    assert reopened.version(g1) == 3
    assert reopened.game_ids() == [g1, g2]
    with pytest.raises(VersionConflict):
        reopened.append(g1, 2, moves(1))
    more = reopened.append(g1, 3, [Ended((1,))])  # the head hash is read from the file
    assert more[0].prev_hash == before[-1].hash
    reopened.verify(g1)
    assert reopened.fold(g1, as_list) == [*moves(3), Ended((1,))]
    reopened.close()


def test_sqlite_files_written_with_uuid_ids_read_the_same(tmp_path: Path) -> None:
    """The SQLite store reads ids as text (no UUID per row); the stored form is the library's
    default either way (32 hex digits), so files written with the default stay readable."""
    url = f"sqlite:{tmp_path / 'ora.sqlite'}"
    gid = uuid4()
    with EventStore(CODEC, url, settings={"ORIGINATOR_ID_TYPE": "uuid"}) as old:
        old.append(gid, 0, moves(3))
        before = old.events(gid)
    ids = sqlite3.connect(tmp_path / "ora.sqlite").execute(
        "SELECT DISTINCT originator_id FROM stored_events").fetchall()
    assert ids == [(gid.hex,)]
    with EventStore(CODEC, url) as store:
        assert store.events(gid) == before
        assert store.game_ids() == [gid]
        assert store.fold(gid, as_list) == moves(3)
        store.append(gid, 3, moves(1))
    assert sqlite3.connect(tmp_path / "ora.sqlite").execute(
        "SELECT DISTINCT originator_id FROM stored_events").fetchall() == [(gid.hex,)]


def _race(stores: dict[str, EventStore[Event]], gid: UUID, expected: int, r: int) -> list[str]:
    """Each store appends two events at ``expected`` at the same moment; their outcomes."""
    barrier = threading.Barrier(len(stores))
    outcome: dict[str, str] = {}

    def write(name: str) -> None:
        barrier.wait()
        try:
            stores[name].append(gid, expected, [Moved(r, name), Moved(r, name + "'")])
            outcome[name] = "won"
        except VersionConflict:
            outcome[name] = "conflict"

    threads = [threading.Thread(target=write, args=(name,)) for name in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(outcome.values())


def test_two_stores_racing_for_one_version_exactly_one_wins(shared_url: str) -> None:
    a: EventStore[Event] = EventStore(CODEC, shared_url)
    b: EventStore[Event] = EventStore(CODEC, shared_url)
    gid = uuid4()
    rounds = 15
    for r in range(rounds):
        assert _race({"a": a, "b": b}, gid, 2 * r, r) == ["conflict", "won"], r
    # ... and each winner's two events went in together
    events = a.events(gid)
    assert len(events) == 2 * rounds
    texts = [e.event.text for e in events if isinstance(e.event, Moved)]
    assert [t + "'" for t in texts[::2]] == texts[1::2]
    verify_chain(events)
    assert b.events(gid) == events
    a.close()
    b.close()


def test_a_stale_cached_head_turns_into_a_conflict(shared_url: str) -> None:
    a: EventStore[Event] = EventStore(CODEC, shared_url)
    b: EventStore[Event] = EventStore(CODEC, shared_url)
    gid = uuid4()
    a.append(gid, 0, moves(1))  # a caches its head at version 1
    b.append(gid, 1, moves(1, start=1))  # b reads the head from the database
    with pytest.raises(VersionConflict) as info:
        a.append(gid, 1, moves(1, start=2))  # a's cache says 1: the database says no
    assert isinstance(info.value.__cause__, RecordConflictError)
    a.append(gid, 2, moves(1, start=2))  # a re-reads the head (b's event)
    stored = b.events(gid)
    assert [s.event for s in stored] == moves(3)
    verify_chain(stored)
    a.close()
    b.close()


# --- listening for appends ---------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["memory", "sqlite"])
def test_only_postgres_has_an_append_listener(backend: str, tmp_path: Path) -> None:
    s: EventStore[Event] = EventStore(CODEC, store_url(backend, tmp_path))
    assert s.listen() is None  # these are polled (changes)
    s.close()


@needs_pg
def test_a_listener_wakes_on_an_append_through_another_store() -> None:
    a: EventStore[Event] = EventStore(CODEC, "postgres:")
    b: EventStore[Event] = EventStore(CODEC, "postgres:")
    listener = a.listen()
    assert listener is not None
    with listener:
        b.append(uuid4(), 0, moves(1))
        assert listener.wait(10)
        gid = uuid4()
        start = a.changes(None)[0]
        for v in range(3):  # several appends: at least one wake, and the log has them all
            b.append(gid, v, moves(1, start=v))
        assert listener.wait(10)
        _, changed = a.changes(start)
        assert changed[gid] == 3  # (another process's games on the same server may be there)
    a.close()
    b.close()


@needs_pg
def test_a_listener_whose_connection_is_terminated_is_store_unavailable() -> None:
    a: EventStore[Event] = EventStore(CODEC, "postgres:")
    listener = a.listen()
    assert listener is not None
    with a.transaction(commit=True) as cursor:  # what a server restart does to it
        cursor.execute("SELECT pg_terminate_backend(%s)", (listener.backend_pid,))
    with pytest.raises(StoreUnavailable) as info:
        listener.wait(10)
    assert info.value.reason == "unreachable"
    listener.close()
    again = a.listen()  # a new one listens
    assert again is not None
    again.close()
    a.close()


@needs_pg
def test_a_postgres_read_on_a_killed_connection_gets_a_new_one_at_checkout() -> None:
    # Issue 22 (finding 3): a connection is checked as it leaves the pool, so one that died
    # (here killed by the server; after a restart all of them) is replaced before the read,
    # which answers instead of failing as store_unavailable. An outage of the server itself
    # still fails at once (the library's own 10 retries are off: tests/api/test_workers.py).
    a: EventStore[Event] = EventStore(CODEC, "postgres:", settings={
        "POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "0"})
    b: EventStore[Event] = EventStore(CODEC, "postgres:")
    gid = uuid4()
    a.append(gid, 0, moves(2))
    with a.transaction(commit=False) as cursor:  # the pool's one connection
        cursor.execute("SELECT pg_backend_pid() AS pid")
        pid = cursor.fetchone()["pid"]
    with b.transaction(commit=True) as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", (pid,))
    assert len(a.events(gid)) == 2  # the dead connection was replaced at checkout
    with a.transaction(commit=False) as cursor:
        cursor.execute("SELECT pg_backend_pid() AS pid")
        assert cursor.fetchone()["pid"] != pid
    a.close()
    b.close()


@needs_pg
def test_a_postgres_head_read_sees_another_stores_append_and_outlives_a_killed_connection(
) -> None:
    # Issue 34: version() is asked before every answer from a server's cache, so it reads on
    # connections of its own, unchecked; one that died since its last use is replaced and the
    # read made again, not answered as store_unavailable.
    a: EventStore[Event] = EventStore(CODEC, "postgres:")
    b: EventStore[Event] = EventStore(CODEC, "postgres:")
    gid = uuid4()
    assert a.version(gid) == 0
    b.append(gid, 0, moves(2))
    assert a.version(gid) == 2  # another store's append, seen at once
    assert a._pg_heads is not None
    (idle,) = a._pg_heads._idle
    with b.transaction(commit=True) as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", (idle.info.backend_pid,))
    b.append(gid, 2, moves(1, start=2))
    assert a.version(gid) == 3
    (replaced,) = a._pg_heads._idle
    assert replaced is not idle and idle.closed
    a.close()
    assert a._pg_heads._idle == []
    b.close()


@needs_pg
def test_postgres_head_reads_hold_at_most_their_connections(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pg_heads, "MAX_CONNECTIONS", 2)
    a: EventStore[Event] = EventStore(CODEC, "postgres:")
    reader = a._pg_heads
    assert reader is not None
    gid = uuid4()
    a.append(gid, 0, moves(3))
    connects = []
    connect = reader._connect

    def counted() -> Any:
        connects.append(1)
        return connect()

    monkeypatch.setattr(reader, "_connect", counted)
    seen: list[int] = []

    def read() -> None:
        seen.extend(a.version(gid) for _ in range(20))

    threads = [threading.Thread(target=read) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [3] * 120
    assert len(connects) <= 2  # six readers at once shared two connections
    reader._wait_s = 0.05
    held = [reader._take() for _ in range(len(reader._idle))]  # every connection in use
    with pytest.raises(StoreUnavailable) as info:
        a.version(gid)
    assert info.value.reason == "unreachable"
    for conn in held:
        reader._discard(conn)
    assert a.version(gid) == 3  # a place is free again
    a.close()


# --- configuration ------------------------------------------------------------------------------


def test_bad_urls() -> None:
    for url in ("mysql://x", "sqlite:", "", "MEMORY"):
        with pytest.raises(ValueError):
            EventStore(CODEC, url)


def test_process_environment_does_not_choose_the_backend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stray = tmp_path / "stray.sqlite"
    for prefix in ("", "ORASTORE_"):
        monkeypatch.setenv(prefix + "PERSISTENCE_MODULE", "eventsourcing.sqlite")
        monkeypatch.setenv(prefix + "SQLITE_DBNAME", str(stray))
    with EventStore(CODEC) as store:
        store.append(uuid4(), 0, moves(1))
    assert not stray.exists()


def test_library_settings_pass_through(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'z.sqlite'}"
    zlib = {"COMPRESSOR_TOPIC": "eventsourcing.compressor:ZlibCompressor"}
    gid = uuid4()
    with EventStore(CODEC, url, settings=zlib) as store:
        store.append(gid, 0, moves(3))
        assert [s.event for s in store.events(gid)] == moves(3)
        store.verify(gid)
    assert not _sqlite_rows(tmp_path / "z.sqlite", gid)[1].startswith(b"{")


@needs_pg
def test_a_postgres_request_waits_for_the_pool_at_most_pool_wait_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("POSTGRES_CONNECT_TIMEOUT", raising=False)
    with EventStore(CODEC, "postgres:") as store:
        assert store._recorder.datastore.pool.timeout == POOL_WAIT_S  # type: ignore[attr-defined]
    monkeypatch.setenv("POSTGRES_CONNECT_TIMEOUT", "7")  # the library's setting still rules
    with EventStore(CODEC, "postgres:") as store:
        assert store._recorder.datastore.pool.timeout == 7  # type: ignore[attr-defined]


# --- a property: any sequence of appends reads back as one verified chain ------------------------


@settings(max_examples=50, deadline=None)
@given(batches=st.lists(st.lists(st.integers(0, 3), max_size=4), max_size=6), data=st.data())
def test_any_appends_read_back_as_one_chain(batches: list[list[int]], data: st.DataObject) -> None:
    with EventStore(CODEC) as store:
        gid = uuid4()
        expected: list[Event] = []
        for batch in batches:
            events: list[Event] = [Moved(p, f"#{len(expected) + i}") for i, p in enumerate(batch)]
            stale = data.draw(st.booleans()) and len(expected) > 0
            if stale and events:
                with pytest.raises(VersionConflict):
                    store.append(gid, len(expected) - 1, events)
            store.append(gid, len(expected), events)
            expected += events
        if not expected:
            assert store.version(gid) == 0
            return
        stored = store.events(gid)
        assert [s.event for s in stored] == expected
        verify_chain(stored)
        at = data.draw(st.integers(0, len(expected)))
        assert store.fold(gid, as_list, version=at) == expected[:at]


def test_the_head_is_seen_at_once_from_every_thread_and_its_readers_close(
        shared_url: str) -> None:
    """``version`` reads the head on each thread's own connection (SQLite; issue 34): another
    store's appends are seen at once, from the thread that asked before and from a new one."""
    a: EventStore[Event] = EventStore(CODEC, shared_url)
    b: EventStore[Event] = EventStore(CODEC, shared_url)
    gid = uuid4()
    assert a.version(gid) == 0
    b.append(gid, 0, moves(3))
    assert a.version(gid) == 3
    seen: list[int] = []
    reader = threading.Thread(target=lambda: seen.append(a.version(gid)))
    b.append(gid, 3, moves(2, start=3))
    reader.start()
    reader.join()
    assert seen == [5] and a.version(gid) == 5
    readers = list(getattr(a, "_head_readers", []))
    a.close()
    b.close()
    for conn in readers:  # closed with the store
        with pytest.raises(sqlite3.ProgrammingError):
            conn.execute("SELECT 1")
