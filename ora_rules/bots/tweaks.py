"""Tweaks: a solo plan with one move changed, or two placements exchanged, and every other
move replayed as it stands (docs/bots.md, "Fourteenth pass", issue 36).

The solo planner's rollouts replay the planner from a branch point, so every move after it may
change, and they cost a whole game's positions valued. Where the plan's buildings and
settlements stand is worth points of its own (a settlement scores its neighbours' dwelling
values, R-SCORE-4), and a rollout seldom finds two placements to exchange: the planner places
each building where it looks best when it is built. A tweak changes one move (another of its
group: another placement, payment or amount) or exchanges the spaces of two placements and
replays the plan's other commands unchanged. Replaying values no position (about an eighth of
a position's cost a command, compiled), so a few hundred tweaks cost what one rollout does.
Most tweaks break the plan (a later move is no longer legal) and are dropped; one that still
runs to the game's end has an exact final score, as every solo plan has.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ora_core.errors import OraError
from ora_core.state import State
from ora_rules.bots.work import valued
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, group_key
from ora_rules.notation import Build, Command, Settle
from ora_rules.specs import Rules

#: Commands replayed that count as one position valued (``ora_rules.bots.work``): a command
#: replayed costs about an eighth of a position valued (the planner's step: the legal moves,
#: the command and the strategic evaluation), measured on the development machine.
COMMANDS_PER_POSITION = 8
#: The share of tweaks that exchange two placements (the others change one move).
SWAP_SHARE = 0.5


class Tweaked:
    """A tweak that still runs to the game's end: the plan from ``index`` on (``states[0]`` is
    the plan's state before its move ``index``, one more state than moves)."""

    def __init__(self, index: int, states: list[State], moves: list[Command]) -> None:
        self.index = index
        self.states = states
        self.moves = moves


def replay(start: State, moves: Sequence[Command], rules: Rules
           ) -> tuple[list[State] | None, int]:
    """The states ``moves`` lead to from ``start`` when each is legal in turn and the last ends
    the game (else None), and the commands executed."""
    states = [start]
    state = start
    for move in moves:
        if state.finished:
            return None, len(states) - 1
        try:
            state = execute(state, move, rules).state
        except OraError:
            return None, len(states)
        states.append(state)
    return (states if state.finished else None), len(moves)


def at_space(move: Command, space: tuple[int, int]) -> Command:
    """A build or a settlement on another space."""
    if isinstance(move, Build):
        return Build(move.building, space)
    assert isinstance(move, Settle)
    return Settle(move.settlement, space, move.payment)


def draw(states: Sequence[State], moves: Sequence[Command], low: int, rng: random.Random,
         rules: Rules) -> tuple[int, list[Command]] | None:
    """A tweak of the plan's moves from ``low`` on: the first index changed and the moves from
    there; None when the draw found nothing to change. The solo player's builds onto the
    neutral landscape (R-SOLO-10) score nothing for it and are left as they are."""
    own = [k for k in range(low, len(moves)) if states[k].flow.turn.kind != "neutral"]
    if not own:
        return None
    if rng.random() < SWAP_SHARE:
        placed = [k for k in own if isinstance(moves[k], (Build, Settle))]
        if len(placed) < 2:
            return None
        first, second = sorted(rng.sample(placed, 2))
        one, two = moves[first], moves[second]
        assert isinstance(one, (Build, Settle)) and isinstance(two, (Build, Settle))
        if one.coord == two.coord:  # the second stands where the first was moved from
            return None
        changed = list(moves[first:])
        changed[0] = at_space(one, two.coord)
        changed[second - first] = at_space(two, one.coord)
        return first, changed
    index = rng.choice(own)
    move = moves[index]
    verb, target = group_key(move)
    group = MoveSet(states[index], rules).groups().get(verb, {}).get(target)
    others = [other for other in group.moves() if other != move] if group is not None else []
    if not others:
        return None
    return index, [rng.choice(others), *moves[index + 1:]]


class Tweaker:
    """Draws tweaks and counts their work: a replay's commands count as positions valued at
    :data:`COMMANDS_PER_POSITION` a position (the remainder carried to the next)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.commands = 0  # replayed, not yet counted as positions

    def tweak(self, states: Sequence[State], moves: Sequence[Command], low: int,
              rng: random.Random) -> Tweaked | None:
        """One tweak of the plan (``states`` and ``moves`` as ``solo.Line`` keeps them) from
        move ``low`` on, when it still ends the game; None otherwise."""
        valued(1)  # the draw itself, so a run of failed draws still spends the budget
        drawn = draw(states, moves, low, rng, self.rules)
        if drawn is None:
            return None
        index, changed = drawn
        replayed, executed = replay(states[index], changed, self.rules)
        self.commands += executed
        valued(self.commands // COMMANDS_PER_POSITION)
        self.commands %= COMMANDS_PER_POSITION
        return None if replayed is None else Tweaked(index, replayed, changed)
