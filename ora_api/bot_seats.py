"""Bot seats: the server plays the seats that ``game.create`` gave to a bot (docs/bots.md).

Which bot plays a seat is in the game itself (the ``seat_taken`` event, ``PlayerState.bot``),
so a restarted server goes on playing it as soon as the game is used again.

``BotRunner`` is told about every change of a game (created, moved, folded cold). When the
deciding seat is a bot seat it queues the game (one queue, first come first served, at most one
entry per game: fair across games); the bot chooses on the state it was given in a worker
process of ``ora_api.bot_pool`` (outside the event loop, the GIL of the request path and the
game's lock, so reads and other games go on meanwhile), then the move is played like any other
move (``GameService.play_seat``: stored, pushed to subscribers) with ``expected_version``, so a
stale choice is dropped, never stored.
A bot's random draws come from the game's seed and the version it moves at: the same game,
replayed, gets the same bot moves.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

from ora_api.bot_pool import BotLimits, BotPool, PoolClosed
from ora_core.state import State
from ora_rules.specs import Rules

log = logging.getLogger("ora.api.bots")


def deciding_bot(state: State) -> tuple[int, str] | None:
    """The bot seat that decides now and its bot's name, or None."""
    if state.finished or state.flow.turn.kind == "over":
        return None
    seat = state.flow.turn.decider
    bot = state.players[seat].bot
    return None if bot is None else (seat, bot)


#: ``play(game_id, seat, move, expected_version)``: plays a move for a seat, like game.move.
PlaySeat = Callable[[UUID, int, str, int], object]


class BotRunner:
    """Plays bot seats' moves, ``limits.thinkers`` at once, one move per task, games taking
    turns."""

    def __init__(self, rules: Rules, play: PlaySeat, limits: BotLimits | None = None) -> None:
        self.limits = limits or BotLimits()
        self._play = play
        self._thinkers = BotPool(rules, self.limits.thinkers)
        self._pool = ThreadPoolExecutor(max_workers=self.limits.thinkers,
                                        thread_name_prefix="ora-bot")
        self._lock = threading.Lock()
        self._queued: set[UUID] = set()
        self._closed = False

    def changed(self, game_id: UUID, state: State) -> None:
        """The game is now at ``state``: queue a bot move if a bot seat decides."""
        turn = deciding_bot(state)
        if turn is None:
            return
        with self._lock:
            if self._closed or game_id in self._queued:
                return
            self._queued.add(game_id)
            self._pool.submit(self._move, game_id, state, turn[0], turn[1])

    def _move(self, game_id: UUID, state: State, seat: int, name: str) -> None:
        try:
            command = self._thinkers.choose(name, state)
        except PoolClosed:
            return
        except Exception:
            log.exception("bot %s of game %s failed to choose a move", name, game_id)
            with self._lock:
                self._queued.discard(game_id)
            return
        with self._lock:
            self._queued.discard(game_id)  # the move's own change queues the next one
            if self._closed:
                return
        try:
            self._play(game_id, seat, command, state.version)
        except Exception as e:  # a stale choice (version_conflict) or a closing store
            log.info("bot %s of game %s: move %r not played: %s", name, game_id, command, e)

    def close(self) -> None:
        """Stops taking work, cancels the moves thinking (their workers are terminated) and
        drops the queued ones."""
        with self._lock:
            self._closed = True
        self._thinkers.close()
        self._pool.shutdown(wait=True, cancel_futures=True)
