"""What a spec set is: the validated values of ``specs/`` (design §4), as ``Rules`` holds them.

Read and checked by :mod:`ora_rules.spec_set.read`; ``ora_rules.specs`` is the public door.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import field, frozen

from ora_core.values import Coord, Good, Stage, Terrain, Variant

MODE_CODES = ("1", "2", "2L", "3", "4", "3s", "4s")


@frozen
class GoodSpec:
    good: Good
    food: float = 0
    energy: float = 0
    coins: int = 0
    points: int = 0
    reverse: Good | None = None
    variant: Variant | None = None
    basic: bool = False


@frozen
class BuildingSpec:
    id: str
    name: str
    kind: str
    variant: str
    card: int
    stage: str
    symbol: str
    modes: frozenset[str]
    cost: Mapping[Good, int]
    terrain: frozenset[Terrain]
    economic: int
    dwelling: int
    cloister: bool
    wheel: tuple[str, ...]
    rules: tuple[str, ...]
    questions: tuple[int, ...]
    text: str
    path: str
    neutral_start: bool = False
    optional_modes: frozenset[str] = frozenset()
    crossed_out: tuple[int, ...] = ()
    #: Building it sets the work-contract price to this for the rest of the game (R-WC-4).
    work_contract_price: int = 0
    #: The parsed effect (an ``ora_rules.effects`` node), or None: built and occupied, no function.
    effect: Any = None

    def in_variant(self, variant: Variant) -> bool:
        return self.variant in ("both", variant.value)


@frozen
class SettlementSpec:
    id: str
    name: str
    stage: str
    food: int
    energy: int
    terrain: frozenset[Terrain]
    economic: int
    dwelling: int
    text: str
    path: str


@frozen
class SpaceSpec:
    at: Coord
    terrain: Terrain
    card: str | None = None


@frozen
class LandscapeSpec:
    heartland: tuple[SpaceSpec, ...]
    short_game_cleared: frozenset[Coord]
    neutral_cleared: frozenset[Coord]
    builders_market_at: Coord
    districts: Mapping[str, tuple[SpaceSpec, ...]]
    plots: Mapping[str, tuple[SpaceSpec, ...]]
    district_prices: tuple[int, ...]
    plot_prices: tuple[int, ...]


@frozen
class ModeSpec:
    code: str
    name: str
    players: int
    length: str
    wheel: str
    clergy: int
    heartland: str
    start_goods: Mapping[Good, int]
    reversed_prices: bool
    unit: str
    start_seat: str
    slots: tuple[int, ...]
    settlements: Mapping[Stage, int]
    rounds: int
    bonus_round: bool
    end: str
    path: str
    grapes: int | None = None
    stone: int | None = None
    wheel_bonus: bool = False
    round_goods: tuple[Mapping[Good, int], ...] = ()
    final_display: int = 0
    final_turn: bool = False
    neutral: bool = False
    wheel_removes_at_end: bool = False
    goal: int = 0
    #: The last round is an extra one: the wheel does not turn, and in solo no neutral steps
    #: follow its actions (only through a reading, specs/readings.toml ``solo_end``).
    extra_round: bool = False
    #: The extra round's action slots by variant (``france``), where fewer than ``slots``
    #: (weblabora: one in France, two in Ireland; a reading, ``solo_end``).
    extra_round_actions: Mapping[str, int] = field(factory=dict)

    @property
    def last_round(self) -> int | None:
        """The number of the game's last round, or None when the display ends the game."""
        if self.end == "display":
            return None
        return self.rounds + 1 if self.bonus_round else self.rounds


#: The count vocabulary of a wonder tile's variable value (R-LIES-8; docs/specs.md): what is
#: counted, and which ``of`` list it takes (None: no list).
WONDER_COUNTS: dict[str, str | None] = {
    "built_material": "materials",  # material icons in the printed costs of own buildings
    "landscape": None,              # landscapes owned, the heartland included
    "building": None,               # buildings in the landscape, start buildings included
    "cloister_building": None,      # cloister buildings, the Cloister Office included
    "goods": "goods",               # goods held at the end (``each``: per N of them)
    "combination": "two goods",     # pairs of the two goods: the smaller count
}


@frozen
class WonderCondition:
    """A dark-blue front's variable value: ``value`` per ``count`` (``reduced`` in the modes of
    R-LIES-7), over the goods or materials ``of``, per ``each`` of them."""

    value: float
    per: str
    of: tuple[Good, ...] = ()
    each: int = 1
    reduced: float | None = None


@frozen
class WonderSpec:
    """One Liesborn wonder tile's dark-blue front (R-LIES-6, R-LIES-9). ``condition`` is None for
    a tile whose variable value is not legible (``status = "partial"``, R-LIES-10)."""

    id: str
    name: str
    status: str
    base: int
    seed_line: int
    rules: tuple[str, ...]
    text: str
    path: str
    condition: WonderCondition | None = None

    @property
    def known(self) -> bool:
        return self.condition is not None


