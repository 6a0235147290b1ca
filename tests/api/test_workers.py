"""Several ``ora serve`` processes on one store (issue 15): real processes, real sockets.

Each test runs on a SQLite file and, with ORA_TEST_POSTGRES=1, on PostgreSQL: the workers
share nothing but the database. A move's conflict is decided by the store (exactly one wins per
version), tokens made through one worker work on another, a subscriber on one worker sees every
move made through the others (in order, none lost, none doubled), ``kill -9`` of a worker under
load loses no acknowledged move, and a PostgreSQL restart under load answers
``store_unavailable`` to every request until the server is back, then play goes on with nothing
lost; on PostgreSQL a subscriber hears of a move through a notification (LISTEN), long before the
follower's fallback read, and across a restart."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import random
import signal
import statistics
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from attrs import define, field

from ora_api.games.follower import FALLBACK
from ora_api.tools.bench_api import (
    TRANSPORT_ERRORS,
    ClientRecord,
    Connection,
    RpcFailed,
    Worker,
    play,
    start_worker,
    stored_moves,
)

PG_ENABLED = os.environ.get("ORA_TEST_POSTGRES") == "1"
needs_pg = pytest.mark.skipif(not PG_ENABLED,
                              reason="PostgreSQL tests run only with ORA_TEST_POSTGRES=1")
needs_pg_restart = pytest.mark.skipif(
    not (PG_ENABLED and os.environ.get("ORA_PG_RESTART")),
    reason="needs the throwaway PostgreSQL of scripts/pg_throwaway.sh")
STORES = ["sqlite", pytest.param("postgres", marks=needs_pg)]


def start_workers(url: str, folder: Path, count: int = 2) -> list[Worker]:
    """``count`` workers on one store; when one does not start, those already started are
    stopped before the error goes on (a worker left behind holds PostgreSQL connections, and
    once wrote into later tests' database)."""
    started: list[Worker] = []
    try:
        for i in range(count):
            started.append(start_worker(url, folder, i))
    except BaseException:
        for w in started:
            w.proc.kill()
            w.proc.wait(timeout=20)
        raise
    return started


@contextlib.contextmanager
def running_workers(url: str, folder: Path) -> Iterator[list[Worker]]:
    """Two workers on one store, stopped at the end."""
    started = start_workers(url, folder)
    try:
        yield started
    finally:
        for w in started:
            if w.proc.poll() is None:
                w.proc.terminate()
        for w in started:
            w.proc.wait(timeout=20)


def _store_url(store: str, folder: Path) -> str:
    return f"sqlite:{folder / 'ora.sqlite3'}" if store == "sqlite" else "postgres:"


@pytest.fixture(scope="module")
def sqlite_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Worker]]:
    folder = tmp_path_factory.mktemp("workers")
    with running_workers(_store_url("sqlite", folder), folder) as started:
        yield started


@pytest.fixture(params=STORES)
def workers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[Worker]]:
    """Two workers for a test that leaves them running. On SQLite the module's two (starting a
    pair costs two server start-ups; each test plays games of its own); on PostgreSQL the
    test's own, since its tests take turns on the server (workers kept between them would
    hold its connections while another test restarts it)."""
    if request.param == "sqlite":
        yield request.getfixturevalue("sqlite_workers")
        return
    with running_workers(_store_url(request.param, tmp_path), tmp_path) as started:
        yield started


@pytest.fixture(params=STORES)
def own_workers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[Worker]]:
    """Two workers of the test's own, for a test that kills one."""
    with running_workers(_store_url(request.param, tmp_path), tmp_path) as started:
        yield started


def new_game(conn: Connection, seed: int = 3) -> tuple[str, dict[int, str]]:
    created = conn.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "short", "seed": seed},
        "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}


