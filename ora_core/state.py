"""The frozen state of a game: what *is*. Built only by ``evolve`` from events.

Mappings held by these classes are never mutated after construction; ``evolve`` copies and
replaces them (copy-on-write), so a state can be shared freely between branches of a search.

The classes ``evolve`` copies for nearly every event (``State``, ``Wheel``)
keep their fields in a ``__dict__`` rather than slots: a copy with changes is then one C-level
dict copy (``ora_core.evolve.replace``), about three times faster than setting
eighteen slots one by one, and copying is most of what applying a command costs. ``Turn``,
``Flow``, ``PlayerState`` and ``Space`` are native classes of the compiled core instead
(``ora_core.turn``, ``ora_core.player``; ``ora_core.native`` says why), imported here with the
rest of the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import frozen

from ora_core.player import PlayerState as PlayerState
from ora_core.player import Space as Space
from ora_core.turn import Flow as Flow
from ora_core.turn import Turn as Turn
from ora_core.values import Coord, Indicator, Stage, Variant


@frozen
class Readings:
    """The option of each group of ``specs/readings.toml``: the reading of a rulebook ambiguity
    that other implementations settle differently (docs/ambiguities.md), or a source engine's
    departure from a rule (a profile's option, docs/records.md). Every default is the rulebook,
    and defaults are not encoded, so a game stored before an option existed decodes unchanged
    and a rulebook game's events keep their bytes."""

    #: AMB-05 (R-BUY-2): ``per_round`` or ``per_slot`` (one purchase per action slot).
    landscape_purchases: str = "per_round"
    #: AMB-02 (R-WHEEL-7): ``after_rotation`` (at 0, after the entry round's rotation) or
    #: ``before_rotation`` (the schedule of that option in the readings spec).
    wheel_entry: str = "after_rotation"
    #: AMB-09 (R-SETUP-2): ``rulebook``, ``by_players`` or ``long_two_player``.
    building_sets: str = "rulebook"
    #: AMB-E3 (R-BUILD-7): ``lost`` or ``kept`` (a landscape purchase between BUILD and PRIOR).
    prior_bonus_after_purchase: str = "lost"
    #: The fields below are engines' departures from the rulebook rather than ambiguities
    #: (``specs/readings.toml`` says what each option changes and what the rulebook does).
    #: cards.md F38: ``up_to_four`` or ``every_forest`` (weblabora).
    printing_office: str = "up_to_four"
    #: R-CLG-1 / R-WC-4: ``work_contract`` or ``unpaid`` (weblabora: ``WORK_CONTRACT B -``).
    foreign_use: str = "work_contract"
    #: R-BONUS-1: ``played`` or ``none`` (weblabora: the short game ends after round 12's E).
    short_bonus_round: str = "played"
    #: R-SCORE-2 / AMB-18: ``rulebook`` or ``five_coin_tiles`` (weblabora's goods points).
    goods_scoring: str = "rulebook"
    #: cards.md I23 / I24 (Q2, Q3): ``printed`` or ``reverse_side_slips`` (their values).
    card_values: str = "printed"
    #: cards.md I37 (Q4): ``wood_and_clay`` or ``clay_only`` (the Bulwark's cost).
    bulwark_cost: str = "wood_and_clay"
    #: cards.md G01: ``prior_standing`` or ``any_building`` (the Priory's target).
    priory_target: str = "prior_standing"
    #: R-GEO-3: ``band`` or ``touching`` (a district beside a plot, leaving a gap in the band).
    district_position: str = "band"
    #: AMB-14 (R-SOLO-9): ``rulebook`` or ``extra_round`` (weblabora's solo end).
    solo_end: str = "rulebook"
    #: R-BUILD-5: ``empty_only`` or ``over_forest_and_moor`` (the card stays under the building).
    build_space: str = "empty_only"
    #: cards.md I38: ``full`` or ``named`` (the Festival Ground's reward as written).
    festival_reward: str = "full"
    #: cards.md F10: ``removes_forest`` or ``leaves_forest`` (the Carpentry's forest).
    carpentry: str = "removes_forest"
    #: R-ACT-1: ``one`` or ``uncounted`` (weblabora does not count a slot's main actions).
    main_actions: str = "one"
    #: cards.md F23: ``pays_coin`` or ``coin_as_written`` (a bare use is free).
    bathhouse: str = "pays_coin"
    #: R-END-2 (AMB-12): ``rulebook`` or ``round_end`` (weblabora's two-player end).
    two_player_end: str = "rulebook"
    #: R-FREE-1 c / R-SCORE-2: ``one_pool`` or ``kept_apart`` (weblabora's 1- and 5-coin pieces).
    coin_tiles: str = "one_pool"
    #: Departure from R-CLG-4: ``refused`` or ``replaces`` (kennerspiel 0.21.1).
    occupied_own_building: str = "refused"
    #: Departure from R-SOLO-6: ``gone`` or ``joker_only_uses`` (kennerspiel 0.21.1).
    removed_joker: str = "gone"


@frozen
class GameConfig:
    """What was chosen at set-up. ``mode`` is the rules.md mode code (R-GEN-2)."""

    players: int
    variant: Variant
    length: str
    mode: str
    seed: int
    colours: tuple[str, ...]
    liesborn: bool = False
    readings: Readings = Readings()  # frozen: one shared default (mypyc refuses field())
    #: The Liesborn tile set (AMB-28 a; ``specs/expansions/liesborn.toml``); "" without Liesborn.
    wonder_tiles: str = ""
    #: Which moves may be taken back (``ora_rules.undo``): ``none``, ``own_last`` or
    #: ``by_consent``. Left out of the stored bytes at its default, as every default is.
    undo: str = "by_consent"
    #: The game's time control (``ora_rules.clocks``); None: no clock, and nothing of it stored.
    clock: TimeControl | None = None
    #: A what-if game (``ora_rules.fork``): where it branched off. None (not stored) for every
    #: other game, so a game that is no fork keeps the bytes it always had.
    fork: Provenance | None = None


@frozen
class Provenance:
    """Where a fork branched off: the source game's id, the move after which (0: the set-up)
    and the hash of the source's last event at that point (its chain's head there)."""

    game: str
    move: int
    head: str


@frozen
class TimeControl:
    """A game's clock, chosen at creation (``ora_rules.clocks``, docs/api.md "Clocks").

    ``fischer``: each seat starts with ``initial`` seconds and gains ``increment`` after each
    of its decisions; ``deadline``: each decision has ``initial`` seconds (a correspondence
    game: days per move, in seconds). When a seat's time runs out, ``on_timeout``: ``lose``
    (the game ends, that seat losing), ``pass`` (the rules' default decides for it) or ``bot``
    (the bot ``bot`` takes the seat)."""

    kind: str = "fischer"
    initial: int = 600
    increment: int = 0
    on_timeout: str = "lose"
    bot: str = "medium"


@frozen
class ReplaceRequest:
    """Seat ``by`` asks that the bot ``bot`` take ``seat``; ``waiting``: the seats whose
    consent is still awaited (``ora_rules.seats``)."""

    by: int
    seat: int
    bot: str
    waiting: tuple[int, ...]


@frozen
class UndoRequest:
    """A take-back asked by ``seat``: back to the position after move ``to_move`` (stream
    version ``to_version``); ``waiting`` are the seats whose consent is still awaited."""

    seat: int
    to_move: int
    to_version: int
    waiting: tuple[int, ...]


@frozen(slots=False)  # copied per event (module doc)
class Wheel:
    """The production wheel (R-WHEEL-1..9). ``positions`` holds the in-play indicators only."""

    values: tuple[int, ...]
    positions: Mapping[Indicator, int]
    #: True in the solo game: an indicator pushed past the last space leaves play (R-WHEEL-5).
    removes_at_end: bool = False

    def value(self, indicator: Indicator) -> int:
        return self.values[self.positions[indicator]]


@frozen
class Placement:
    """Where a built building stands: its owner's seat and its space."""

    seat: int
    coord: Coord


@frozen
class WonderScore:
    """One Liesborn wonder tile's points (R-LIES-5, R-LIES-6): a dark-blue tile's base plus its
    variable value times ``count``, the number of times its condition is met."""

    tile: str
    dark: bool
    points: int
    count: int = 0


@frozen
class Score:
    seat: int
    goods: int
    economic: int
    settlements: tuple[int, ...]
    total: int
    #: Liesborn: each wonder tile's points, already counted in ``goods`` (R-LIES-6).
    wonders: tuple[WonderScore, ...] = ()


@frozen(slots=False)  # copied per event (module doc)
class State:
    config: GameConfig
    round: int
    players: tuple[PlayerState, ...]
    wheel: Wheel
    display: tuple[str, ...]
    stacks: Mapping[Stage, tuple[str, ...]]
    district_prices: tuple[int, ...]
    plot_prices: tuple[int, ...]
    built: Mapping[str, Placement]
    flow: Flow
    work_contract_price: int = 1
    wonders_left: int = 8
    #: Liesborn (R-LIES-2): the display of dark-blue tiles (never refilled) and the stack of
    #: light-blue ones, top first; ``wonders_left`` counts both.
    wonder_display: tuple[str, ...] = ()
    wonder_stack: tuple[str, ...] = ()
    settlement_phases: tuple[Stage, ...] = ()
    scores: tuple[Score, ...] | None = None
    winners: tuple[int, ...] = ()
    version: int = 0
    #: Every building used this game (ids), for self-play statistics.
    used: frozenset[str] = frozenset()
    #: A take-back waiting for the other players' consent (``ora_rules.undo``).
    undo_request: UndoRequest | None = None
    #: A game with a clock: each seat's time left in milliseconds (as of its last decision),
    #: and the seats whose time ran out, in order (``ora_rules.clocks``).
    clock_left: tuple[int, ...] = ()
    timed_out: tuple[int, ...] = ()
    #: A bot asked to take a seat, waiting for the other players' consent (``ora_rules.seats``).
    replace_request: ReplaceRequest | None = None

    @property
    def finished(self) -> bool:
        return self.scores is not None

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """How hypothesis (and IPython) print a state: where it stands in which game, in one
        line (the whole state runs to a hundred kilobytes)."""
        c = self.config
        printer.text(f"<State of {c.players}p {c.variant.value} {c.length} seed {c.seed} at "
                     f"version {self.version}, round {self.round}"
                     f"{', finished' if self.finished else ''}>")

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]
