"""The levels people choose among: ``easy``, ``medium`` and ``hard`` (docs/bots.md, "Levels").

Each is a name for one configured bot; ``hard`` is the strongest bot within 1 s a move on this
project's development machine. All three build and settle, so their two-player games end by the
rules (R-END-2, R-END-3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ora_core.state import State
from ora_rules.bots.planner import Planner, candidates
from ora_rules.bots.players import Bot
from ora_rules.bots.search import SearchBot
from ora_rules.bots.strategy import strategic_value
from ora_rules.notation import Command
from ora_rules.specs import Rules

#: ``easy``'s noise: a random number up to this many points added to each move's value.
EASY_NOISE = 12.0
#: ``hard``'s search time a move (seconds, solo), under 1 s with room for a loaded machine.
HARD_SECONDS = 0.7
#: ``hard``'s time backstop a move with players (the whole decision: its first ply and its look
#: at its next move; its budget is a number of positions valued), under 1 s a move.
HARD_PLAN_SECONDS = 0.8


#: The placements of one build (or purchases, fellings) a search node weighs at most: expanding
#: a node values every candidate, and a budget of 1 s cannot afford a hundred of them.
SEARCH_CAP = 6


def _capped(moves: Sequence[Command], per_group: int, rng: random.Random) -> list[Command]:
    return candidates(moves, per_group, rng, cap=SEARCH_CAP)


def planner_search(rules: Rules, seconds: float | None, simulations: int = 0) -> SearchBot:
    """The search bot led by the strategic evaluation and the planner's candidate moves."""
    return SearchBot(rules, seconds=seconds, simulations=simulations, evaluation=strategic_value,
                     chooser=_capped)


class Hard:
    """``hard``: the best bot measured within 1 s a move, by mode (docs/bots.md, "Levels"): the
    planner with a look at its own next move with two or more players, the search led by the
    planner solo."""

    def __init__(self, rules: Rules) -> None:
        self.planner = Planner(rules, lookahead=3, seconds=HARD_PLAN_SECONDS)
        self.search = planner_search(rules, HARD_SECONDS)

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        bot = self.search if state.config.players == 1 else self.planner
        return bot(state, moves, rng)


LEVELS: dict[str, Callable[[Rules], Bot]] = {
    "easy": lambda rules: Planner(rules, per_group=2, noise=EASY_NOISE),
    "medium": lambda rules: Planner(rules),
    "hard": Hard,
}
