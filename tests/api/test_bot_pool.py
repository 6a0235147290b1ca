"""Which bot worker thinks for a move (``ora_api.table.bot_pool``, docs/bots.md "Seventh
pass"): a bot that keeps a plan between its decisions (``expert`` solo) has every decision of a
game made in one worker, the one holding the game's plan; any other move goes to the least busy
worker."""

from __future__ import annotations

from uuid import UUID

from ora_api.table.bot_pool import BotPool
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.decide import start
from ora_rules.setup import make_config
from tests.support import rules


def _new(players: int) -> State:
    return fold(start(make_config(players, "france", "long", 1), rules()))


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
