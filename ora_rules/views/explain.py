"""The score line by line (``ora explain``, ``game.explain``; R-SCORE-1..8).

``explain(state, rules)`` lists, per scored seat, each kind of goods' points, each building's and
settlement's economic value, and each settlement with its own and every neighbour's dwelling
value. The items come from ``ora_rules.scoring`` (the functions the score itself sums), so the
explanation sums to the score by construction; a property test checks it on random games.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ora_core.state import PlayerState, Score, State, WonderScore
from ora_core.values import Coord, Good, Terrain
from ora_rules.scoring import (
    COIN_GOODS,
    WATER_DWELLING,
    coin_conversion,
    economic_items,
    liesborn_goods,
    liesborn_mode,
    other_goods_points,
    score_player,
    settlement_items,
)
from ora_rules.specs import Rules
from ora_rules.tokens import GOOD_ORDER
from ora_rules.views.narrate import (
    building_name,
    coord_text,
    good_name,
    goods_text,
    join,
    seat_name,
)
from ora_rules.wonders import variable_value

_TERRAIN = {Terrain.WATER: "water", Terrain.COAST: "coast", Terrain.PLAINS: "plains",
            Terrain.HILLSIDE: "hillside", Terrain.MOUNTAIN: "mountain"}


@frozen
class GoodsLine:
    """Goods points of one kind (or of coins, wine and whiskey together, R-SCORE-2)."""

    goods: dict[Good, int]
    points: int
    text: str


@frozen
class CardLine:
    """A building's or settlement's economic value (R-SCORE-3)."""

    card: str
    coord: Coord
    points: int
    text: str


@frozen
class NeighbourLine:
    """The dwelling value a neighbouring space adds to a settlement (R-SCORE-4, AMB-19)."""

    coord: Coord
    card: str | None
    points: int
    text: str


@frozen
class SettlementLine:
    settlement: str
    coord: Coord
    dwelling: int
    neighbours: tuple[NeighbourLine, ...]
    points: int
    text: str


@frozen
class Explanation:
    """One seat's score, line by line; ``score`` is ``scoring.score_player``'s."""

    seat: int
    name: str
    goods: tuple[GoodsLine, ...]
    economic: tuple[CardLine, ...]
    settlements: tuple[SettlementLine, ...]
    score: Score
    text: str


def explain(state: State, rules: Rules, seat: int | None = None) -> tuple[Explanation, ...]:
    """Every scored seat's explanation (only ``seat``'s when given)."""
    return tuple(explain_player(state, p, rules) for p in state.players
                 if not p.neutral and (seat is None or p.seat == seat))


def _card_name(card: str, rules: Rules) -> str:
    if card.startswith("S"):
        return f"the {rules.settlements[card].name} ({card})"
    return building_name(rules, card)


def _points(n: int) -> str:
    return f"{n} point{'' if abs(n) == 1 else 's'}"


def goods_lines(player: PlayerState, rules: Rules, mode: str | None = None
                ) -> tuple[GoodsLine, ...]:
    """The goods points kind by kind; ``mode`` in a Liesborn game, whose wonder tiles score one
    by one (``wonder_lines``) and may change which wine and whiskey count as coins."""
    lines = []
    coins, wine, whiskey = (player.count(g) for g in COIN_GOODS)
    liesborn = liesborn_goods(player, rules, mode) if mode is not None else None
    if coins or wine or whiskey:
        points, x, y = coin_conversion(coins, wine, whiskey)
        if liesborn is not None:  # the exchange that is best with the tiles (AMB-28 e)
            x, y = liesborn.wine_converted, liesborn.whiskey_converted
            points = 2 * ((coins + x + 2 * y) // 5) + (wine - x) + (whiskey - y)
        held = {g: n for g, n in zip(COIN_GOODS, (coins, wine, whiskey), strict=True) if n}
        text = f"{goods_text(held)}: {_points(points)}"
        turned = {g: n for g, n in ((Good.WINE, x), (Good.WHISKEY, y)) if n}
        if turned:
            text += f" (counting {goods_text(turned)} as coins)"
        lines.append(GoodsLine(held, points, text))
    for good, points in sorted(other_goods_points(player, rules).items(),
                               key=lambda kv: GOOD_ORDER[kv[0]]):
        if liesborn is not None and good is Good.WONDER:
            continue  # the tiles, below
        n = player.count(good)
        each = rules.goods[good].points
        lines.append(GoodsLine({good: n}, points,
                               f"{n} {good_name(good, n)} at {each} each: {_points(points)}"))
    if liesborn is not None and mode is not None:
        lines += wonder_lines(liesborn.tiles, rules, mode)
    return tuple(lines)


#: What each count of the tiles' vocabulary counts, in words (R-LIES-8).
_COUNTED = {
    "built_material": "{of} in the costs of your buildings",
    "landscape": "landscapes, the heartland included",
    "building": "buildings, the start buildings included",
    "cloister_building": "cloister buildings, the Cloister Office included",
    "goods": "{of}",
    "combination": "pairs of {of}",
}


def wonder_lines(tiles: Sequence[WonderScore], rules: Rules, mode: str) -> list[GoodsLine]:
    """One line per Liesborn wonder tile (R-LIES-5, R-LIES-6): a light-blue tile's fixed points,
    a dark-blue tile's base plus its value times the count behind it (AMB-28 f: rounded
    down)."""
    lines = []
    for w in tiles:
        if not w.dark:
            lines.append(GoodsLine({Good.WONDER: 1}, w.points,
                                   f"wonder {w.tile}, light-blue: {_points(w.points)}"))
            continue
        spec = rules.wonders[w.tile]
        c = spec.condition
        assert c is not None
        value = variable_value(spec, mode, rules)
        of = " and ".join(good_name(g, 2) for g in c.of)
        if c.per == "goods" and c.each > 1:
            of = f"{c.each} {of}"
        counted = _COUNTED[c.per].format(of=of)
        number = f"{float(value):g}".replace("0.5", "½")
        lines.append(GoodsLine(
            {Good.WONDER: 1}, w.points,
            f"wonder {w.tile} {spec.name}, dark-blue: {spec.base} "
            f"{'+' if value >= 0 else '-'} {number.lstrip('-')} x {w.count} ({counted}) = "
            f"{_points(w.points)}"))
    return lines


def explain_player(state: State, player: PlayerState, rules: Rules) -> Explanation:
    name = seat_name(state, player.seat)
    mode = liesborn_mode(state)
    goods = goods_lines(player, rules, mode)
    economic = tuple(CardLine(card, coord, value,
                              f"{_card_name(card, rules)} at {coord_text(coord)}: "
                              f"{_points(value)}")
                     for coord, card, value in economic_items(player, rules))
    settlements = []
    for item in settlement_items(player, rules):
        around = []
        for coord, card, value in item.neighbours:
            if card is None:
                what = f"empty {_TERRAIN[player.landscape[coord].terrain]}"
                if value == WATER_DWELLING:
                    what = "water"
            elif card in ("LFO", "LMO"):
                what = "forest" if card == "LFO" else "moor"
            else:
                what = _card_name(card, rules)
            around.append(NeighbourLine(coord, card, value,
                                        f"{what} at {coord_text(coord)}: {value}"))
        own = _card_name(item.settlement, rules)
        parts = [f"its own {item.dwelling}"] + [line.text for line in around]
        settlements.append(SettlementLine(
            item.settlement, item.coord, item.dwelling, tuple(around), item.total,
            f"{own} at {coord_text(item.coord)}: {_points(item.total)} ({join(parts)})"))
    score = score_player(player, rules, mode)
    text = (f"{name}: {_points(score.total)} = goods {score.goods} + economic "
            f"{score.economic} + settlements {sum(score.settlements)}")
    return Explanation(player.seat, name, goods, economic, tuple(settlements), score, text)


def explanation_text(explanation: Explanation) -> str:
    """The explanation as indented lines, for ``ora explain``."""
    e = explanation
    lines = [e.text, f"  goods: {e.score.goods}"]
    lines += [f"    {line.text}" for line in e.goods]
    lines.append(f"  economic value: {e.score.economic}")
    lines += [f"    {line.text}" for line in e.economic]
    lines.append(f"  settlements: {sum(e.score.settlements)}")
    lines += [f"    {line.text}" for line in e.settlements]
    return "\n".join(lines)
