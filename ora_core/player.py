"""A player's part of the state, ``PlayerState``, and a landscape space, ``Space``: native classes
of the compiled core (issue 34; ``ora_core.native`` says why). A player is copied at most
events (goods paid and gained, clergy placed) and read at every check, legal move and valued
position; a landscape's spaces are scanned by the moves and the bots' evaluation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from ora_core.native import REQUIRED, Record
from ora_core.values import Coord, Good, Terrain


class Space(Record):
    """One landscape space: its terrain and the card on it (forest, moor, building, settlement).

    ``covered`` lists cards built over in the solo neutral landscape (R-SOLO-10), bottom first.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("terrain", Terrain, REQUIRED), ("card", str | None, None),
        ("covered", tuple[str, ...], ()))
    __slots__ = ("card", "covered", "terrain")

    def __init__(self, terrain: Terrain, card: str | None = None, covered: tuple[str, ...] = ()
                 ) -> None:
        self.terrain: Final = terrain
        self.card: Final = card
        self.covered: Final = covered

    def fields(self) -> tuple[Any, ...]:
        return (self.terrain, self.card, self.covered)


class PlayerState(Record):
    """A seat's goods, landscape, clergy and settlement cards in hand.

    ``clergy``: where each clergyman stands, index 0 the prior and the rest lay brothers; None
    for a free one. ``settlements``: the settlement cards (spec ids) not yet built (R-SET-5).
    ``neutral``: the neutral player of the solo game (R-SOLO-3), who never acts and is never
    scored. ``name`` and ``bot``: who plays the seat (``SeatTaken``), the bot's name for a bot
    seat. ``dark_wonders`` and ``light_wonders``: Liesborn wonder tiles held, by id (R-LIES-3),
    each also counted in ``goods`` as a wonder. ``five_coin_pieces``: how many of
    ``goods[COIN]`` are 5-coin pieces, kept only in a game whose profile holds the two coin
    pieces apart (``coin_tiles = kept_apart``, ``CoinPiecesCounted``); 0 and unused where coins
    are one pool (the rulebook, R-FREE-1 c).
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("colour", str, REQUIRED),
        ("goods", Mapping[Good, int], REQUIRED), ("landscape", Mapping[Coord, Space], REQUIRED),
        ("clergy", tuple[str | None, ...], REQUIRED), ("settlements", tuple[str, ...], REQUIRED),
        ("neutral", bool, False), ("name", str | None, None), ("bot", str | None, None),
        ("dark_wonders", tuple[str, ...], ()), ("light_wonders", tuple[str, ...], ()),
        ("five_coin_pieces", int, 0))
    __slots__ = ("bot", "clergy", "colour", "dark_wonders", "five_coin_pieces", "goods",
                 "landscape", "light_wonders", "name", "neutral", "seat", "settlements")

    def __init__(self, seat: int, colour: str, goods: Mapping[Good, int],
                 landscape: Mapping[Coord, Space], clergy: tuple[str | None, ...],
                 settlements: tuple[str, ...], neutral: bool = False, name: str | None = None,
                 bot: str | None = None, dark_wonders: tuple[str, ...] = (),
                 light_wonders: tuple[str, ...] = (), five_coin_pieces: int = 0) -> None:
        self.seat: Final = seat
        self.colour: Final = colour
        self.goods: Final = goods
        self.landscape: Final = landscape
        self.clergy: Final = clergy
        self.settlements: Final = settlements
        self.neutral: Final = neutral
        self.name: Final = name
        self.bot: Final = bot
        self.dark_wonders: Final = dark_wonders
        self.light_wonders: Final = light_wonders
        self.five_coin_pieces: Final = five_coin_pieces

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.colour, self.goods, self.landscape, self.clergy,
                self.settlements, self.neutral, self.name, self.bot, self.dark_wonders,
                self.light_wonders, self.five_coin_pieces)

    # The copies the commonest events make, typed and compiled: ``replace(player, goods=...)``
    # passes its changes as keywords through the generic ``__replace__``, some ten times dearer.

    def with_goods(self, goods: Mapping[Good, int]) -> PlayerState:
        return self._with(goods, self.landscape, self.clergy, self.settlements)

    def with_landscape(self, landscape: Mapping[Coord, Space]) -> PlayerState:
        return self._with(self.goods, landscape, self.clergy, self.settlements)

    def with_clergy(self, clergy: tuple[str | None, ...]) -> PlayerState:
        return self._with(self.goods, self.landscape, clergy, self.settlements)

    def with_settlements(self, settlements: tuple[str, ...]) -> PlayerState:
        return self._with(self.goods, self.landscape, self.clergy, settlements)

    def _with(self, goods: Mapping[Good, int], landscape: Mapping[Coord, Space],
              clergy: tuple[str | None, ...], settlements: tuple[str, ...]) -> PlayerState:
        return PlayerState(self.seat, self.colour, goods, landscape, clergy, settlements,
                           self.neutral, self.name, self.bot, self.dark_wonders,
                           self.light_wonders, self.five_coin_pieces)

    def count(self, good: Good) -> int:
        return self.goods.get(good, 0)

    def free_clergy(self) -> tuple[int, ...]:
        return tuple(i for i, at in enumerate(self.clergy) if at is None)

