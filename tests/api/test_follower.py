"""The follower (ora_api/games/follower.py) on its own: what wakes it, and a lost LISTEN connection.

The polling interval and the fallback here are a minute, longer than any test waits: whatever
reaches ``changed`` before then was woken by a PostgreSQL notification, or read at once after
the follower listened again. Real worker processes are in test_workers.py."""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from uuid import UUID, uuid4

import pytest

from ora_api.games.follower import Follower
from ora_core.store import EventStore
from tests.core.test_store import CODEC, Event, moves

PG_ENABLED = os.environ.get("ORA_TEST_POSTGRES") == "1"
needs_pg = pytest.mark.skipif(not PG_ENABLED,
                              reason="PostgreSQL tests run only with ORA_TEST_POSTGRES=1")
NEVER = 60.0  # seconds: no poll or fallback read happens within a test


class Seen:
    """The games ``changed`` was called with, in order; waits for one."""

    def __init__(self) -> None:
        self.games: list[UUID] = []
        self._cond = threading.Condition()

    def __call__(self, game_id: UUID) -> None:
        with self._cond:
            self.games.append(game_id)
            self._cond.notify_all()

    def wait_for(self, game_id: UUID, count: int = 1, timeout: float = 20) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self.games.count(game_id) >= count, timeout)


def until(condition: Callable[[], bool], timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def listens_anew(follower: Follower, old: object) -> bool:
    return follower.listening and follower._listener is not old


@pytest.fixture
def stores() -> Iterator[tuple[EventStore[Event], EventStore[Event]]]:
    here: EventStore[Event] = EventStore(CODEC, "postgres:")
    elsewhere: EventStore[Event] = EventStore(CODEC, "postgres:")
    yield here, elsewhere
    here.close()
    elsewhere.close()


@needs_pg
def test_a_notification_wakes_the_follower_long_before_its_fallback(
        stores: tuple[EventStore[Event], EventStore[Event]]) -> None:
    here, elsewhere = stores
    gid, other = uuid4(), uuid4()
    seen = Seen()
    follower = Follower(here, lambda: [gid], seen, interval=NEVER, fallback=NEVER)
    follower.start()
    try:
        assert until(lambda: follower.listening)
        assert seen.wait_for(gid)  # the first read looks at every subscribed game
        for v in range(3):
            elsewhere.append(other, v, moves(1, start=v))  # not subscribed here
            elsewhere.append(gid, v, moves(1, start=v))
            assert seen.wait_for(gid, 2 + v), v
        assert other not in seen.games
    finally:
        follower.close()


@needs_pg
def test_a_lost_listening_connection_is_made_again_and_the_follower_catches_up(
        stores: tuple[EventStore[Event], EventStore[Event]],
        caplog: pytest.LogCaptureFixture) -> None:
    here, elsewhere = stores
    gid = uuid4()
    seen = Seen()
    follower = Follower(here, lambda: [gid], seen, interval=NEVER, fallback=NEVER)
    caplog.set_level(logging.WARNING, logger="ora.api")
    follower.start()
    try:
        assert until(lambda: follower.listening)
        assert seen.wait_for(gid)
        for v in range(3):  # three times: lost, listened again, caught up
            listener = follower._listener
            assert listener is not None
            with elsewhere.transaction(commit=True) as cursor:
                cursor.execute("SELECT pg_terminate_backend(%s)", (listener.backend_pid,))
            # The append may come before or after the follower listens again: either way it
            # reaches ``changed`` (a notification, or the read right after listening again).
            elsewhere.append(gid, v, moves(1, start=v))
            assert seen.wait_for(gid, 2 + v), v
            assert until(functools.partial(listens_anew, follower, listener))
    finally:
        follower.close()
    messages = [r.getMessage() for r in caplog.records if r.name == "ora.api"]
    assert sum("listening for appends lost" in m for m in messages) == 3, messages
    assert sum("listening for appends again" in m for m in messages) == 3, messages


def test_on_sqlite_the_follower_polls(tmp_path: Path) -> None:
    here: EventStore[Event] = EventStore(CODEC, f"sqlite:{tmp_path / 'ora.sqlite3'}")
    elsewhere: EventStore[Event] = EventStore(CODEC, f"sqlite:{tmp_path / 'ora.sqlite3'}")
    gid = uuid4()
    seen = Seen()
    follower = Follower(here, lambda: [gid], seen, interval=0.05, fallback=NEVER)
    follower.start()
    try:
        assert seen.wait_for(gid)
        elsewhere.append(gid, 0, moves(2))
        assert seen.wait_for(gid, 2)  # within a poll, though the fallback is a minute
        assert not follower.listening
    finally:
        follower.close()
        here.close()
        elsewhere.close()
