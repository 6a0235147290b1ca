"""Bot moves as a bounded resource (docs/api.md, "Running it in public").

A bot that searches holds a core for its whole budget, and in the server's own process it would
also hold the GIL the request path needs. So:

- a bot's budget per move has a server-wide maximum (``BotLimits.max_seconds``, ``ora serve
  --bot-max-seconds``); ``game.create`` refuses a bot above it (``budget_refusal``), and a
  budget counted in simulations, playouts or samples above ``MAX_COUNT``;
- bots think in ``BotLimits.thinkers`` worker processes (``ora serve --bot-thinkers``), never
  in the server's process: at most that many moves think at once, whatever the number of games;
  a move goes to the least busy worker, except a bot's that keeps a plan between its decisions
  (``expert`` solo): all of a game's go to one worker, the one that holds its plan;
- a move waits for its answer at most ``patience`` seconds for itself and each move queued
  before it in its worker; then it fails with ``BotLost`` and the worker's pool is replaced
  by a new one (a worker that dies is replaced by its pool, but the move it was thinking
  would never come; one that hangs would hold up every move after it);
- ``BotPool.close`` terminates the workers at once: a thinking bot never delays a shutdown, and
  a pool whose ``terminate`` hangs (a worker killed while it held a queue's lock, below) is left
  behind after ``CLOSE_SECONDS``.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
import signal
import threading
import time
import zlib
from multiprocessing.pool import Pool
from uuid import UUID

from attrs import field, frozen

from ora_core.state import State
from ora_rules.bots import Bot, keeps_plans, make_bot
from ora_rules.moves import MoveSet
from ora_rules.specs import Rules

log = logging.getLogger("ora.api.bots")

#: The largest budget counted in simulations (``mcts:N``), playouts (``uct:N``) or sampled
#: candidates (``greedy:N``): about as long as ``max_seconds``' default on one core.
MAX_COUNT = 2000


def _positive(_: object, attribute: object, value: float) -> None:
    if value <= 0:
        raise ValueError(f"{getattr(attribute, 'name', 'value')} must be positive")


@frozen(kw_only=True)
class BotLimits:
    """What the server's bot seats may cost."""

    #: The longest time a bot may think per move, in seconds.
    max_seconds: float = field(default=2.0, validator=_positive)
    #: How many bot moves think at once (one worker process each).
    thinkers: int = field(default=1, validator=_positive)


def budget_refusal(name: str, limits: BotLimits) -> str | None:
    """Why the bot ``name`` may not play on this server (its budget per move is above the
    limit), or None."""
    family, _, budget = name.partition(":")
    if family in ("mcts", "uct") and budget.endswith("ms") and budget[:-2].isdigit():
        if int(budget[:-2]) > limits.max_seconds * 1000:
            return (f"{name} thinks {int(budget[:-2])} ms a move; this server allows at most "
                    f"{round(limits.max_seconds * 1000)} ms (bot_max_seconds "
                    f"{limits.max_seconds:g})")
    elif family in ("mcts", "uct", "greedy") and budget.isdigit() and int(budget) > MAX_COUNT:
        return (f"{name}: at most {MAX_COUNT} simulations, playouts or samples a move on this "
                "server")
    return None


# --- the worker processes -----------------------------------------------------------------------

_rules: Rules | None = None
_bots: dict[str, Bot] = {}


def _start_worker(rules: Rules) -> None:
    global _rules
    _rules = rules
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself


def choose(name: str, state: State) -> str:
    """The move the bot ``name`` chooses at ``state`` (in a worker process). Its random draws
    come from the game's seed and the version it moves at: the same game, replayed, gets the
    same bot moves. A bot that keeps a plan between decisions (``expert`` solo) keeps one a game
    (``ora_rules.bots.per_game``), and the pool sends all of a game's decisions to this worker
    (:meth:`BotPool.assign`); a restarted server starts the plans afresh (docs/bots.md,
    "Seventh pass")."""
    assert _rules is not None, "not a bot worker"
    bot = _bots.get(name)
    if bot is None:
        bot = _bots[name] = make_bot(name, _rules)
    rng = random.Random(f"{state.config.seed}:{state.version}")
    return str(bot(state, MoveSet(state, _rules), rng))


def worker_of(game: UUID, workers: int) -> int:
    """The worker that thinks for every decision of ``game``'s plan-keeping bot."""
    return zlib.crc32(game.bytes) % workers


class PoolClosed(Exception):
    """The pool was closed while a bot was thinking."""


class BotLost(Exception):
    """A worker gave no answer within the pool's patience: it died while thinking or hangs
    (the move is lost; its pool is replaced by a new one)."""


