"""The planner (``plan``): one ply over every (verb, building) group of the legal moves, valued by
the strategic evaluation (``ora_rules.bots.strategy``), so that it builds, settles and ends the
two-player games by the rules (docs/bots.md, "The planner").

A group may hold thousands of moves (the parameter lists of one building's use); the planner
weighs at most ``per_group`` of them, drawn by the game's ``rng``, and every build and
settlement move (they are few and they decide the game).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ora_core.state import State
from ora_rules.bots.strategy import settled, strategic_value
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, group_key
from ora_rules.notation import (
    AnswerContract,
    Build,
    BuyDistrict,
    BuyPlot,
    Command,
    Convert,
    CutPeat,
    FellTrees,
    Settle,
    Use,
)
from ora_rules.specs import Rules

#: What a position is worth to a seat, in points (larger is better).
Evaluation = Callable[[State, int, Rules], float]

#: Groups weighed in full: few moves each, and the ones that move the game towards its end.
WHOLE = ("BUILD", "SETTLE", "BUY_DISTRICT", "BUY_PLOT", "FELL_TREES", "CUT_PEAT")
#: The last moves of a large group of uses always weighed: its fullest uses (a random draw
#: of a few among hundreds of amounts seldom takes the best).
FULLEST = 4
#: The share of a look-ahead planner's budget its first ply may take (the rest looks ahead).
FIRST_PLY = 0.6
#: The moves that finish an action begun (a contract's use, the prior's use, the owner's
#: answer), and those an action a function grants (``Turn.grants``) may be.
FINISHING: tuple[type, ...] = (Use, AnswerContract)
GRANTED: dict[str, type] = {"build": Build, "settle": Settle, "fell": FellTrees, "cut": CutPeat,
                            "district": BuyDistrict, "plot": BuyPlot}
#: A look-ahead planner's budget in positions valued a decision: about 0.4 s on an idle core
#: of the development machine (0.8 ms a position), so its time backstop seldom binds.
EVALUATIONS = 500


def candidates(moves: Sequence[Command], per_group: int, rng: random.Random,
               cap: int | None = None) -> list[Command]:
    """Up to ``per_group`` moves of every group (of the groups in :data:`WHOLE`, all, or up to
    ``cap``: a search under a time budget cannot weigh every placement of every build)."""
    if not isinstance(moves, MoveSet):
        return list(moves)
    out: list[Command] = []
    groups = moves.groups()
    for verb in sorted(groups):
        for target in sorted(groups[verb]):
            group = groups[verb][target].moves()
            if verb == "CONVERT":
                group = [m for m in group if not _breaks_a_five(m)]
            if len(group) <= per_group or (verb in WHOLE and (cap is None
                                                               or len(group) <= cap)):
                out.extend(group)
            elif verb in WHOLE:
                assert cap is not None
                out.extend(rng.sample(group, cap))
            elif verb == "CONVERT":  # grain to straw a few at a time, as building asks
                out.extend(m for m in group if _small(m))
                out.extend(rng.sample(group, min(len(group), per_group)))
            else:  # and the fullest uses: parameters are listed by amount, the largest last
                drawn = rng.sample(group, per_group)
                out.extend(drawn)
                out.extend(m for m in group[-FULLEST:] if m not in drawn)
    return out


def _interleaved(options: list[Command]) -> list[Command]:
    """The first move of every group, then the second of every group, ...; the dear
    conversions (each tries the builds after it) last. A deadline that cuts the list short
    then drops a few moves of every group, never whole groups (under load, cutting the list in
    group order dropped every use and work contract, and ``hard`` lost to ``medium``)."""
    seen: dict[tuple[str, str], int] = {}
    rank = []
    for move in options:
        key = group_key(move)
        seen[key] = seen.get(key, 0) + 1
        rank.append((isinstance(move, Convert), seen[key]))
    order = sorted(range(len(options)), key=lambda i: rank[i])
    return [options[i] for i in order]


def _continues(state: State, seat: int) -> bool:
    """Whether the seat's action is half done: a work contract's function, the prior's use of
    a new building or a granted action waits (``Turn.contract``, ``free_uses``,
    ``prior_bonus``, ``grants``)."""
    if state.finished:
        return False
    turn = state.flow.turn
    if turn.seat != seat:
        return False
    return (turn.contract is not None or bool(turn.free_uses) or bool(turn.grants)
            or turn.prior_bonus is not None)


def _breaks_a_five(move: Command) -> bool:
    """``CONVERT Ni`` (coin pieces held apart, ``coin_tiles = kept_apart``): it gains nothing,
    for a payment breaks a 5-coin piece itself once the 1-coin pieces run out
    (ora_rules/coin_pieces.py); weighed, it let a bot exchange pieces back and forth for ever
    rather than end its turn (tests/bots/test_coin_pieces.py)."""
    return isinstance(move, Convert) and move.exchange < 0


def _small(move: Command) -> bool:
    """A conversion of at most three goods of one kind."""
    amounts = [n for _, n in move.goods if n] if isinstance(move, Convert) else []
    return len(amounts) == 1 and amounts[0] <= 3


class Planner:
    """A bot object: the move whose result the strategic evaluation values best for the mover,
    plus ``noise`` (a random number up to it, for the weaker levels); ties by ``rng``.

    ``lookahead``: the best that many moves are valued again by the best next move of the same
    seat when it decides again (two plies of one's own turn), within ``seconds``. ``finish``:
    a move that begins an action (a work contract, a build, a use granting an action) is valued
    with the best way to finish it; without it (the weaker levels) a contract looks like its
    price alone. ``bounded`` (always with a look-ahead): at most ``evaluations`` positions
    valued and ``seconds`` a decision. ``evaluation``: what a position is worth (the strategic
    evaluation by default; the learned one for ``expert``)."""

    def __init__(self, rules: Rules, per_group: int = 4, noise: float = 0.0,
                 relative: bool = False, lookahead: int = 0, seconds: float = 0.6,
                 evaluations: int = EVALUATIONS, finish: bool = True,
                 bounded: bool = False, evaluation: Evaluation | None = None) -> None:
        self.rules = rules
        # None: the strategic evaluation, called directly (a compiled call, not through an
        # attribute holding a Python callable).
        self.evaluation: Evaluation | None = evaluation
        self.finish = finish
        self.bounded = bounded or lookahead > 0
        self.lookahead = lookahead
        self.seconds = seconds
        self.evaluations = evaluations
        self.spent = 0  # positions valued in this decision (a rollout's too)
        self.per_group = per_group
        self.noise = noise
        self.relative = relative

    def _evaluate(self, state: State, seat: int) -> float:
        if self.evaluation is None:
            return strategic_value(state, seat, self.rules)
        return self.evaluation(state, seat, self.rules)

    def value(self, state: State, seat: int) -> float:
        """The mover's value; ``relative``: less the best opponent's."""
        own = self._evaluate(state, seat)
        if not self.relative:
            return own
        others = [self._evaluate(state, p.seat) for p in state.players
                  if p.seat != seat and not p.neutral]
        return own - max(others) if others else own

    def _over(self, deadline: float | None, limit: int | None) -> bool:
        return ((limit is not None and self.spent >= limit)
                or (deadline is not None and time.perf_counter() > deadline))

    def ranked(self, state: State, moves: Sequence[Command], rng: random.Random,
               deadline: float | None = None, limit: int | None = None
               ) -> list[tuple[float, Command, State]]:
        """The candidate moves with their value and resulting state, best first; past
        ``deadline`` (a ``time.perf_counter()`` reading) the moves not yet valued are left out
        (the first always counts)."""
        seat = state.flow.turn.decider
        scored: list[tuple[float, Command, State]] = []
        gains: dict[tuple[str, str], float] = {}  # a group's gain from finishing its action
        options = candidates(moves, self.per_group, rng)
        if len(options) == 1:
            return [(0.0, options[0], state)]
        if deadline is not None or limit is not None:
            options = _interleaved(options)
        for move in options:
            if scored and self._over(deadline, limit):
                break
            self.spent += 1
            after = settled(execute(state, move, self.rules).state, self.rules)
            value = self.value(after, seat)
            if isinstance(move, Convert) and not after.finished:
                value = max(value, self._build_after(after, seat, deadline, limit))
            elif self.finish and _continues(after, seat):
                # The same for every placement of a build: valued once a group.
                key = group_key(move)
                if key not in gains:
                    follow = self._follow_up(after, seat, rng, deadline, limit)
                    gains[key] = max(0.0, follow - value)
                value += gains[key]
            if self.noise:
                value += self.noise * rng.random()
            scored.append((value + 1e-6 * rng.random(), move, after))
        scored.sort(key=lambda t: -t[0])
        return scored

    def _follow_up(self, state: State, seat: int, rng: random.Random, deadline: float | None,
                   limit: int | None, depth: int = 2) -> float:
        """The best value of finishing the action a move began: the function a work contract
        paid for (R-WC-1..3; solo, a neutral building, R-SOLO-8), the prior's use of the
        building just built (R-BUILD-7) or the action a function grants (the Castle's
        settlement, a Locutory's build). Alone, a contract is only its price, a build only its
        points and such a use nothing, and the planner seldom chose them."""
        best = -math.inf
        turn = state.flow.turn
        if turn.contract is not None and turn.decider != seat:
            # The owner's choice of clergyman (R-WC-2) does not change the function.
            state = execute(state, next(iter(MoveSet(state, self.rules))), self.rules).state
        kinds = FINISHING + tuple(GRANTED[g] for g in state.flow.turn.grants)
        moves = [m for m in candidates(MoveSet(state, self.rules), self.per_group, rng)
                 if isinstance(m, kinds)]
        for move in moves:
            if self._over(deadline, limit):
                break
            self.spent += 1
            after = execute(state, move, self.rules).state
            value = self.value(after, seat)
            if depth > 1 and _continues(after, seat):
                value = max(value, self._follow_up(after, seat, rng, deadline, limit, depth - 1))
            best = max(best, value)
        return best

    def _build_after(self, state: State, seat: int, deadline: float | None,
                     limit: int | None) -> float:
        """The best value of a build right after a conversion (a conversion is free, R-FREE-2,
        so convert-and-build is one plan; alone the conversion looks like a loss)."""
        best = -math.inf
        if state.flow.turn.decider != seat:
            return best
        builds = MoveSet(state, self.rules).groups().get("BUILD", {})
        for group in builds.values():
            for move in group.moves():
                if self._over(deadline, limit):
                    return best
                self.spent += 1
                after = execute(state, move, self.rules).state
                best = max(best, self.value(after, seat))
        return best

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        # Looking ahead, the decision values at most ``evaluations`` positions (its first ply
        # at most ``FIRST_PLY`` of them): a bound in work, so the same seed plays the same game
        # on any machine; ``seconds`` is a backstop in time for a loaded machine (then, and
        # only then, the game depends on the machine's speed).
        start = time.perf_counter()
        self.spent = 0
        if not self.lookahead:  # ``bounded``: the whole budget for the one ply
            if not self.bounded:
                return self.ranked(state, moves, rng)[0][1]
            return self.ranked(state, moves, rng, start + self.seconds, self.evaluations)[0][1]
        deadline, limit = start + self.seconds, self.evaluations
        ranked = self.ranked(state, moves, rng, start + FIRST_PLY * self.seconds,
                             int(FIRST_PLY * self.evaluations))
        if len(ranked) == 1:
            return ranked[0][1]
        # The best ``lookahead`` moves, each valued by the best next move of the same seat when
        # it decides again (the second action of a turn, a build after a purchase): a lower
        # bound when the budget cuts that next ply short.
        seat = state.flow.turn.decider
        best, best_value = ranked[0][1], -math.inf
        for value, move, after in ranked[: self.lookahead]:
            if (not after.finished and after.flow.turn.decider == seat
                    and not self._over(deadline, limit)):
                nxt = self.ranked(after, MoveSet(after, self.rules), rng, deadline, limit)
                value = max(value, nxt[0][0])
            if value > best_value:
                best, best_value = move, value
        return best
