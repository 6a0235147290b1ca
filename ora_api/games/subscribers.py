"""The subscribers of games (``game.subscribe``): their sinks and the last version pushed to
each game's sinks, so every event reaches them once and in order, whether this process appended
it or another did (``ora_api.games.follower`` wakes the service, which delivers here)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from uuid import UUID

import orjson

from ora_api.jsonrpc.common import EventView, tampered
from ora_core.events import GameEvent
from ora_core.store import EventStore, StoredEvent, TamperedLog, verify_chain

log = logging.getLogger("ora.api")

Sink = Callable[[UUID, Sequence[EventView]], None]


def event_view(stored: StoredEvent[GameEvent]) -> EventView:
    return EventView(version=stored.version, type=stored.tag, data=orjson.loads(stored.data),
                     hash=stored.hash, prev_hash=stored.prev_hash)


class Subscribers:
    """The sinks per game; the service calls in with the game's lock held, so one game's
    events are delivered by one thread at a time."""

    def __init__(self, store: EventStore[GameEvent]) -> None:
        self.store = store
        self._lock = threading.Lock()  # guards _sinks, _pushed
        self._sinks: dict[UUID, list[Sink]] = {}
        #: The last version pushed to a subscribed game's sinks (each event once, in order).
        self._pushed: dict[UUID, int] = {}

    def add(self, game_id: UUID, sink: Sink, version: int) -> None:
        """``sink`` receives the game's events after ``version`` (the first sink's version)."""
        with self._lock:
            self._sinks.setdefault(game_id, []).append(sink)
            self._pushed.setdefault(game_id, version)

    def remove(self, game_id: UUID, sink: Sink) -> bool:
        with self._lock:
            sinks = self._sinks.get(game_id, [])
            if sink not in sinks:
                return False
            sinks.remove(sink)
            if not sinks:
                del self._sinks[game_id]
                self._pushed.pop(game_id, None)
            return True

    def games(self) -> list[UUID]:
        with self._lock:
            return list(self._sinks)

    def sinks(self, game_id: UUID) -> list[Sink]:
        with self._lock:
            return list(self._sinks.get(game_id, ()))

    def following(self, game_id: UUID) -> bool:
        with self._lock:
            return game_id in self._pushed

    def deliver(self, game_id: UUID, version: int,
                known: Sequence[StoredEvent[GameEvent]]) -> None:
        """Bring the game's subscribers up to ``version``: the events after the last one pushed,
        from ``known`` when it starts there, else read from the store; with the game's lock."""
        with self._lock:
            pushed = self._pushed.get(game_id)
        if pushed is None or pushed >= version:
            return
        later = [s for s in known if s.version > pushed]
        if not later or later[0].version != pushed + 1:
            later = self.store.events(game_id, pushed + 1, to_version=version)
            try:
                verify_chain(later)
            except TamperedLog as e:
                raise tampered(game_id, e) from None
        self.push(game_id, [event_view(s) for s in later if s.version <= version])

    def push(self, game_id: UUID, views: Sequence[EventView]) -> None:
        """Give the sinks the events they have not had yet."""
        with self._lock:
            sinks = list(self._sinks.get(game_id, ()))
            pushed = self._pushed.get(game_id)
            if pushed is not None:
                views = [v for v in views if v.version > pushed]
                if views:
                    self._pushed[game_id] = views[-1].version
        if not views:
            return
        for sink in sinks:
            try:
                sink(game_id, views)
            except Exception:
                log.exception("a subscriber of game %s failed", game_id)
