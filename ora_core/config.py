"""What a game is set up with: the players, the variant, the mode, the readings of the
rulebook's ambiguities, the clock (``GameConfig`` and its parts). Chosen once, read at most
checks; frozen attrs classes, imported with the rest of the model by ``ora_core.state``."""

from __future__ import annotations

from attrs import frozen

from ora_core.values import Variant


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
