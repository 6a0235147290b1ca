"""What each wonder building asks for, read from its spec, for the strategic evaluation
(docs/bots.md, "Eleventh pass").

A wonder is worth 30 points (R-SCORE-2), more than most buildings, and people's games take one
or two a player (two of the four-player records we hold, four of eight players); the bots
seldom did, since nothing in their evaluation led towards the goods a wonder building asks for.
A wonder building's use is a sequence whose steps take a wonder (R-COMP-9) and ask for goods:
some of different kinds (``pay_different``, the Chamber of Wonders), given goods
(``convert``'s payment, the Sacristy and the Round Tower), or goods of a number of points
(``point_goods``, the Round Tower). This module reads those steps from every spec, so a new
wonder building needs no code here.
"""

from __future__ import annotations

from collections.abc import Mapping

from ora_core.values import Good
from ora_rules.effects.core import Effect
from ora_rules.effects.goods_nodes import PayDifferent
from ora_rules.effects.nodes import Convert, Seq
from ora_rules.effects.special_points import PointGoods, Wonder
from ora_rules.specs import Rules


class WonderPath:
    """A wonder building's asks: ``kinds`` goods of different kinds (0: none), the goods
    ``pay`` as given, and goods worth ``points`` (0: none)."""

    def __init__(self, building: str, kinds: int, pay: Mapping[Good, int], points: int) -> None:
        self.building = building
        self.kinds = kinds
        self.pay = dict(pay)
        self.points = points

    def __repr__(self) -> str:
        return (f"WonderPath({self.building!r}, kinds={self.kinds}, pay={self.pay}, "
                f"points={self.points})")


def wonder_paths(rules: Rules) -> tuple[WonderPath, ...]:
    """Every building of ``rules`` whose use takes a wonder, with what the use asks for."""
    paths = []
    for building in sorted(rules.buildings):
        path = _path(building, rules.buildings[building].effect)
        if path is not None:
            paths.append(path)
    return tuple(paths)


def _path(building: str, effect: Effect | None) -> WonderPath | None:
    steps = effect.steps if isinstance(effect, Seq) else (effect,)
    if not any(isinstance(step, Wonder) for step in steps):
        return None
    kinds = points = 0
    pay: dict[Good, int] = {}
    for step in steps:
        if isinstance(step, PayDifferent):
            kinds += step.n
        elif isinstance(step, Convert):
            for good, n in step.pay.items():
                pay[good] = pay.get(good, 0) + n * step.low
        elif isinstance(step, PointGoods):
            points += step.points
    return WonderPath(building, kinds, pay, points)
