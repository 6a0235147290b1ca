"""Loading and validating ``specs/``: the game as data (design §4).

``load_rules(directory)`` reads every file, checks every field and reports *all* problems at once
(``SpecError``), each as ``path: field: what``. The result, ``Rules``, is a plain value handed to
the rules functions; nothing here is a module global, so tests can load altered spec sets.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol, TypeVar

from attrs import field, frozen

from ora_core.errors import SpecError
from ora_core.values import Coord, Good, Stage, Terrain, Variant

MODE_CODES = ("1", "2", "2L", "3", "4", "3s", "4s")
_STAGES = ("heartland", "start", "A", "B", "C", "D")
_COST_KEYS = {"wood": Good.WOOD, "clay": Good.CLAY, "stone": Good.STONE, "straw": Good.STRAW,
              "coin": Good.COIN}


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
_MATERIALS = {"clay": Good.CLAY, "wood": Good.WOOD, "stone": Good.STONE, "straw": Good.STRAW}
_WONDER_ID = re.compile(r"^LW-(\d\d)$")


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
        if building_id.startswith("L") and len(building_id) == 3 and building_id[1].isalpha():
            building_id = "L0" + building_id[2]
        return self.buildings[building_id]


def default_spec_dir() -> Path:
    """``$ORA_SPECS``, else the ``specs/`` of the source tree, else the copy inside the wheel."""
    env = os.environ.get("ORA_SPECS")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "specs", here / "_specs"):
        if candidate.is_dir():
            return candidate
    raise SpecError([f"{here.parent / 'specs'}: no spec directory found (set ORA_SPECS)"])


class _Problems:
    """Collects problems as 'path: field: what' while reading many files."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, path: str, where: str, what: str) -> None:
        self.items.append(f"{path}: {where}: {what}")


def _read(path: Path, problems: _Problems) -> dict[str, Any] | None:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as error:
        problems.add(str(path), "(file)", str(error))
        return None


class _Fields:
    """Typed access to one TOML table, reporting each bad field once."""

    def __init__(self, data: Mapping[str, Any], path: str, problems: _Problems, prefix: str = ""):
        self.data, self.path, self.problems, self.prefix = data, path, problems, prefix

    def _bad(self, key: str, what: str) -> None:
        self.problems.add(self.path, self.prefix + key, what)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., *,
            check: Callable[[Any], str | None] | None = None) -> Any:
        if key not in self.data:
            if default is ...:
                self._bad(key, "missing")
                return None
            return default
        value = self.data[key]
        if isinstance(value, bool) and kind in (int, float, (int, float)):
            self._bad(key, f"expected {_kind_name(kind)}, got {value!r}")
            return None
        if not isinstance(value, kind):
            self._bad(key, f"expected {_kind_name(kind)}, got {value!r}")
            return None
        if check is not None:
            message = check(value)
            if message:
                self._bad(key, message)
                return None
        return value

    def goods(self, key: str, default: Any = ..., *, allowed: Mapping[str, Good] | None = None
              ) -> dict[Good, int] | None:
        raw = self.get(key, dict, default)
        if raw is None:
            return None
        result: dict[Good, int] = {}
        for name, n in raw.items():
            good = (allowed or _ALL_GOODS).get(name)
            if good is None:
                self._bad(f"{key}.{name}", "unknown good")
            elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                self._bad(f"{key}.{name}", f"expected int >= 0, got {n!r}")
            elif n:
                result[good] = n
        return result

    def terrain(self, key: str) -> frozenset[Terrain] | None:
        raw = self.get(key, list)
        if raw is None:
            return None
        codes = {t.value: t for t in Terrain}
        bad = [c for c in raw if c not in codes]
        if bad or not raw:
            self._bad(key, f"expected terrain codes from W C P H M, got {raw!r}")
            return None
        return frozenset(codes[c] for c in raw)


_ALL_GOODS = {g.value: g for g in Good}


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def _one_of(*allowed: str) -> Callable[[Any], str | None]:
    return lambda v: None if v in allowed else f"expected one of {', '.join(allowed)}, got {v!r}"


