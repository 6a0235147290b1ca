"""The Liesborn wonder tiles (rules.md §17, R-LIES-1..10, AMB-28): the draw and the tile values.

A tile's dark-blue front is data (``specs/wonders/``): a base value plus a variable value per
count, where the count is one word of a small vocabulary (``WONDER_COUNTS`` in specs.py). This
module interprets that vocabulary; no tile has code of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from math import floor

from ora_core.errors import InvalidConfig
from ora_core.state import GameConfig, PlayerState, WonderScore
from ora_core.values import FOREST, MOOR, Good
from ora_rules.landscape import landscape_count
from ora_rules.spec_set.model import LiesbornSpec, Rules, TileSet, WonderCondition, WonderSpec

#: The token of a use that takes a light-blue tile from the stack (R-LIES-3).
LIGHT_TOKEN = "LB"


def expansion(rules: Rules) -> LiesbornSpec:
    if rules.liesborn is None:
        raise InvalidConfig("these specs have no specs/expansions/liesborn.toml", "liesborn")
    return rules.liesborn


def tile_set(config: GameConfig, rules: Rules) -> TileSet:
    """The tile set a Liesborn game uses (AMB-28 a), or ``InvalidConfig`` naming the known ones."""
    spec = expansion(rules)
    found = spec.tile_sets.get(config.wonder_tiles)
    if found is None:
        raise InvalidConfig(f"wonder_tiles must be one of {', '.join(sorted(spec.tile_sets))}, "
                            f"got {config.wonder_tiles!r}", "wonder_tiles")
    return found


def draw(config: GameConfig, rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """R-LIES-2: the display (dark-blue) and the stack (light-blue, top first), drawn from the
    game's seed. Only tiles known in full can be dark-blue (AMB-28 a); the others join the
    stack or stay out, as the tile set says."""
    spec = expansion(rules)
    chosen = tile_set(config, rules)
    known = [t for t in spec.tile_ids() if t in rules.wonders and rules.wonders[t].known]
    others = [t for t in spec.tile_ids() if t not in known]
    # A generator of its own, so the base game's draws (colours) stay as they were.
    rng = random.Random(f"liesborn/{config.seed}")
    display = rng.sample(known, spec.display[config.players])
    stack = [t for t in known if t not in display]
    if chosen.unknown == "light":
        stack += others
    rng.shuffle(stack)
    return tuple(display), tuple(stack)


# --- the count vocabulary (R-LIES-8) ----------------------------------------------------------

Holding = Mapping[Good, int]
_Counter = Callable[[WonderCondition, PlayerState, Rules, Holding], int]


def _buildings(player: PlayerState, rules: Rules) -> list[str]:
    """The building cards in the landscape (settlements, forests and moors are not buildings)."""
    return [s.card for s in player.landscape.values()
            if s.card is not None and s.card not in (FOREST, MOOR) and not s.card.startswith("S")]


def _built_material(c: WonderCondition, player: PlayerState, rules: Rules, _: Holding) -> int:
    # The printed costs of the buildings in the landscape: what their builder paid, since
    # building costs are paid exactly (R-BUILD-1, R-GOODS-4); start buildings cost nothing.
    return sum(rules.building(b).cost.get(g, 0) for b in _buildings(player, rules) for g in c.of)


def _landscape(c: WonderCondition, player: PlayerState, rules: Rules, _: Holding) -> int:
    return landscape_count(player)


def _building(c: WonderCondition, player: PlayerState, rules: Rules, _: Holding) -> int:
    return len(_buildings(player, rules))


def _cloister_building(c: WonderCondition, player: PlayerState, rules: Rules, _: Holding) -> int:
    return sum(1 for b in _buildings(player, rules) if rules.building(b).cloister)


def _goods(c: WonderCondition, player: PlayerState, rules: Rules, goods: Holding) -> int:
    return sum(goods.get(g, 0) for g in c.of) // c.each


def _combination(c: WonderCondition, player: PlayerState, rules: Rules, goods: Holding) -> int:
    return min(goods.get(g, 0) for g in c.of)


COUNTERS: dict[str, _Counter] = {
    "built_material": _built_material,
    "landscape": _landscape,
    "building": _building,
    "cloister_building": _cloister_building,
    "goods": _goods,
    "combination": _combination,
}


def variable_value(spec: WonderSpec, mode: str, rules: Rules) -> Fraction:
    """The value per count in ``mode``: the reduced one in the modes of R-LIES-7."""
    condition = spec.condition
    assert condition is not None, f"{spec.id} has no legible variable value"
    value = condition.value
    if condition.reduced is not None and mode in expansion(rules).reduced_modes:
        value = condition.reduced
    return Fraction(value).limit_denominator(100)


def dark_score(spec: WonderSpec, player: PlayerState, rules: Rules, mode: str,
               goods: Holding | None = None) -> WonderScore:
    """A dark-blue tile's points (R-LIES-6): base plus value times count, rounded down as a
    whole (AMB-28 f), negative totals kept (AMB-28 g). ``goods``: the holding to count goods
    in (after free conversions), the player's own by default."""
    condition = spec.condition
    assert condition is not None, f"{spec.id} is never dark-blue (AMB-28 a)"
    count = COUNTERS[condition.per](condition, player, rules,
                                    player.goods if goods is None else goods)
    points = floor(spec.base + variable_value(spec, mode, rules) * count)
    return WonderScore(tile=spec.id, dark=True, points=points, count=count)


def wonder_scores(player: PlayerState, rules: Rules, mode: str, goods: Holding | None = None
                  ) -> tuple[WonderScore, ...]:
    """Every wonder tile of ``player``: dark-blue ones as ``dark_score``, light-blue ones at
    their fixed value (R-LIES-5), in the order taken."""
    light = expansion(rules).light_points
    return (*(dark_score(rules.wonders[t], player, rules, mode, goods)
              for t in player.dark_wonders),
            *(WonderScore(tile=t, dark=False, points=light) for t in player.light_wonders))


def counts_goods(player: PlayerState, rules: Rules) -> frozenset[Good]:
    """The goods the player's dark-blue tiles count: where a free conversion may pay off."""
    return frozenset(g for t in player.dark_wonders
                     for c in [rules.wonders[t].condition] if c is not None
                     and c.per in ("goods", "combination") for g in c.of)
