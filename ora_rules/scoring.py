"""Final scoring (R-SCORE-1..8)."""

from __future__ import annotations

from ora_core.state import PlayerState, Score, State
from ora_core.values import Good, Terrain
from ora_rules.landscape import neighbours
from ora_rules.specs import Rules

WATER_DWELLING = 3  # R-SCORE-4: an adjacent water space holding no building


def coin_points(coins: int, wine: int, whiskey: int) -> int:
    """The best goods points of coins, wine and whiskey (R-SCORE-2, AMB-26)."""
    return max(2 * ((coins + x + 2 * y) // 5) + (wine - x) + (whiskey - y)
               for x in range(wine + 1) for y in range(whiskey + 1))


def goods_points(player: PlayerState, rules: Rules) -> int:
    total = coin_points(player.count(Good.COIN), player.count(Good.WINE),
                        player.count(Good.WHISKEY))
    for good, n in player.goods.items():
        if good not in (Good.COIN, Good.WINE, Good.WHISKEY):
            total += rules.goods[good].points * n
    return total


def _card_values(card: str, rules: Rules) -> tuple[int, int] | None:
    """(economic, dwelling) of a building or settlement card; None for forest / moor."""
    if card.startswith("S"):
        s = rules.settlements[card]
        return s.economic, s.dwelling
    if card in ("LFO", "LMO"):
        return None
    b = rules.building(card)
    return b.economic, b.dwelling


def economic_points(player: PlayerState, rules: Rules) -> int:
    total = 0
    for space in player.landscape.values():
        if space.card is not None:
            values = _card_values(space.card, rules)
            if values:
                total += values[0]
    return total


def settlement_points(player: PlayerState, rules: Rules) -> tuple[int, ...]:
    """Per settlement: its dwelling value plus its neighbours' (R-SCORE-4..6, AMB-19)."""
    result = []
    for coord, space in sorted(player.landscape.items()):
        if space.card is None or not space.card.startswith("S"):
            continue
        total = rules.settlements[space.card].dwelling
        for n in neighbours(coord, player.landscape):
            other = player.landscape[n]
            if other.card is None:
                total += WATER_DWELLING if other.terrain is Terrain.WATER else 0
            else:
                values = _card_values(other.card, rules)
                total += values[1] if values else 0
        result.append(total)
    return tuple(result)


def score_player(player: PlayerState, rules: Rules) -> Score:
    goods = goods_points(player, rules)
    economic = economic_points(player, rules)
    settlements = settlement_points(player, rules)
    return Score(seat=player.seat, goods=goods, economic=economic, settlements=settlements,
                 total=goods + economic + sum(settlements))


def score(state: State, rules: Rules) -> tuple[Score, ...]:
    """Every scored player's breakdown (the neutral player is not scored, R-SCORE-8)."""
    return tuple(score_player(p, rules) for p in state.players if not p.neutral)


def winners(scores: tuple[Score, ...]) -> tuple[int, ...]:
    """R-SCORE-7: every player with the highest total wins."""
    best = max(s.total for s in scores)
    return tuple(s.seat for s in scores if s.total == best)
