"""Goals for the solo planner's rollouts: buildings its plan lets the neutral player take
(docs/bots.md, "Tenth pass", issue 36).

The strategic evaluation counts the display's best few buildings, each less what is still
missing to build it, and nothing below zero: a dear building (the Grand Manor's stone and
coins) gives no reason to gather for it until it is nearly paid for, so the planner's games
leave the dearest buildings on the display, and the neutral player takes them at the next
settlement phase (R-SOLO-9 step 3), never to come back. A *goal* is one such building: the
evaluation of a rollout that pursues it adds the building's worth less each unit still
missing, without the floor, so every good gathered for it counts, and its loss to the neutral
player costs more than any move gains. The rollout is judged by its final score, as every
rollout is: a goal that costs more than it brings is not adopted.
"""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.state import State
from ora_core.values import Good
from ora_rules.bots.strategy import DWELLING_SHARE, SHORT_PRICE, strategic_value
from ora_rules.specs import BuildingSpec, Rules

#: A goal's worth counts this many times its economic value plus the evaluation's share of its
#: dwelling value; each unit still missing of its cost costs ``SHORT_WEIGHT`` times its price
#: (``strategy.SHORT_PRICE``). Measured on planner games from the start (Ireland 40..45, the
#: neutral player's dearest building as a goal): built in 6 of 6, the mean 297 → 307.
WORTH_WEIGHT = 1.0
SHORT_WEIGHT = 1.0
#: A goal not yet built is counted at half its worth (building it gains the other half) ...
OPEN_SHARE = 0.5
#: ... and one the neutral player has taken costs this much: more than any move gains, so the
#: planner builds it before the settlement phase if it can.
LOST = -1000.0
#: The seat kinds of buildings a goal may be (not the neutral player's own start buildings).
DECKS = ("G", "I", "F")


def worth(spec: BuildingSpec) -> float:
    """A goal's worth: its economic value and a share of its dwelling value (R-SCORE-3/4)."""
    return WORTH_WEIGHT * spec.economic + DWELLING_SHARE * max(0, spec.dwelling)


def lost_to_neutral(final: State, rules: Rules) -> list[str]:
    """The buildings the neutral player holds at the end of a plan that came from the display
    (taken at a settlement phase, R-SOLO-9), the most worth first: the candidate goals."""
    neutral = {p.seat for p in final.players if p.neutral}
    taken = [b for b, placed in final.built.items()
             if placed.seat in neutral and b.startswith(DECKS)]
    return sorted(taken, key=lambda b: (-worth(rules.building(b)), b))


class GoalEvaluation:
    """The strategic evaluation plus the pursuit of ``goals`` (building ids)."""

    def __init__(self, goals: Sequence[str], rules: Rules) -> None:
        self.goals = tuple(goals)
        self.specs = [(goal, rules.building(goal)) for goal in self.goals]

    def __call__(self, state: State, seat: int, rules: Rules) -> float:
        value = strategic_value(state, seat, rules)
        for goal, spec in self.specs:
            placed = state.built.get(goal)
            if placed is not None:
                value += worth(spec) if placed.seat == seat else LOST
            elif goal in state.display:  # not yet out: nothing to gather for
                value += OPEN_SHARE * worth(spec) - SHORT_WEIGHT * _short(state, seat, spec)
        return value


def _short(state: State, seat: int, spec: BuildingSpec) -> float:
    """What is still missing of the building's cost, each unit at its price; grain may become
    straw, wine and whiskey coins (R-FREE-1)."""
    goods = state.players[seat].goods
    straw = goods.get(Good.STRAW, 0) + goods.get(Good.GRAIN, 0)
    coins = goods.get(Good.COIN, 0) + goods.get(Good.WINE, 0) + 2 * goods.get(Good.WHISKEY, 0)
    short = 0.0
    for good, n in spec.cost.items():
        held = straw if good is Good.STRAW else coins if good is Good.COIN else goods.get(good, 0)
        short += max(0, n - held) * SHORT_PRICE.get(good, 1.0)
    return short