class Subscriber:
    """A WebSocket subscribed to one game on one worker; a thread notes each event's version
    and when it arrived (``time.perf_counter``)."""

    def __init__(self, port: int, game_id: str, token: str) -> None:
        from websockets.sync.client import connect

        self._stack = contextlib.ExitStack()
        self._ws = self._stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws"))
        self._ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.subscribe",
                                    "params": {"game_id": game_id, "token": token}}).decode())
        self.start: int = orjson.loads(self._ws.recv(timeout=30))["result"]["version"]
        self.seen: list[tuple[int, float]] = []
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for text in self._ws:
                message = orjson.loads(text)
                assert message["method"] == "game.event"
                with self._cond:
                    self.seen.append((message["params"]["version"], time.perf_counter()))
                    self._cond.notify_all()
        except ConnectionClosed:
            pass

    def arrival(self, version: int, timeout: float = 30) -> float:
        """When the event at ``version`` arrived (waits for it)."""
        with self._cond:
            assert self._cond.wait_for(lambda: any(v >= version for v, _ in self.seen),
                                       timeout), (version, self.seen[-3:])
            return next(t for v, t in self.seen if v == version)

    @property
    def versions(self) -> list[int]:
        with self._cond:
            return [v for v, _ in self.seen]

    def close(self) -> None:
        self._stack.close()
        self._thread.join(timeout=10)


def test_a_token_made_on_one_worker_moves_on_the_other(workers: list[Worker]) -> None:
    a, b = Connection(workers[0].port, False), Connection(workers[1].port, False)
    game_id, tokens = new_game(a)
    legal = b.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
    moved = b.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                 "move": legal["moves"][0]})
    assert moved["version"] > legal["version"]
    again = a.call("game.legal_moves", {"game_id": game_id, "token": tokens[1]})
    assert again["version"] == moved["version"]  # A's cache saw B's move


def race(conns: list[Connection], game_id: str, token: str, moves: list[str], version: int
         ) -> list[Any]:
    """Each connection sends its move at the same time: each reply, or its error's reason."""
    outcomes: list[Any] = [None] * len(conns)
    barrier = threading.Barrier(len(conns))

    def send(i: int) -> None:
        barrier.wait()
        try:
            outcomes[i] = conns[i].call("game.move", {
                "game_id": game_id, "token": token, "move": moves[i],
                "expected_version": version})
        except RpcFailed as e:
            outcomes[i] = e.reason

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(conns))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


def test_racing_moves_through_two_workers_exactly_one_wins(workers: list[Worker]) -> None:
    conns = [Connection(w.port, False) for w in workers]
    game_id, tokens = new_game(conns[0])
    rng = random.Random(5)
    for _ in range(12):
        legal = conns[0].call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
        if legal["seat"] is None:
            break
        outcomes = race(conns, game_id, tokens[legal["seat"]],
                        [rng.choice(legal["moves"]) for _ in conns], legal["version"])
        assert len([o for o in outcomes if isinstance(o, dict)]) == 1, outcomes
        assert "version_conflict" in outcomes, outcomes
    _, head = stored_moves(conns[1], game_id, tokens[0])
    assert head == conns[1].call("game.legal_moves", {"game_id": game_id,
                                                       "token": tokens[0]})["version"]


def test_a_subscriber_on_one_worker_sees_every_move_made_through_the_others(
        workers: list[Worker]) -> None:
    from websockets.sync.client import connect

    a, b = Connection(workers[0].port, False), Connection(workers[1].port, False)
    game_id, tokens = new_game(a)
    rng = random.Random(9)
    with connect(f"ws://127.0.0.1:{workers[1].port}/ws") as ws:
        ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.subscribe",
                              "params": {"game_id": game_id, "token": tokens[0]}}).decode())
        reply = orjson.loads(ws.recv(timeout=30))
        start = reply["result"]["version"]
        head = start
        for i in range(30):  # mostly through A, some through B itself
            conn = a if i % 3 else b
            legal = conn.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
            if legal["seat"] is None:
                break
            head = conn.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                           "move": rng.choice(legal["moves"])})["version"]
        seen: list[int] = []
        deadline = time.monotonic() + 30
        while (not seen or seen[-1] < head) and time.monotonic() < deadline:
            message = orjson.loads(ws.recv(timeout=30))
            assert message["method"] == "game.event"
            seen.append(message["params"]["version"])
    assert seen == list(range(start + 1, head + 1))  # in order, none lost, none doubled


