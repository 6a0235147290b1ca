"""The solo planner: a whole game's plan, improved while it is played (docs/bots.md, "Seventh
pass", issue 36).

The solo game is deterministic once it has begun: the seed only shuffles the colours at set-up
(``ora_rules.setup``), the neutral player's moves follow the rules (R-SOLO-9), and
``ora_rules.decide.execute`` is a function of the state and the command. So a plan (a sequence
of moves to the game's end) has one known final score, and a bot that keeps the best plan found
and plays its next move scores exactly that plan's score.

The plan starts as the planner's own game (the hard level's bounded planner played to the end,
built a few hundred positions a decision). Then each decision's budget improves it: at a point
of the plan ahead of the game, one of the planner's other good moves there (the best of its next
best groups, or another placement of what the plan builds, settles or buys) is played instead,
or the plan's own move with other draws, and the planner plays on to the end; if that game scores
more, its moves replace the plan's from that point (a rollout with an incumbent: the bot never
scores less than the planner's plan it started from). Tweaks polish the plan and each finished
rollout: one move changed or two placements exchanged, the rest replayed as it stands
(``ora_rules.bots.tweaks``; docs/bots.md, "Fourteenth pass"). A rollout may take several decisions'
budgets; it branches far enough ahead that the game does not pass its branch point before it is
done. Every step counts its positions valued, so the same seed plays the same game on any
machine (the time backstop binds only on a loaded one).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ora_core.errors import OraError
from ora_core.state import State
from ora_rules.bots.books import BookSource, book_line, final_score
from ora_rules.bots.goals import GoalEvaluation, lost_to_neutral
from ora_rules.bots.planner import Planner
from ora_rules.bots.tweaks import Tweaked, Tweaker
from ora_rules.bots.work import positions
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, group_key
from ora_rules.notation import Command
from ora_rules.specs import Rules

#: Positions valued a decision (the plan's growth and the rollouts together): about 0.1 ms
#: each compiled on the development machine. 600 until the compiled core made them cheap:
#: 1200 scored 9 points more on the tuning seeds with p99 0.31 s a decision, 2400 one more
#: (docs/bots.md, "Ninth pass"); with the goal rollouts, which run to the game's end, 2400
#: scored 8 more than 1200 on held-out seeds, p99 0.26 s on a quiet machine ("Tenth pass");
#: 4800 scored 7 more than 2400 on them, p99 0.65 s at load 2 ("Thirteenth pass").
EVALUATIONS = 4800
#: The whole decision's time backstop (a loaded machine only): a planner's step stops valuing
#: moves past it too, since one step may value up to 900 positions.
SECONDS = 0.8
#: The time a step may still take when the backstop struck before the plan held the next move.
LATE = 0.15
#: The planner that plays the plan and its rollouts: ``hard``'s solo planner (4 moves a group,
#: 900 positions at most a step).
PER_GROUP = 4
STEP_EVALUATIONS = 900
#: The other moves tried at a branch point: the planner's best move of each of its next best
#: groups (another verb or building: 256 of its next two moves in 687 were of the plan's own
#: group, in two of its games) ...
OTHER_GROUPS = 2
#: ... and, when the plan's move places something (a build, a settlement, a purchase), its
#: next best placement: where settlements and buildings stand decides the settlements' worth.
PLACEMENTS = ("BUILD", "SETTLE", "BUY_PLOT", "BUY_DISTRICT")
#: ... and the plan's own move with other draws of the planner's candidates from there on (the
#: planner's games from one position differ by tens of points with its draws).
REDRAWS = 1
#: Tweaks (``ora_rules.bots.tweaks``: a plan with one move changed or two placements exchanged,
#: the rest replayed as it stands): those tried on each finished rollout before it is compared
#: with the plan (the rollout moves the plan far, the tweaks polish where it lands: a rollout
#: a few points short often has placements worth more exchanged) ...
POLISH = 60
#: ... and the share of a decision's budget spent on the plan's own tweaks once it is whole
#: (the rest on rollouts; all of it when no rollout is left to try).
TWEAK_SHARE = 0.1
#: Goal rollouts (``ora_rules.bots.goals``): the plan's dearest buildings lost to the neutral
#: player that are still to be had at the first branch point far enough ahead, each pursued
#: by a rollout once a plan (again after every adoption), the dearest first.
GOALS = 2


class Line:
    """A sequence of moves from ``states[0]``: ``states[k]`` is the state before ``moves[k]``
    (one more state than moves); ``costs[k]`` the positions valued choosing ``moves[k]`` (what a
    rollout from there is expected to cost); ``others[k]`` the planner's next best moves there;
    ``goals`` the buildings its planner pursues from its first move on (None: not ranked yet,
    a book's move)."""

    def __init__(self, start: State, goals: tuple[str, ...] = ()) -> None:
        self.goals = goals
        self.states: list[State] = [start]
        self.moves: list[Command] = []
        self.costs: list[int] = []
        self.others: list[list[Command | None] | None] = []

    @property
    def done(self) -> bool:
        return self.states[-1].finished

    def extend(self, planner: Planner, rules: Rules, rng: random.Random,
               deadline: float) -> None:
        """One more move of the planner at the line's end (``deadline``: the decision's time
        backstop, reached on a loaded machine only)."""
        state = self.states[-1]
        before = positions()
        planner.spent = 0
        ranked = planner.ranked(state, MoveSet(state, rules), rng, deadline, STEP_EVALUATIONS)
        _, move, after = ranked[0]
        self.moves.append(move)
        self.others.append(branch_moves(move, [other for _, other, _ in ranked[1:]]))
        # A forced move comes back unplayed, and a move of a settlement turn past the turn's
        # closing COMMIT (``settled``): the line keeps the game's own states, one a command.
        if after is state or state.flow.turn.kind == "settlement":
            after = execute(state, move, rules).state
        self.states.append(after)
        self.costs.append(positions() - before)

    def take(self, tweaked: Tweaked) -> None:
        """A tweak's moves and states replace the line's from the move it changed first."""
        self.states[tweaked.index:] = tweaked.states
        self.moves[tweaked.index:] = tweaked.moves


def branch_moves(move: Command, ranked: list[Command]) -> list[Command | None]:
    """What a rollout tries at a branch point instead of ``move`` (``ranked``: the planner's
    other moves there, best first): its :func:`alternatives`, then ``move`` itself with other
    draws (None, :data:`REDRAWS` times) unless the move was forced."""
    return [*alternatives(move, ranked), *[None] * (REDRAWS if ranked else 0)]


def alternatives(move: Command, ranked: list[Command]) -> list[Command]:
    """The moves a rollout tries instead of ``move`` (``ranked``: the planner's others, best
    first): the best of each of the next :data:`OTHER_GROUPS` groups, and for a placement its
    next best placement."""
    chosen = group_key(move)
    out: list[Command] = []
    seen = {chosen}
    for other in ranked:
        key = group_key(other)
        if key not in seen and len(seen) <= OTHER_GROUPS:
            seen.add(key)
            out.append(other)
    if chosen[0] in PLACEMENTS:
        out.extend(next(([o] for o in ranked if group_key(o) == chosen), []))
    return out


class Rollout:
    """A rollout branching from the plan at ``branch`` (a decision's index in the game) with
    ``first`` instead of the plan's move, then the planner to the end (pursuing ``goals``)."""

    def __init__(self, branch: int, start: State, first: Command | None, rules: Rules,
                 seed: int, goals: tuple[str, ...] = ()) -> None:
        self.branch = branch
        self.line = Line(start, goals)
        self.rng = random.Random(seed)
        if first is not None:
            self.line.moves.append(first)
            self.line.others.append([])
            self.line.costs.append(0)
            self.line.states.append(execute(start, first, rules).state)


class SoloPlanner:
    """A bot object for the solo game (module doc); at a table it plays ``table``."""

    def __init__(self, rules: Rules, evaluations: int = EVALUATIONS,
                 seconds: float = SECONDS, book: BookSource | None = book_line) -> None:
        self.rules = rules
        self.book = book  # where a plan to start from is found (bots.books), if anywhere
        self.evaluations = evaluations
        self.seconds = seconds
        self.planner = Planner(rules, per_group=PER_GROUP, bounded=True,
                               evaluations=STEP_EVALUATIONS, seconds=seconds)
        self.goal_planners: dict[tuple[str, ...], Planner] = {(): self.planner}
        self.tweaker = Tweaker(rules)
        self.tweaks_kept = 0  # in this plan's game (tests and measurements read it)
        self.goals_tried: set[str] = set()  # since the plan last changed
        self.plan: Line | None = None
        self.head = 0  # the game's decisions so far: the plan's index of the present
        self.score = 0  # the plan's final score, once it reaches the end
        self.rollout: Rollout | None = None
        self.next_branch = 0  # the first decision not yet tried for other moves
        self.tried = 0  # others tried at ``next_branch`` so far
        self.rng = random.Random(0)

    def _reset(self, state: State, rng: random.Random) -> None:
        self.plan = Line(state)
        self.score = 0
        booked = self.book(state, self.rules) if self.book is not None else None
        if booked is not None:  # the book's plan is the incumbent: never less than its score
            self.plan.states = list(booked.states)
            self.plan.moves = list(booked.moves)
            self.plan.costs = list(booked.costs)
            self.plan.others = [None] * len(booked.moves)
            self.score = booked.score
        self.head = 0
        self.rollout = None
        self.next_branch = 1
        self.tried = 0
        self.goals_tried = set()
        self.tweaks_kept = 0
        self.rng = random.Random(rng.getrandbits(64))

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        deadline = time.perf_counter() + self.seconds
        if not self.continues(state):
            self._reset(state, rng)
        plan = self.plan
        assert plan is not None
        stop = positions() + self.evaluations
        tweaks_stop = positions() + int(self.evaluations * TWEAK_SHARE)
        while positions() < stop and time.perf_counter() < deadline:
            if not plan.done:
                plan.extend(self.planner, self.rules, self.rng, deadline)
                if plan.done:
                    self.score = final_score(plan.states[-1], self.rules)
            elif positions() < tweaks_stop:
                self._tweak()
            elif not self._improve(stop, deadline) and not self._tweak():
                break  # nothing left to try: the game's last move
        if self.head >= len(plan.moves):  # out of time before the plan had the next move
            plan.extend(self.planner, self.rules, self.rng, time.perf_counter() + LATE)
        move = plan.moves[self.head]
        self.head += 1
        return move

    def continues(self, state: State) -> bool:
        """Whether ``state`` is the position the plan expects next (its game, one decision on);
        otherwise a call starts a new plan from it."""
        plan = self.plan
        return (plan is not None and self.head < len(plan.states) - 1
                and plan.states[self.head] == state)

    def _improve(self, stop: int, deadline: float) -> bool:
        """Work on a rollout until ``stop`` positions are valued or it ends; False when there
        is nothing left to try."""
        plan = self.plan
        assert plan is not None
        rollout = self.rollout
        if rollout is not None and rollout.branch < self.head:
            rollout = self.rollout = None  # the game has passed its branch point
        if rollout is None:
            rollout = self.rollout = self._goal() or self._branch()
            if rollout is None:
                return False
        line = rollout.line
        while not line.done and positions() < stop and time.perf_counter() < deadline:
            line.extend(self._planner(line.goals), self.rules, rollout.rng, deadline)
        if line.done:
            self.rollout = None
            total = self._polish(line, final_score(line.states[-1], self.rules))
            if total > self.score:
                self._adopt(rollout, total)
        return True

    def _polish(self, line: Line, total: int) -> int:
        """:data:`POLISH` tweaks of a finished rollout after its first move (the move it tries),
        each kept if it scores no less: the rollout's final score after them."""
        for _ in range(POLISH):
            kept = self._tweaked(line, 1, total)
            if kept is not None:
                total = kept
        return total

    def _tweaked(self, line: Line, low: int, total: int) -> int | None:
        """One tweak of ``line`` from move ``low`` on, which the line takes if it scores no
        less than ``total``: its final score then, else None."""
        tweaked = self.tweaker.tweak(line.states, line.moves, low, self.rng)
        if tweaked is None:
            return None
        tweaked_total = final_score(tweaked.states[-1], self.rules)
        if tweaked_total < total:
            return None
        line.take(tweaked)
        return tweaked_total

    def _adopt(self, rollout: Rollout, total: int) -> None:
        """The rollout's moves replace the plan's from its branch point."""
        plan = self.plan
        assert plan is not None
        at, line = rollout.branch, rollout.line
        plan.states[at + 1:] = line.states[1:]
        plan.moves[at:] = line.moves
        plan.costs[at:] = line.costs
        plan.others[at:] = [plan.others[at], *line.others[1:]]
        plan.goals = line.goals
        self.score = total
        self.goals_tried = set()

    def _tweak(self) -> bool:
        """One tweak of the plan after the present (and after the branch point of the rollout
        under way, whose start it must not change), kept if it scores no less (an exchange
        worth nothing now may let a later one pay); False when no move is left to change."""
        plan = self.plan
        assert plan is not None
        rollout = self.rollout
        low = self.head if rollout is None else max(self.head, rollout.branch + 1)
        if low >= len(plan.moves):
            return False
        kept = self._tweaked(plan, low, self.score)
        if kept is not None:
            self.score = kept
            self.tweaks_kept += 1
        return True

    def _planner(self, goals: tuple[str, ...]) -> Planner:
        """The planner pursuing ``goals`` (the plain planner for none)."""
        planner = self.goal_planners.get(goals)
        if planner is None:
            planner = self.goal_planners[goals] = Planner(
                self.rules, per_group=PER_GROUP, bounded=True, evaluations=STEP_EVALUATIONS,
                seconds=self.seconds, evaluation=GoalEvaluation(goals, self.rules))
        return planner

    def _goal(self) -> Rollout | None:
        """A rollout pursuing one more goal: of the plan's buildings lost to the neutral player
        still to be had at the first point far enough ahead, the dearest :data:`GOALS`, each
        once a plan."""
        plan = self.plan
        assert plan is not None
        at = self._far_enough(self.head + 1)
        if at >= len(plan.moves):
            return None
        start = plan.states[at]
        still = [b for b in lost_to_neutral(plan.states[-1], self.rules)
                 if start.built.get(b) is None and b not in plan.goals]
        goals = [b for b in still[:GOALS] if b not in self.goals_tried]
        if not goals:
            return None
        self.goals_tried.add(goals[0])
        return Rollout(at, start, None, self.rules, self.rng.getrandbits(64),
                       goals=(*plan.goals, goals[0]))

    def _far_enough(self, at: int) -> int:
        """The first decision from ``at`` far enough ahead that a rollout branching there (the
        plan's own cost from there, at this budget a decision) ends before the game gets
        there; the plan's length if none is."""
        plan = self.plan
        assert plan is not None
        left = sum(plan.costs[at:])
        while at < len(plan.moves) and at - self.head < left // max(1, self.evaluations) + 1:
            left -= plan.costs[at]
            at += 1
        return at

    def _branch(self) -> Rollout | None:
        """The next rollout: the next other move at the first branch point far enough ahead
        that the rollout from it ends (at this budget a decision) before the game gets there."""
        plan = self.plan
        assert plan is not None
        at = self._far_enough(max(self.next_branch, self.head + 1))
        if at != self.next_branch:
            self.tried = 0
        # every later decision is far enough too: its rollout is shorter and the game further
        while at < len(plan.moves):
            others = plan.others[at]
            if others is None:  # a book's move: the planner's others there, ranked now
                others = plan.others[at] = self._ranked_others(at)
            if self.tried >= len(others):
                at += 1
                self.tried = 0
                continue
            first = others[self.tried]
            self.tried += 1
            self.next_branch = at
            try:
                return Rollout(at, plan.states[at], first, self.rules,
                               self.rng.getrandbits(64), goals=plan.goals)
            except OraError:  # a tweak changed the plan here since ``first`` was ranked
                continue
        self.next_branch = at
        return None

    def _ranked_others(self, at: int) -> list[Command | None]:
        """The moves a rollout tries instead of the plan's move ``at`` (``branch_moves``), as
        ``Line.extend`` keeps them for a move of the planner's own."""
        plan = self.plan
        assert plan is not None
        state, move = plan.states[at], plan.moves[at]
        ranked = self.planner.ranked(state, MoveSet(state, self.rules), self.rng, None,
                                     STEP_EVALUATIONS)
        return branch_moves(move, [other for _, other, _ in ranked if other != move])
