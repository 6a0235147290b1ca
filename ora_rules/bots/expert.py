"""``expert``: the top level (docs/bots.md, "Expert", issue 36).

Solo, the rollout planner whose rollouts end in the learned evaluation: a one-ply planner led
by a learned evaluation plays badly (the model predicts the points still to come in the
positions its training policy reached, and a planner maximising it over every move finds the
moves whose results the model misjudges: it built half as many buildings). Rollouts keep the
model where it is right: each of the planner's best few moves is played on for a few decisions
by the planner itself (the policy the model was trained on), and only the position where the
rollout stops is valued by the model, which so stands for the rest of the game the
hand-written evaluation cannot see. With two players, ``hard``'s rollout planner with a larger
budget in positions valued; at a table of three or four, ``hard`` itself (no model of those
modes is shipped yet).
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
#: The model of each mode (solo only so far: ``scripts/train_eval.py`` has its recipe).
MODELS = {"1": "value_solo.json"}
#: Solo, positions valued a decision at most (the rollouts' leaves by the model), and the time
#: backstop of the whole decision. 300: some 0.2 s a decision (p50) on the development machine.
EVALUATIONS = 300
SECONDS = 0.9
WIDTH = 4
DEPTH = 12
#: With two players, the rollout planner of ``hard`` with a larger budget in positions valued
#: (``hard``: 900).
TWO_PLAYER_EVALUATIONS = 1200


@cache
def model(name: str) -> ValueModel:
    """A shipped model by file name (read once a process)."""
    return load(DATA / name)


class Expert:
    """A bot object, by mode: solo, the rollout planner ending in the learned evaluation; two
    players, ``hard``'s rollout planner with a larger budget; at a table of three or four,
    ``hard`` (no model of those modes yet). ``evaluations`` (``expert:N``): the budget a
    decision of the solo and two-player planners."""

    def __init__(self, rules: Rules, evaluations: int | None = None, seconds: float = SECONDS,
                 width: int = WIDTH, depth: int = DEPTH) -> None:
        self.rules = rules
        self.bots: dict[str, RolloutPlanner] = {}
        for mode, name in MODELS.items():
            self.bots[mode] = RolloutPlanner(rules, width=width, depth=depth,
                                             evaluations=evaluations or EVALUATIONS,
                                             seconds=seconds, per_group=4, base_group=4,
                                             leaf=model(name).value)
        self.two = RolloutPlanner(rules, evaluations=evaluations or TWO_PLAYER_EVALUATIONS,
                                  seconds=seconds)
        from ora_rules.bots.levels import Hard

        self.fallback = Hard(rules)

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        bot = self.bots.get(state.config.mode)
        if bot is None:
            bot = self.two if state.config.players == 2 else None
        if bot is None:
            return self.fallback(state, moves, rng)
        return bot(state, moves, rng)