def _at_least(low: int) -> Callable[[Any], str | None]:
    return lambda v: None if v >= low else f"expected int >= {low}, got {v!r}"


def _load_goods(directory: Path, problems: _Problems) -> dict[Good, GoodSpec]:
    path = directory / "goods.toml"
    data = _read(path, problems) or {}
    result: dict[Good, GoodSpec] = {}
    for name, table in data.items():
        good = _ALL_GOODS.get(name)
        if good is None or not isinstance(table, dict):
            problems.add(str(path), name, "unknown good")
            continue
        f = _Fields(table, str(path), problems, f"{name}.")
        reverse = f.get("reverse", str, None, check=lambda v: None if v in _ALL_GOODS
                        else f"unknown good {v!r}")
        variant = f.get("variant", str, None, check=_one_of("france", "ireland"))
        result[good] = GoodSpec(
            good=good,
            food=f.get("food", (int, float), 0) or 0,
            energy=f.get("energy", (int, float), 0) or 0,
            coins=f.get("coins", int, 0) or 0,
            points=f.get("points", int, 0) or 0,
            reverse=_ALL_GOODS[reverse] if reverse else None,
            variant=Variant(variant) if variant else None,
            basic=bool(f.get("basic", bool, False)),
        )
    for good in Good:
        if good not in result:
            problems.add(str(path), good.value, "missing")
    return result


def _load_building(path: Path, problems: _Problems, effect_parser: EffectParser | None
                   ) -> BuildingSpec | None:
    data = _read(path, problems)
    if data is None:
        return None
    p = str(path)
    f = _Fields(data, p, problems)
    modes = f.get("modes", list, check=lambda v: None if set(v) <= set(MODE_CODES)
                  else f"unknown mode codes {sorted(set(v) - set(MODE_CODES))}")
    optional = f.get("optional_modes", list, [], check=lambda v: None if set(v) <= set(MODE_CODES)
                     else "unknown mode codes")
    cost = f.goods("cost", allowed=_COST_KEYS)
    effect = None
    if "effect" in data and effect_parser is not None:
        effect = effect_parser(data["effect"], p, "effect", problems.add)
    spec = BuildingSpec(
        id=f.get("id", str),
        name=f.get("name", str),
        kind=f.get("kind", str, check=_one_of("building", "start_building")),
        variant=f.get("variant", str, check=_one_of("both", "france", "ireland")),
        card=f.get("card", int, check=_at_least(0)),
        stage=f.get("stage", str, check=_one_of(*_STAGES)),
        symbol=f.get("symbol", str, check=_one_of("all", "3+", "4")),
        modes=frozenset(modes or ()),
        cost=cost or {},
        terrain=f.terrain("terrain") or frozenset(),
        economic=f.get("economic", int),
        dwelling=f.get("dwelling", int),
        cloister=f.get("cloister", bool),
        wheel=tuple(f.get("wheel", list, [])),
        rules=tuple(f.get("rules", list, check=lambda v: None if v else "expected a rule id")
                    or ()),
        questions=tuple(f.get("questions", list, [])),
        text=(f.get("text", str) or "").strip(),
        path=p,
        neutral_start=bool(f.get("neutral_start", bool, False)),
        optional_modes=frozenset(optional or ()),
        crossed_out=tuple(f.get("crossed_out", list, [])),
        work_contract_price=f.get("work_contract_price", int, 0) or 0,
        effect=effect,
    )
    if spec.id and not path.name.startswith(spec.id + "-"):
        problems.add(p, "id", f"{spec.id!r} does not match the file name")
    return spec


def _load_settlement(path: Path, problems: _Problems) -> SettlementSpec | None:
    data = _read(path, problems)
    if data is None:
        return None
    p = str(path)
    f = _Fields(data, p, problems)
    return SettlementSpec(
        id=f.get("id", str),
        name=f.get("name", str),
        stage=f.get("stage", str, check=_one_of("start", "A", "B", "C", "D")),
        food=f.get("food", int, check=_at_least(0)),
        energy=f.get("energy", int, check=_at_least(0)),
        terrain=f.terrain("terrain") or frozenset(),
        economic=f.get("economic", int),
        dwelling=f.get("dwelling", int),
        text=(f.get("text", str) or "").strip(),
        path=p,
    )


