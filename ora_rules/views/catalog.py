"""``rules.catalog`` and ``ora specs catalog --json``: every card, good, landscape tile and mode
as data a client can show without reading ``specs/``.

A pure function of the loaded rules and a locale: names, texts and words go through the message
catalogue (``ora_rules.views.i18n``), ids and codes are the notation's. ``tokens`` is the pattern of
what a use writes after ``USE <id>`` (each effect node's ``syntax()``; docs/specs.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from attrs import field, frozen

from ora_core.values import GOOD_CODES, Good, Terrain
from ora_rules.effects import Effect
from ora_rules.specs import BuildingSpec, Rules, SpaceSpec
from ora_rules.views import vocabulary as v
from ora_rules.views.glossary import describe_condition, describe_function
from ora_rules.views.i18n import words
from ora_rules.views.schedule_view import end_condition, last_round
from ora_rules.views.view import GoodCount, TerrainName
from ora_rules.wonders import LIGHT_TOKEN

_TERRAIN_ORDER = "WCPHM"
_STAGE_ORDER = {"heartland": 0, "start": 1, "A": 2, "B": 3, "C": 4, "D": 5}


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@frozen(kw_only=True)
class GoodEntry:
    """One face of a goods tile (R-GOODS-1, R-GOODS-2)."""

    good: str
    code: str = field(metadata=_doc("the two-letter code of the notation"))
    name: str
    food: float
    energy: float
    coins: int = field(metadata=_doc("its worth in coins (wine 1, whiskey 2)"))
    points: int
    reverse: str | None = field(metadata=_doc("the good on the tile's other face"))
    variant: str | None = field(metadata=_doc("france or ireland when only one variant has it"))
    basic: bool = field(metadata=_doc("one of the six goods with a wheel indicator from the "
                                      "start"))


@frozen(kw_only=True)
class BuildingEntry:
    """One building card."""

    id: str
    name: str
    kind: Literal["building", "start_building"]
    variant: Literal["both", "france", "ireland"]
    card: int = field(metadata=_doc("the printed card number"))
    stage: Literal["heartland", "start", "A", "B", "C", "D"]
    symbol: str = field(metadata=_doc("the player-count symbol: all, 3+ or 4"))
    modes: list[str] = field(metadata=_doc("the mode codes that use the card"))
    cost: list[GoodCount]
    terrain: list[TerrainName]
    economic: int
    dwelling: int
    cloister: bool
    wheel: list[str] = field(metadata=_doc("the goods it takes from the production wheel"))
    text: str = field(metadata=_doc("the card's function in words"))
    function: str = field(metadata=_doc("the function as the engine reads it, in words"))
    tokens: str = field(metadata=_doc(
        "what a use writes: \"USE <id>\" and the pattern of its choices (<count a..b>, a|b one "
        "of, (..) a group, [..] optional, <payment> the goods paying food and energy, "
        "R-GOODS-3); \"USE <id> -\" always declines (R-CLG-6)"))
    work_contract_price: int = field(metadata=_doc("building it sets this work-contract price "
                                                   "(R-WC-4); 0: no change"))
    rules: list[str]


@frozen(kw_only=True)
class SettlementEntry:
    """One settlement card (R-SET-3)."""

    id: str
    name: str
    stage: Literal["start", "A", "B", "C", "D"]
    food: int = field(metadata=_doc("the food to pay when building it"))
    energy: int
    terrain: list[TerrainName]
    economic: int
    dwelling: int
    text: str


@frozen(kw_only=True)
class TileSpace:
    col: int = field(metadata=_doc("column; for districts the column, for plots relative"))
    row: int = field(metadata=_doc("row; for districts and plots relative to where it is put"))
    terrain: TerrainName
    terrain_name: str
    card: str | None = field(metadata=_doc("LFO forest, LMO moor, L01..L03, or null"))


@frozen(kw_only=True)
class TileEntry:
    """One landscape tile side (R-BUY-3, R-BUY-4)."""

    kind: Literal["heartland", "district", "plot"]
    side: str = field(metadata=_doc("PLAINS / HILLS (districts), COAST / MOUNTAIN (plots), "
                                    "HEARTLAND"))
    name: str
    spaces: list[TileSpace]


@frozen(kw_only=True)
class ModeEntry:
    """One mode (R-GEN-2) and its schedule (R-SCHED-4)."""

    code: str
    name: str
    players: int
    length: Literal["long", "short"]
    wheel: Literal["front", "back"]
    clergy: int = field(metadata=_doc("clergymen per player: the prior and lay brothers"))
    start_goods: list[GoodCount]
    unit: Literal["round", "turn"]
    settlements: dict[str, int] = field(metadata=_doc("settlement phase -> round (turn)"))
    grapes: int | None = field(metadata=_doc("round the grapes enter (France)"))
    stone: int | None
    rounds: int | None = field(metadata=_doc("the last round (the bonus round, if any); null: "
                                             "the display ends the game"))
    bonus_round: bool
    end: str = field(metadata=_doc("the end condition in words"))
    end_rule: str = field(metadata=_doc("its rule id (R-END-1..4)"))


@frozen(kw_only=True)
class WordEntry:
    key: str = field(metadata=_doc("the id the API uses (a verb, a turn kind, a terrain)"))
    name: str


@frozen(kw_only=True)
class WonderEntry:
    """A Liesborn wonder tile's dark-blue front (specs/wonders; R-LIES-6, R-LIES-9, R-LIES-10).
    Name, condition and text in the locale."""

    id: str = field(metadata=_doc("LW-01 .. LW-26"))
    name: str
    status: str = field(metadata=_doc("explained, printed, combination; partial: only the base "
                                      "is legible and the tile is never dark-blue"))
    base: int
    value: float | None = field(metadata=_doc("points per count; null for a partial tile"))
    reduced: float | None = field(metadata=_doc("the value in the modes of reduced_modes"))
    per: str | None = field(metadata=_doc("what is counted (docs/specs.md): built_material, "
                                          "landscape, building, cloister_building, goods, "
                                          "combination"))
    of: list[str] = field(metadata=_doc("the goods or building materials counted"))
    each: int = field(metadata=_doc("per this many of them (per 5 coins)"))
    condition: str = field(metadata=_doc("the variable value in words (docs/wonders.md)"))
    text: str
    seed_line: int = field(metadata=_doc("the line of the seed document that shows the tile"))
    rules: list[str]


@frozen(kw_only=True)
class TileSetEntry:
    name: str
    text: str


@frozen(kw_only=True)
class LiesbornEntry:
    """The mini expansion's numbers (specs/expansions/liesborn.toml, R-LIES-1..7, AMB-28)."""

    name: str
    tiles: int = field(metadata=_doc("wonder tiles in the box (LW-01 .. LW-nn)"))
    light_points: int = field(metadata=_doc("a light-blue tile's points"))
    display: dict[str, int] = field(metadata=_doc("players -> dark-blue tiles on display"))
    reduced_modes: list[str] = field(metadata=_doc("the modes with the reduced values"))
    tile_sets: list[TileSetEntry] = field(metadata=_doc("the game option wonder_tiles"))
    default_tile_set: str
    token: str = field(metadata=_doc("the token a use that gives a wonder takes first, with "
                                     "Liesborn: a display tile's id or LB (docs/notation.md)"))
    wonders: list[WonderEntry] = field(metadata=_doc("every tile with a spec, by id"))


