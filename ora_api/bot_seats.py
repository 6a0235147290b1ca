"""Bot seats: the server plays the seats that ``game.create`` gave to a bot (docs/bots.md).

Which bot plays a seat is in the game itself (the ``seat_taken`` event, ``PlayerState.bot``),
so a restarted server goes on playing it as soon as the game is used again.

``BotRunner`` is told about every change of a game (created, moved, folded cold). When the
deciding seat is a bot seat it queues the game on its worker thread: the bot chooses on the
state it was given (off the event loop and outside the game's lock, so reads and other games go
on meanwhile), then the move is played like any other move (``GameService.play_seat``: stored,
pushed to subscribers) with ``expected_version``, so a stale choice is dropped, never stored.
A bot's random draws come from the game's seed and the version it moves at: the same game,
replayed, gets the same bot moves.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

from ora_core.state import State
from ora_rules.bots import Bot, make_bot
from ora_rules.moves import MoveSet
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
    """Plays bot seats' moves on one worker thread, one move per task, games taking turns."""

    def __init__(self, rules: Rules, play: PlaySeat) -> None:
        self._rules = rules
        self._play = play
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ora-bot")
        self._lock = threading.Lock()
        self._queued: set[UUID] = set()
        self._bots: dict[str, Bot] = {}
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
            bot = self._bot(name)
            rng = random.Random(f"{state.config.seed}:{state.version}")
            command = str(bot(state, MoveSet(state, self._rules), rng))
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

    def _bot(self, name: str) -> Bot:
        bot = self._bots.get(name)
        if bot is None:
            bot = self._bots[name] = make_bot(name, self._rules)
        return bot

    def close(self) -> None:
        """Stops taking work and waits for the move under way (queued ones are dropped)."""
        with self._lock:
            self._closed = True
        self._pool.shutdown(wait=True, cancel_futures=True)
