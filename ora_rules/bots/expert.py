"""``learned``: the rollout planner ending in the learned evaluation (docs/bots.md, "Expert",
issue 36).

``expert`` (``ora_rules.bots.levels.Expert``): at a table of two, three or four, the rollout
planner with a larger budget in positions valued (2400 a decision; ``hard``'s, with two
players, has 900); solo, the solo planner (``ora_rules.bots.solo``). The learned evaluation
(``ora_rules.bots.value``) is shipped and plays here, in ``learned``, but measured it lost
points solo in every form tried (docs/bots.md, "Expert"), so the level does not use it.

``learned``: solo, the rollout planner whose rollouts end in the learned evaluation. A one-ply
planner led by the model plays badly (the model predicts the points still to come in the
positions its training policy reached, and a planner maximising it over every move finds the
moves whose results the model misjudges); rollouts keep the model where it is right: each of
the planner's best few moves is played on for a few decisions by the planner itself (the
policy the model was trained on), and only the position where the rollout stops is valued by
the model. Modes without a model play ``expert``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from ora_core.state import State
from ora_rules.bots.levels import Expert
from ora_rules.bots.rollout import RolloutPlanner
from ora_rules.bots.value import ValueModel, load
from ora_rules.notation import Command
from ora_rules.specs import Rules

DATA = Path(__file__).with_name("data")
#: The model of each mode (solo only so far: ``ora_rules.bots.training`` has its recipe).
MODELS = {"1": "value_solo.json"}
#: The time backstop of a whole decision (the budget is in positions valued).
SECONDS = 0.9
#: ``learned``: positions valued a decision (some 0.1 s, p50), candidates and their depth.
LEARNED_EVALUATIONS = 300
WIDTH = 4
DEPTH = 12


@cache
def model(name: str) -> ValueModel:
    """A shipped model by file name (read once a process)."""
    return load(DATA / name)


class Learned:
    """A bot object (module doc): in a mode with a shipped model, the rollout planner ending in
    it, at ``evaluations`` positions a decision (``learned:N``); otherwise ``expert``."""

    def __init__(self, rules: Rules, evaluations: int = LEARNED_EVALUATIONS,
                 seconds: float = SECONDS, width: int = WIDTH, depth: int = DEPTH) -> None:
        self.bots = {mode: RolloutPlanner(rules, width=width, depth=depth,
                                          evaluations=evaluations, seconds=seconds,
                                          per_group=4, base_group=4, leaf=model(name).value)
                     for mode, name in MODELS.items()}
        self.fallback = Expert(rules)

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        bot = self.bots.get(state.config.mode)
        if bot is None:
            return self.fallback(state, moves, rng)
        return bot(state, moves, rng)
