"""``ora bench`` figures of ``hard``'s planner (issue 34: its positions valued per second, at
least three times those of the code the issue was filed against).

The workload is the one ``scripts/count_instructions.py hard`` counts: ``hard``'s planner at a
table of four (``ora_rules/bots/levels.py``), its time backstop lifted so that the work is the
same on any machine, deciding at 15 positions of a seeded random 4-player France game. A
decision's time is the best of a few runs; the figure is the whole workload's time and the
positions it valued, per second and as a multiple of the calibration loop of the same run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ora_core.state import State
from ora_rules.bots import random_bot
from ora_rules.bots.levels import HARD_EVALUATIONS, HARD_PER_GROUP
from ora_rules.bots.planner import Planner
from ora_rules.bots.work import positions as positions_valued
from ora_rules.decide import execute
from ora_rules.game import Game
from ora_rules.moves import MoveSet
from ora_rules.specs import Rules

#: The workload's time as a multiple of the calibration loop, measured for the code issue 34
#: was filed against (48e807f, pure Python: there was no compiled core) on the reference
#: machine, alternating with this code in one period of 2026-12-04/05 (0.751-0.785 in six
#: runs; docs/performance.md, "hard's positions valued per second").
ISSUE_34_BASELINE = 0.76
#: Issue 34's target: ``hard``'s positions valued per second, at least this many times the
#: baseline's.
SPEEDUP_TARGET = 3.0


def decision_points(rules: Rules) -> list[State]:
    """The 15 positions of the workload: every 16th of a seeded random 4-player France game
    (also ``scripts/count_instructions.py hard``'s)."""
    state, rng = Game.new(rules, 4, "france", "long", seed=5).state, random.Random(5)
    points = []
    for i in range(240):
        if i % 16 == 0:
            points.append(state)
        state = execute(state, random_bot(state, MoveSet(state, rules), rng), rules).state
    return points


def planner_figures(rules: Rules, calibration_s: float,
                    best_of: Callable[[Callable[[], object]], float]) -> dict[str, Any]:
    """``hard``'s workload: its time, positions valued, their rate, and the speed-up over the
    issue-34 baseline (both as multiples of the same run's calibration loop)."""
    points = decision_points(rules)
    hard = Planner(rules, per_group=HARD_PER_GROUP[4], bounded=True,
                   evaluations=HARD_EVALUATIONS, seconds=1e9)

    def decide_all() -> None:
        for state in points:
            hard(state, MoveSet(state, rules), random.Random(1))

    decide_all()  # the first run fills the spec sets' caches
    before = positions_valued()
    decide_all()
    valued = positions_valued() - before
    seconds = best_of(decide_all)
    to_calibration = seconds / calibration_s
    return {"decisions": len(points), "positions_valued": valued,
            "workload_ms": seconds * 1e3, "positions_per_s": valued / seconds,
            "to_calibration": to_calibration,
            "speedup_over_issue_34": ISSUE_34_BASELINE / to_calibration}


def replay_figures(rules: Rules, quick: bool,
                   best_of: Callable[[Callable[[], object]], float]) -> dict[str, Any]:
    """The solo planner's tweaks count a command replayed as an eighth of a position valued
    (``ora_rules.bots.tweaks.COMMANDS_PER_POSITION``): the planner the solo planner plays (its
    time backstop lifted) from a solo France game's start (round 20 with ``quick``) to its end,
    its time a position valued, and the time a command of that game takes to replay."""
    from ora_rules.bots import solo
    from ora_rules.bots.tweaks import COMMANDS_PER_POSITION, replay

    state = Game.new(rules, 1, "france", "long", seed=5).state
    rng, moves = random.Random(5), []
    planner = Planner(rules, per_group=solo.PER_GROUP, bounded=True,
                      evaluations=solo.STEP_EVALUATIONS, seconds=1e9)
    while quick and state.round < 20:
        state = execute(state, random_bot(state, MoveSet(state, rules), rng), rules).state
    start, before, began = state, positions_valued(), time.perf_counter()
    while not state.finished:
        moves.append(planner(state, MoveSet(state, rules), rng))
        state = execute(state, moves[-1], rules).state
    planning_s, valued = time.perf_counter() - began, positions_valued() - before
    replay_s = best_of(lambda: replay(start, moves, rules))
    position_us, command_us = planning_s / valued * 1e6, replay_s / len(moves) * 1e6
    return {"commands": len(moves), "positions_valued": valued, "position_us": position_us,
            "command_us": command_us, "commands_per_position": position_us / command_us,
            "counted": COMMANDS_PER_POSITION}


def solo_figures(rules: Rules, quick: bool, calibration_s: float) -> dict[str, Any]:
    """``expert`` solo (the solo planner at its default budget, its time backstop lifted, so
    that the work is the same on any machine) deciding the first decisions of a solo France
    game (seed 5000): its time a decision, the positions it valued, their rate, and the time
    a decision as a multiple of the calibration loop. The plan, its rollouts and tweaks are
    replayed from the game's start, so this is where the evaluation's landscape cache by
    content shows (docs/performance.md, "expert solo"). Without the book ``expert`` starts
    from (``ora_rules.bots.books``): the planner's own plan is built, as it always was here."""
    from ora_rules.bots.solo import SoloPlanner

    state = Game.new(rules, 1, "france", "long", seed=5000).state
    rng, planner = random.Random(5000), SoloPlanner(rules, seconds=1e9, book=None)
    decisions = 8 if quick else 24
    before, began = positions_valued(), time.perf_counter()
    for _ in range(decisions):
        state = execute(state, planner(state, MoveSet(state, rules), rng), rules).state
    seconds, valued = time.perf_counter() - began, positions_valued() - before
    return {"decisions": decisions, "positions_valued": valued,
            "decision_ms": seconds / decisions * 1e3, "positions_per_s": valued / seconds,
            "to_calibration": seconds / decisions / calibration_s}
