"""``learned``: the rollout planner ending in the learned evaluation (docs/bots.md, "Expert",
issue 36).

``expert`` (``ora_rules.bots.levels.Expert``): at a table of two, three or four, the rollout
planner with a larger budget in positions valued (2400 a decision; ``hard``'s, with two
players, has 900); solo, the solo planner (``ora_rules.bots.solo``). At a table of three or
four (the long games) its rollouts end in the learned evaluation of that table
(``ora_rules.bots.value``, the models ``three`` and ``four``), which won more games and more
points there than the strategic evaluation (docs/bots.md, "Twenty-second pass"); solo the
learned evaluation lost points in every form tried (docs/bots.md, "Expert"), and plays only
here.

``learned``: solo, the rollout planner whose rollouts end in the learned evaluation. A one-ply
planner led by the model plays badly (the model predicts the points still to come in the
positions its training policy reached, and a planner maximising it over every move finds the
moves whose results the model misjudges); rollouts keep the model where it is right: each of
the planner's best few moves is played on for a few decisions by the planner itself (the
policy the model was trained on), and only the position where the rollout stops is valued by
the model. Other modes play ``expert``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ora_core.state import State
from ora_rules.bots.levels import Expert
from ora_rules.bots.rollout import RolloutPlanner
from ora_rules.bots.value import MODELS, model
from ora_rules.notation import Command
from ora_rules.specs import Rules

#: The modes ``learned`` plays its rollouts in: solo (at a table of three or four ``expert``
#: itself ends its rollouts in the learned value, ``levels.EXPERT_LEARNED``).
LEARNED_MODES = ("1",)
#: The time backstop of a whole decision (the budget is in positions valued).
SECONDS = 0.9
#: ``learned``: positions valued a decision (some 0.1 s, p50), candidates and their depth.
LEARNED_EVALUATIONS = 300
WIDTH = 4
DEPTH = 12


class Learned:
    """A bot object (module doc): solo, the rollout planner ending in the solo model, at
    ``evaluations`` positions a decision (``learned:N``); otherwise ``expert``."""

    def __init__(self, rules: Rules, evaluations: int = LEARNED_EVALUATIONS,
                 seconds: float = SECONDS, width: int = WIDTH, depth: int = DEPTH) -> None:
        self.bots = {mode: RolloutPlanner(rules, width=width, depth=depth,
                                          evaluations=evaluations, seconds=seconds,
                                          per_group=4, base_group=4,
                                          leaf=model(MODELS[mode]).value)
                     for mode in LEARNED_MODES}
        self.fallback = Expert(rules)

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        bot = self.bots.get(state.config.mode)
        if bot is None:
            return self.fallback(state, moves, rng)
        return bot(state, moves, rng)
