"""Goods strings of the notation: concatenated two-letter codes (``GnGnWo``), as in kennerspiel."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from ora_core.errors import InvalidCommand
from ora_core.values import FIVE_COIN_CODE, GOOD_BY_CODE, GOOD_CODES, Good

#: The order goods are written in canonical strings.
GOOD_ORDER = {good: i for i, good in enumerate(Good)}


def parse_goods(text: str) -> Counter[Good]:
    """``"GnGnNi"`` -> {grain: 2, coin: 5}: a 5-coin tile ``Ni`` is five coins (coins pool)."""
    return Counter(_goods_with_tiles(text)[0])


def parse_tiles(text: str) -> list[str]:
    """The codes of a goods string, one per tile (``Ni`` kept as its own kind)."""
    return _goods_with_tiles(text)[1]


def _goods_with_tiles(text: str) -> tuple[Counter[Good], list[str]]:
    if len(text) % 2:
        raise InvalidCommand(f"goods string {text!r}: codes are two letters each")
    goods: Counter[Good] = Counter()
    tiles = []
    for i in range(0, len(text), 2):
        code = text[i : i + 2]
        if code == FIVE_COIN_CODE:
            goods[Good.COIN] += 5
        elif code in GOOD_BY_CODE:
            goods[GOOD_BY_CODE[code]] += 1
        else:
            raise InvalidCommand(f"goods string {text!r}: unknown goods code {code!r}")
        tiles.append(code)
    return goods, tiles


def format_goods(goods: Mapping[Good, int]) -> str:
    """The canonical goods string: codes in ``Good`` order, each repeated."""
    return "".join(
        GOOD_CODES[g] * n for g, n in sorted(goods.items(), key=lambda kv: GOOD_ORDER[kv[0]]) if n
    )


def format_tiles(tiles: list[str]) -> str:
    order: dict[str, float] = {code: i for i, code in enumerate(GOOD_CODES.values())}
    order[FIVE_COIN_CODE] = order["Pn"] + 0.5  # a 5-coin tile just after the coins
    return "".join(sorted(tiles, key=lambda c: order[c]))
