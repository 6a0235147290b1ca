"""Final scoring (R-SCORE-1..8).

Each total is the sum of its items (a card's economic value, a settlement's dwelling value and
its neighbours', a kind of goods' points); ``ora_rules.views.explain`` lists the same items, so an
explanation always sums to the score.
"""

from __future__ import annotations

from typing import NamedTuple

from attrs import frozen

from ora_core.state import PlayerState, Readings, Score, Space, State, WonderScore
from ora_core.values import Coord, Good, Terrain
from ora_rules import wonders
from ora_rules.coin_pieces import kept_apart
from ora_rules.landscape import neighbours
from ora_rules.readings import ByReadings, switch, under
from ora_rules.specs import Rules

WATER_DWELLING = 3  # R-SCORE-4: an adjacent water space holding no building
#: Goods scored together: wine and whiskey may turn into coins (R-SCORE-2).
COIN_GOODS = (Good.COIN, Good.WINE, Good.WHISKEY)


def coin_conversion(coins: int, wine: int, whiskey: int) -> tuple[int, int, int]:
    """(points, wine converted, whiskey converted): the best goods points of coins, wine and
    whiskey (R-SCORE-2, AMB-26), with the fewest conversions that reach them."""
    best = (-1, 0, 0)
    for x in range(wine + 1):
        for y in range(whiskey + 1):
            points = 2 * ((coins + x + 2 * y) // 5) + (wine - x) + (whiskey - y)
            if points > best[0]:
                best = (points, x, y)
    return best


def coin_points(coins: int, wine: int, whiskey: int) -> int:
    """The best goods points of coins, wine and whiskey (R-SCORE-2, AMB-26)."""
    return coin_conversion(coins, wine, whiskey)[0]


def other_goods_points(player: PlayerState, rules: Rules) -> dict[Good, int]:
    """The points of each other kind of goods the player holds (0-point kinds included)."""
    return {good: rules.goods[good].points * n for good, n in player.goods.items()
            if n and good not in COIN_GOODS}


def goods_points(player: PlayerState, rules: Rules, convert: bool = True,
                 pieces: bool = False) -> int:
    """``convert=False`` (a reading: weblabora's goods points, switches ``no_coin_conversion``
    and ``whiskey_unscored``): wine never joins the coins and whiskey scores nothing.
    ``pieces`` (``coin_tiles = kept_apart``): only the 5-coin pieces held score, not every 5
    coins (ora_rules/coin_pieces.py)."""
    coins, wine, whiskey = (player.count(g) for g in COIN_GOODS)
    others = sum(other_goods_points(player, rules).values())
    fives = min(player.five_coin_pieces, coins // 5) if pieces else coins // 5
    if not convert:  # the switches come together in specs/readings.toml (goods_scoring)
        return 2 * fives + wine * rules.goods[Good.WINE].points + others
    if pieces:  # nothing joins the pieces: wine and whiskey score as themselves
        return (2 * fives + wine * rules.goods[Good.WINE].points
                + whiskey * rules.goods[Good.WHISKEY].points + others)
    return coin_points(coins, wine, whiskey) + others


class LiesbornGoods(NamedTuple):
    """Goods points with the Liesborn tiles: the total (the tiles included), each tile's points,
    and the wine and whiskey counted as coins to reach it."""

    points: int
    tiles: tuple[WonderScore, ...]
    wine_converted: int = 0
    whiskey_converted: int = 0


def liesborn_goods(player: PlayerState, rules: Rules, mode: str) -> LiesbornGoods:
    """Goods points with the Liesborn tiles (R-LIES-5, R-LIES-6): the tiles' points replace the
    base game's 30 per wonder. Wine and whiskey may be exchanged for coins first (R-FREE-1,
    AMB-26); a tile counting coins, wine or whiskey (LW-06, LW-08) joins that choice, so the
    exchange that gives the most points in all is taken (AMB-28 e), the least exchange on a
    tie."""
    others = sum(n for g, n in other_goods_points(player, rules).items() if g is not Good.WONDER)
    coins, wine, whiskey = (player.count(g) for g in COIN_GOODS)
    if not wonders.counts_goods(player, rules) & set(COIN_GOODS):
        tiles = wonders.wonder_scores(player, rules, mode)
        points, x, y = coin_conversion(coins, wine, whiskey)
        return LiesbornGoods(points + others + sum(t.points for t in tiles), tiles, x, y)
    best: LiesbornGoods | None = None
    for x in range(wine + 1):
        for y in range(whiskey + 1):
            held = {**player.goods, Good.COIN: coins + x + 2 * y, Good.WINE: wine - x,
                    Good.WHISKEY: whiskey - y}
            tiles = wonders.wonder_scores(player, rules, mode, held)
            total = (2 * (held[Good.COIN] // 5) + held[Good.WINE] + held[Good.WHISKEY] + others
                     + sum(t.points for t in tiles))
            if best is None or total > best.points:
                best = LiesbornGoods(total, tiles, x, y)
    assert best is not None
    return best


def card_values(card: str, rules: Rules) -> tuple[int, int] | None:
    """(economic, dwelling) of a building or settlement card; None for forest / moor."""
    if card.startswith("S"):
        s = rules.settlements[card]
        return s.economic, s.dwelling
    if card in ("LFO", "LMO"):
        return None
    b = rules.building(card)
    return b.economic, b.dwelling


def economic_items(player: PlayerState, rules: Rules) -> list[tuple[Coord, str, int]]:
    """(space, card, economic value) of every building and settlement (R-SCORE-3)."""
    items = []
    for coord, space in sorted(player.landscape.items()):
        if space.card is not None:
            values = card_values(space.card, rules)
            if values:
                items.append((coord, space.card, values[0]))
    return items


def economic_points(player: PlayerState, rules: Rules) -> int:
    """The sum of :func:`economic_items`' values, without listing them in order (the bots
    count it for thousands of positions a second)."""
    total = 0
    for space in player.landscape.values():
        if space.card is not None:
            values = card_values(space.card, rules)
            if values:
                total += values[0]
    return total


@frozen
class SettlementItem:
    """One settlement's dwelling value and each neighbouring space's (R-SCORE-4..6, AMB-19):
    ``(space, card or None, dwelling value)``."""

    coord: Coord
    settlement: str
    dwelling: int
    neighbours: tuple[tuple[Coord, str | None, int], ...]

    @property
    def total(self) -> int:
        return self.dwelling + sum(value for _, _, value in self.neighbours)


def neighbour_dwelling(space: Space, rules: Rules) -> int:
    """What a space adds to a settlement beside it (R-SCORE-4..6): its card's dwelling value,
    3 for an empty water space, else 0."""
    if space.card is None:
        return WATER_DWELLING if space.terrain is Terrain.WATER else 0
    values = card_values(space.card, rules)
    return values[1] if values else 0


def settlement_items(player: PlayerState, rules: Rules) -> list[SettlementItem]:
    result = []
    for coord, space in sorted(player.landscape.items()):
        if space.card is None or not space.card.startswith("S"):
            continue
        around = [(n, player.landscape[n].card, neighbour_dwelling(player.landscape[n], rules))
                  for n in neighbours(coord, player.landscape)]
        result.append(SettlementItem(coord, space.card, rules.settlements[space.card].dwelling,
                                     tuple(around)))
    return result


def settlement_points(player: PlayerState, rules: Rules) -> tuple[int, ...]:
    """Per settlement, in the order of :func:`settlement_items`: its dwelling value plus its
    neighbours' (R-SCORE-4..6, AMB-19), the items' totals without making the items."""
    landscape = player.landscape
    settlements = sorted((coord, space.card) for coord, space in landscape.items()
                         if space.card is not None and space.card.startswith("S"))
    return tuple(rules.settlements[card].dwelling
                 + sum(neighbour_dwelling(landscape[n], rules)
                       for n in neighbours(coord, landscape))
                 for coord, card in settlements)


def score_player(player: PlayerState, rules: Rules, mode: str | None = None,
                 convert: bool = True, pieces: bool = False) -> Score:
    """One player's breakdown; ``mode`` (the game's mode code) only in a Liesborn game, where
    the wonder tiles are scored one by one (R-LIES-6); ``convert`` and ``pieces`` as in
    ``goods_points``."""
    tiles: tuple[WonderScore, ...] = ()
    if mode is None:
        goods = goods_points(player, rules, convert, pieces)
    else:
        goods, tiles, _, _ = liesborn_goods(player, rules, mode)
    economic = economic_points(player, rules)
    settlements = settlement_points(player, rules)
    return Score(seat=player.seat, goods=goods, economic=economic, settlements=settlements,
                 total=goods + economic + sum(settlements), wonders=tiles)


def liesborn_mode(state: State) -> str | None:
    """The mode code ``score_player`` needs in a Liesborn game (R-LIES-7), else None."""
    return state.config.mode if state.config.liesborn else None


class ScoringReadings(NamedTuple):
    """How a game's readings score it: the rules under them (a reading may change a card's or
    a good's values), and ``convert`` and ``pieces`` as in ``goods_points``."""

    rules: Rules
    convert: bool
    pieces: bool


def _scoring_under(rules: Rules, readings: Readings) -> ScoringReadings:
    convert = not (switch(rules, readings, "no_coin_conversion")
                   and switch(rules, readings, "whiskey_unscored"))
    return ScoringReadings(under(rules, readings), convert, kept_apart(rules, readings))


#: How a game under the readings is scored (the bots' evaluation asks every position).
_SCORING: ByReadings[ScoringReadings] = ByReadings(_scoring_under)


def scoring_readings(state: State, rules: Rules) -> ScoringReadings:
    return _SCORING(rules, state.config.readings)


def score(state: State, rules: Rules) -> tuple[Score, ...]:
    """Every scored player's breakdown (the neutral player is not scored, R-SCORE-8)."""
    mode = liesborn_mode(state)
    rules, convert, pieces = scoring_readings(state, rules)
    return tuple(score_player(p, rules, mode, convert, pieces) for p in state.players
                 if not p.neutral)


def neutral_score(state: State, rules: Rules) -> Score | None:
    """The solo game's neutral player scored as a player would be, for a note beside the
    scores (``game.score``'s ``neutral``, ``ora explain``), never as a seat of them: the rules
    do not score it (R-SCORE-8, R-SOLO-3), but weblabora does, so an auditor compares. It
    holds no goods and no settlements, so this is its buildings' economic value; None
    outside the solo game."""
    neutral = next((p for p in state.players if p.neutral), None)
    if neutral is None:
        return None
    rules, convert, pieces = scoring_readings(state, rules)
    return score_player(neutral, rules, liesborn_mode(state), convert, pieces)


def winners(scores: tuple[Score, ...]) -> tuple[int, ...]:
    """R-SCORE-7: every player with the highest total wins."""
    best = max(s.total for s in scores)
    return tuple(s.seat for s in scores if s.total == best)
