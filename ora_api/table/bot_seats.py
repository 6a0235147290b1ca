"""Bot seats: the server plays the seats that ``game.create`` gave to a bot (docs/bots.md).

Which bot plays a seat is in the game itself (the ``seat_taken`` event, ``PlayerState.bot``),
so a restarted server goes on playing it as soon as the game is used again.

``BotRunner`` is told about every change of a game (created, moved, folded cold). When the
deciding seat is a bot seat the game waits for a thinker, at most one entry per game. The
thinkers are fair across games (docs/api.md, "Running it in public"): each game counts the time
its bots have thought, and a free thinker takes the waiting game that has thought least. A game
that comes to wait (new, or back from a person's turn) counts at least the count of the last
game taken less one budget (``BotLimits.max_seconds``): it goes before the games that think on
and on, but banks no more than one move's credit while it waited, so nothing can starve them.
A cheap bot is thus never queued behind slow ones: it waits at most for the moves already
thinking, one budget each, where first come first served made it wait for every slow game's
queued move. The bot chooses on the state it was given in a worker process of
``ora_api.table.bot_pool`` (outside the event loop, the GIL of the request path and the game's lock,
so reads and other games go on meanwhile), then the move is played like any other move
(``GameService.play_seat``: stored, pushed to subscribers) with ``expected_version``, so a
stale choice is dropped, never stored.
A bot that fails to choose does not leave its game waiting for ever: if its worker dies or
hangs it is asked once more (in a new worker); if it raises, or fails so twice, ``FALLBACK``
moves for it that once. Every failure is logged.
A bot that does not end its turn does not play on for ever either: past ``MAX_TURN_MOVES``
moves of one seat in one turn, ``FALLBACK`` moves for it until the turn ends (logged once).
A bot's random draws come from the game's seed and the version it moves at: the same game,
replayed, gets the same bot moves.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable
from uuid import UUID

from attrs import define

from ora_api.table.bot_pool import BotLimits, BotLost, BotPool, PoolClosed
from ora_core.state import State
from ora_rules.specs import Rules

log = logging.getLogger("ora.api.bots")

#: The bot that moves for a seat whose bot failed (raised, or lost its worker twice): simple,
#: so it does not fail the same way, and drawn from the game's seed like every bot move.
FALLBACK = "random"
#: The moves a bot seat may play in one turn (counted by round, seat and kind of turn) before
#: ``FALLBACK`` plays the rest of it: twenty times the longest turn the bots were seen to play
#: (10 moves, conversions included), where a bot that exchanged coin pieces back and forth
#: (fixed, docs/bots.md, "The planner") appended events without end.
MAX_TURN_MOVES = 200


def deciding_bot(state: State) -> tuple[int, str] | None:
    """The bot seat that decides now and its bot's name, or None."""
    if state.finished or state.flow.turn.kind == "over":
        return None
    seat = state.flow.turn.decider
    bot = state.players[seat].bot
    return None if bot is None else (seat, bot)


#: ``play(game_id, seat, move, expected_version)``: plays a move for a seat, like game.move.
PlaySeat = Callable[[UUID, int, str, int], object]


@define
class _Waiting:
    state: State
    seat: int
    name: str
    #: The order games came to wait in: first come first served among equal times.
    arrival: int


