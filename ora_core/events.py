"""Events: the facts of a game, in the order they happened (design §2).

Each event is a frozen attrs class with a stable ``TAG`` (the wire and storage name, independent of
the class name). Events carry their full effect, so ``evolve`` needs no rules. ``GameEvent`` is
the explicit, reviewed registry of every event class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Union

from attrs import frozen

from ora_core.state import Flow, GameConfig, Score
from ora_core.takeback import PositionRestored, UndoAnswered, UndoLapsed, UndoRequested
from ora_core.values import Coord, Good, Indicator, Stage, Terrain


@frozen
class SpaceSetup:
    """One landscape space as laid out at set-up or by a new landscape tile."""

    coord: Coord
    terrain: Terrain
    card: str | None = None


@frozen
class PlayerSetup:
    colour: str
    goods: Mapping[Good, int]
    spaces: tuple[SpaceSetup, ...]
    clergy: int
    settlements: tuple[str, ...]
    neutral: bool = False


@frozen(kw_only=True)
class GameStarted:
    """The set-up, drawn once by the rules from the config and seed (R-SETUP-*)."""

    TAG: ClassVar[str] = "game_started"
    config: GameConfig
    players: tuple[PlayerSetup, ...]
    wheel_values: tuple[int, ...]
    indicators: tuple[Indicator, ...]
    wheel_removes_at_end: bool
    display: tuple[str, ...]
    stacks: Mapping[Stage, tuple[str, ...]]
    district_prices: tuple[int, ...]
    plot_prices: tuple[int, ...]
    wonders: int
    #: Buildings that start built (the heartland buildings, the solo Builders' Market).
    built: tuple[tuple[str, int, Coord], ...]
    #: Liesborn (R-LIES-2): the tiles drawn from the seed for the dark-blue display, and the
    #: light-blue stack, top first. Empty without Liesborn.
    wonder_display: tuple[str, ...] = ()
    wonder_stack: tuple[str, ...] = ()


@frozen(kw_only=True)
class MovePlayed:
    """A player's command, as text in the move notation: the first event of every command."""

    TAG: ClassVar[str] = "move_played"
    seat: int
    move: str


@frozen(kw_only=True)
class GoodsPaid:
    """Goods a player handed to the general supply (or, with ``to_seat``, to another player)."""

    TAG: ClassVar[str] = "goods_paid"
    seat: int
    goods: Mapping[Good, int]
    to_seat: int | None = None


@frozen(kw_only=True)
class GoodsGained:
    TAG: ClassVar[str] = "goods_gained"
    seat: int
    goods: Mapping[Good, int]


@frozen(kw_only=True)
class WonderTaken:
    """Liesborn (R-LIES-3): ``seat`` received a wonder: ``tile`` from the display, dark-blue side
    up (``dark``), or from the top of the stack, light-blue side up. It never turns over."""

    TAG: ClassVar[str] = "wonder_taken"
    seat: int
    tile: str
    dark: bool


@frozen(kw_only=True)
class GoodsConverted:
    """A free conversion (R-FREE-1 b, d, e): goods given up and goods received."""

    TAG: ClassVar[str] = "goods_converted"
    seat: int
    given: Mapping[Good, int]
    received: Mapping[Good, int]


@frozen(kw_only=True)
class IndicatorUsed:
    """A wheel production: the indicator (or the joker) goes back to the arm (R-WHEEL-6)."""

    TAG: ClassVar[str] = "indicator_used"
    indicator: Indicator


@frozen(kw_only=True)
class WheelRotated:
    """One rotation (R-WHEEL-5); ``removed`` left play at the end of the wheel (solo)."""

    TAG: ClassVar[str] = "wheel_rotated"
    removed: tuple[Indicator, ...] = ()


@frozen(kw_only=True)
class IndicatorEntered:
    TAG: ClassVar[str] = "indicator_entered"
    indicator: Indicator


@frozen(kw_only=True)
class ClergyPlaced:
    """Clergyman ``clergy`` (0 = prior) of ``seat`` now stands on ``building``."""

    TAG: ClassVar[str] = "clergy_placed"
    seat: int
    clergy: int
    building: str


