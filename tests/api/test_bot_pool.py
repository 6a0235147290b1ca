"""Which bot worker thinks for a move (``ora_api.table.bot_pool``, docs/bots.md "Seventh
pass"): a bot that keeps a plan between its decisions (``expert`` solo) has every decision of a
game made in one worker, the one holding the game's plan; any other move goes to the least busy
worker."""

from __future__ import annotations

import random
import threading
import time
from uuid import UUID

from ora_api.table.bot_pool import BotPool, PoolClosed
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import make_bot
from ora_rules.decide import start
from ora_rules.moves import MoveSet
from ora_rules.setup import make_config
from tests.support import rules


def _new(players: int) -> State:
    return fold(start(make_config(players, "france", "long", 1), rules()))


def choose_here(name: str, state: State) -> str:
    """The move the bot chooses in this process, with the draws a worker gives it."""
    rng = random.Random(f"{state.config.seed}:{state.version}")
    return str(make_bot(name, rules())(state, MoveSet(state, rules()), rng))


def test_a_plan_keeping_bot_thinks_for_a_game_in_one_worker() -> None:
    pool = BotPool(rules(), 3)  # assigning starts no process
    solo, table = _new(1), _new(4)
    games = [UUID(int=n) for n in range(1, 13)]
    first = [pool.assign("expert", solo, game) for game in games]
    # the same worker again for each game, however busy it is now
    assert [pool.assign("solo:300", solo, game) for game in games] == first
    assert sorted(set(first)) == [0, 1, 2]  # the games spread over the workers
    for index in first * 2:
        pool.done(index)
    assert pool.busy == [0, 0, 0]
    # a bot without a plan, or expert at a table: the least busy worker, whatever the game
    held = [pool.assign(name, state, games[0])
            for name, state in (("hard", solo), ("expert", table), ("expert:900", table))]
    assert sorted(held) == [0, 1, 2] and pool.busy == [1, 1, 1]


def test_a_worker_thinks_in_its_own_process_and_one_lost_is_started_again() -> None:
    """A move is chosen in the worker (the same move as the bot chooses here, its draws from
    the game's seed and version); a worker that ended is replaced at the next move."""
    pool = BotPool(rules(), 1)
    state = _new(2)
    try:
        move = pool.choose("hard", state)
        assert move == choose_here("hard", state)
        first = pool._workers[0].process
        first.kill()
        first.join()
        assert pool.choose("hard", state) == move
        assert pool._workers[0].process is not first
    finally:
        pool.close()
    assert not first.is_alive()


def test_closing_stops_a_thinking_bot_at_once_and_refuses_new_moves() -> None:
    """``close`` kills the workers, thinking or not (a shutdown never waits for a bot); the
    caller waiting for the move gets ``PoolClosed``, and so does any later move."""
    pool = BotPool(rules(), 1)
    state = _new(2)
    outcome: list[object] = []
    waiting = threading.Thread(target=lambda: outcome.append(_try(pool, "mcts:60000ms", state)))
    waiting.start()
    time.sleep(2.0)  # the worker started and thinking (a search of 60 s)
    started = time.monotonic()
    pool.close()
    waiting.join(timeout=10)
    assert not waiting.is_alive() and time.monotonic() - started < 5
    assert outcome == [PoolClosed]
    assert _try(pool, "hard", state) is PoolClosed


def _try(pool: BotPool, name: str, state: State) -> object:
    try:
        return pool.choose(name, state)
    except PoolClosed:
        return PoolClosed