@frozen
class TileSet:
    """Which tiles a Liesborn game uses (AMB-28 a): ``unknown`` is ``light`` (tiles not known in
    full are in the game, light-blue only) or ``out`` (they stay in the box)."""

    name: str
    unknown: str
    text: str


@frozen
class LiesbornSpec:
    """``specs/expansions/liesborn.toml``: the expansion's numbers (R-LIES-1, -2, -5, -7)."""

    name: str
    tiles: int
    light_points: int
    display: Mapping[int, int]
    reduced_modes: frozenset[str]
    tile_sets: Mapping[str, TileSet]
    default_tile_set: str
    path: str

    def tile_ids(self) -> tuple[str, ...]:
        return tuple(f"LW-{n:02d}" for n in range(1, self.tiles + 1))


@frozen
class ReadingOption:
    """One reading of an ambiguity (``specs/readings.toml``) and the data it acts through."""

    text: str
    #: ``wheel_entry``: mode code -> indicator -> the round whose rotation moves it first.
    entries: Mapping[str, Mapping[str, int]] = field(factory=dict)
    #: ``building_sets``: mode code -> the mode code whose card set is dealt instead.
    card_modes: Mapping[str, str] = field(factory=dict)
    #: The rule this option relaxes or replaces ("": its group's), what the rulebook does
    #: instead ("": the default option's text), the rulebook's refusal of a move relying on it.
    rule: str = ""
    instead: str = ""
    refusal: str = ""
    #: Building spec fields this option replaces (id -> field -> raw TOML value: ``cost``,
    #: ``dwelling``, ``economic``, ``effect``); ``ora_rules.readings.under`` applies them.
    buildings: Mapping[str, Mapping[str, Any]] = field(factory=dict)
    #: Mode fields this option replaces (mode code -> field -> value, e.g. ``bonus_round``).
    modes: Mapping[str, Mapping[str, Any]] = field(factory=dict)
    #: Goods fields this option replaces (good -> field -> value, e.g. ``points``).
    goods: Mapping[str, Mapping[str, Any]] = field(factory=dict)
    #: Named switches read by the rules code where no spec field can carry the departure
    #: (``ora_rules.readings.switch``); each is documented in ``specs/readings.toml``.
    switches: frozenset[str] = frozenset()
    #: ``coin_tiles``: the buildings whose coins come as 1-coin pieces only (any amount).
    ones: frozenset[str] = frozenset()


@frozen
class Ambiguity:
    """An option group of ``specs/readings.toml``: an ambiguity's readings or a departure."""

    amb: str
    rule: str
    default: str
    options: Mapping[str, ReadingOption]
    kind: str = "ambiguity"  # or "departure": an engine breaks a clear rule


@frozen
class ReadingsSpec:
    """The named options of each ambiguity (keyed by ``Readings`` field) and the named sets."""

    ambiguities: Mapping[str, Ambiguity] = field(factory=dict)
    sets: Mapping[str, Mapping[str, str]] = field(factory=dict)
    #: Former profile names -> the profile (``kennerspiel`` -> ``kennerspiel-0.21``).
    aliases: Mapping[str, str] = field(factory=dict)
    #: Record readers -> the profile of their engine (``ora import --as-recorded``).
    sources: Mapping[str, str] = field(factory=dict)

    def option(self, name: str, chosen: str) -> ReadingOption:
        return self.ambiguities[name].options[chosen]


@frozen(repr=False)
class Rules:
    """Every spec of the game, validated. Passed as a value to the rules functions."""

    def __repr__(self) -> str:
        # Short: a failing property prints its arguments, and the specs are thousands of lines.
        return (f"<Rules from {self.directory or 'memory'}: {len(self.buildings)} buildings, "
                f"{len(self.settlements)} settlements, {len(self.modes)} modes>")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis prints through this, not ``__repr__``."""
        printer.text(repr(self))

    goods: Mapping[Good, GoodSpec]
    buildings: Mapping[str, BuildingSpec]
    settlements: Mapping[str, SettlementSpec]
    landscape: LandscapeSpec
    modes: Mapping[str, ModeSpec]
    wheel_values: Mapping[str, tuple[int, ...]]
    directory: str = field(default="")
    #: The Liesborn wonder tiles with a spec (R-LIES-9, R-LIES-10), by id.
    wonders: Mapping[str, WonderSpec] = field(factory=dict)
    liesborn: LiesbornSpec | None = None
    readings: ReadingsSpec = field(factory=ReadingsSpec)

    def building(self, building_id: str) -> BuildingSpec:
        """The spec of a building id; heartland instances (``LR2``) map to their spec (``L02``)."""
        spec = self.buildings.get(building_id)  # hot: the bots ask for thousands a decision
        if spec is not None:
            return spec
        if building_id.startswith("L") and len(building_id) == 3 and building_id[1].isalpha():
            building_id = "L0" + building_id[2]
        return self.buildings[building_id]