def test_a_move_reaches_another_workers_subscriber_long_before_the_fallback(
        workers: list[Worker]) -> None:
    # On PostgreSQL the follower LISTENs: a notification wakes it when the move commits, where
    # without it the worker would read the log only every FALLBACK seconds (a median of about
    # half that). On SQLite it polls every POLL_INTERVAL, a twentieth of FALLBACK.
    a = Connection(workers[0].port, False)
    game_id, tokens = new_game(a)
    sub = Subscriber(workers[1].port, game_id, tokens[0])
    rng = random.Random(11)
    delays: list[float] = []
    try:
        for _ in range(20):
            legal = a.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
            if legal["seat"] is None:
                break
            sent = time.perf_counter()
            version = a.call("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                                           "move": rng.choice(legal["moves"])})["version"]
            delays.append(sub.arrival(version) - sent)
    finally:
        sub.close()
    assert len(delays) == 20
    assert statistics.median(delays) < FALLBACK / 4, sorted(delays)
    assert sub.versions == list(range(sub.start + 1, sub.start + len(sub.versions) + 1))


def test_kill_9_of_a_worker_under_load_loses_no_acknowledged_move(
        own_workers: list[Worker]) -> None:
    workers = own_workers
    records = [ClientRecord() for _ in range(4)]
    conns = [Connection(workers[i % 2].port, websocket=i >= 2) for i in range(4)]
    until = time.monotonic() + 4
    threads = [threading.Thread(target=play, args=(conns[i], 50 + i, 2, "short", until,
                                                   records[i]), daemon=True) for i in range(4)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    os.kill(workers[0].proc.pid, signal.SIGKILL)
    for t in threads:
        t.join(timeout=60)
    for c in conns:
        c.close()
    assert any(r.errors for r in records[0::2])  # the killed worker's clients saw it go
    survivor = Connection(workers[1].port, False)
    acked = 0
    for r in records:
        for game_id, (token, moves, version) in r.games.items():
            stored, head = stored_moves(survivor, game_id, token)
            assert stored >= moves and head >= version
            acked += moves
    assert acked > 0


@define
class TimedRecord(ClientRecord):
    """A client's record that also notes when each call began and ended (perf_counter)."""

    calls: list[tuple[float, float]] = field(factory=list)

    def timed(self, conn: Connection, method: str, params: dict[str, Any]) -> Any:
        began = time.perf_counter()
        try:
            return super().timed(conn, method, params)
        finally:
            self.calls.append((began, time.perf_counter()))


@needs_pg_restart
def test_a_postgres_restart_under_load_is_store_unavailable_then_recovers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A request waits at most pool_wait seconds for a connection of the pool (ora's default
    # is 2); the restart keeps the server down for 2 s and more.
    pool_wait = 1
    monkeypatch.setenv("POSTGRES_CONNECT_TIMEOUT", str(pool_wait))
    started = start_workers("postgres:", tmp_path)
    try:
        records = [TimedRecord() for _ in range(4)]
        conns = [Connection(started[i % 2].port, websocket=i >= 2) for i in range(4)]
        until = time.monotonic() + 12  # the restart takes 2.5 s or more: play goes on after
        threads = [threading.Thread(target=play, args=(conns[i], 70 + i, 2, "short", until,
                                                       records[i]), daemon=True)
                   for i in range(4)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        before = sum(n for r in records for _, n, _ in r.games.values())
        down = time.perf_counter()
        subprocess.run(os.environ["ORA_PG_RESTART"], shell=True, check=True, timeout=60)
        up = time.perf_counter()  # the server accepts connections again
        restarted = sum(n for r in records for _, n, _ in r.games.values())
        for t in threads:
            t.join(timeout=60)
        for c in conns:
            c.close()
        # Every client asked during the outage, and was answered store_unavailable: at once on
        # a connection the server closed, or after the pool's wait for a new one. No other
        # error. And no request waited for the server to come back: each that began early
        # enough in the outage ended before it (half a second of slack over the pool's wait).
        for r in records:
            assert r.errors and all(e.startswith("store_unavailable") for e in r.errors), \
                r.errors
            waited = [(b - down, e - down) for b, e in r.calls
                      if down <= b < up - pool_wait - 0.5 and e >= up]
            assert not waited, (waited, up - down)
        after = sum(n for r in records for _, n, _ in r.games.values())
        assert before > 0 and after > restarted  # play went on after the restart
        reader = Connection(started[1].port, False)
        for r in records:
            for game_id, (token, moves, version) in r.games.items():
                stored, head = stored_moves(reader, game_id, token)
                assert stored >= moves and head >= version
    finally:
        for w in started:
            w.proc.terminate()
            w.proc.wait(timeout=20)


@needs_pg_restart
def test_a_subscriber_on_another_worker_sees_every_move_across_a_postgres_restart(
        tmp_path: Path) -> None:
    started = start_workers("postgres:", tmp_path)
    moved: list[int] = []  # the versions the moves through A were acknowledged at
    errors = Counter[str]()
    stop = threading.Event()

    def move_through_a(game_id: str, tokens: dict[int, str]) -> None:
        conn, rng = Connection(started[0].port, False), random.Random(13)
        while not stop.is_set():
            try:
                legal = conn.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
                if legal["seat"] is None:
                    return
                moved.append(conn.call("game.move", {
                    "game_id": game_id, "token": tokens[legal["seat"]],
                    "move": rng.choice(legal["moves"]),
                    "expected_version": legal["version"]})["version"])
            except RpcFailed as e:
                errors[e.reason] += 1
            except TRANSPORT_ERRORS:
                conn.close()
            time.sleep(0.02)

    try:
        a = Connection(started[0].port, False)
        game_id, tokens = new_game(a, seed=17)
        sub = Subscriber(started[1].port, game_id, tokens[0])
        mover = threading.Thread(target=move_through_a, args=(game_id, tokens), daemon=True)
        mover.start()
        time.sleep(1)
        subprocess.run(os.environ["ORA_PG_RESTART"], shell=True, check=True, timeout=60)
        restarted = len(moved)
        deadline = time.monotonic() + 60
        while len(moved) < restarted + 10 and mover.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        stop.set()
        mover.join(timeout=60)
        head = a.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})["version"]
        assert len(moved) >= restarted + 10 or not mover.is_alive()
        sub.arrival(head, timeout=60)
        sub.close()
        # In order, none lost, none doubled: before, during and after the restart.
        assert sub.versions == list(range(sub.start + 1, head + 1))
        assert restarted > 0 and moved[-1] <= head
        assert all(e.startswith("store_unavailable") for e in errors), errors
    finally:
        for w in started:
            w.proc.terminate()
            w.proc.wait(timeout=20)
    log = started[1].log.read_text()
    assert log.count("listening for appends lost") == 1, log  # logged once, not per attempt
    assert log.count("listening for appends again") == 1, log


def test_the_delivery_latency_script_times_every_move() -> None:
    # scripts/delivery_latency.py, behind the delivery figures of docs/performance.md.
    script = Path(__file__).resolve().parents[2] / "scripts" / "delivery_latency.py"
    spec = importlib.util.spec_from_file_location("delivery_latency", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    deliveries, trips = module.measure("sqlite", 6)
    assert len(deliveries) == len(trips) == 6
    assert all(d > 0 for d in deliveries) and all(t > 0 for t in trips)
