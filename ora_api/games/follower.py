"""Subscriptions across workers: the events other processes append reach this one's subscribers.

Several ``ora serve`` processes may share one database (SQLite file or PostgreSQL). A move made
through one of them is pushed at once to that process's own subscribers; the others learn of it
by tailing the store's notification log, one query whatever the number of games
(:meth:`ora_core.store.EventStore.changes`). For each changed game that has subscribers here the
service reads the new events and pushes them, under the game's lock and after what it pushed
before (``Subscribers.deliver``): in order, none lost, none doubled. A store that fails is asked
again at the next tick from the same place in the log, so an outage delays events but loses none.

When to read the log: on PostgreSQL the follower LISTENs on the channel every append notifies
(:meth:`~ora_core.store.EventStore.listen`) and reads as soon as a notification arrives, and
otherwise every ``fallback`` seconds in case one was missed. A notification only wakes it: what
it reads is decided by its place in the log, never by the notifications. A lost listening
connection (a server restart) is logged once, made again with backoff while the follower polls
every ``interval``, and the follower reads from its place at once when it listens again. On
SQLite (no notifications) it polls every ``interval``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Collection
from typing import Any
from uuid import UUID

from ora_core.listen import AppendListener
from ora_core.store import EventStore

log = logging.getLogger("ora.api")


#: Seconds between reads of the log where nothing wakes the follower (SQLite, or PostgreSQL while
#: the listening connection is down).
POLL_INTERVAL = 0.05
#: Seconds between reads while listening: a notification lost with its connection is read then.
FALLBACK = 1.0
#: Seconds between listening attempts after the connection was lost: doubling up to the last.
_BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
#: At most one read of the log per this many seconds however fast notifications come (each
#: append notifies, this process's own too): under load one read covers many appends.
_MIN_GAP = 0.01
#: How often a wait for a notification looks whether the follower was closed.
_STOP_CHECK = 0.25


class Follower:
    """A daemon thread that calls ``changed(game_id)`` for every game in ``wanted()`` that
    another process appended to; started by the first subscription."""

    def __init__(self, store: EventStore[Any], wanted: Callable[[], Collection[UUID]],
                 changed: Callable[[UUID], None], *, interval: float = POLL_INTERVAL,
                 fallback: float = FALLBACK) -> None:
        self._store = store
        self._wanted = wanted
        self._changed = changed
        self._interval = interval
        self._fallback = fallback
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._after: int | None = None  # the follower thread's place in the log
        self._failing = False
        self._listener: AppendListener | None = None
        self._listen_lost = False
        self._listen_retry = 0.0  # monotonic time of the next attempt to listen
        self._attempts = 0  # failed attempts since listening last worked
        self._last_read = 0.0

    def start(self) -> None:
        with self._start_lock:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="ora-follower",
                                                daemon=True)
                self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    @property
    def listening(self) -> bool:
        """Whether appends wake the follower now (PostgreSQL, connection up)."""
        return self._listener is not None

    def _run(self) -> None:
        can_listen = self._store.dialect == "postgres"
        try:
            while not self._stop.is_set():
                if can_listen and self._listener is None and time.monotonic() >= \
                        self._listen_retry:
                    self._listen()  # before reading: an append after the read wakes us
                self._read()
                if self._listener is not None and not self._failing:
                    self._wait_for_append()
                elif can_listen and self._listener is None:  # poll until it listens again
                    self._stop.wait(min(self._interval,
                                        max(0.0, self._listen_retry - time.monotonic())))
                else:
                    self._stop.wait(self._interval)
        finally:
            if self._listener is not None:
                self._listener.close()

    def _listen(self) -> None:
        try:
            self._listener = self._store.listen()
        except Exception as e:
            delay = _BACKOFF[min(self._attempts, len(_BACKOFF) - 1)]
            self._attempts += 1
            self._listen_retry = time.monotonic() + delay
            if not self._listen_lost:
                log.warning("listening for appends failed (%s); polling every %.2f s and "
                            "trying again", _why(e), self._interval)
                self._listen_lost = True
            return
        self._attempts = 0
        if self._listen_lost:
            log.warning("listening for appends again")
            self._listen_lost = False

    def _wait_for_append(self) -> None:
        """Until a notification, ``fallback`` seconds or close; drops a lost connection."""
        assert self._listener is not None
        deadline = time.monotonic() + self._fallback
        try:
            while not self._stop.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                if self._listener.wait(min(left, _STOP_CHECK)):
                    self._stop.wait(self._last_read + _MIN_GAP - time.monotonic())
                    return
        except Exception as e:
            self._listener.close()
            self._listener = None
            if not self._listen_lost:
                log.warning("listening for appends lost (%s); polling every %.2f s and "
                            "listening again when the database answers", _why(e),
                            self._interval)
                self._listen_lost = True

    def _read(self) -> None:
        """Read the log from the follower's place; a failing store is asked again next time."""
        self._last_read = time.monotonic()
        try:
            if self._after is None:
                # Everything up to here: the subscribers' own catch-up covers it, but a
                # game subscribed just before may have changed since; look at them all.
                self._after, _ = self._store.changes(None)
                games: Collection[UUID] = list(self._wanted())
            else:
                self._after, changed = self._store.changes(self._after)
                games = [g for g in changed if g in set(self._wanted())] if changed else []
            for game_id in games:
                self._changed(game_id)
            if self._failing:
                log.warning("following the store again")
                self._failing = False
        except Exception as e:  # the store is down: ask again from the same place
            if not self._failing:
                log.warning("following the store failed (%s); retrying", type(e).__name__)
                self._failing = True


def _why(e: BaseException) -> str:
    return str(e).splitlines()[0] if str(e) else type(e).__name__