def _space(raw: Any, path: str, where: str, problems: _Problems) -> SpaceSpec | None:
    if not isinstance(raw, dict):
        problems.add(path, where, "expected a table")
        return None
    f = _Fields(raw, path, problems, where + ".")
    at = f.get("at", list, [0, 0])
    terrain = f.get("terrain", str, check=_one_of(*(t.value for t in Terrain)))
    card = f.get("card", str, None)
    if at is None or terrain is None:
        return None
    return SpaceSpec(at=(int(at[0]), int(at[1])), terrain=Terrain(terrain), card=card)


def _spaces(raw: Any, path: str, where: str, problems: _Problems) -> tuple[SpaceSpec, ...]:
    if not isinstance(raw, list):
        problems.add(path, where, "expected a list")
        return ()
    found = (_space(s, path, f"{where}[{i}]", problems) for i, s in enumerate(raw))
    return tuple(s for s in found if s is not None)


def _load_landscape(directory: Path, problems: _Problems) -> LandscapeSpec:
    path = directory / "landscape.toml"
    p = str(path)
    data = _read(path, problems) or {}
    heartland = data.get("heartland", {})
    neutral = data.get("neutral", {})
    districts = {
        side: tuple(
            SpaceSpec(at=(col, 0), terrain=s.terrain, card=s.card)
            for col, s in enumerate(_spaces(t.get("columns"), p, f"districts.{side}.columns",
                                            problems))
        )
        for side, t in data.get("districts", {}).items()
    }
    plots = {side: _spaces(t.get("spaces"), p, f"plots.{side}.spaces", problems)
             for side, t in data.get("plots", {}).items()}
    prices = data.get("prices", {})
    return LandscapeSpec(
        heartland=_spaces(heartland.get("spaces"), p, "heartland.spaces", problems),
        short_game_cleared=frozenset(tuple(c) for c in heartland.get("short_game_cleared", [])),
        neutral_cleared=frozenset(tuple(c) for c in neutral.get("cleared", [])),
        builders_market_at=tuple(neutral.get("builders_market", (0, 0))),
        districts=districts,
        plots=plots,
        district_prices=tuple(prices.get("districts", ())),
        plot_prices=tuple(prices.get("plots", ())),
    )


def _load_mode(path: Path, problems: _Problems) -> ModeSpec | None:
    data = _read(path, problems)
    if data is None:
        return None
    p = str(path)
    f = _Fields(data, p, problems)
    settlements_raw = f.get("settlements", dict, {}) or {}
    settlements = {}
    for stage, n in settlements_raw.items():
        if stage not in ("A", "B", "C", "D") or not isinstance(n, int) or n < 1:
            problems.add(p, f"settlements.{stage}", f"expected a stage A-D with a round, got {n!r}")
        else:
            settlements[Stage(stage)] = n
    round_goods = []
    for i, table in enumerate(f.get("round_goods", list, []) or []):
        sub = _Fields({"goods": table}, p, problems, f"round_goods[{i}].")
        round_goods.append(sub.goods("goods") or {})
    return ModeSpec(
        code=f.get("code", str, check=_one_of(*MODE_CODES)),
        name=f.get("name", str),
        players=f.get("players", int, check=lambda v: None if 1 <= v <= 4 else "expected 1..4"),
        length=f.get("length", str, check=_one_of("long", "short")),
        wheel=f.get("wheel", str, check=_one_of("front", "back")),
        clergy=f.get("clergy", int, check=_at_least(1)),
        heartland=f.get("heartland", str, check=_one_of("full", "short")),
        start_goods=f.goods("start_goods") or {},
        reversed_prices=f.get("reversed_prices", bool, False),
        unit=f.get("unit", str, check=_one_of("round", "turn")),
        start_seat=f.get("start_seat", str, check=_one_of("rotate", "fixed")),
        slots=tuple(f.get("slots", list) or ()),
        settlements=settlements,
        rounds=f.get("rounds", int, check=_at_least(0)),
        bonus_round=f.get("bonus_round", bool),
        end=f.get("end", str, check=_one_of("fixed", "display", "solo")),
        path=p,
        grapes=f.get("grapes", int, None),
        stone=f.get("stone", int, None),
        wheel_bonus=f.get("wheel_bonus", bool, False),
        round_goods=tuple(round_goods),
        final_display=f.get("final_display", int, 0),
        final_turn=f.get("final_turn", bool, False),
        neutral=f.get("neutral", bool, False),
        wheel_removes_at_end=f.get("wheel_removes_at_end", bool, False),
        goal=f.get("goal", int, 0),
    )


