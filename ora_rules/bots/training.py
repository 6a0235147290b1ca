"""Training the learned evaluation (``ora_rules.bots.value``) from self-play: the shipped model
files, byte for byte the same for the same recipe (docs/bots.md, "The learned evaluation").

``ora train-eval`` runs it (``--check``: exit 1 if a shipped file would change). The recipe of
each model (:data:`RECIPES`) names the games (mode, variants, seeds), the policy that plays
them (a bot of ``make_bot``, with a share of exploratory moves drawn from its own best few), the
knots and the ridge penalty. Each game is a function of its seed (the policies' budgets are in
positions valued, never in time), and the fit runs in numpy on one thread with the weights
rounded to 6 significant digits, so the file is the same on any machine of the same numpy.
Playing needs plain Python; the fit needs numpy (the ``learning`` extra).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ora_core.evolve import fold
from ora_rules.bots import make_bot
from ora_rules.bots.levels import Hard
from ora_rules.bots.planner import Planner
from ora_rules.bots.value import ValueModel, features, hat, progress
from ora_rules.bots.work import in_workers
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.scoring import score, score_player
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules

DATA = Path(__file__).resolve().parent / "data"
KNOTS = (0.0, 0.25, 0.5, 0.75, 1.0)


def make_recipe(players: int, length: str, first_seed: int, seeds: int) -> dict[str, Any]:
    """A recipe: ``seeds`` seeds from ``first_seed``, each in France and Ireland, played by
    ``hard`` with 15 % of its moves drawn from its own best 4; features seen fewer than 20
    times dropped; ridge penalty 10 (docs/bots.md, "The learned evaluation")."""
    return {"players": players, "variants": ["france", "ireland"], "length": length,
            "seeds": [first_seed, first_seed + seeds], "policy": "hard", "epsilon": 0.15,
            "top": 4, "min_count": 20, "ridge": 10.0}


#: The shipped models and how each is made.
RECIPES: dict[str, dict[str, Any]] = {
    "solo": make_recipe(1, "long", 10_000, 64),
    # The tables of three and four, where ``expert``'s rollouts end in them: their moves are
    # the planner's, as ``hard``'s are, so the positions where they stop are of the kind these
    # games hold.
    "three": make_recipe(3, "long", 12_000, 256),
    "four": make_recipe(4, "long", 11_000, 256),
    # The other modes, for the analysis alone (``ora_rules.analysis.estimate``: a rollout its
    # budget stops is valued by the model of its mode); no bot plays them.
    "three_short": make_recipe(3, "short", 13_000, 64),
    "four_short": make_recipe(4, "short", 14_000, 64),
    "two": make_recipe(2, "short", 15_000, 32),
    "two_long": make_recipe(2, "long", 16_000, 32),
}

Sample = tuple[dict[int, float], float, float]  # features, progress, points still to come


def policy(name: str, rules: Rules) -> Any:
    """The recipe's policy with no time backstop: its budget in positions valued only, so a
    seed plays the same game on any machine."""
    if name == "hard":
        return Hard(rules, seconds=1e9)
    bot = make_bot(name, rules)
    if isinstance(bot, Planner):
        bot.seconds = 1e9
    return bot


def explore(bot: Any, state: Any, moves: Any, rng: random.Random, rules: Rules,
            epsilon: float, top: int) -> Any:
    """The policy's move, or with chance ``epsilon`` one of its best ``top`` (a planner's
    ranking), so the games hold positions the policy would not have reached."""
    if rng.random() >= epsilon:
        return bot(state, moves, rng)
    planner = (bot.planner(state.config.players) if isinstance(bot, Hard)
               else bot if isinstance(bot, Planner) else Planner(rules))
    ranked = planner.ranked(state, moves, rng, None, planner.evaluations)
    return rng.choice(ranked[:top])[1]


def play(args: tuple[str, dict[str, Any], str, int]) -> list[Sample]:
    """One game of the recipe: every decision's position, for the seat deciding, with the
    points that seat went on to score."""
    _name, recipe, variant, seed = args
    rules = load_rules()
    bot = policy(recipe["policy"], rules)
    players = recipe["players"]
    state = fold(start(make_config(players, variant, recipe["length"], seed), rules))
    rng = random.Random(seed)
    seen: list[tuple[int, dict[int, float], float, float]] = []
    while not state.finished:
        seat = state.flow.turn.decider
        if not state.players[seat].neutral:
            now = float(score_player(state.players[seat], rules).total)
            seen.append((seat, features(state, seat, rules), progress(state, rules), now))
        moves = MoveSet(state, rules)
        move = explore(bot, state, moves, rng, rules, recipe["epsilon"], recipe["top"])
        state = execute(state, move, rules).state
    final = {s.seat: float(s.total) for s in (state.scores or score(state, rules))}
    return [(f, at, final[seat] - now) for seat, f, at, now in seen]


def tasks(name: str, recipe: dict[str, Any], games: int | None
          ) -> list[tuple[str, dict[str, Any], str, int]]:
    """The recipe's games (its first ``games`` seeds, each in every variant), in order."""
    first, last = recipe["seeds"]
    seeds = list(range(first, last))[:games]
    return [(name, recipe, variant, seed) for seed in seeds for variant in recipe["variants"]]


