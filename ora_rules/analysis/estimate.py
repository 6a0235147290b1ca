"""The estimate of every seat's final score in a position (docs/analysis.md, "The estimate").

A deterministic rollout: the ``medium`` planner plays every seat on from the position until the
game ends or the rollout has valued its budget of positions. At the game's end the estimate is
the real score (R-SCORE-1). Where the budget stops it first, each seat's estimate is the learned
evaluation's expected final score there (``ora_rules.bots.value``: a model a mode); with the
wonder tiles, which the models never learned, it is the score there plus what the strategic
evaluation (``ora_rules.bots.strategy``) counts only in an unfinished game: the goods' usable
value, land, the display's promise and the settlements in hand. That promise, which valued
every cut rollout before, is no final score: in the solo game it is 100 to 230 points in
rounds 7 to 11 of a 519-point game, by where the rollout stopped, and two positions one move
apart were judged 100 points apart (docs/analysis.md, "The estimate").
"""

from __future__ import annotations

import hashlib
import random
import time
from functools import cache
from pathlib import Path

from ora_core.errors import OraError
from ora_core.evolve import replace
from ora_core.state import State
from ora_rules.bots.planner import Planner
from ora_rules.bots.strategy import strategic_value
from ora_rules.bots.value import DATA, MODELS, model
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.scoring import score
from ora_rules.specs import Rules

#: Estimates are kept to a tenth of a point: the same bytes on any machine's float printing.
PLACES = 1
#: The estimate's method: decisions cached under another are analysed again
#: (``ora_api.table.analyses``). 1: a cut rollout valued by its score and promise; 2: by the
#: learned evaluation of its mode.
METHOD = 2


def code_digest(*folders: Path) -> str:
    """A digest of the ``.py`` and ``.json`` files under ``folders``, each with its path from
    its folder's parent (the same on a clone and an installed package)."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                digest.update(path.relative_to(folder.parent).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@cache
def method() -> str:
    """The method a cached decision is stamped with: :data:`METHOD` and the digest of what a
    decision's estimates and preferred move are made of, the bots' code and shipped models
    (``ora_rules/bots``) and the analysis's own (this package). A bot that plays differently or
    a model trained again changes it, so an analysis stored before is made again, not shown
    stale (docs/analysis.md)."""
    return f"{METHOD}:{code_digest(DATA.parent, Path(__file__).parent)}"


def promise(state: State, seat: int, rules: Rules) -> float:
    """What the strategic evaluation adds to a seat's position while the game goes on: its
    value now less its value were the game over here (``scores`` set: the fold's finished)."""
    if state.finished:
        return 0.0
    over = replace(state, scores=())
    return strategic_value(state, seat, rules) - strategic_value(over, seat, rules)


def position_estimate(state: State, rules: Rules) -> tuple[float, ...]:
    """Every scored seat's estimated final score in ``state`` itself (no rollout), in seat
    order (the neutral player is not scored, R-SCORE-8): the real final score of a finished
    game; else the learned evaluation's of its mode; with the wonder tiles, the score plus the
    promise."""
    scores = state.scores if state.scores is not None else score(state, rules)
    if state.finished or state.config.liesborn:
        return tuple(round(s.total + promise(state, s.seat, rules), PLACES) for s in scores)
    value = model(MODELS[state.config.mode]).value
    return tuple(round(value(state, s.seat, rules), PLACES) for s in scores)


def final_estimate(state: State, rules: Rules, evaluations: int, rng: random.Random,
                   seconds: float | None = None) -> tuple[float, ...]:
    """Every scored seat's estimated final score: the rollout of the module's doc, valuing at most
    ``evaluations`` positions (and, when ``seconds`` is given, stopping after that long: then
    the estimate depends on the machine)."""
    policy = Planner(rules, finish=False)
    deadline = None if seconds is None else time.perf_counter() + seconds
    while not state.finished and policy.spent < evaluations:
        if deadline is not None and time.perf_counter() > deadline:
            break
        try:
            _, move, after = policy.ranked(state, MoveSet(state, rules), rng, deadline,
                                           evaluations)[0]
            # A forced move comes back unplayed (``Planner.ranked`` values nothing then).
            state = after if after is not state else execute(state, move, rules).state
        except OraError:
            break  # a listed move the rules refuse: valued where the rollout stands
    return position_estimate(state, rules)