@frozen(kw_only=True)
class Catalog:
    """Every card, good, landscape tile and mode, with the words a client shows."""

    locale: str
    goods: list[GoodEntry]
    buildings: list[BuildingEntry] = field(metadata=_doc("by stage, then card number"))
    settlements: list[SettlementEntry]
    landscapes: list[TileEntry]
    district_prices: list[int] = field(metadata=_doc("the district stack, top first"))
    plot_prices: list[int]
    modes: list[ModeEntry]
    wheel: dict[str, list[int]] = field(metadata=_doc("the wheel values of each side"))
    actions: list[WordEntry] = field(metadata=_doc("the verbs of the notation in words"))
    phases: list[WordEntry] = field(metadata=_doc("turn kinds and round phases in words"))
    terrain: list[WordEntry]
    liesborn: LiesbornEntry | None = field(default=None, metadata=_doc(
        "the Liesborn wonders mini expansion; null when the specs have none"))


def _terrain(t: Terrain) -> TerrainName:
    name: TerrainName = t.name.lower()  # type: ignore[assignment]
    return name


def _terrains(ts: frozenset[Terrain]) -> list[TerrainName]:
    return [_terrain(t) for t in sorted(ts, key=lambda t: _TERRAIN_ORDER.index(t.value))]


def pays_value(node: Any) -> bool:
    """Whether an effect tree owes food or energy: a use then ends with a payment token."""
    if not isinstance(node, Effect):
        return False
    for (name, _, _), value in zip(node.FIELDS, node.fields(), strict=True):
        if name in ("food", "energy") and isinstance(value, int | float) and value:
            return True
        children = value if isinstance(value, tuple) else (value,)
        if any(pays_value(child) for child in children):
            return True
    return False


def use_tokens(spec: BuildingSpec) -> str:
    """``USE <id>`` and the pattern of the choices of a use (docs/specs.md)."""
    parts = ["USE", spec.id]
    if spec.effect is not None:
        syntax = spec.effect.syntax()
        if syntax:
            parts.append(syntax)
        if pays_value(spec.effect):
            parts.append("<payment>")
    return " ".join(parts)


def _goods(goods: Mapping[Good, int], name: Any) -> list[GoodCount]:
    return [GoodCount(good=g.value, code=GOOD_CODES[g], name=name(v.GOODS[g]), count=n)
            for g, n in goods.items()]


def _space(s: SpaceSpec, _: Any) -> TileSpace:
    return TileSpace(col=s.at[0], row=s.at[1], terrain=_terrain(s.terrain),
                     terrain_name=_(v.TERRAIN[s.terrain]), card=s.card)


