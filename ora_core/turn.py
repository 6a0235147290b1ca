"""The flow of play, ``Turn`` and ``Flow``: native classes of the compiled core (issue 34;
``ora_core.native`` says why). Every command makes a new turn and a new flow, often several
(``Draft.update_turn``), and reads their fields at every check."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ora_core.native import KEEP, REQUIRED, Keep, Record
from ora_core.values import Stage


class Turn(Record):
    """The decision the game waits for, and what has happened in the current slot.

    ``kind`` is one of ``action`` (an ordinary action slot), ``bonus`` (a bonus-round slot,
    R-BONUS-3), ``settlement`` (a player's part of a settlement phase, R-SET-2), ``neutral``
    (solo step 3: the solo player builds the display onto the neutral landscape, R-SOLO-10),
    ``neutral_prior`` (solo step 4: the optional use of the neutral prior), ``over`` (the game
    has ended).

    The other fields: ``grants``, extra actions a building function granted in this slot, still
    unused (``build``, ``fell``, ``cut``, ``settle``, ``district``, ``plot``); ``free_uses``,
    buildings the slot's player may use now without placing a clergyman (work contract paid,
    redirecting buildings), consumed by the use; ``prior_bonus``, the building just built that
    the prior may be placed on (R-BUILD-7); ``contract``, a work contract waiting for its owner
    to choose the clergyman (R-WC-2): the building; ``deciding``, the seat that must decide now
    (the contract owner while ``contract`` is pending); ``neutral_built``, solo (R-SOLO-9): the
    buildings the neutral player built in this round's step 3, which step 4 may use with the
    neutral prior.
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("kind", str, REQUIRED), ("seat", int, REQUIRED), ("main_done", bool, False),
        ("landscape_bought", bool, False), ("settled", bool, False),
        ("grants", tuple[str, ...], ()), ("free_uses", tuple[str, ...], ()),
        ("prior_bonus", str | None, None), ("contract", str | None, None),
        ("deciding", int | None, None), ("neutral_built", tuple[str, ...], ()))
    __slots__ = (
        "contract",
        "deciding",
        "free_uses",
        "grants",
        "kind",
        "landscape_bought",
        "main_done",
        "neutral_built",
        "prior_bonus",
        "seat",
        "settled",
    )

    def __init__(self, kind: str, seat: int, main_done: bool = False,
                 landscape_bought: bool = False, settled: bool = False,
                 grants: tuple[str, ...] = (), free_uses: tuple[str, ...] = (),
                 prior_bonus: str | None = None, contract: str | None = None,
                 deciding: int | None = None, neutral_built: tuple[str, ...] = ()) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.main_done: Final = main_done
        self.landscape_bought: Final = landscape_bought
        self.settled: Final = settled
        self.grants: Final = grants
        self.free_uses: Final = free_uses
        self.prior_bonus: Final = prior_bonus
        self.contract: Final = contract
        self.deciding: Final = deciding
        self.neutral_built: Final = neutral_built

    @property
    def decider(self) -> int:
        return self.seat if self.deciding is None else self.deciding

    def fields(self) -> tuple[Any, ...]:
        return (self.kind, self.seat, self.main_done, self.landscape_bought, self.settled,
                self.grants, self.free_uses, self.prior_bonus, self.contract, self.deciding,
                self.neutral_built)

    def changed(self, *, kind: str | None = None, seat: int | None = None,
                main_done: bool | None = None, landscape_bought: bool | None = None,
                settled: bool | None = None, grants: tuple[str, ...] | None = None,
                free_uses: tuple[str, ...] | None = None,
                prior_bonus: str | Keep | None = KEEP, contract: str | Keep | None = KEEP,
                deciding: int | Keep | None = KEEP,
                neutral_built: tuple[str, ...] | None = None) -> Turn:
        """A copy with the named fields changed; a field not named keeps its value. Typed and
        compiled, since a command changes its turn once or twice (``Draft.update_turn``): the
        generic ``replace`` passes keywords through a dict, several times dearer. The fields
        that may be None default to ``KEEP``."""
        return Turn(
            self.kind if kind is None else kind,
            self.seat if seat is None else seat,
            self.main_done if main_done is None else main_done,
            self.landscape_bought if landscape_bought is None else landscape_bought,
            self.settled if settled is None else settled,
            self.grants if grants is None else grants,
            self.free_uses if free_uses is None else free_uses,
            self.prior_bonus if isinstance(prior_bonus, Keep) else prior_bonus,
            self.contract if isinstance(contract, Keep) else contract,
            self.deciding if isinstance(deciding, Keep) else deciding,
            self.neutral_built if neutral_built is None else neutral_built)

    def __replace__(self, **changes: Any) -> Turn:
        if not _TURN_NAMES.issuperset(changes):
            unknown: Turn = super().__replace__(**changes)  # raises, naming the unknown field
            return unknown
        return self.changed(**changes)

    def __eq__(self, other: object) -> bool:
        """Field by field, without ``Record``'s tuples: every command compares its flow with
        the one it started from (``Draft.finish``)."""
        if not isinstance(other, Turn):
            return NotImplemented
        return self is other or (
            self.kind == other.kind and self.seat == other.seat
            and self.main_done == other.main_done
            and self.landscape_bought == other.landscape_bought
            and self.settled == other.settled and self.grants == other.grants
            and self.free_uses == other.free_uses and self.prior_bonus == other.prior_bonus
            and self.contract == other.contract and self.deciding == other.deciding
            and self.neutral_built == other.neutral_built)

    def __hash__(self) -> int:
        return hash(self.fields())


class Flow(Record):
    """Where the game stands in its schedule: the current turn and the slots still to come.

    ``queue``: the upcoming turns of the current round (or settlement phase), as (kind, seat);
    ``round_purchases``: the seats that bought a landscape in this round outside settlement
    phases (R-BUY-2); ``settlement``: the settlement phase in progress, if any;
    ``final_phase``: set once the final phase of the two-player games has begun (R-END-2,
    R-END-3).
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("turn", Turn, REQUIRED), ("queue", tuple[tuple[str, int], ...], ()),
        ("round_purchases", frozenset[int], frozenset()), ("settlement", Stage | None, None),
        ("final_phase", bool, False))
    __slots__ = ("final_phase", "queue", "round_purchases", "settlement", "turn")

    def __init__(self, turn: Turn, queue: tuple[tuple[str, int], ...] = (),
                 round_purchases: frozenset[int] = frozenset(), settlement: Stage | None = None,
                 final_phase: bool = False) -> None:
        self.turn: Final = turn
        self.queue: Final = queue
        self.round_purchases: Final = round_purchases
        self.settlement: Final = settlement
        self.final_phase: Final = final_phase

    def fields(self) -> tuple[Any, ...]:
        return (self.turn, self.queue, self.round_purchases, self.settlement, self.final_phase)

    def with_turn(self, turn: Turn) -> Flow:
        """The same flow with another turn (what most commands change)."""
        return Flow(turn, self.queue, self.round_purchases, self.settlement, self.final_phase)

    def __eq__(self, other: object) -> bool:
        """Field by field, the turn first (as ``Turn.__eq__``)."""
        if not isinstance(other, Flow):
            return NotImplemented
        return self is other or (
            self.turn == other.turn and self.queue == other.queue
            and self.round_purchases == other.round_purchases
            and self.settlement == other.settlement and self.final_phase == other.final_phase)

    def __hash__(self) -> int:
        return hash(self.fields())


_TURN_NAMES: Final = frozenset(name for name, _, _ in Turn.FIELDS)