def _load_condition(data: Any, path: str, problems: _Problems) -> WonderCondition | None:
    if not isinstance(data, dict):
        problems.add(path, "variable", "expected a table")
        return None
    f = _Fields(data, path, problems, "variable.")
    unknown = sorted(set(data) - {"value", "reduced", "per", "of", "each"})
    if unknown:
        problems.add(path, "variable", f"unknown key(s) {', '.join(unknown)}")
    value = f.get("value", (int, float))
    reduced = f.get("reduced", (int, float), None)
    per = f.get("per", str, check=_one_of(*WONDER_COUNTS))
    each = f.get("each", int, 1, check=_at_least(1))
    takes = WONDER_COUNTS.get(per) if per else None
    names = f.get("of", list, [] if takes is None else ...)
    of: list[Good] = []
    allowed = _MATERIALS if takes == "materials" else _ALL_GOODS
    for name in names or ():
        good = allowed.get(name) if isinstance(name, str) else None
        if good is None:
            kind = "a building material (clay, wood, stone, straw)" if takes == "materials" \
                else "a good"
            problems.add(path, "variable.of", f"{name!r} is not {kind}")
        else:
            of.append(good)
    if per and takes is None and names:
        problems.add(path, "variable.of", f"per = {per!r} counts no goods; leave out `of`")
    if takes == "two goods" and names is not None and len(names) != 2:
        problems.add(path, "variable.of", f"a combination is of exactly two goods, got {names!r}")
    if each != 1 and per != "goods":
        problems.add(path, "variable.each", "only per = \"goods\" counts per N")
    if value is None or per is None or each is None:
        return None
    return WonderCondition(value=value, per=per, of=tuple(of), each=each, reduced=reduced)


def _load_wonder(path: Path, problems: _Problems) -> WonderSpec | None:
    data = _read(path, problems)
    if data is None:
        return None
    p = str(path)
    f = _Fields(data, p, problems)
    status = f.get("status", str, check=_one_of("explained", "printed", "combination",
                                                  "partial"))
    condition = None
    if status == "partial":
        if "variable" in data:
            problems.add(p, "variable", "a partial tile has no legible variable value")
    elif status is not None:
        if "variable" not in data:
            problems.add(p, "variable", "missing (only a partial tile has none)")
        else:
            condition = _load_condition(data["variable"], p, problems)
    spec = WonderSpec(
        id=f.get("id", str, check=lambda v: None if _WONDER_ID.match(v) else
                 f"expected LW-nn, got {v!r}"),
        name=f.get("name", str),
        status=status,
        base=f.get("base", int),
        seed_line=f.get("seed_line", int, check=_at_least(1)),
        rules=tuple(f.get("rules", list, check=lambda v: None if v else "expected a rule id")
                    or ()),
        text=(f.get("text", str) or "").strip(),
        path=p,
        condition=condition,
    )
    if spec.id and not path.name.startswith(spec.id + "-"):
        problems.add(p, "id", f"{spec.id!r} does not match the file name")
    return spec


