"""The score line by line (``ora explain``, ``game.explain``; R-SCORE-1..8).

``explain(state, rules)`` lists, per scored seat, each kind of goods' points, each building's and
settlement's economic value, and each settlement with its own and every neighbour's dwelling
value. The items come from ``ora_rules.scoring`` (the functions the score itself sums), so the
explanation sums to the score by construction; a property test checks it on random games.
"""

from __future__ import annotations

import functools
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
    scoring_readings,
    settlement_items,
)
from ora_rules.specs import Rules
from ora_rules.tokens import GOOD_ORDER
from ora_rules.views import vocabulary as v
from ora_rules.views.narrate import building_name, coord_text, seat_name, settlement_name
from ora_rules.views.sentences import ENGLISH, Speech
from ora_rules.wonders import variable_value


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


def explain(state: State, rules: Rules, seat: int | None = None, locale: str = "en"
            ) -> tuple[Explanation, ...]:
    """Every scored seat's explanation (only ``seat``'s when given), said in ``locale``."""
    say = ENGLISH if locale == "en" else Speech(locale)
    return tuple(explain_player(state, p, rules, say) for p in state.players
                 if not p.neutral and (seat is None or p.seat == seat))


def explain_neutral(state: State, rules: Rules, locale: str = "en") -> Explanation | None:
    """The solo game's neutral player explained as a seat would be: a note for comparing with
    an engine that scores it (weblabora), not a seat of the score (R-SCORE-8,
    ``scoring.neutral_score``); None outside the solo game."""
    say = ENGLISH if locale == "en" else Speech(locale)
    return next((explain_player(state, p, rules, say) for p in state.players if p.neutral),
                None)


def _card_name(card: str, rules: Rules, say: Speech) -> str:
    if card.startswith("S"):
        return settlement_name(rules, card, say)
    return building_name(rules, card, say)


def _points(n: int, say: Speech) -> str:
    return say("point" if abs(n) == 1 else "points", n=n)


