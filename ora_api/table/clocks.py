"""The server's side of clocks (docs/api.md "Clocks"): it measures how long each decision took
and notices when a seat's time runs out. What the time means is the rules'
(``ora_rules.clocks``, ``ora_rules.timeouts``); here only time is read and events are stored.

Time is injected: a :class:`Clock` gives milliseconds, :class:`SystemClock` the machine's
monotonic time, :class:`FakeClock` a time a test moves by hand. The decider's clock starts
when its decision begins (after the last move, or when the game is first seen by this
process: a restart does not charge the time the server was away). A seat's time running out is
noticed on the next request about the game and by :meth:`Timers.sweep`, which a thread runs
every second for the games in the service's cache (tests call it by hand with a fake clock).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Protocol
from uuid import UUID

from attrs import define

from ora_api.jsonrpc.common import ILLEGAL_MOVE
from ora_api.jsonrpc.rpc import RpcError
from ora_api.table.hot import Hot
from ora_api.table.table_events import GameService, store_events
from ora_core.errors import IllegalCommand
from ora_core.events import ClockExpired
from ora_core.state import State
from ora_rules import clocks, timeouts
from ora_rules.views.view import ClockView

log = logging.getLogger("ora.api.clocks")
#: The ``ora_meta`` key of a game's creator's seats, before the game id.
_CREATOR = "creator_seats:"


class Clock(Protocol):
    def now_ms(self) -> int: ...


class SystemClock:
    """The machine's monotonic clock."""

    def now_ms(self) -> int:
        return time.monotonic_ns() // 1_000_000


@define
class FakeClock:
    """A clock that moves only when told (tests: no sleeps)."""

    ms: int = 0

    def now_ms(self) -> int:
        return self.ms

    def advance(self, seconds: float) -> None:
        self.ms += round(seconds * 1000)


class Timers:
    """When each game's current decision began, and what happens when its time runs out."""

    def __init__(self, svc: GameService, clock: Clock | None = None) -> None:
        self.svc = svc
        self.clock: Clock = clock or SystemClock()
        self._lock = threading.Lock()
        #: game -> (the seat whose decision runs, when it began)
        self._since: dict[UUID, tuple[int, int]] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if clock is None:  # a real clock: sweep every second
            self._thread = threading.Thread(target=self._run, name="ora-clocks", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(1.0):
            try:
                self.sweep()
            except Exception:  # a store that fails now is retried next second
                log.exception("clock sweep failed")

    # -- a new game -------------------------------------------------------------------------------

    def created(self, game_id: UUID, state: State, tokens: Mapping[int, str]) -> None:
        """A new game: its first decision begins now, and the seats its creator took are
        remembered (``game.replace_seat`` by the creator needs no consent)."""
        self.moved(game_id, state)
        with self.svc.lobby.transaction(commit=True) as c:
            c.execute("INSERT INTO ora_meta (key, value) VALUES (?, ?)",
                      (_CREATOR + str(game_id), ",".join(map(str, sorted(tokens)))))

    def creator_seats(self, game_id: UUID) -> frozenset[int]:
        """The seats the game's creator took (none for a game imported or made before)."""
        with self.svc.lobby.transaction(commit=False) as c:
            c.execute("SELECT value FROM ora_meta WHERE key = ?", (_CREATOR + str(game_id),))
            row = c.fetchone()
        return frozenset(int(v) for v in (row["value"] if row else "").split(",") if v)

    # -- time -------------------------------------------------------------------------------------

    def elapsed(self, game_id: UUID, state: State) -> int:
        """The milliseconds the running seat's decision has taken so far (0 without one)."""
        seat = clocks.running(state)
        if seat is None:
            return 0
        now = self.clock.now_ms()
        with self._lock:
            since = self._since.get(game_id)
            if since is None or since[0] != seat:  # a new decider (a take-back) or first seen
                since = self._since[game_id] = (seat, now)
        return max(0, now - since[1])

    def took(self, game_id: UUID, state: State) -> int | None:
        """How long the decision being made took (None: the game has no clock)."""
        return None if state.config.clock is None else self.elapsed(game_id, state)

    def moved(self, game_id: UUID, state: State) -> None:
        """A decision was stored: the next one begins now."""
        if state.config.clock is None:
            return
        seat = clocks.running(state)
        with self._lock:
            if seat is None:
                self._since.pop(game_id, None)
            else:
                self._since[game_id] = (seat, self.clock.now_ms())

    def view(self, game_id: UUID, state: State, live: bool) -> ClockView | None:
        """The clocks of ``state``; ``live``: the game's current position, whose running
        seat's time counts down."""
        control = state.config.clock
        if control is None:
            return None
        seat = clocks.running(state)
        left = list(state.clock_left)
        if live and seat is not None:
            left[seat] = max(0, left[seat] - self.elapsed(game_id, state))
        return ClockView(kind=control.kind, initial=control.initial,
                         increment=control.increment, on_timeout=control.on_timeout,
                         left=left, running=seat, timed_out=list(state.timed_out))

    # -- time running out -------------------------------------------------------------------------

    def due(self, game_id: UUID, hot: Hot, *, refuse: bool = False) -> bool:
        """Apply the policy if the running seat's time ran out (CLOCK-3); call with the
        game's lock held. True when events were stored; with ``refuse`` (a move's request)
        they are an ``illegal_move`` error then: the move was meant for a position that has
        gone, and the client reads the game again."""
        state = hot.state
        if state.config.clock is None:
            return False
        elapsed = self.elapsed(game_id, state)
        if clocks.overdue(state, elapsed) is None:
            return False
        try:
            events = timeouts.expire(state, self.svc.rules, elapsed)
            store_events(self.svc, game_id, hot, events)
        except IllegalCommand:
            return False
        except RpcError:  # another process stored it first (a version conflict): theirs holds
            return False
        self.moved(game_id, hot.state)
        if refuse:
            expired = events[0]
            assert isinstance(expired, ClockExpired)
            raise ILLEGAL_MOVE.error(
                f"seat {expired.seat}'s time ran out before this move (on_timeout "
                f"{state.config.clock.on_timeout}, now version {hot.state.version}); read "
                "the game again", reason="time_ran_out", rule="CLOCK-3")
        return True

    def sweep(self) -> int:
        """Notice every run-out clock among the cached games; the number of games."""
        with self.svc._lock:
            games: Mapping[UUID, Hot] = dict(self.svc._hot)
        found = 0
        for game_id, hot in games.items():
            if hot.state.config.clock is None or clocks.running(hot.state) is None:
                continue
            with self.svc._game_lock(game_id):
                found += self.due(game_id, self.svc._entry(game_id))
        return found