#: How long ``BotPool.close`` (or a replaced worker's stop) waits for a worker pool to stop.
#: ``Pool.terminate`` kills its workers first and then joins its own threads; a worker killed
#: while it sent a result holds the result queue's lock for ever, and a thread waiting for that
#: lock never ends (seen once in a test run); a lock held so before ``close`` hangs it before
#: it reaches the workers. Past this time the workers are killed, and only the pool's threads
#: are left behind.
CLOSE_SECONDS = 5.0


class BotPool:
    """``thinkers`` worker processes, started on first use; ``BotRunner`` hands them at most
    ``thinkers`` moves at once, chosen fairly across games. Each worker is a pool of one, so a
    plan-keeping bot's game can be sent to the same worker every time (module doc)."""

    def __init__(self, rules: Rules, thinkers: int, patience: float = 60.0) -> None:
        self._rules = rules
        self._thinkers = thinkers
        #: Seconds a move may take, its own and each of those queued before it (module doc):
        #: far above any bot's budget, whose own time limits are a second or two.
        self._patience = patience
        self._pools: list[Pool] = []
        #: The moves each worker has in hand (under the lock).
        self.busy = [0] * thinkers
        self._closed = False
        self._lock = threading.Lock()

    def _worker(self, index: int) -> Pool:
        with self._lock:
            if self._closed:
                raise PoolClosed
            if not self._pools:
                self._pools = [self._new_pool() for _ in range(self._thinkers)]
            return self._pools[index]

    def _new_pool(self) -> Pool:
        # forkserver: no fork of a process running threads; this module preloaded
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["ora_api.table.bot_pool"])
        return context.Pool(1, _start_worker, (self._rules,))

    def _replace(self, index: int, pool: Pool) -> None:
        """A new pool for worker ``index`` in place of ``pool``, which is stopped beside."""
        with self._lock:
            if self._closed or not self._pools or self._pools[index] is not pool:
                return  # closed, or replaced already
            self._pools[index] = self._new_pool()
        threading.Thread(target=_stop, args=([pool],), name="ora-bot-stop", daemon=True).start()

    def assign(self, name: str, state: State, game: UUID | None) -> int:
        """The worker for this move, counted busy until :meth:`done`: the game's own for a
        plan-keeping bot, else the least busy."""
        with self._lock:
            if game is not None and keeps_plans(name, state.config.players):
                index = worker_of(game, self._thinkers)
            else:
                index = min(range(self._thinkers), key=self.busy.__getitem__)
            self.busy[index] += 1
            return index

    def done(self, index: int) -> None:
        with self._lock:
            self.busy[index] -= 1

    def choose(self, name: str, state: State, game: UUID | None = None) -> str:
        """The bot's move, chosen in a worker process; PoolClosed if closed meanwhile, BotLost
        if no answer came within the patience."""
        index = self.assign(name, state, game)
        try:
            waited = self._patience * self.busy[index]  # this move and those before it
            deadline = time.monotonic() + waited
            pool = self._worker(index)
            pending = pool.apply_async(choose, (name, state))
            while True:
                try:
                    return pending.get(timeout=0.2)
                except multiprocessing.TimeoutError:
                    if self._closed:
                        raise PoolClosed from None
                    if time.monotonic() > deadline:  # its worker died or hangs
                        self._replace(index, pool)
                        raise BotLost(f"bot {name}: no move from worker {index} "
                                      f"in {waited:g} s") from None
        finally:
            self.done(index)

    def close(self) -> None:
        """Terminates the workers, thinking or not."""
        with self._lock:
            self._closed = True
            pools, self._pools = self._pools, []
        _stop(pools)


def _stop(pools: list[Pool]) -> None:
    """Terminates the pools, waiting at most ``CLOSE_SECONDS``; a pool whose ``terminate``
    hangs has its workers killed (from its own list: ``terminate`` may hang before it reaches
    them) and its threads left behind."""
    stopping = [threading.Thread(target=pool.terminate, name="ora-bot-close", daemon=True)
                for pool in pools]
    for thread in stopping:
        thread.start()
    deadline = time.monotonic() + CLOSE_SECONDS
    for pool, thread in zip(pools, stopping, strict=True):
        thread.join(max(0.0, deadline - time.monotonic()))
        if thread.is_alive():  # waits for a lock that a killed process holds
            log.warning("a bot worker pool did not stop in %g s; its workers are killed and "
                        "its threads left behind", CLOSE_SECONDS)
            for worker in getattr(pool, "_pool", []):
                worker.kill()
        else:
            pool.join()
