"""Subscriptions across workers: the events other processes append reach this one's subscribers.

Several ``ora serve`` processes may share one database (SQLite file or PostgreSQL). A move made
through one of them is pushed at once to that process's own subscribers; the others learn of it
by tailing the store's notification log, one query per ``interval`` whatever the number of games
(:meth:`ora_core.store.EventStore.changes`). For each changed game that has subscribers here the
service reads the new events and pushes them, under the game's lock and after what it pushed
before (``GameService._deliver``): in order, none lost, none doubled. A store that fails is asked
again at the next tick from the same place in the log, so an outage delays events but loses none.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection
from typing import Any
from uuid import UUID

from ora_core.store import EventStore

log = logging.getLogger("ora.api")


class Follower:
    """A daemon thread that calls ``changed(game_id)`` for every game in ``wanted()`` that
    another process appended to; started by the first subscription."""

    def __init__(self, store: EventStore[Any], wanted: Callable[[], Collection[UUID]],
                 changed: Callable[[UUID], None], *, interval: float = 0.05) -> None:
        self._store = store
        self._wanted = wanted
        self._changed = changed
        self._interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

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

    def _run(self) -> None:
        after: int | None = None
        failing = False
        while not self._stop.wait(self._interval):
            try:
                if after is None:
                    # Everything up to here: the subscribers' own catch-up covers it, but a
                    # game subscribed just before may have changed since; look at them all.
                    after, _ = self._store.changes(None)
                    games: Collection[UUID] = list(self._wanted())
                else:
                    after, changed = self._store.changes(after)
                    games = [g for g in changed if g in set(self._wanted())] if changed else []
                for game_id in games:
                    self._changed(game_id)
                if failing:
                    log.warning("following the store again")
                    failing = False
            except Exception as e:  # the store is down: ask again from the same place
                if not failing:
                    log.warning("following the store failed (%s); retrying", type(e).__name__)
                    failing = True