def goods_lines(player: PlayerState, rules: Rules, mode: str | None = None,
                say: Speech = ENGLISH, convert: bool = True, pieces: bool = False
                ) -> tuple[GoodsLine, ...]:
    """The goods points kind by kind; ``mode`` in a Liesborn game, whose wonder tiles score one
    by one (``wonder_lines``) and may change which wine and whiskey count as coins;
    ``convert`` and ``pieces`` as in ``scoring.goods_points`` (a source profile's readings)."""
    lines = []
    coins, wine, whiskey = (player.count(g) for g in COIN_GOODS)
    liesborn = liesborn_goods(player, rules, mode) if mode is not None else None
    if mode is None and (pieces or not convert):  # nothing joins the coins (a profile's)
        lines += _apart_coin_lines(player, rules, convert, pieces, say)
    elif coins or wine or whiskey:
        points, x, y = coin_conversion(coins, wine, whiskey)
        if liesborn is not None:  # the exchange that is best with the tiles (AMB-28 e)
            x, y = liesborn.wine_converted, liesborn.whiskey_converted
            points = 2 * ((coins + x + 2 * y) // 5) + (wine - x) + (whiskey - y)
        held = {g: n for g, n in zip(COIN_GOODS, (coins, wine, whiskey), strict=True) if n}
        text = say("held_points", goods=say.goods(held), points=_points(points, say))
        turned = {g: n for g, n in ((Good.WINE, x), (Good.WHISKEY, y)) if n}
        if turned:
            text = say("as_coins", clause=text, goods=say.goods(turned))
        lines.append(GoodsLine(held, points, text))
    for good, points in sorted(other_goods_points(player, rules).items(),
                               key=lambda kv: GOOD_ORDER[kv[0]]):
        if liesborn is not None and good is Good.WONDER:
            continue  # the tiles, below
        n = player.count(good)
        each = rules.goods[good].points
        lines.append(GoodsLine({good: n}, points, say(
            "at_each", goods=say.goods({good: n}), each=each, points=_points(points, say))))
    if liesborn is not None and mode is not None:
        lines += wonder_lines(liesborn.tiles, rules, mode, say)
    return tuple(lines)


def _apart_coin_lines(player: PlayerState, rules: Rules, convert: bool, pieces: bool,
                      say: Speech) -> list[GoodsLine]:
    """Coins, wine and whiskey each on their own (``scoring.goods_points``): 2 points a 5-coin
    piece held (``pieces``) or every 5 coins; wine at its points; whiskey at its points, or
    nothing where the readings leave it unscored (``convert`` false)."""
    lines = []
    coins, wine, whiskey = (player.count(g) for g in COIN_GOODS)
    if coins:
        points = 2 * (min(player.five_coin_pieces, coins // 5) if pieces else coins // 5)
        lines.append(GoodsLine({Good.COIN: coins}, points, say(
            "held_points", goods=say.goods({Good.COIN: coins}), points=_points(points, say))))
    for good, n in ((Good.WINE, wine), (Good.WHISKEY, whiskey)):
        if n:
            each = rules.goods[good].points if convert or good is Good.WINE else 0
            lines.append(GoodsLine({good: n}, each * n, say(
                "at_each", goods=say.goods({good: n}), each=each,
                points=_points(each * n, say))))
    return lines


def wonder_lines(tiles: Sequence[WonderScore], rules: Rules, mode: str,
                 say: Speech = ENGLISH) -> list[GoodsLine]:
    """One line per Liesborn wonder tile (R-LIES-5, R-LIES-6): a light-blue tile's fixed points,
    a dark-blue tile's base plus its value times the count behind it (AMB-28 f: rounded
    down). What a tile counts is ``vocabulary.EXPLAIN["per_<count>"]`` (R-LIES-8)."""
    lines = []
    for w in tiles:
        if not w.dark:
            lines.append(GoodsLine({Good.WONDER: 1}, w.points, say(
                "light_wonder", tile=w.tile, points=_points(w.points, say))))
            continue
        spec = rules.wonders[w.tile]
        c = spec.condition
        assert c is not None
        value = variable_value(spec, mode, rules)
        of = functools.reduce(lambda a, b: say("of_and", first=a, rest=b),
                              [say.good(g, 2) for g in c.of]) if c.of else ""
        if c.per == "goods" and c.each > 1:
            of = f"{c.each} {of}"
        counted = say(f"per_{c.per}", of=of)
        number = f"{float(value):g}".replace("0.5", "½")
        lines.append(GoodsLine({Good.WONDER: 1}, w.points, say(
            "dark_wonder", tile=w.tile, name=say.word(spec.name), base=spec.base,
            sign="+" if value >= 0 else "-", value=number.lstrip("-"), count=w.count,
            counted=counted, points=_points(w.points, say))))
    return lines


def explain_player(state: State, player: PlayerState, rules: Rules, say: Speech = ENGLISH
                   ) -> Explanation:
    name = seat_name(state, player.seat, say)
    mode = liesborn_mode(state)
    rules, convert, pieces = scoring_readings(state, rules)  # as ``scoring.score`` reads them
    goods = goods_lines(player, rules, mode, say, convert, pieces)
    economic = tuple(CardLine(card, coord, value, say(
        "card_at", card=_card_name(card, rules, say), coord=coord_text(coord),
        points=_points(value, say))) for coord, card, value in economic_items(player, rules))
    settlements = []
    for item in settlement_items(player, rules):
        around = []
        for coord, card, value in item.neighbours:
            if card is None:
                terrain = player.landscape[coord].terrain
                what = say("empty", terrain=say.word(v.TERRAIN[terrain]).lower())
                if value == WATER_DWELLING:
                    what = say.word(v.TERRAIN[Terrain.WATER]).lower()
            elif card in ("LFO", "LMO"):
                what = say.word(v.LANDSCAPE[card]).lower()
            else:
                what = _card_name(card, rules, say)
            around.append(NeighbourLine(coord, card, value, say(
                "neighbour_at", what=what, coord=coord_text(coord), value=value)))
        own = _card_name(item.settlement, rules, say)
        parts = [say("its_own", n=item.dwelling)] + [line.text for line in around]
        settlements.append(SettlementLine(
            item.settlement, item.coord, item.dwelling, tuple(around), item.total, say(
                "settlement_at", card=own, coord=coord_text(item.coord),
                points=_points(item.total, say), parts=say.join(parts))))
    score = score_player(player, rules, mode, convert, pieces)
    text = say("seat_total", seat=name, points=_points(score.total, say), goods=score.goods,
               economic=score.economic, settlements=sum(score.settlements))
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
