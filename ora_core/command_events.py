"""The commonest events, native classes of the compiled core (issue 34; ``ora_core.native`` says
why): ``MovePlayed`` and ``FlowChanged`` begin and end nearly every command; a use of a
building places a clergyman, uses the building and the wheel, and pays, gains and converts
goods; the rest build, settle, clear land and begin rounds.

``ora_core.events`` declares them with the other events (``GameEvent``, their tags), and
``ora_core.codec`` writes them as cattrs wrote the attrs classes they were, so stored events
keep their bytes. Every call site makes them with keywords, as the attrs events' keyword-only
fields required.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from ora_core.native import REQUIRED, Record
from ora_core.turn import Flow
from ora_core.values import Coord, Good, Indicator


class MovePlayed(Record):
    """A player's command, as text in the move notation: the first event of every command.

    ``took`` and ``left``: in a game with a clock (``GameConfig.clock``), the milliseconds the
    decision took and the seat's time left after it (``ora_rules.clocks``). None without a
    clock, and then not stored: a game without a clock keeps the bytes it always had
    (docs/architecture.md).
    """

    TAG: ClassVar[str] = "move_played"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("move", str, REQUIRED), ("took", int | None, None),
        ("left", int | None, None))
    __slots__ = ("left", "move", "seat", "took")

    def __init__(self, seat: int, move: str, took: int | None = None,
                 left: int | None = None) -> None:
        self.seat: Final = seat
        self.move: Final = move
        self.took: Final = took
        self.left: Final = left

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.move, self.took, self.left)


class FlowChanged(Record):
    """The decision the game now waits for (computed by the rules after every command)."""

    TAG: ClassVar[str] = "flow_changed"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("flow", Flow, REQUIRED),)
    __slots__ = ("flow",)

    def __init__(self, flow: Flow) -> None:
        self.flow: Final = flow

    def fields(self) -> tuple[Any, ...]:
        return (self.flow,)


class GoodsPaid(Record):
    """Goods a player handed to the general supply (or, with ``to_seat``, to another player)."""

    TAG: ClassVar[str] = "goods_paid"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("goods", Mapping[Good, int], REQUIRED),
        ("to_seat", int | None, None))
    __slots__ = ("goods", "seat", "to_seat")

    def __init__(self, seat: int, goods: Mapping[Good, int], to_seat: int | None = None
                 ) -> None:
        self.seat: Final = seat
        self.goods: Final = goods
        self.to_seat: Final = to_seat

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.goods, self.to_seat)


class GoodsGained(Record):
    TAG: ClassVar[str] = "goods_gained"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("goods", Mapping[Good, int], REQUIRED))
    __slots__ = ("goods", "seat")

    def __init__(self, seat: int, goods: Mapping[Good, int]) -> None:
        self.seat: Final = seat
        self.goods: Final = goods

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.goods)


class IndicatorUsed(Record):
    """A wheel production: the indicator (or the joker) goes back to the arm (R-WHEEL-6)."""

    TAG: ClassVar[str] = "indicator_used"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (("indicator", Indicator, REQUIRED),)
    __slots__ = ("indicator",)

    def __init__(self, indicator: Indicator) -> None:
        self.indicator: Final = indicator

    def fields(self) -> tuple[Any, ...]:
        return (self.indicator,)


class ClergyPlaced(Record):
    """Clergyman ``clergy`` (0 = prior) of ``seat`` now stands on ``building``."""

    TAG: ClassVar[str] = "clergy_placed"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("clergy", int, REQUIRED), ("building", str, REQUIRED))
    __slots__ = ("building", "clergy", "seat")

    def __init__(self, seat: int, clergy: int, building: str) -> None:
        self.seat: Final = seat
        self.clergy: Final = clergy
        self.building: Final = building

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.clergy, self.building)


class BuildingUsed(Record):
    """``seat`` carried out the function of ``building`` (placement, contract or redirect)."""

    TAG: ClassVar[str] = "building_used"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("building", str, REQUIRED))
    __slots__ = ("building", "seat")

    def __init__(self, seat: int, building: str) -> None:
        self.seat: Final = seat
        self.building: Final = building

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.building)


class GoodsConverted(Record):
    """A free conversion (R-FREE-1 b, d, e): goods given up and goods received."""

    TAG: ClassVar[str] = "goods_converted"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("given", Mapping[Good, int], REQUIRED),
        ("received", Mapping[Good, int], REQUIRED))
    __slots__ = ("given", "received", "seat")

    def __init__(self, seat: int, given: Mapping[Good, int], received: Mapping[Good, int]
                 ) -> None:
        self.seat: Final = seat
        self.given: Final = given
        self.received: Final = received

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.given, self.received)


class WheelRotated(Record):
    """One rotation (R-WHEEL-5); ``removed`` left play at the end of the wheel (solo)."""

    TAG: ClassVar[str] = "wheel_rotated"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("removed", tuple[Indicator, ...], ()),)
    __slots__ = ("removed",)

    def __init__(self, removed: tuple[Indicator, ...] = ()) -> None:
        self.removed: Final = removed

    def fields(self) -> tuple[Any, ...]:
        return (self.removed,)


class ClergyReturned(Record):
    TAG: ClassVar[str] = "clergy_returned"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("clergy", tuple[int, ...], REQUIRED))
    __slots__ = ("clergy", "seat")

    def __init__(self, seat: int, clergy: tuple[int, ...]) -> None:
        self.seat: Final = seat
        self.clergy: Final = clergy

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.clergy)


class BuildingBuilt(Record):
    TAG: ClassVar[str] = "building_built"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("building", str, REQUIRED), ("coord", Coord, REQUIRED))
    __slots__ = ("building", "coord", "seat")

    def __init__(self, seat: int, building: str, coord: Coord) -> None:
        self.seat: Final = seat
        self.building: Final = building
        self.coord: Final = coord

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.building, self.coord)


class SettlementBuilt(Record):
    TAG: ClassVar[str] = "settlement_built"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("settlement", str, REQUIRED), ("coord", Coord, REQUIRED))
    __slots__ = ("coord", "seat", "settlement")

    def __init__(self, seat: int, settlement: str, coord: Coord) -> None:
        self.seat: Final = seat
        self.settlement: Final = settlement
        self.coord: Final = coord

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.settlement, self.coord)


class CardRemoved(Record):
    """A forest or moor card left a player's landscape; the space is now plains (R-FELL-6)."""

    TAG: ClassVar[str] = "card_removed"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("seat", int, REQUIRED), ("coord", Coord, REQUIRED))
    __slots__ = ("coord", "seat")

    def __init__(self, seat: int, coord: Coord) -> None:
        self.seat: Final = seat
        self.coord: Final = coord

    def fields(self) -> tuple[Any, ...]:
        return (self.seat, self.coord)


class RoundBegan(Record):
    TAG: ClassVar[str] = "round_began"
    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("round", int, REQUIRED), ("start_seat", int, REQUIRED))
    __slots__ = ("round", "start_seat")

    def __init__(self, round: int, start_seat: int) -> None:
        self.round: Final = round
        self.start_seat: Final = start_seat

    def fields(self) -> tuple[Any, ...]:
        return (self.round, self.start_seat)
