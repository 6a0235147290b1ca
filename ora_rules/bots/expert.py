"""``expert``: the rollout planner whose rollouts end in the learned evaluation (docs/bots.md,
"Expert").

A one-ply planner led by a learned evaluation plays badly: the model predicts the points
still to come in the positions its training policy reached, and a planner maximising it over
every move finds the moves whose results the model misjudges (it built half as many
buildings). Rollouts keep the model where it is right: each of the planner's best few moves is
played on for a few decisions by the planner itself (the policy the model was trained on), and
only the position where the rollout stops is valued by the model, which so stands for the rest
of the game the hand-written evaluation cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from ora_core.state import State
from ora_rules.bots.rollout import RolloutPlanner
from ora_rules.learning.value import ValueModel, load
from ora_rules.notation import Command
from ora_rules.specs import Rules

DATA = Path(__file__).with_name("data")
#: The model of each mode: solo, and the tables of three and four (trained on four players).
MODELS = {"1": "value_solo.json"}
#: Positions valued a decision at most, and the time backstop (the whole decision).
EVALUATIONS = 1000
SECONDS = 0.9
WIDTH = 4
DEPTH = 12


@cache
def model(name: str) -> ValueModel:
    """A shipped model by file name (read once a process)."""
    return load(DATA / name)


class Expert:
    """A bot object: by mode, the rollout planner ending in that mode's learned evaluation;
    modes without a model fall back to ``fallback`` (``hard``)."""

    def __init__(self, rules: Rules, evaluations: int = EVALUATIONS, seconds: float = SECONDS,
                 width: int = WIDTH, depth: int = DEPTH) -> None:
        self.rules = rules
        self.bots: dict[str, RolloutPlanner] = {}
        for mode, name in MODELS.items():
            self.bots[mode] = RolloutPlanner(rules, width=width, depth=depth,
                                             evaluations=evaluations, seconds=seconds,
                                             per_group=4, base_group=4,
                                             leaf=model(name).value)
        from ora_rules.bots.levels import Hard

        self.fallback = Hard(rules)

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        bot = self.bots.get(state.config.mode)
        if bot is None:
            return self.fallback(state, moves, rng)
        return bot(state, moves, rng)
