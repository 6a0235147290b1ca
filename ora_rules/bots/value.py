"""A learned evaluation of positions (docs/bots.md, "The learned evaluation").

A position is worth, for a seat, its provisional score plus the points still to come, which a
linear model predicts from **features** of the position: the non-zero entries of the learning
surface's own observation of that seat (``encoding.observe_sparse``: goods, buildings owned,
landscape, settlements in hand and built, the display, the wheel, prices) and a few terms of
the hand-written strategic evaluation (``ora_rules.bots.strategy``: the display's promise, the
settlements in hand, the best settlement sites, food and energy). The model's weights change
with the game's progress: a weight vector at each of a few **knots** (0, 1/4, ... 1 of the
game's rounds), interpolated between the two around the position's progress, so a good's
worth or a building's engine value fades as the game nears its end.

The weights are learned from self-play (``ora train-eval``, ``ora_rules.bots.training``,
which writes the shipped files in ``ora_rules/bots/data/`` byte for byte from its recipe and
seeds); evaluating them needs plain Python only, so every level works with the ``api`` extra
alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from attrs import frozen

from ora_core.state import State
from ora_core.values import Stage
from ora_rules.bots.strategy import SETTLEMENT_TERRAIN, settlement_sites, strategic_terms
from ora_rules.bots.work import valued
from ora_rules.learning.encoding import GLOBAL, SEAT, observe_sparse
from ora_rules.scoring import score_player
from ora_rules.specs import Rules

#: Where the shipped models are, and the model of each mode (``ora_rules.bots.training`` has
#: their recipes). The bots read those of solo and the long games of three and four
#: (``expert``, ``learned``); the analysis reads every mode's (``ora_rules.analysis.estimate``).
DATA = Path(__file__).with_name("data")
MODELS = {"1": "value_solo.json", "3": "value_three.json", "4": "value_four.json",
          "3s": "value_three_short.json", "4s": "value_four_short.json",
          "2": "value_two.json", "2L": "value_two_long.json"}
#: Bumped whenever a feature's meaning changes: a model names the version it was trained on.
FEATURE_VERSION = 1
#: The observation's indices used: the global block and the seat's own block.
OBSERVED = GLOBAL + SEAT
HAND = OBSERVED  # the hand-written terms follow
HAND_NAMES = (
    "strategic future",  # strategic_value less the provisional score
    "display",  # the display's promise and the materials it asks for
    "settlements in hand",  # their promise (food, energy, sites)
    "best site", "second site", "third site",  # neighbours' dwelling values, /10
    "food", "energy", "coin value",  # /10
    "settlements in hand count", "buildings owned", "settlements built",
    "empty settlement spaces", "free clergy", "settlement cards to come",
)
def progress(state: State, rules: Rules) -> float:
    """How far the game is, 0 at its start and 1 at its end: rounds in the fixed-length games
    (round / the mode's last round), settlement phases in the open-ended two-player games
    (which end after phase D, R-END-2/3)."""
    last = rules.modes[state.config.mode].last_round
    if last is None:
        return min(1.0, len(state.settlement_phases) / 4)
    return max(0.0, min(1.0, (state.round - 1) / (last - 1)))


def features(state: State, seat: int, rules: Rules) -> dict[int, float]:
    """The seat's features of ``state``: sparse, ``{index: value}`` (module doc)."""
    out = observe_sparse(state, seat, rules, seats=1)
    player = state.players[seat]
    terms = strategic_terms(state, seat, rules)
    hand = [0.0] * len(HAND_NAMES)
    hand[0] = (terms.value - terms.score) / 10
    hand[1] = terms.display / 10
    hand[2] = terms.settlements / 10
    sites = settlement_sites(player, rules)
    for i, site in enumerate(sites[:3]):
        hand[3 + i] = site / 10
    food = energy = coins = 0.0
    for good, n in player.goods.items():
        spec = rules.goods[good]
        food += spec.food * n
        energy += spec.energy * n
        coins += spec.coins * n
    hand[6], hand[7], hand[8] = food / 10, energy / 10, coins / 10
    hand[9] = float(len(player.settlements))
    hand[10] = float(sum(1 for b, p in state.built.items()
                         if p.seat == seat and not b.startswith("L")))
    settled = sum(1 for s in player.landscape.values()
                  if s.card is not None and s.card in rules.settlements)
    hand[11] = float(settled)
    hand[12] = float(sum(1 for s in player.landscape.values()
                         if s.card is None and s.terrain in SETTLEMENT_TERRAIN)) / 10
    hand[13] = float(sum(1 for at in player.clergy if at is None))
    hand[14] = float(sum(1 for s in (Stage.A, Stage.B, Stage.C, Stage.D)
                         if s not in state.settlement_phases))
    for i, v in enumerate(hand):
        if v:
            out[HAND + i] = v
    return out


@frozen
class ValueModel:
    """A linear model of the points still to come, one weight vector a knot (module doc)."""

    mode: str
    knots: tuple[float, ...]
    bias: tuple[float, ...]
    weights: tuple[Mapping[int, float], ...]
    recipe: Mapping[str, object]
    #: A digest of the recipe's first game as its policy played it (``ora_rules.bots.training``):
    #: the policy changed, that game changes, and the model is stale.
    witness: str = ""

    def future(self, feats: Mapping[int, float], at: float) -> float:
        """The points still to come for features ``feats`` at progress ``at``."""
        knots = self.knots
        k = 0
        while k + 2 < len(knots) and at > knots[k + 1]:
            k += 1
        span = knots[k + 1] - knots[k]
        a = max(0.0, min(1.0, (at - knots[k]) / span))
        low, high = self.weights[k], self.weights[k + 1]
        total = (1 - a) * self.bias[k] + a * self.bias[k + 1]
        for i, x in feats.items():
            total += x * ((1 - a) * low.get(i, 0.0) + a * high.get(i, 0.0))
        return total

    def value(self, state: State, seat: int, rules: Rules) -> float:
        """The seat's provisional score plus the points still to come (the final score once
        the game is over)."""
        valued()
        now = float(score_player(state.players[seat], rules).total)
        if state.finished:
            return now
        return now + self.future(features(state, seat, rules), progress(state, rules))

    def to_json(self) -> str:
        """The model as the shipped file holds it: sorted, one knot a line of weights."""
        head = {"format": "ora value model", "feature_version": FEATURE_VERSION,
                "mode": self.mode, "recipe": dict(self.recipe),
                "knots": list(self.knots), "bias": list(self.bias), "witness": self.witness}
        lines = [json.dumps(head, sort_keys=True)]
        for w in self.weights:
            lines.append(json.dumps([[i, w[i]] for i in sorted(w)]))
        return "\n".join(lines) + "\n"


def from_json(text: str, source: str = "a value model") -> ValueModel:
    """A model from :meth:`ValueModel.to_json`'s text (``ValueError`` naming ``source`` and the
    line if it is not one of this feature version). Blank lines are skipped: a hand-edited
    file often ends in one."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip()]
    if not lines:
        raise ValueError(f"{source} is empty: not an ora value model")

    def parsed(number: int, line: str) -> Any:
        try:
            return json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{source}, line {number}: not JSON ({error.msg}, "
                             f"column {error.colno})") from None

    head = parsed(*lines[0])
    if (not isinstance(head, dict) or head.get("format") != "ora value model"
            or head.get("feature_version") != FEATURE_VERSION):
        found = head if not isinstance(head, dict) else (head.get("format"),
                                                         head.get("feature_version"))
        raise ValueError(f"{source}, line {lines[0][0]}: not an ora value model of feature "
                         f"version {FEATURE_VERSION} (found {found!r})")
    try:
        weights = tuple({int(i): float(w) for i, w in parsed(number, line)}
                        for number, line in lines[1:])
        knots = tuple(float(k) for k in head["knots"])
        bias = tuple(float(b) for b in head["bias"])
        mode, recipe = str(head["mode"]), dict(head["recipe"])
    except (KeyError, TypeError) as error:
        raise ValueError(f"{source}: a malformed value model ({type(error).__name__}: "
                         f"{error})") from None
    if len(weights) != len(knots) or len(bias) != len(knots):
        raise ValueError(f"{source}: a value model has one weight line and one bias a knot "
                         f"({len(knots)} knots, {len(weights)} weight lines, "
                         f"{len(bias)} biases)")
    return ValueModel(mode=mode, knots=knots, bias=bias, weights=weights, recipe=recipe,
                      witness=str(head.get("witness", "")))


def load(path: Path) -> ValueModel:
    """The model in the file at ``path`` (errors name the file)."""
    return from_json(path.read_text(), source=str(path))


@cache
def model(name: str) -> ValueModel:
    """A shipped model by file name (read once a process)."""
    return load(DATA / name)


def hat(at: float, knots: Sequence[float]) -> list[tuple[int, float]]:
    """The knots around progress ``at`` and their shares (the interpolation of
    :meth:`ValueModel.future`, for fitting)."""
    k = 0
    while k + 2 < len(knots) and at > knots[k + 1]:
        k += 1
    a = max(0.0, min(1.0, (at - knots[k]) / (knots[k + 1] - knots[k])))
    return [(k, 1 - a), (k + 1, a)]