def samples(name: str, recipe: dict[str, Any], games: int | None, jobs: int,
            on_done: Callable[[int], None] | None = None) -> list[list[Sample]]:
    """Every game's samples, in the order of :func:`tasks` whatever ``jobs`` (the games played
    that many at a time in worker processes); ``on_done`` hears how many games are done."""
    return _collect(in_workers(play, tasks(name, recipe, games), jobs), on_done)


def _collect(games: Iterable[list[Sample]], on_done: Callable[[int], None] | None
             ) -> list[list[Sample]]:
    played: list[list[Sample]] = []
    for game in games:
        played.append(game)
        if on_done is not None:
            on_done(len(played))
    return played


def witness(game: Sequence[Sample]) -> str:
    """A digest of one game's samples (features, progress, points to come): the same policy
    plays the same game from the same seed, so a different digest means the policy changed."""
    rows = [[sorted(f.items()), at, target] for f, at, target in game]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def one_thread() -> None:
    """numpy's linear algebra on one thread, the same sums in the same order on any machine;
    called before numpy is imported (its BLAS reads these once, when loaded)."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def fit(games: Sequence[Sequence[Sample]], recipe: dict[str, Any], mode: str,
        name: str) -> ValueModel:
    """Ridge regression of the points still to come on the features, one weight vector a
    knot (``ValueModel``), in numpy on one thread."""
    one_thread()
    import numpy as np

    counts: dict[int, int] = {}
    for game in games:
        for f, _, _ in game:
            for i in f:
                counts[i] = counts.get(i, 0) + 1
    columns = sorted(i for i, n in counts.items() if n >= recipe["min_count"])
    col = {i: c for c, i in enumerate(columns)}
    k = len(KNOTS)
    width = (len(columns) + 1) * k  # each feature a knot, and a bias a knot
    gram = np.zeros((width, width))
    rhs = np.zeros(width)
    rows = [s for game in games for s in game]
    for chunk in range(0, len(rows), 4096):
        part = rows[chunk:chunk + 4096]
        x = np.zeros((len(part), width))
        y = np.zeros(len(part))
        for r, (f, at, target) in enumerate(part):
            for knot, share in hat(at, KNOTS):
                x[r, len(columns) * k + knot] = share
                for i, v in f.items():
                    c = col.get(i)
                    if c is not None:
                        x[r, c * k + knot] = v * share
            y[r] = target
        gram += x.T @ x
        rhs += x.T @ y
    penalty = np.full(width, recipe["ridge"])
    penalty[len(columns) * k:] = 1e-6  # the biases are not shrunk
    solution = np.linalg.solve(gram + np.diag(penalty), rhs)
    weights = []
    for knot in range(k):
        w = {}
        for c, i in enumerate(columns):
            value = float(f"{solution[c * k + knot]:.6g}")
            if value:
                w[i] = value
        weights.append(w)
    bias = tuple(float(f"{solution[len(columns) * k + knot]:.6g}") for knot in range(k))
    return ValueModel(mode=mode, knots=KNOTS, bias=bias, weights=tuple(weights),
                      recipe={"name": name, **recipe}, witness=witness(games[0]))


def residual(model: ValueModel, games: Sequence[Sequence[Sample]]) -> float:
    """The root mean square error of the model's points still to come over ``games``."""
    errors = [(model.future(f, at) - target) ** 2 for game in games for f, at, target in game]
    mean: float = sum(errors) / max(1, len(errors))
    return math.sqrt(mean)
