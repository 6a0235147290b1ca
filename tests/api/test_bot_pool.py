"""Which bot worker thinks for a move (``ora_api.table.bot_pool``, docs/bots.md "Seventh
pass"): a bot that keeps a plan between its decisions (``expert`` solo) has every decision of a
game made in one worker, the one holding the game's plan; any other move goes to the least busy
worker."""

from __future__ import annotations

import os
import signal
import threading
import time
from uuid import UUID

import pytest

from ora_api.table import bot_pool
from ora_api.table.bot_pool import BotLost, BotPool, PoolClosed
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.decide import start
from ora_rules.moves import legal_moves
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


def test_a_worker_killed_while_thinking_loses_its_move_not_the_pool() -> None:
    pool = BotPool(rules(), 1, patience=3)
    state = _new(4)
    try:
        pid = pool._worker(0).apply(os.getpid)
        lost: list[BaseException] = []

        def think() -> None:
            try:
                pool.choose("mcts:5000ms", state)
            except BaseException as e:  # recorded for the assertion
                lost.append(e)

        thinking = threading.Thread(target=think)
        thinking.start()
        time.sleep(1)  # the worker has taken the move and thinks
        os.kill(pid, signal.SIGKILL)
        thinking.join(timeout=30)
        assert not thinking.is_alive(), "the move waited for ever"
        assert len(lost) == 1 and isinstance(lost[0], BotLost), lost
        assert "no move from worker 0 in 3 s" in str(lost[0])
        # the pool started another worker, which answers
        assert pool.choose("random", state) in {str(m) for m in legal_moves(state, rules())}
        assert pool.busy == [0]
    finally:
        pool.close()


def test_close_ends_even_when_a_queue_lock_is_held_for_ever(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A worker killed while it sends a result holds the result queue's lock for ever, and
    # Pool.terminate then waits for that lock (seen once in a test run). Holding the lock here
    # puts the pool in that state.
    monkeypatch.setattr(bot_pool, "CLOSE_SECONDS", 1.0)
    pool = BotPool(rules(), 1)
    worker = pool._worker(0)
    pid = worker.apply(os.getpid)
    held = worker._outqueue._wlock  # type: ignore[attr-defined]
    assert held.acquire(timeout=5)
    try:
        started = time.monotonic()
        pool.close()
        assert time.monotonic() - started < 10
        deadline = time.monotonic() + 10
        while _alive(pid):  # killed, and reaped by the forkserver
            assert time.monotonic() < deadline, "the worker outlived close"
            time.sleep(0.05)
        with pytest.raises(PoolClosed):
            pool.choose("random", _new(1))
    finally:
        held.release()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_worker_that_does_not_answer_in_time_is_replaced() -> None:
    pool = BotPool(rules(), 1, patience=1)
    state = _new(4)
    try:
        pid = pool._worker(0).apply(os.getpid)
        started = time.monotonic()
        with pytest.raises(BotLost, match="no move from worker 0 in 1 s"):
            pool.choose("mcts:20000ms", state)  # thinks far past the patience
        # its worker is not waited for: a new one answers at once, and the old one is stopped
        assert pool.choose("random", state) in {str(m) for m in legal_moves(state, rules())}
        assert time.monotonic() - started < 15
        assert pool._worker(0).apply(os.getpid) != pid
        deadline = time.monotonic() + 10
        while _alive(pid):
            assert time.monotonic() < deadline, "the old worker thinks on"
            time.sleep(0.05)
    finally:
        pool.close()