def _load_liesborn(path: Path, wonders: Mapping[str, WonderSpec], problems: _Problems
                   ) -> LiesbornSpec | None:
    if not path.exists():
        return None
    data = _read(path, problems)
    if data is None:
        return None
    p = str(path)
    f = _Fields(data, p, problems)
    display_raw = f.get("display", dict, {}) or {}
    display: dict[int, int] = {}
    for players in ("1", "2", "3", "4"):
        n = display_raw.get(players)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            problems.add(p, f"display.{players}", f"expected int >= 0, got {n!r}")
        else:
            display[int(players)] = n
    sets: dict[str, TileSet] = {}
    for name, table in (f.get("tile_sets", dict, {}) or {}).items():
        sub = _Fields(table if isinstance(table, dict) else {}, p, problems,
                      f"tile_sets.{name}.")
        unknown = sub.get("unknown", str, check=_one_of("light", "out"))
        sets[name] = TileSet(name=name, unknown=unknown, text=sub.get("text", str))
    default = f.get("default_tile_set", str, check=lambda v: None if v in sets
                    else f"expected one of the tile_sets {sorted(sets)}, got {v!r}")
    reduced = f.get("reduced_modes", list, [], check=lambda v: None if set(v) <= set(MODE_CODES)
                    else "unknown mode codes")
    f.get("rounding", str, "down", check=_one_of("down"))
    spec = LiesbornSpec(
        name=f.get("name", str), tiles=f.get("tiles", int, check=_at_least(1)),
        light_points=f.get("light_points", int), display=display,
        reduced_modes=frozenset(reduced or ()), tile_sets=sets, default_tile_set=default,
        path=p)
    if spec.tiles:
        for wonder in wonders.values():
            found = _WONDER_ID.match(wonder.id or "")
            if found and not 1 <= int(found.group(1)) <= spec.tiles:
                problems.add(wonder.path, "id", f"{wonder.id} is beyond the {spec.tiles} tiles")
        known = sum(1 for w in wonders.values() if w.known)
        if display and max(display.values()) > known:
            problems.add(p, "display", f"a display of {max(display.values())} needs as many "
                         f"tiles known in full; {known} are")
    return spec
def _load_readings(path: Path, problems: _Problems, modes: Mapping[str, ModeSpec]
                   ) -> ReadingsSpec:
    """``specs/readings.toml``: one table per ``Readings`` field, its options, the named sets."""
    from ora_core.state import Readings

    data = _read(path, problems) or {}
    p = str(path)
    fields = {a.name: a.default for a in Readings.__attrs_attrs__}
    ambiguities: dict[str, Ambiguity] = {}
    for name, table in (data.get("ambiguities") or {}).items():
        if name not in fields:
            problems.add(p, f"ambiguities.{name}", "not a field of GameConfig.readings")
            continue
        options = {}
        for label, option in (table.get("options") or {}).items():
            bad_modes = sorted((set(option.get("entries", {})) | set(option.get("card_modes", {}))
                                | set(option.get("card_modes", {}).values())) - set(modes))
            if bad_modes:
                problems.add(p, f"ambiguities.{name}.options.{label}",
                             f"unknown mode codes {', '.join(bad_modes)}")
            options[label] = ReadingOption(
                text=str(option.get("text", "")), entries=option.get("entries", {}),
                card_modes=option.get("card_modes", {}), rule=str(option.get("rule", "")),
                instead=str(option.get("instead", "")), refusal=str(option.get("refusal", "")))
        default = table.get("default")
        if default != fields[name] or default not in options:
            problems.add(p, f"ambiguities.{name}.default",
                         f"expected the rulebook option {fields[name]!r} among the options")
        if table.get("kind", "ambiguity") not in ("ambiguity", "departure"):
            problems.add(p, f"ambiguities.{name}.kind", "expected ambiguity or departure")
        ambiguities[name] = Ambiguity(amb=str(table.get("amb", "")),
                                      rule=str(table.get("rule", "")),
                                      default=str(default), options=options,
                                      kind=str(table.get("kind", "ambiguity")))
    for missing in sorted(set(fields) - set(ambiguities)):
        problems.add(p, f"ambiguities.{missing}", "missing: every reading needs its options")
    sets: dict[str, dict[str, str]] = {}
    for set_name, chosen in (data.get("sets") or {}).items():
        for name, label in chosen.items():
            if name not in ambiguities or label not in ambiguities[name].options:
                problems.add(p, f"sets.{set_name}.{name}", f"no option {label!r} of {name}")
        sets[set_name] = dict(chosen)
    aliases = {str(k): str(v) for k, v in (data.get("aliases") or {}).items()}
    for alias, target in aliases.items():
        if target not in sets or alias in sets:
            problems.add(p, f"aliases.{alias}", f"{target!r} is no profile, or {alias} is one")
    sources = {str(k): str(v) for k, v in (data.get("sources") or {}).items()}
    for source, target in sources.items():
        if target not in sets:
            problems.add(p, f"sources.{source}", f"{target!r} is no profile")
    return ReadingsSpec(ambiguities=ambiguities, sets=sets, aliases=aliases, sources=sources)


