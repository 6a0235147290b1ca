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
from ora_rules.bots.solo import (
    OTHER_GROUPS,
    PLACEMENTS,
    STEP_EVALUATIONS,
    SoloPlanner,
    alternatives,
    final_score,
)
from ora_rules.bots.work import positions
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet, group_key
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


def test_a_branch_point_tries_other_groups_and_another_placement() -> None:
    """The moves tried instead of the plan's at a branch point: the best move of each of the
    planner's next groups (another verb or building) and, for a placement, the next best
    placement of the same group; for any other move, no other move of its group."""
    r = rules()
    state = fold(start(make_config(1, "ireland", "long", 3), r))
    bot, rng = make_bot("medium", r), random.Random(3)
    while True:  # the first decision with a choice of placements and of other groups
        moves = list(MoveSet(state, r))
        keys = [group_key(m) for m in moves]
        placing = [m for m, k in zip(moves, keys, strict=True)
                   if k[0] in PLACEMENTS and keys.count(k) > 1]
        using = [m for m, k in zip(moves, keys, strict=True) if k[0] not in PLACEMENTS]
        if placing and using and len(set(keys)) > OTHER_GROUPS + 1:
            break
        state = execute(state, bot(state, moves, rng), r).state
    for chosen in (placing[0], using[0]):
        others = [m for m in moves if m != chosen]
        tried = alternatives(chosen, others)
        tried_keys = [group_key(m) for m in tried]
        groups = tried_keys[:OTHER_GROUPS]
        assert len(set(groups)) == OTHER_GROUPS and group_key(chosen) not in groups
        assert groups == list(dict.fromkeys(k for k in map(group_key, others)
                                            if k != group_key(chosen)))[:OTHER_GROUPS]
        if chosen in placing:  # the next placement: the first of its group in ``others``
            assert tried[OTHER_GROUPS:] == [next(m for m in others
                                                 if group_key(m) == group_key(chosen))]
        else:
            assert len(tried) == OTHER_GROUPS