def liesborn_entry(rules: Rules, _: Any = str) -> LiesbornEntry | None:
    """The Liesborn expansion and its tiles, from the specs: the tiles' names and texts through
    ``_`` (the message catalogue), their conditions too."""
    expansion = rules.liesborn
    if expansion is None:
        return None
    wonders = []
    for spec in sorted(rules.wonders.values(), key=lambda w: w.id):
        c = spec.condition
        wonders.append(WonderEntry(
            id=spec.id, name=_(spec.name), status=spec.status, base=spec.base,
            value=c.value if c else None, reduced=c.reduced if c else None,
            per=c.per if c else None, of=[g.value for g in c.of] if c else [],
            each=c.each if c else 1, condition=_(describe_condition(spec)), text=_(spec.text),
            seed_line=spec.seed_line, rules=list(spec.rules)))
    return LiesbornEntry(
        name=expansion.name, tiles=expansion.tiles, light_points=expansion.light_points,
        display={str(p): n for p, n in sorted(expansion.display.items())},
        reduced_modes=sorted(expansion.reduced_modes),
        tile_sets=[TileSetEntry(name=t.name, text=t.text)
                   for t in expansion.tile_sets.values()],
        default_tile_set=expansion.default_tile_set, token=f"LW-nn | {LIGHT_TOKEN}",
        wonders=wonders)


def catalog(rules: Rules, locale: str = "en") -> Catalog:
    """The card catalogue in ``locale`` (``UnknownLocale`` for an unknown one)."""
    _ = words(locale).gettext
    goods = [
        GoodEntry(good=g.value, code=GOOD_CODES[g], name=_(v.GOODS[g]), food=s.food,
                  energy=s.energy, coins=s.coins, points=s.points,
                  reverse=s.reverse.value if s.reverse else None,
                  variant=s.variant.value if s.variant else None, basic=s.basic)
        for g, s in sorted(rules.goods.items(), key=lambda gs: list(Good).index(gs[0]))
    ]
    buildings = [
        BuildingEntry(
            id=b.id, name=_(b.name), kind=b.kind, variant=b.variant,  # type: ignore[arg-type]
            card=b.card, stage=b.stage, symbol=b.symbol,  # type: ignore[arg-type]
            modes=sorted(b.modes), cost=_goods(b.cost, _), terrain=_terrains(b.terrain),
            economic=b.economic, dwelling=b.dwelling, cloister=b.cloister,
            wheel=list(b.wheel), text=_(b.text),
            function=_(describe_function(b)),
            tokens=use_tokens(b), work_contract_price=b.work_contract_price,
            rules=list(b.rules))
        for b in sorted(rules.buildings.values(),
                        key=lambda b: (_STAGE_ORDER[b.stage], b.card, b.id))
    ]
    settlements = [
        SettlementEntry(id=s.id, name=_(s.name), stage=s.stage,  # type: ignore[arg-type]
                        food=s.food, energy=s.energy, terrain=_terrains(s.terrain),
                        economic=s.economic, dwelling=s.dwelling, text=_(s.text))
        for s in sorted(rules.settlements.values(), key=lambda s: s.id)
    ]
    land = rules.landscape
    landscapes = [TileEntry(kind="heartland", side="HEARTLAND",
                            name=_(v.LANDSCAPE["heartland"]),
                            spaces=[_space(s, _) for s in land.heartland])]
    for side, spaces in sorted(land.districts.items()):
        landscapes.append(TileEntry(kind="district", side=side, name=_(v.LANDSCAPE["district"]),
                                    spaces=[_space(s, _) for s in spaces]))
    for side, spaces in sorted(land.plots.items()):
        landscapes.append(TileEntry(kind="plot", side=side, name=_(v.LANDSCAPE["plot"]),
                                    spaces=[_space(s, _) for s in spaces]))
    modes = []
    for code in ("4", "3", "4s", "3s", "2L", "2", "1"):
        m = rules.modes[code]
        end, end_rule, values = end_condition(m)
        modes.append(ModeEntry(
            code=m.code, name=_(m.name), players=m.players,
            length="short" if m.length == "short" else "long",
            wheel="back" if m.wheel == "back" else "front", clergy=m.clergy,
            start_goods=_goods(m.start_goods, _),
            unit="turn" if m.unit == "turn" else "round",
            settlements={s.value: n for s, n in m.settlements.items()},
            grapes=m.grapes, stone=m.stone, rounds=last_round(m), bonus_round=m.bonus_round,
            end=_(end).format(**values), end_rule=end_rule))
    return Catalog(
        locale=locale, goods=goods, buildings=buildings, settlements=settlements,
        landscapes=landscapes, district_prices=list(land.district_prices),
        plot_prices=list(land.plot_prices), modes=modes,
        wheel={side: list(values) for side, values in rules.wheel_values.items()},
        actions=[WordEntry(key=k, name=_(n)) for k, n in v.ACTIONS.items()],
        phases=[WordEntry(key=k, name=_(n)) for k, n in {**v.TURNS, **v.PHASES}.items()],
        terrain=[WordEntry(key=_terrain(t), name=_(n)) for t, n in v.TERRAIN.items()],
        liesborn=liesborn_entry(rules, _),
    )