class _IdentifiedSpec(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def path(self) -> str: ...


SpecT = TypeVar("SpecT", bound=_IdentifiedSpec)


def _load_folder(folder: Path, problems: _Problems,
                 load: Callable[[Path], SpecT | None]) -> dict[str, SpecT]:
    """Every ``*.toml`` of ``folder`` by its id, in file-name order; an id given by two files
    is a problem (the later file's spec is kept)."""
    specs: dict[str, SpecT] = {}
    for path in sorted(folder.glob("*.toml")):
        spec = load(path)
        if spec is not None and spec.id:
            if spec.id in specs:
                problems.add(str(path), "id", f"{spec.id} is also in {specs[spec.id].path}")
            specs[spec.id] = spec
    return specs


#: (table, path, field, report) -> parsed effect; supplied by ``ora_rules.effects``.
EffectParser = Callable[[Any, str, str, Callable[[str, str, str], None]], Any]


def load_rules(directory: str | Path | None = None, *,
               effect_parser: EffectParser | None = None,
               expected_ids: set[str] | None = None) -> Rules:
    """Load and validate every spec under ``directory``; raise ``SpecError`` listing all problems.

    ``expected_ids``: the building and settlement ids the set must cover exactly once (by
    default those listed in ``cards.toml``).
    """
    if effect_parser is None:
        from ora_rules.effects import parse_effect

        effect_parser = parse_effect
    root = Path(directory) if directory is not None else default_spec_dir()
    problems = _Problems()
    goods = _load_goods(root, problems)
    parser = effect_parser
    buildings = _load_folder(root / "buildings", problems,
                             lambda path: _load_building(path, problems, parser))
    settlements = _load_folder(root / "settlements", problems,
                               lambda path: _load_settlement(path, problems))
    modes: dict[str, ModeSpec] = {}
    for path in sorted((root / "modes").glob("*.toml")):
        mode = _load_mode(path, problems)
        if mode is not None and mode.code:
            modes[mode.code] = mode
    landscape = _load_landscape(root, problems)
    wonders = _load_folder(root / "wonders", problems, lambda path: _load_wonder(path, problems))
    liesborn = _load_liesborn(root / "expansions" / "liesborn.toml", wonders, problems)
    if wonders and liesborn is None:
        problems.add(str(root / "expansions"), "liesborn.toml",
                     "missing: the wonder tiles need the expansion's numbers")
    wheel_path = root / "wheel.toml"
    wheel_data = _read(wheel_path, problems) or {}
    wheel_values = {side: tuple(wheel_data.get(side, ())) for side in ("front", "back")}
    for side, values in wheel_values.items():
        if len(values) != 13 or list(values) != sorted(values):
            problems.add(str(wheel_path), side, "expected 13 non-decreasing values")
    if expected_ids is None:
        cards = _read(root / "cards.toml", problems) or {}
        expected_ids = set(cards.get("buildings", [])) | set(cards.get("settlements", []))
    if expected_ids:
        have = set(buildings) | set(settlements)
        for missing in sorted(expected_ids - have):
            problems.add(str(root), "buildings", f"no spec for card {missing}")
        for extra in sorted(have - expected_ids):
            problems.add(str(root), "buildings", f"spec {extra} is not a card of cards.csv")
    for code in MODE_CODES:
        if code not in modes:
            problems.add(str(root / "modes"), code, "missing mode spec")
    readings = _load_readings(root / "readings.toml", problems, modes)
    if problems.items:
        raise SpecError(problems.items)
    return Rules(goods=goods, buildings=buildings, settlements=settlements, landscape=landscape,
                 modes=modes, wheel_values=wheel_values, directory=str(root), wonders=wonders,
                 liesborn=liesborn, readings=readings)
