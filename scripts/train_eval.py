#!/usr/bin/env python
"""Train the learned evaluation (``ora_rules.bots.value``) from self-play and write the
shipped model file, byte for byte the same for the same recipe (docs/bots.md, "The learned
evaluation").

    python scripts/train_eval.py                 # every shipped model, from its recipe
    python scripts/train_eval.py --check         # exit 1 if a shipped file would change
    python scripts/train_eval.py --model solo --games 8 --out /tmp/solo.json   # a trial

The recipe of each model (:data:`RECIPES`) names the games (mode, variants, seeds), the policy
that plays them (a bot of ``make_bot``, with a share of exploratory moves drawn from its own
best few), the knots and the ridge penalty. The games are played ``--jobs`` at a time; each
game is a function of its seed (the policies' budgets are in positions valued, never in time),
and the fit runs in numpy on one thread with the weights rounded to 6 significant digits, so
the file is the same on any machine of the same numpy. Needs numpy (the ``learning`` extra).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread: the same sums on any machine
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ora_core.evolve import fold  # noqa: E402
from ora_rules.bots import make_bot  # noqa: E402
from ora_rules.bots.levels import Hard  # noqa: E402
from ora_rules.bots.planner import Planner  # noqa: E402
from ora_rules.bots.value import ValueModel, features, hat, progress  # noqa: E402
from ora_rules.decide import execute, start  # noqa: E402
from ora_rules.moves import MoveSet  # noqa: E402
from ora_rules.scoring import score, score_player  # noqa: E402
from ora_rules.setup import make_config  # noqa: E402
from ora_rules.specs import Rules, load_rules  # noqa: E402

DATA = ROOT / "ora_rules" / "bots" / "data"
KNOTS = (0.0, 0.25, 0.5, 0.75, 1.0)

#: The shipped models and how each is made.
RECIPES: dict[str, dict[str, Any]] = {
    "solo": {"players": 1, "variants": ["france", "ireland"], "length": "long",
             "seeds": [10_000, 10_064], "policy": "hard", "epsilon": 0.15, "top": 4,
             "min_count": 20, "ridge": 10.0},
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


def samples(name: str, recipe: dict[str, Any], games: int | None, jobs: int
            ) -> list[list[Sample]]:
    first, last = recipe["seeds"]
    seeds = list(range(first, last))[:games]
    tasks = [(name, recipe, variant, seed) for seed in seeds for variant in recipe["variants"]]
    if jobs <= 1:
        return [play(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play, tasks))


def witness(game: Sequence[Sample]) -> str:
    """A digest of one game's samples (features, progress, points to come): the same policy
    plays the same game from the same seed, so a different digest means the policy changed."""
    rows = [[sorted(f.items()), at, target] for f, at, target in game]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def fit(games: Sequence[Sequence[Sample]], recipe: dict[str, Any], mode: str,
        name: str) -> ValueModel:
    """Ridge regression of the points still to come on the features, one weight vector a
    knot (``ValueModel``), in numpy on one thread."""
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(RECIPES), action="append")
    parser.add_argument("--games", type=int, default=None, help="fewer seeds, for a trial")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="write here (one model only)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a shipped file would change")
    args = parser.parse_args(argv)
    names = args.model or sorted(RECIPES)
    if args.out is not None and len(names) != 1:
        parser.error("--out writes one model: name it with --model")
    changed = 0
    for name in names:
        recipe = RECIPES[name]
        mode = make_config(recipe["players"], recipe["variants"][0], recipe["length"], 0).mode
        began = time.perf_counter()
        games = samples(name, recipe, args.games, args.jobs)
        played = time.perf_counter() - began
        model = fit(games, recipe, mode, name)
        text = model.to_json()
        target = args.out or DATA / f"value_{name}.json"
        print(f"train_eval: {name}: {len(games)} games, {sum(map(len, games))} positions "
              f"({played:.0f} s), {sum(len(w) for w in model.weights)} weights, "
              f"rms error {residual(model, games):.1f} points", file=sys.stderr)
        if args.check:
            if not target.exists() or target.read_text() != text:
                print(f"train_eval: {target} would change", file=sys.stderr)
                changed += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
