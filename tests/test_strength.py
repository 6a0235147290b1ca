"""The strength work of issue 25 (docs/bots.md, "Strength"): settlements valued after their
phase closes, the settlements in hand, honest time budgets and the arena's move times. Strength
itself is measured with ``ora arena``, never in a timed test."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache

from ora_api.tools.arena import run_arena
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots.levels import planner_search
from ora_rules.bots.planner import Planner
from ora_rules.bots.search import values
from ora_rules.bots.strategy import settled, strategic_value
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.notation import Commit, Settle
from ora_rules.setup import make_config
from tests.support import rules, set_goods, without_settlements


@cache
def first_settlement_turn() -> State:
    """A solo game played by the planner up to its first settlement turn (round 12, R-SOLO-9)
    in which it can pay for a settlement."""
    r = rules()
    state = fold(start(make_config(1, "france", "long", 40), r))
    rng = random.Random(40)
    planner = Planner(r)
    while not (state.flow.turn.kind == "settlement" and "SETTLE" in MoveSet(state, r).groups()):
        state = execute(state, planner(state, MoveSet(state, r), rng), r).state
    return state


def test_a_settlement_is_valued_after_its_phase_closes() -> None:
    """R-SET-2, R-SOLO-9: once settled, the turn's only move is COMMIT, which brings the stage's
    buildings to the (emptied) display; ``settled`` plays it, so settling is compared with
    declining at the same point, and the planner settles."""
    r = rules()
    state = first_settlement_turn()
    assert state.display == ()  # the neutral player has just built it empty
    settle = next(m for m in MoveSet(state, r) if isinstance(m, Settle))
    after = execute(state, settle, r).state
    assert after.flow.turn.kind == "settlement" and after.flow.turn.settled
    closed = settled(after, r)
    assert closed.flow.turn.kind != "settlement" and closed.display
    assert closed == execute(after, Commit(), r).state
    assert settled(closed, r) is closed  # anything else is left alone
    chosen = Planner(r)(state, MoveSet(state, r), random.Random(1))
    assert isinstance(chosen, Settle)


def test_energy_is_worth_more_while_a_settlement_in_hand_needs_it() -> None:
    """R-SET-3: a settlement costs food and energy; the evaluation values the energy still
    missing for the settlements in hand, so peat is worth more with them than without."""
    r = rules()
    state = fold(start(make_config(1, "france", "long", 40), r))
    assert state.players[0].settlements  # the four start settlements (R-SOLO-5)
    poor = set_goods(state, 0)
    rich = set_goods(state, 0, peat=3)
    with_hand = strategic_value(rich, 0, r) - strategic_value(poor, 0, r)
    empty = without_settlements(poor), without_settlements(rich)
    without = strategic_value(empty[1], 0, r) - strategic_value(empty[0], 0, r)
    assert with_hand > without > 0


def test_a_deadline_already_past_still_gives_a_legal_move() -> None:
    """The time budget is checked inside the loops: past it, the planner's ranking keeps its
    first move and the search keeps what it expanded, and both still answer a legal move."""
    r = rules()
    state = first_settlement_turn()
    moves = MoveSet(state, r)
    ranked = Planner(r).ranked(state, moves, random.Random(1), deadline=0.0)
    assert len(ranked) == 1 and ranked[0][1] in list(moves)
    search = planner_search(r, seconds=0.0)
    assert search(state, moves, random.Random(1)) in list(moves)


def test_the_arena_reports_move_times_per_bot() -> None:
    """Issue 25's budget check (p99 <= 1.2 x budget) needs each bot's decision times."""
    result = run_arena(rules(), 3, ["greedy:4", "random"], 1, seed=2, length="short")
    times = {t.bot: t for t in result.times}
    assert set(times) == {"greedy:4", "random"}
    game = result.games[0]
    assert times["greedy:4"].moves == len(game.move_times[0]) + len(game.move_times[2])
    for t in times.values():
        assert 0 < t.p50 <= t.p99 <= t.longest
    report = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "arena", "--players", "3", "--bots",
         "random,builder", "--games", "1", "--length", "short", "--json", "--jobs", "1"],
        capture_output=True, text=True, check=True)
    rows = json.loads(report.stdout)["move_times"]
    assert {row["bot"] for row in rows} == {"random", "builder"}
    assert all(row["p50"] <= row["p99"] <= row["max"] for row in rows)


def test_the_arena_reports_each_bots_work_a_decision() -> None:
    """Issue 36: beside its time, each bot's work a decision in positions valued, counted
    where positions are valued (``ora_rules.bots.work``): ``random`` values none, ``greedy``
    one a candidate, ``hard`` no more than its budget; and each bot's mean total."""
    result = run_arena(rules(), 3, ["greedy:4", "random", "hard"], 1, seed=2, length="short")
    work = {t.bot: t for t in result.times}
    assert work["random"].work_max == 0
    assert 1 <= work["greedy:4"].work_p50 <= work["greedy:4"].work_max <= 4
    assert 0 < work["hard"].work_p99 <= work["hard"].work_max <= 900
    game = result.games[0]
    assert [len(w) for w in game.move_work] == [len(t) for t in game.move_times]
    means = {s.bot: s.mean for s in result.standings}
    assert means == {name: float(total) for name, total in zip(game.bots, game.totals,
                                                                   strict=True)}


def test_solo_search_values_the_gain_over_the_decision_start() -> None:
    """R-SOLO-11: the solo player has no opponent to lead. The search values a solo leaf by its
    gain over the position where the decision began, so a mid-game position (hundreds of
    points) is not squashed to nearly 1 whatever the move."""
    r = rules()
    state = first_settlement_turn()
    start_value = strategic_value(state, 0, r)
    assert start_value > 100
    assert values(state, r, strategic_value)[0] > 0.95  # a quarter of the whole: saturated
    assert values(state, r, strategic_value, start_value)[0] == 0.5
    goods = {g.value: n for g, n in state.players[0].goods.items()}
    goods["reliquary"] = goods.get("reliquary", 0) + 1  # R-SCORE-2: 8 points
    richer = set_goods(state, 0, **goods)
    gain = values(richer, r, strategic_value, start_value)[0]
    assert 0.6 < gain < 0.95


def test_the_look_ahead_planner_is_bounded_in_work() -> None:
    """``plan2``'s budget is a number of positions valued (its time is only a backstop): the
    bound holds (each ply's first move always counts) and the same seed picks the same move."""
    r = rules()
    state = first_settlement_turn()
    picks = []
    for _ in range(2):
        bot = Planner(r, lookahead=3, evaluations=10, seconds=60.0)
        picks.append(bot(state, MoveSet(state, r), random.Random(5)))
        assert 1 <= bot.spent <= 10 + 3
    assert picks[0] == picks[1]
    roomy = Planner(r, lookahead=3, evaluations=100_000, seconds=60.0)
    roomy(state, MoveSet(state, r), random.Random(5))
    assert roomy.spent > 13
