"""Events: the facts of a game, in the order they happened (design §2).

Each event is declared once, as ``@event("tag")`` over its fields: a frozen, keyword-only attrs
class deriving from :class:`Event`, whose stable ``TAG`` is the wire and storage name,
independent of the class name; the commonest are native classes of the compiled core instead,
declared by their ``TAG`` in ``ora_core.command_events`` (``NATIVE_EVENTS``). Events carry
their full effect, so ``evolve`` needs no rules.
``GameEvent`` is the explicit, reviewed registry of every event class; an ``@event`` class
missing from it (or a tag used twice) fails at import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, Union, cast, dataclass_transform

import attrs
from attrs import frozen

from ora_core.command_events import BuildingBuilt as BuildingBuilt
from ora_core.command_events import BuildingUsed as BuildingUsed
from ora_core.command_events import CardRemoved as CardRemoved
from ora_core.command_events import ClergyPlaced as ClergyPlaced
from ora_core.command_events import ClergyReturned as ClergyReturned
from ora_core.command_events import FlowChanged as FlowChanged
from ora_core.command_events import GoodsConverted as GoodsConverted
from ora_core.command_events import GoodsGained as GoodsGained
from ora_core.command_events import GoodsPaid as GoodsPaid
from ora_core.command_events import IndicatorUsed as IndicatorUsed
from ora_core.command_events import MovePlayed as MovePlayed
from ora_core.command_events import RoundBegan as RoundBegan
from ora_core.command_events import SettlementBuilt as SettlementBuilt
from ora_core.command_events import WheelRotated as WheelRotated
from ora_core.native import Record
from ora_core.state import GameConfig, Score, State
from ora_core.values import Coord, Good, Indicator, Stage, Terrain


class Event:
    """The base of every event: its ``TAG`` is set by :func:`event`.

    Type checkers see an ``@event`` class through ``dataclass_transform``, not through mypy's
    attrs plugin: ``__attrs_attrs__`` keeps ``attrs.fields``, ``attrs.has`` and ``attrs.asdict``
    typed, and :func:`amended` is the typed ``attrs.evolve`` of an event.
    """

    __slots__ = ()
    TAG: ClassVar[str]
    __attrs_attrs__: ClassVar[Any]  # as attrs' own AttrsInstance declares it


_E = TypeVar("_E", bound=Event)
_A = TypeVar("_A", bound="Event | Record")
_DECLARED: dict[str, type[Event | Record]] = {}


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(attrs.field,))
def event(tag: str) -> Callable[[type[_E]], type[_E]]:
    """Declare an event class: frozen, keyword-only attrs fields, stored under ``tag``."""

    def declare(cls: type[_E]) -> type[_E]:
        if tag in _DECLARED:
            raise TypeError(f"event tag {tag!r} of {cls.__name__} is {_DECLARED[tag].__name__}'s")
        made = frozen(kw_only=True)(cls)
        made.TAG = tag
        _DECLARED[tag] = made
        return made

    return declare


def amended(event: _A, **changes: Any) -> _A:
    """A copy of ``event`` with ``changes`` (``attrs.evolve``, typed for ``@event`` classes;
    a native event's ``__replace__``): for tests and tools that alter a stream on purpose; the
    rules never amend a fact."""
    if isinstance(event, Record):
        return cast(_A, event.__replace__(**changes))
    copy: _A = attrs.evolve(cast(Any, event), **changes)  # the plugin sees no attrs class
    return copy


#: The commonest events, native classes of the compiled core (``ora_core.command_events``):
#: declared here with the others, under their own ``TAG``.
NATIVE_EVENTS = (MovePlayed, FlowChanged, GoodsPaid, GoodsGained, GoodsConverted, IndicatorUsed,
                 WheelRotated, ClergyPlaced, ClergyReturned, BuildingUsed, BuildingBuilt,
                 SettlementBuilt, CardRemoved, RoundBegan)
for _native in NATIVE_EVENTS:
    if _native.TAG in _DECLARED:
        raise TypeError(f"event tag {_native.TAG!r} of {_native.__name__} is "
                        f"{_DECLARED[_native.TAG].__name__}'s")
    _DECLARED[_native.TAG] = _native


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


@event("game_started")
class GameStarted(Event):
    """The set-up, drawn once by the rules from the config and seed (R-SETUP-*)."""

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


@event("wonder_taken")
class WonderTaken(Event):
    """Liesborn (R-LIES-3): ``seat`` received a wonder: ``tile`` from the display, dark-blue side
    up (``dark``), or from the top of the stack, light-blue side up. It never turns over."""

    seat: int
    tile: str
    dark: bool


@event("coin_pieces_counted")
class CoinPiecesCounted(Event):
    """Under ``coin_tiles = kept_apart`` only: ``seat`` now holds ``fives`` 5-coin pieces among
    its coins (the rest are 1-coin pieces); rules decide the count (ora_rules/coin_pieces.py)."""

    seat: int
    fives: int


@event("indicator_entered")
class IndicatorEntered(Event):
    indicator: Indicator


@event("landscape_added")
class LandscapeAdded(Event):
    """A district or plot joined ``seat``'s landscape, taken from the top of its stack."""

    seat: int
    kind: str
    side: str
    row: int
    spaces: tuple[SpaceSetup, ...]


@event("work_contract_price_set")
class WorkContractPriceSet(Event):
    price: int


@event("settlement_phase_began")
class SettlementPhaseBegan(Event):
    stage: Stage


@event("buildings_revealed")
class BuildingsRevealed(Event):
    """Settlement phase step 3 (R-SET-2): the stage's buildings join the display."""

    stage: Stage
    buildings: tuple[str, ...]


@event("settlements_dealt")
class SettlementsDealt(Event):
    settlement: str
    seats: tuple[int, ...]


@event("move_annotated")
class MoveAnnotated(Event):
    """A comment on move ``move`` (0: on the game before its first move), in ``text``: one line
    of words for people, no rules fact. ``game.annotate``, ``ora annotate`` and a record's
    ``; text`` write it (``ora_rules.annotations``); ``evolve`` changes nothing for it but the
    version, and ``ora verify`` leaves it out of the comparison as it does ``SeatTaken``.
    """

    move: int
    text: str


@event("seat_taken")
class SeatTaken(Event):
    """Who plays ``seat``: a person's ``name``, or a bot (``bot`` names it, e.g. ``greedy``).

    Not a rules fact: the server's lobby writes it when a game is created or a seat is joined,
    between commands, so a replay and a record show the players' names.
    """

    seat: int
    name: str
    bot: str | None = None


@event("game_ended")
class GameEnded(Event):
    scores: tuple[Score, ...]
    winners: tuple[int, ...]


# --- a take-back (ora_rules/undo.py decides them; their handlers: ora_core.takeback) ------------
# Nothing is ever deleted: the request and each answer are facts of the table, and
# PositionRestored carries the whole position it returns to (the fold of the stream's prefix up
# to the move), so evolve applies it without reading the past.


@event("undo_requested")
class UndoRequested(Event):
    """``seat`` asks to go back to the position after move ``to_move`` (stream version
    ``to_version``); ``waiting``: the seats asked to consent (no bot: bots accept)."""

    seat: int
    to_move: int
    to_version: int
    waiting: tuple[int, ...] = ()


@event("undo_answered")
class UndoAnswered(Event):
    seat: int
    accepted: bool


@event("undo_lapsed")
class UndoLapsed(Event):
    """A move was played while a take-back was asked: the request is gone."""


@event("position_restored")
class PositionRestored(Event):
    """The game is back at the position after move ``to_move`` (``state``, as it stood at
    stream version ``to_version``, with the seats' players as they are now)."""

    to_move: int
    to_version: int
    state: State


# --- the table: clocks and seats handed to bots (ora_rules.clocks and .seats decide them; their
# handlers: ora_core.table) ----------------------------------------------------------------------


@event("clock_expired")
class ClockExpired(Event):
    """``seat``'s time ran out, ``took`` milliseconds into its decision; the game's policy
    follows in the same command: ``GameEnded`` (lose), the rules' default move (pass) or
    ``SeatReplaced`` (bot)."""

    seat: int
    took: int


@event("seat_replace_requested")
class SeatReplaceRequested(Event):
    """Seat ``by`` asks that the bot ``bot`` take ``seat``; ``waiting``: the seats asked to
    consent (no bot: bots accept)."""

    by: int
    seat: int
    bot: str
    waiting: tuple[int, ...] = ()


@event("seat_replace_answered")
class SeatReplaceAnswered(Event):
    seat: int
    accepted: bool


@event("seat_replaced")
class SeatReplaced(Event):
    """The bot ``bot`` plays ``seat`` from now on; ``reason``: ``creator`` (the game's creator
    handed it), ``consent`` (the other players agreed), ``own`` (its player left it) or
    ``timeout`` (its time ran out)."""

    seat: int
    bot: str
    reason: str = "creator"


GameEvent = Union[  # noqa: UP007 - an explicit registry reads best as a Union
    GameStarted,
    MovePlayed,
    GoodsPaid,
    GoodsGained,
    GoodsConverted,
    CoinPiecesCounted,
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
    MoveAnnotated,
    WonderTaken,
    UndoRequested,
    UndoAnswered,
    UndoLapsed,
    PositionRestored,
    ClockExpired,
    SeatReplaceRequested,
    SeatReplaceAnswered,
    SeatReplaced,
]

EVENT_TYPES: tuple[type[GameEvent], ...] = GameEvent.__args__  # type: ignore[attr-defined]
EVENT_BY_TAG: dict[str, type[GameEvent]] = {cls.TAG: cls for cls in EVENT_TYPES}
if EVENT_BY_TAG != _DECLARED:  # the reviewed registry names every declared event, no other
    raise TypeError(f"GameEvent and the @event classes differ: {set(_DECLARED) ^ set(EVENT_BY_TAG)}"
                    )
