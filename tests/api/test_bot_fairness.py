"""Bot seats are served fairly across games (issue 22; docs/api.md "Running it in public"):
one game cannot delay another's bot by more than one move's budget. With one thinker, three
games of slow bots and one of cheap bots, the cheap game's bot never waits behind more than
the one slow move already thinking (first come first served made it wait for all three). Real
worker processes; the test asserts the order of the moves, not their times."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

from ora_api.service import open_service
from ora_api.table.bot_pool import BotLimits
from tests.api.conftest import Local
from tests.api.test_bot_seats import create, wait_until
from tests.support import rules


def test_a_cheap_bot_waits_for_at_most_the_slow_move_already_thinking() -> None:
    # (a game that comes to wait gets one budget of credit, here 10 s: the cheap game's forty
    # moves in a row stay within it even on a busy machine)
    service = open_service("memory", rules=rules(), bots=BotLimits(max_seconds=10, thinkers=1))
    runner = service.bot_runner
    order: list[str] = []
    names: dict[UUID, str] = {}
    lock = threading.Lock()
    play = runner._play

    def recording(game_id: UUID, seat: int, move: str, version: int) -> object:
        with lock:
            order.append(names.get(game_id, "?"))
        return play(game_id, seat, move, version)

    runner._play = recording
    try:
        local = Local(service)
        for i in range(3):
            created: Any = create(local, ["mcts:300ms", "mcts:300ms"], seed=11 + i)
            names[UUID(created["game_id"])] = f"slow{i}"
        # every slow game has thought (a game new to the runner starts level with them)
        wait_until(lambda: all(order.count(f"slow{i}") >= 2 for i in range(3)))
        cheap = create(local, ["random", "random"], seed=21)
        names[UUID(cheap["game_id"])] = "cheap"
        wait_until(lambda: order.count("cheap") >= 30)
    finally:
        service.close()
    start = order.index("cheap")
    between, gaps = 0, []
    for name in order[start + 1:]:
        if name == "cheap":
            gaps.append(between)
            between = 0
        else:
            between += 1
    # the cheap game waits at first behind the slow games level with it (at most two), then
    # at most the one slow move thinking when its bot became ready
    assert len(gaps) >= 29 and max(gaps[3:]) <= 1, (gaps, order)