class BotRunner:
    """Plays bot seats' moves, ``limits.thinkers`` at once, one move per task, the game that
    has thought least first."""

    def __init__(self, rules: Rules, play: PlaySeat, limits: BotLimits | None = None) -> None:
        self.limits = limits or BotLimits()
        self._play = play
        self._thinkers = BotPool(rules, self.limits.thinkers)
        self._lock = threading.Condition()
        self._waiting: dict[UUID, _Waiting] = {}
        self._thinking: set[UUID] = set()
        #: Seconds each game's bots have thought (games whose count a return would lift are
        #: forgotten: the table stays as small as the games in play).
        self._thought: dict[UUID, float] = {}
        #: The count of the last game taken.
        self._floor = 0.0
        #: Each game's turn in play, (round, seat, kind), and its bot moves so far (only games
        #: whose bot decides: dropped when a person or nobody does).
        self._turns: dict[UUID, tuple[tuple[int, int, str], int]] = {}
        self._arrivals = itertools.count()
        self._closed = False
        self._threads: list[threading.Thread] = []

    def changed(self, game_id: UUID, state: State) -> None:
        """The game is now at ``state``: it waits for a thinker if a bot seat decides."""
        turn = deciding_bot(state)
        if turn is None:
            with self._lock:
                self._turns.pop(game_id, None)
            return
        with self._lock:
            if self._closed or game_id in self._waiting or game_id in self._thinking:
                return
            credit = self._floor - self.limits.max_seconds  # one move's credit, no more
            self._thought[game_id] = max(self._thought.get(game_id, credit), credit)
            self._waiting[game_id] = _Waiting(state, turn[0], turn[1], next(self._arrivals))
            if len(self._threads) < self.limits.thinkers:  # started on first use
                thread = threading.Thread(target=self._think, name="ora-bot", daemon=True)
                self._threads.append(thread)
                thread.start()
            self._lock.notify()

    def _next(self) -> tuple[UUID, _Waiting] | None:
        """The waiting game that has thought least (in the lock); None once closed."""
        while not self._waiting and not self._closed:
            self._lock.wait()
        if self._closed:
            return None
        game_id = min(self._waiting, key=lambda g: (self._thought[g], self._waiting[g].arrival))
        self._floor = max(self._floor, self._thought[game_id])
        credit = self._floor - self.limits.max_seconds
        for g in [g for g, t in self._thought.items() if t <= credit and
                  g not in self._waiting and g not in self._thinking and g != game_id]:
            del self._thought[g]  # its return would lift it to the credit anyway
        self._thinking.add(game_id)
        return game_id, self._waiting.pop(game_id)

    def _think(self) -> None:
        while True:
            with self._lock:
                task = self._next()
            if task is None:
                return
            game_id, waiting = task
            started = time.monotonic()
            try:
                self._move(game_id, waiting)
            finally:  # (``_move`` let the game wait again: another thinker may have it)
                with self._lock:
                    self._thought[game_id] = (self._thought.get(game_id, self._floor)
                                              + time.monotonic() - started)

    def _choose(self, game_id: UUID, state: State, name: str) -> str | None:
        """The bot's move; if it fails, the fallback's (module doc), so that no game waits for
        ever on a bot; None if that fails too. PoolClosed passes through."""
        bot, retried = name, False
        while True:
            try:
                return self._thinkers.choose(bot, state, game_id)
            except PoolClosed:
                raise
            except BotLost as lost:  # its worker died or hung: the bot may well be sound
                log.error("game %s at version %d: %s", game_id, state.version, lost)
                if not retried:
                    retried = True
                    continue
            except Exception:
                log.exception("bot %s of game %s failed to choose a move at version %d",
                              bot, game_id, state.version)
            if bot == FALLBACK:
                log.error("game %s at version %d: no bot move; it waits until it is used again",
                          game_id, state.version)
                return None
            log.error("game %s at version %d: %s moves for bot %s", game_id, state.version,
                      FALLBACK, name)
            bot = FALLBACK

    def _in_turn(self, game_id: UUID, state: State, name: str) -> str:
        """The bot that moves now: ``name``, or ``FALLBACK`` past ``MAX_TURN_MOVES`` moves of
        the seat in this turn (module doc)."""
        turn = state.flow.turn
        key = (state.round, turn.seat, turn.kind)
        with self._lock:
            last = self._turns.get(game_id)
            moves = last[1] + 1 if last is not None and last[0] == key else 1
            self._turns[game_id] = (key, moves)
        if moves <= MAX_TURN_MOVES:
            return name
        if moves == MAX_TURN_MOVES + 1:
            log.error("game %s at version %d: bot %s played %d moves in one turn; %s ends it",
                      game_id, state.version, name, MAX_TURN_MOVES, FALLBACK)
        return FALLBACK

    def _move(self, game_id: UUID, waiting: _Waiting) -> None:
        state, seat = waiting.state, waiting.seat
        name = self._in_turn(game_id, state, waiting.name)
        try:
            command = self._choose(game_id, state, name)
        except PoolClosed:
            return
        if command is None:
            with self._lock:
                self._thinking.discard(game_id)
            return
        with self._lock:
            self._thinking.discard(game_id)  # the move's own change lets the game wait again
            if self._closed:
                return
        try:
            self._play(game_id, seat, command, state.version)
        except Exception as e:  # a stale choice (version_conflict) or a closing store
            log.info("bot %s of game %s: move %r not played: %s", name, game_id, command, e)

    def close(self) -> None:
        """Stops taking work, cancels the moves thinking (their workers are terminated) and
        drops the waiting ones."""
        with self._lock:
            self._closed = True
            self._waiting.clear()
            self._turns.clear()
            self._lock.notify_all()
        self._thinkers.close()
        for thread in self._threads:
            thread.join()