@frozen(kw_only=True)
class ClergyReturned:
    TAG: ClassVar[str] = "clergy_returned"
    seat: int
    clergy: tuple[int, ...]


@frozen(kw_only=True)
class BuildingUsed:
    """``seat`` carried out the function of ``building`` (placement, contract or redirect)."""

    TAG: ClassVar[str] = "building_used"
    seat: int
    building: str


@frozen(kw_only=True)
class BuildingBuilt:
    TAG: ClassVar[str] = "building_built"
    seat: int
    building: str
    coord: Coord


@frozen(kw_only=True)
class SettlementBuilt:
    TAG: ClassVar[str] = "settlement_built"
    seat: int
    settlement: str
    coord: Coord


@frozen(kw_only=True)
class CardRemoved:
    """A forest or moor card left a player's landscape; the space is now plains (R-FELL-6)."""

    TAG: ClassVar[str] = "card_removed"
    seat: int
    coord: Coord


@frozen(kw_only=True)
class LandscapeAdded:
    """A district or plot joined ``seat``'s landscape, taken from the top of its stack."""

    TAG: ClassVar[str] = "landscape_added"
    seat: int
    kind: str
    side: str
    row: int
    spaces: tuple[SpaceSetup, ...]


@frozen(kw_only=True)
class WorkContractPriceSet:
    TAG: ClassVar[str] = "work_contract_price_set"
    price: int


@frozen(kw_only=True)
class RoundBegan:
    TAG: ClassVar[str] = "round_began"
    round: int
    start_seat: int


@frozen(kw_only=True)
class SettlementPhaseBegan:
    TAG: ClassVar[str] = "settlement_phase_began"
    stage: Stage


@frozen(kw_only=True)
class BuildingsRevealed:
    """Settlement phase step 3 (R-SET-2): the stage's buildings join the display."""

    TAG: ClassVar[str] = "buildings_revealed"
    stage: Stage
    buildings: tuple[str, ...]


@frozen(kw_only=True)
class SettlementsDealt:
    TAG: ClassVar[str] = "settlements_dealt"
    settlement: str
    seats: tuple[int, ...]


@frozen(kw_only=True)
class FlowChanged:
    """The decision the game now waits for (computed by the rules after every command)."""

    TAG: ClassVar[str] = "flow_changed"
    flow: Flow


@frozen(kw_only=True)
class SeatTaken:
    """Who plays ``seat``: a person's ``name``, or a bot (``bot`` names it, e.g. ``greedy``).

    Not a rules fact: the server's lobby writes it when a game is created or a seat is joined,
    between commands, so a replay and a record show the players' names.
    """

    TAG: ClassVar[str] = "seat_taken"
    seat: int
    name: str
    bot: str | None = None


@frozen(kw_only=True)
class GameEnded:
    TAG: ClassVar[str] = "game_ended"
    scores: tuple[Score, ...]
    winners: tuple[int, ...]


GameEvent = Union[  # noqa: UP007 - an explicit registry reads best as a Union
    GameStarted,
    MovePlayed,
    GoodsPaid,
    GoodsGained,
    GoodsConverted,
    IndicatorUsed,
    WheelRotated,
    IndicatorEntered,
    ClergyPlaced,
    ClergyReturned,
    BuildingUsed,
    BuildingBuilt,
    SettlementBuilt,
    CardRemoved,
    LandscapeAdded,
    WorkContractPriceSet,
    RoundBegan,
    SettlementPhaseBegan,
    BuildingsRevealed,
    SettlementsDealt,
    FlowChanged,
    GameEnded,
    SeatTaken,
    WonderTaken,
    UndoRequested,  # the take-back's events: ora_core.takeback
    UndoAnswered,
    UndoLapsed,
    PositionRestored,
]

EVENT_TYPES: tuple[type[GameEvent], ...] = GameEvent.__args__  # type: ignore[attr-defined]
EVENT_BY_TAG: dict[str, type[GameEvent]] = {cls.TAG: cls for cls in EVENT_TYPES}
