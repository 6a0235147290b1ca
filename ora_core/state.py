"""The frozen state of a game: what *is*. Built only by ``evolve`` from events.

Mappings held by these classes are never mutated after construction; ``evolve`` copies and
replaces them (copy-on-write), so a state can be shared freely between branches of a search.

``State`` and ``Wheel`` are native classes of the compiled core (issue 34; ``ora_core.native``
says why), as are ``Turn``, ``Flow``, ``PlayerState`` and ``Space`` (``ora_core.turn``,
``ora_core.player``): every event makes a new state (``State.next``, about 0.2 µs compiled) and
every check reads its fields. The parts read rarely stay attrs classes: the set-up
(``ora_core.config``) and the scores, placements and requests (``ora_core.parts``). This module
names the whole model, so its importers need no other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from ora_core.config import GameConfig as GameConfig
from ora_core.config import Provenance as Provenance
from ora_core.config import Readings as Readings
from ora_core.config import TimeControl as TimeControl
from ora_core.native import KEEP, REQUIRED, Keep, Record
from ora_core.parts import Placement as Placement
from ora_core.parts import ReplaceRequest as ReplaceRequest
from ora_core.parts import Score as Score
from ora_core.parts import UndoRequest as UndoRequest
from ora_core.parts import WonderScore as WonderScore
from ora_core.player import PlayerState as PlayerState
from ora_core.player import Space as Space
from ora_core.turn import Flow as Flow
from ora_core.turn import Turn as Turn
from ora_core.values import Indicator, Stage


class Wheel(Record):
    """The production wheel (R-WHEEL-1..9). ``positions`` holds the in-play indicators only;
    ``removes_at_end``: true in the solo game, where an indicator pushed past the last space
    leaves play (R-WHEEL-5)."""

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("values", tuple[int, ...], REQUIRED), ("positions", Mapping[Indicator, int], REQUIRED),
        ("removes_at_end", bool, False))
    __slots__ = ("positions", "removes_at_end", "values")

    def __init__(self, values: tuple[int, ...], positions: Mapping[Indicator, int],
                 removes_at_end: bool = False) -> None:
        self.values: Final = values
        self.positions: Final = positions
        self.removes_at_end: Final = removes_at_end

    def fields(self) -> tuple[Any, ...]:
        return (self.values, self.positions, self.removes_at_end)

    def value(self, indicator: Indicator) -> int:
        return self.values[self.positions[indicator]]

    def with_positions(self, positions: Mapping[Indicator, int]) -> Wheel:
        return Wheel(self.values, positions, self.removes_at_end)


class State(Record):
    """The whole position of a game after ``version`` events.

    ``wonders_left`` counts the wonders of the supply; with Liesborn (R-LIES-2) also
    ``wonder_display`` (the dark-blue tiles, never refilled) and ``wonder_stack`` (the
    light-blue ones, top first). ``used``: every building used this game (ids), for self-play
    statistics. ``undo_request``: a take-back waiting for the other players' consent
    (``ora_rules.undo``). A game with a clock: ``clock_left``, each seat's time left in
    milliseconds as of its last decision, and ``timed_out``, the seats whose time ran out, in
    order (``ora_rules.clocks``). ``replace_request``: a bot asked to take a seat, waiting for
    the other players' consent (``ora_rules.seats``).
    """

    FIELDS: ClassVar[tuple[tuple[str, Any, Any], ...]] = (
        ("config", GameConfig, REQUIRED), ("round", int, REQUIRED),
        ("players", tuple[PlayerState, ...], REQUIRED), ("wheel", Wheel, REQUIRED),
        ("display", tuple[str, ...], REQUIRED),
        ("stacks", Mapping[Stage, tuple[str, ...]], REQUIRED),
        ("district_prices", tuple[int, ...], REQUIRED),
        ("plot_prices", tuple[int, ...], REQUIRED), ("built", Mapping[str, Placement], REQUIRED),
        ("flow", Flow, REQUIRED), ("work_contract_price", int, 1), ("wonders_left", int, 8),
        ("wonder_display", tuple[str, ...], ()), ("wonder_stack", tuple[str, ...], ()),
        ("settlement_phases", tuple[Stage, ...], ()), ("scores", tuple[Score, ...] | None, None),
        ("winners", tuple[int, ...], ()), ("version", int, 0),
        ("used", frozenset[str], frozenset()),
        ("undo_request", UndoRequest | None, None), ("clock_left", tuple[int, ...], ()),
        ("timed_out", tuple[int, ...], ()), ("replace_request", ReplaceRequest | None, None))
    __slots__ = ("built", "clock_left", "config", "display", "district_prices", "flow",
                 "players", "plot_prices", "replace_request", "round", "scores",
                 "settlement_phases", "stacks", "timed_out", "undo_request", "used", "version",
                 "wheel", "winners", "wonder_display", "wonder_stack", "wonders_left",
                 "work_contract_price")

    def __init__(self, config: GameConfig, round: int, players: tuple[PlayerState, ...],
                 wheel: Wheel, display: tuple[str, ...],
                 stacks: Mapping[Stage, tuple[str, ...]], district_prices: tuple[int, ...],
                 plot_prices: tuple[int, ...], built: Mapping[str, Placement], flow: Flow,
                 work_contract_price: int = 1, wonders_left: int = 8,
                 wonder_display: tuple[str, ...] = (), wonder_stack: tuple[str, ...] = (),
                 settlement_phases: tuple[Stage, ...] = (),
                 scores: tuple[Score, ...] | None = None, winners: tuple[int, ...] = (),
                 version: int = 0, used: frozenset[str] = frozenset(),
                 undo_request: UndoRequest | None = None, clock_left: tuple[int, ...] = (),
                 timed_out: tuple[int, ...] = (),
                 replace_request: ReplaceRequest | None = None) -> None:
        self.config: Final = config
        self.round: Final = round
        self.players: Final = players
        self.wheel: Final = wheel
        self.display: Final = display
        self.stacks: Final = stacks
        self.district_prices: Final = district_prices
        self.plot_prices: Final = plot_prices
        self.built: Final = built
        self.flow: Final = flow
        self.work_contract_price: Final = work_contract_price
        self.wonders_left: Final = wonders_left
        self.wonder_display: Final = wonder_display
        self.wonder_stack: Final = wonder_stack
        self.settlement_phases: Final = settlement_phases
        self.scores: Final = scores
        self.winners: Final = winners
        self.version: Final = version
        self.used: Final = used
        self.undo_request: Final = undo_request
        self.clock_left: Final = clock_left
        self.timed_out: Final = timed_out
        self.replace_request: Final = replace_request

    def fields(self) -> tuple[Any, ...]:
        return (self.config, self.round, self.players, self.wheel, self.display, self.stacks,
                self.district_prices, self.plot_prices, self.built, self.flow,
                self.work_contract_price, self.wonders_left, self.wonder_display,
                self.wonder_stack, self.settlement_phases, self.scores, self.winners,
                self.version, self.used, self.undo_request, self.clock_left, self.timed_out,
                self.replace_request)

    def next(self, *, config: GameConfig | None = None, round: int | None = None,
             players: tuple[PlayerState, ...] | None = None, wheel: Wheel | None = None,
             display: tuple[str, ...] | None = None,
             stacks: Mapping[Stage, tuple[str, ...]] | None = None,
             district_prices: tuple[int, ...] | None = None,
             plot_prices: tuple[int, ...] | None = None,
             built: Mapping[str, Placement] | None = None, flow: Flow | None = None,
             work_contract_price: int | None = None, wonders_left: int | None = None,
             wonder_display: tuple[str, ...] | None = None,
             wonder_stack: tuple[str, ...] | None = None,
             settlement_phases: tuple[Stage, ...] | None = None,
             scores: tuple[Score, ...] | Keep | None = KEEP,
             winners: tuple[int, ...] | None = None, version: int | None = None,
             used: frozenset[str] | None = None,
             undo_request: UndoRequest | Keep | None = KEEP,
             clock_left: tuple[int, ...] | None = None,
             timed_out: tuple[int, ...] | None = None,
             replace_request: ReplaceRequest | Keep | None = KEEP) -> State:
        """The state after one more event: the named fields changed, the others kept, and the
        version one more (or ``version``). What every handler of ``ora_core.evolve`` returns;
        typed and compiled, as a new state is made for every event. The fields that may be
        None default to ``KEEP``."""
        return State(
            self.config if config is None else config,
            self.round if round is None else round,
            self.players if players is None else players,
            self.wheel if wheel is None else wheel,
            self.display if display is None else display,
            self.stacks if stacks is None else stacks,
            self.district_prices if district_prices is None else district_prices,
            self.plot_prices if plot_prices is None else plot_prices,
            self.built if built is None else built,
            self.flow if flow is None else flow,
            self.work_contract_price if work_contract_price is None else work_contract_price,
            self.wonders_left if wonders_left is None else wonders_left,
            self.wonder_display if wonder_display is None else wonder_display,
            self.wonder_stack if wonder_stack is None else wonder_stack,
            self.settlement_phases if settlement_phases is None else settlement_phases,
            self.scores if isinstance(scores, Keep) else scores,
            self.winners if winners is None else winners,
            self.version + 1 if version is None else version,
            self.used if used is None else used,
            self.undo_request if isinstance(undo_request, Keep) else undo_request,
            self.clock_left if clock_left is None else clock_left,
            self.timed_out if timed_out is None else timed_out,
            self.replace_request if isinstance(replace_request, Keep) else replace_request)

    # The commonest changes, typed and without ``next``'s two dozen optional arguments: a
    # player's goods, clergy or landscape (most events), the flow (every command's last), none
    # (every command's first, its ``MovePlayed``).

    def next_with_players(self, players: tuple[PlayerState, ...]) -> State:
        """``next(players=players)``."""
        return State(self.config, self.round, players, self.wheel, self.display, self.stacks,
                     self.district_prices, self.plot_prices, self.built, self.flow,
                     self.work_contract_price, self.wonders_left, self.wonder_display,
                     self.wonder_stack, self.settlement_phases, self.scores, self.winners,
                     self.version + 1, self.used, self.undo_request, self.clock_left,
                     self.timed_out, self.replace_request)

    def one_event_later(self) -> State:
        """``next()``: the same position, the version one more (a move's record, a note)."""
        return self.next_with_flow(self.flow)

    def next_with_flow(self, flow: Flow) -> State:
        """``next(flow=flow)``."""
        return State(self.config, self.round, self.players, self.wheel, self.display,
                     self.stacks, self.district_prices, self.plot_prices, self.built, flow,
                     self.work_contract_price, self.wonders_left, self.wonder_display,
                     self.wonder_stack, self.settlement_phases, self.scores, self.winners,
                     self.version + 1, self.used, self.undo_request, self.clock_left,
                     self.timed_out, self.replace_request)

    @property
    def finished(self) -> bool:
        return self.scores is not None

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def __repr__(self) -> str:
        """Where the state stands in which game, in one line: the whole state runs to a hundred
        kilobytes (``fields()`` and ``==`` compare all of it)."""
        c = self.config
        return (f"<State of {c.players}p {c.variant.value} {c.length} seed {c.seed} at "
                f"version {self.version}, round {self.round}"
                f"{', finished' if self.finished else ''}>")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How hypothesis (and IPython) print a state: its one-line repr."""
        printer.text(repr(self))
