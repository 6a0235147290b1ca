"""The rollout planner: the planner's best few moves, each played on by the planner itself for
a few decisions (every seat's), then valued by the strategic evaluation (docs/bots.md,
"The rollout planner").

One ply sees what a move brings at once, not what it makes possible: a purchase whose building
comes a turn later, a use that feeds the next build, an opponent's reply to a building left
on the display. Playing each candidate on with the base policy (a rollout, in the sense of
Bertsekas's rollout algorithms) values it by where the game goes, and is never much worse
than the policy it starts from, which it picks whenever the rollouts agree with it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ora_core.state import State
from ora_rules.bots.planner import Evaluation, Planner
from ora_rules.bots.strategy import settled, strategic_value
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.notation import Command
from ora_rules.specs import Rules

#: Candidates played on, decisions a rollout lasts, and the positions a decision may value
#: (about 0.8 ms each on an idle core of the development machine).
WIDTH = 4
DEPTH = 8
EVALUATIONS = 900


class RolloutPlanner:
    """A bot object: the planner's best ``width`` moves, each followed by ``depth`` decisions
    of the planner (weighing ``base_group`` moves a group; ``depth`` may be a function of the
    position, for a number that depends on its game), valued for the mover at the end;
    with ``rollouts`` above 1, each candidate by the mean of that many rollouts (their own
    draws of the planner's candidates, and of the other seats' moves).

    The work is bounded in positions valued (``evaluations``), so a seed plays the same game on
    any machine; ``seconds`` is a backstop for a loaded one. A rollout cut short by either is
    valued where it stopped, and the candidates not yet played on keep the planner's order.
    Another candidate replaces the planner's first choice only if its rollout ends ``margin``
    points higher: the best of several noisy rollouts is mostly the luckiest (docs/bots.md,
    "Twelfth pass")."""

    def __init__(self, rules: Rules, width: int = WIDTH,
                 depth: int | Callable[[State], int] = DEPTH,
                 per_group: int = 8, base_group: int = 4, evaluations: int = EVALUATIONS,
                 seconds: float = 0.8, leaf: Evaluation | None = None,
                 margin: float = 0.0, rollouts: int = 1) -> None:
        self.rules = rules
        self.margin = margin
        self.rollouts = rollouts  # a candidate's value: the mean of this many rollouts
        self.leaf: Evaluation | None = leaf  # None: the strategic evaluation
        self.width = width
        self.depth = depth  # a number, or a function of the position where a rollout starts
        self.evaluations = evaluations
        self.seconds = seconds
        self.root = Planner(rules, per_group=per_group)
        self.base = Planner(rules, per_group=base_group)

    def _spent(self) -> int:
        return self.root.spent + self.base.spent

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        deadline = time.perf_counter() + self.seconds
        self.root.spent = self.base.spent = 0
        ranked = self.root.ranked(state, moves, rng, deadline, self.evaluations // 3)
        if len(ranked) == 1:
            return ranked[0][1]
        seat = state.flow.turn.decider
        best, best_value = ranked[0][1], float("-inf")
        played = ranked[: self.width]
        for index, (_, move, after) in enumerate(played):
            if index and self._over(deadline):
                break
            # Each rollout gets an equal share of what is left: a rollout starved of work plays
            # weaker moves, and its candidate would look worse than it is.
            total = 0.0
            for done in range(self.rollouts):
                left = (len(played) - index) * self.rollouts - done
                share = (self.evaluations - self._spent()) // left
                total += self._play_on(after, seat, rng, deadline, self._spent() + share)
            value = total / self.rollouts
            if index:  # the planner's first choice keeps its move unless clearly beaten
                value -= self.margin
            if value > best_value:
                best, best_value = move, value
        return best

    def _over(self, deadline: float) -> bool:
        return self._spent() >= self.evaluations or time.perf_counter() > deadline

    def _play_on(self, state: State, seat: int, rng: random.Random, deadline: float,
                 stop: int) -> float:
        """The mover's value after ``depth`` decisions of the base planner from ``state``, or
        where the rollout stands once ``stop`` positions are valued in all."""
        depth = self.depth if isinstance(self.depth, int) else self.depth(state)
        for _ in range(depth):
            if state.finished or self._spent() >= stop or time.perf_counter() > deadline:
                break
            left = stop - self.root.spent
            _, move, after = self.base.ranked(state, MoveSet(state, self.rules), rng, deadline,
                                              left)[0]
            # A forced move comes back unplayed (``Planner.ranked`` values nothing then).
            state = after if after is not state else execute(state, move, self.rules).state
        end = settled(state, self.rules)
        if self.leaf is None:
            return strategic_value(end, seat, self.rules)
        return self.leaf(end, seat, self.rules)
