"""Plain values of the game: goods, wheel indicators, terrain, coordinates, configuration names.

Enums are ``str`` enums so they survive the JSON codec as readable strings and as dict keys.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias


class Good(StrEnum):
    """A kind of goods tile face (R-GOODS-1).

    Coins are one pool (``COIN``): the 1-coin and 5-coin tiles exchange freely in both directions at
    any time (R-FREE-1 c), so only the total matters; the notation still writes a 5-coin tile
    ``Ni`` where a payment names tiles (docs/notation.md).
    """

    WOOD = "wood"
    PEAT = "peat"
    PEAT_COAL = "peat_coal"
    GRAIN = "grain"
    STRAW = "straw"
    LIVESTOCK = "livestock"
    MEAT = "meat"
    CLAY = "clay"
    CERAMIC = "ceramic"
    COIN = "coin"
    BOOK = "book"
    RELIQUARY = "reliquary"
    STONE = "stone"
    ORNAMENT = "ornament"
    GRAPES = "grapes"
    WINE = "wine"
    FLOUR = "flour"
    BREAD = "bread"
    MALT = "malt"
    BEER = "beer"
    WHISKEY = "whiskey"
    WONDER = "wonder"

    @property
    def code(self) -> str:
        return GOOD_CODES[self]


#: Two-letter goods codes, shared with the kennerspiel command language (plus ``Wd`` for wonders).
GOOD_CODES: dict[Good, str] = {
    Good.WOOD: "Wo",
    Good.PEAT: "Pt",
    Good.PEAT_COAL: "Co",
    Good.GRAIN: "Gn",
    Good.STRAW: "Sw",
    Good.LIVESTOCK: "Sh",
    Good.MEAT: "Mt",
    Good.CLAY: "Cl",
    Good.CERAMIC: "Ce",
    Good.COIN: "Pn",
    Good.BOOK: "Bo",
    Good.RELIQUARY: "Rq",
    Good.STONE: "Sn",
    Good.ORNAMENT: "Or",
    Good.GRAPES: "Gp",
    Good.WINE: "Wn",
    Good.FLOUR: "Fl",
    Good.BREAD: "Br",
    Good.MALT: "Ma",
    Good.BEER: "Be",
    Good.WHISKEY: "Wh",
    Good.WONDER: "Wd",
}
GOOD_BY_CODE: dict[str, Good] = {code: good for good, code in GOOD_CODES.items()}
#: The 5-coin tile: five coins in one tile (a distinct kind for "different goods" payments).
FIVE_COIN_CODE = "Ni"


class Indicator(StrEnum):
    """The goods indicators and the joker on the production wheel (R-COMP-3)."""

    WOOD = "wood"
    PEAT = "peat"
    GRAIN = "grain"
    LIVESTOCK = "livestock"
    CLAY = "clay"
    COIN = "coin"
    JOKER = "joker"
    GRAPES = "grapes"
    STONE = "stone"


class Terrain(StrEnum):
    """The five terrain types (R-BUILD-3)."""

    WATER = "W"
    COAST = "C"
    PLAINS = "P"
    HILLSIDE = "H"
    MOUNTAIN = "M"


class Variant(StrEnum):
    FRANCE = "france"
    IRELAND = "ireland"


class Length(StrEnum):
    LONG = "long"
    SHORT = "short"


class Stage(StrEnum):
    """Settlement phases / building stages (R-SET-1). START marks the start buildings."""

    START = "start"
    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"


class Clergy(StrEnum):
    PRIOR = "prior"
    LAY_BROTHER = "lay_brother"


#: (column, row) of a landscape space, in the kennerspiel convention (R-GEO-1): columns -2..6,
#: heartland rows 0 and 1, rows above the heartland negative.
Coord: TypeAlias = tuple[int, int]

#: Card ids that lie on landscape spaces without being buildings.
FOREST = "LFO"
MOOR = "LMO"

COLOURS = ("R", "G", "B", "W")
