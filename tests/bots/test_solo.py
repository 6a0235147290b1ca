"""Issue 36: the solo planner, ``expert`` solo (docs/bots.md, "Seventh pass"). Its strength is
measured with ``ora arena``; these tests check what it rests on: the solo game is a function of
its moves, so the bot scores exactly the plan it keeps, the plan only ever gets better, and its
work a decision is bounded in positions valued."""

from __future__ import annotations

import random

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import make_bot
from ora_rules.bots.levels import Expert
from ora_rules.bots.solo import STEP_EVALUATIONS, SoloPlanner, final_score
from ora_rules.bots.work import positions
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.setup import make_config
from tests.support import rules


def _late_position(variant: str, seed: int, round_: int) -> State:
    """A solo game played by ``medium`` up to ``round_`` (R-SOLO-1: 31 rounds in all)."""
    r = rules()
    state = fold(start(make_config(1, variant, "long", seed), r))
    bot, rng = make_bot("medium", r), random.Random(seed)
    while state.round < round_:
        state = execute(state, bot(state, MoveSet(state, r), rng), r).state
    return state


def test_the_solo_planner_scores_the_plan_it_keeps_and_the_plan_only_improves() -> None:
    """From round 29 the planner's plan to the end is found within a decision or two; the bot
    then plays it, trying other moves as it goes (a rollout with an incumbent): the plan's
    promised score (0 until the plan is whole) never falls, and the game ends on exactly the
    last plan's score."""
    r = rules()
    state = _late_position("ireland", 11, 29)
    bot = SoloPlanner(r, evaluations=1500, seconds=60.0)
    rng = random.Random(3)
    promised = []
    while not state.finished:
        state = execute(state, bot(state, MoveSet(state, r), rng), r).state
        promised.append(bot.score)
    assert promised == sorted(promised) and promised[2] > 0
    assert final_score(state, r) == promised[-1]


def test_the_solo_planner_is_a_function_of_its_seed_and_bounded_in_work() -> None:
    """The same position and draws give the same move (the budget is in positions valued, the
    time backstop out of reach), and a decision values at most its budget and one planner
    step more (a step is not cut short, so a plan's moves do not depend on the slicing)."""
    r = rules()
    state = _late_position("france", 5, 2)
    chosen, work = [], []
    for _ in range(2):
        bot = SoloPlanner(r, evaluations=200, seconds=60.0)
        before = positions()
        chosen.append(bot(state, MoveSet(state, r), random.Random(7)))
        work.append(positions() - before)
    assert chosen[0] == chosen[1] and work[0] == work[1]
    assert 200 <= work[0] <= 200 + STEP_EVALUATIONS + 1


def test_expert_solo_is_the_solo_planner() -> None:
    """``expert`` plays the solo planner in the solo game, the rollout planner at a table."""
    expert = make_bot("expert", rules())
    assert isinstance(expert, Expert) and isinstance(expert.solo, SoloPlanner)
    assert expert.solo.seconds < 1.0
