"""``game.view``: a projection of a game made for drawing it (design §7b: projections are pure).

Per seat: the landscape as a grid (terrain, the card with its name, clergy on it, what could be
built on each space), goods, clergy at home, the provisional score; for the table: the wheel
with each indicator's value, the display grouped by stage, the prices of the next district and
plot, the schedule (``ora_rules.views.schedule_view``). Every word is in the requested locale
(``ora_rules.views.i18n``); ids and codes stay as they are so a client can also act on them.

A function of a folded state and the rules only; the SVG renderer (``ora_rules.views.svg``) draws
exactly this value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal
from uuid import UUID

from attrs import field, frozen

from ora_core.state import PlayerState, Score, State
from ora_core.values import FOREST, GOOD_CODES, MOOR, Coord, Good, Indicator, Terrain
from ora_rules.flow import mode_start_seat
from ora_rules.landscape import MOUNTAIN_COL, cloister_neighbour
from ora_rules.neutral import neutral_placements
from ora_rules.readings import profile_of
from ora_rules.scoring import score
from ora_rules.specs import Rules
from ora_rules.views import vocabulary as v
from ora_rules.views.glossary import describe_condition
from ora_rules.views.i18n import words
from ora_rules.views.schedule_view import ScheduleView, schedule_view

TerrainName = Literal["water", "coast", "plains", "hillside", "mountain"]
CardKind = Literal["building", "settlement", "forest", "moor"]
ClergyKind = Literal["prior", "lay_brother"]
StageName = Literal["heartland", "start", "A", "B", "C", "D"]


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@frozen(kw_only=True)
class GoodCount:
    """An amount of one good."""

    good: str = field(metadata=_doc("the good's name in the API (wood, peat_coal, ...)"))
    code: str = field(metadata=_doc("its two-letter code of the notation (Wo, Co, ...)"))
    name: str = field(metadata=_doc("its name in the requested locale"))
    count: int


@frozen(kw_only=True)
class ClergyMark:
    """A clergyman standing on a building."""

    seat: int
    colour: str
    kind: ClergyKind
    name: str = field(metadata=_doc("Prior or Lay brother, in the requested locale"))


@frozen(kw_only=True)
class GridSpace:
    """One space of a landscape grid."""

    col: int = field(metadata=_doc("column (kennerspiel coordinates, R-GEO-1)"))
    row: int
    height: int = field(metadata=_doc("rows it spans: 2 for a mountain (R-GEO-5), else 1"))
    terrain: TerrainName
    terrain_name: str
    card: str | None = field(metadata=_doc("the card's id (G01, LR2, S03, LFO, LMO) or null"))
    card_kind: CardKind | None
    card_name: str | None = field(metadata=_doc("the card's name in the requested locale"))
    covered: list[str] = field(metadata=_doc("cards built over (solo neutral landscape)"))
    clergy: list[ClergyMark] = field(metadata=_doc("clergymen on the building here"))
    buildable: list[str] = field(metadata=_doc(
        "display buildings that may be built here now, costs aside (R-BUILD-3..5): an empty "
        "space of the right terrain, a cloister next to a cloister; on the solo neutral "
        "landscape the solo player's step-3 choices (R-SOLO-10)"))
    settleable: list[str] = field(metadata=_doc(
        "settlements in the owner's hand whose terrain fits this empty space (R-SET-3)"))


@frozen(kw_only=True)
class LandscapeGrid:
    """A seat's landscape: every space, with the grid's extent."""

    cols: list[int] = field(metadata=_doc("the columns from left to right (-2 .. 6 at most)"))
    rows: list[int] = field(metadata=_doc("the rows from top to bottom"))
    spaces: list[GridSpace] = field(metadata=_doc("row by row, left to right"))


@frozen(kw_only=True)
class ClergyHome:
    """Clergymen not placed."""

    prior: int = field(metadata=_doc("1 when the prior is at home, else 0"))
    lay_brothers: int


@frozen(kw_only=True)
class CardRef:
    id: str
    name: str


@frozen(kw_only=True)
class WonderTile:
    """A Liesborn wonder tile (R-LIES-3, R-LIES-6): its id and, dark-blue side up, its front."""

    id: str
    dark: bool = field(metadata=_doc("dark-blue side up (else light-blue, 20 points)"))
    name: str = field(default="", metadata=_doc("the dark-blue front's name (specs/wonders)"))
    base: int = field(default=0, metadata=_doc("the dark-blue front's base value"))
    condition: str = field(default="", metadata=_doc(
        "the variable value and its condition, in English (docs/wonders.md)"))


@frozen(kw_only=True)
class WonderPoints:
    tile: str
    dark: bool
    points: int
    count: int = field(metadata=_doc("how often the tile's condition is met"))


@frozen(kw_only=True)
class ScoreLine:
    """One seat's score (R-SCORE-1..6): provisional until the game ends."""

    seat: int
    goods: int
    economic: int
    settlements: list[int] = field(metadata=_doc("each settlement's dwelling points"))
    total: int
    wonders: list[WonderPoints] = field(factory=list, metadata=_doc(
        "Liesborn: each wonder tile's points, part of goods (R-LIES-6)"))


@frozen(kw_only=True)
class SeatView:
    """One seat's side of the table."""

    seat: int
    colour: str
    colour_name: str
    neutral: bool = field(metadata=_doc("the solo game's neutral player"))
    deciding: bool = field(metadata=_doc("this seat decides now"))
    goods: list[GoodCount] = field(metadata=_doc(
        "every good of the variant, held or not, in the order of the goods codes"))
    clergy_home: ClergyHome
    landscape: LandscapeGrid
    settlements: list[CardRef] = field(metadata=_doc("settlement cards in hand"))
    score: ScoreLine | None = field(metadata=_doc("null for the neutral player"))
    wonders: list[WonderTile] = field(factory=list, metadata=_doc(
        "Liesborn: the wonder tiles held, in the order taken"))


@frozen(kw_only=True)
class WheelIndicator:
    indicator: str = field(metadata=_doc("wood, peat, grain, livestock, clay, coin, joker, "
                                         "grapes, stone"))
    name: str
    position: int = field(metadata=_doc("wheel space (0 = just reset)"))
    value: int = field(metadata=_doc("goods the indicator gives now"))


@frozen(kw_only=True)
class WheelDial:
    """The production wheel (R-WHEEL-1..9)."""

    side: Literal["front", "back"]
    values: list[int] = field(metadata=_doc("value of each of the 13 wheel spaces"))
    indicators: list[WheelIndicator] = field(metadata=_doc("the indicators in play"))


@frozen(kw_only=True)
class DisplayCard:
    """A building of the display, with what a client needs to draw its card."""

    id: str
    name: str
    cost: list[GoodCount]
    terrain: list[TerrainName]
    economic: int
    dwelling: int
    cloister: bool


@frozen(kw_only=True)
class DisplayStage:
    stage: StageName
    name: str
    buildings: list[DisplayCard]


@frozen(kw_only=True)
class LandscapePrices:
    """The next landscape purchases (R-BUY-1..4)."""

    district: int | None = field(metadata=_doc("price of the next district; null: none left"))
    districts_left: int
    plot: int | None = field(metadata=_doc("price of the next plot; null: none left"))
    plots_left: int
    work_contract: int = field(metadata=_doc("the work contract's price in coins (R-WC-4)"))


@frozen(kw_only=True)
class TurnNow:
    kind: str = field(metadata=_doc("action, bonus, settlement, neutral, neutral_prior, over"))
    name: str
    seat: int = field(metadata=_doc("whose slot or settlement turn it is"))
    decider: int | None = field(metadata=_doc("the seat that decides now; null once over"))


#: The clock settings' documentation, shared by ``game.create``'s ``ClockConfig``
#: (``ora_api.games.projection``) and the view's ``ClockView``.
CLOCK_DOCS = {
    "kind": "fischer or deadline",
    "initial": "seconds: a seat's start time (fischer) or a decision's time (deadline)",
    "increment": "seconds added after each decision (fischer)",
    "on_timeout": "lose, pass or bot: what a seat's time running out does",
}


@frozen(kw_only=True)
class ClockView:
    """The clocks of a game as ``game.view`` shows them."""

    kind: str = field(metadata=_doc(CLOCK_DOCS["kind"]))
    initial: int = field(metadata=_doc(CLOCK_DOCS["initial"]))
    increment: int = field(metadata=_doc(CLOCK_DOCS["increment"]))
    on_timeout: str = field(metadata=_doc(CLOCK_DOCS["on_timeout"]))
    left: list[int] = field(metadata=_doc(
        "per seat, the milliseconds left now (the running seat's counts down)"))
    running: int | None = field(metadata=_doc("the seat whose clock runs, if any"))
    timed_out: list[int] = field(metadata=_doc("the seats whose time ran out, in order"))


@frozen(kw_only=True)
class BoardView:
    """A game at one version, ready to draw."""

    game_id: UUID | None = field(metadata=_doc("the game's id (null outside a store)"))
    version: int = field(metadata=_doc("the number of events folded"))
    move: int | None = field(metadata=_doc("the move number asked for, else null"))
    locale: str
    mode: str = field(metadata=_doc("the rules' mode code (R-GEN-2)"))
    mode_name: str
    variant: str
    variant_name: str
    players: int
    turn: TurnNow
    seats: list[SeatView]
    wheel: WheelDial
    display: list[DisplayStage] = field(metadata=_doc("the display grouped by stage"))
    stacks: dict[str, int] = field(metadata=_doc("cards left in each stage's stack"))
    prices: LandscapePrices
    wonders_left: int
    schedule: ScheduleView
    final: bool = field(metadata=_doc("the scores are final"))
    winners: list[int] = field(metadata=_doc("the winning seats once final, else empty"))
    wonder_display: list[WonderTile] = field(factory=list, metadata=_doc(
        "Liesborn: the dark-blue tiles on display (R-LIES-2, never refilled)"))
    wonder_stack: int = field(default=0, metadata=_doc(
        "Liesborn: light-blue tiles left in the stack"))
    start_seat: int | None = field(default=None, metadata=_doc(
        "the seat holding the start player marker (R-ROUND-4), null once over"))
    profile: str = field(default="rulebook", metadata=_doc(
        "the profile the game is played under (docs/records.md): rulebook, kennerspiel-0.21, "
        "weblabora, or its options"))
    clock: ClockView | None = field(default=None, metadata=_doc(
        "the game's clocks (game.create config.clock), null without one"))


_STAGE_ORDER = ("heartland", "start", "A", "B", "C", "D")
_TERRAIN_ORDER = "WCPHM"


def _terrain(t: Terrain) -> TerrainName:
    name: TerrainName = t.name.lower()  # type: ignore[assignment]
    return name


class _Words:
    """The requested locale's words for ids and codes."""

    def __init__(self, rules: Rules, locale: str) -> None:
        self.rules = rules
        self._ = words(locale).gettext

    def good(self, good: Good) -> str:
        return self._(v.GOODS[good])

    def card(self, card: str) -> tuple[CardKind, str]:
        if card == FOREST:
            return "forest", self._(v.LANDSCAPE[FOREST])
        if card == MOOR:
            return "moor", self._(v.LANDSCAPE[MOOR])
        if card in self.rules.settlements:
            return "settlement", self._(self.rules.settlements[card].name)
        return "building", self._(self.rules.building(card).name)

    def goods(self, goods: Mapping[Good, int], order: list[Good]) -> list[GoodCount]:
        return [GoodCount(good=g.value, code=GOOD_CODES[g], name=self.good(g),
                          count=goods.get(g, 0)) for g in order]


def build_sites(state: State, rules: Rules, player: PlayerState) -> dict[Coord, list[str]]:
    """Display buildings per empty space of ``player`` where they may be built, costs aside.

    The placement rules of ``BUILD`` (R-BUILD-3 terrain, R-BUILD-4 cloisters, R-BUILD-5 empty);
    a test checks them against the legal moves. The solo neutral landscape takes the solo
    player's step-3 placements (R-SOLO-10).
    """
    sites: dict[Coord, list[str]] = {}
    if player.neutral:
        for building, coord in neutral_placements(state, rules):
            sites.setdefault(coord, []).append(building)
        return sites
    cloisters = {b for b, p in state.built.items()
                 if p.seat == player.seat and rules.building(b).cloister}
    for coord, space in player.landscape.items():
        if space.card is not None:
            continue
        for building in state.display:
            spec = rules.building(building)
            if space.terrain not in spec.terrain:
                continue
            if spec.cloister and not cloister_neighbour(player, coord, cloisters):
                continue
            sites.setdefault(coord, []).append(building)
    return sites


def _grid(state: State, rules: Rules, player: PlayerState, w: _Words,
          clergy: Mapping[str, list[ClergyMark]]) -> LandscapeGrid:
    sites = build_sites(state, rules, player)
    hand = sorted(set(player.settlements))
    spaces = []
    for (col, row), space in sorted(player.landscape.items(), key=lambda cs: (cs[0][1], cs[0][0])):
        kind, name = w.card(space.card) if space.card is not None else (None, None)
        settleable = [] if space.card is not None or player.neutral else [
            s for s in hand if space.terrain in rules.settlements[s].terrain]
        spaces.append(GridSpace(
            col=col, row=row, height=2 if col == MOUNTAIN_COL else 1,
            terrain=_terrain(space.terrain), terrain_name=w._(v.TERRAIN[space.terrain]),
            card=space.card, card_kind=kind, card_name=name, covered=list(space.covered),
            clergy=list(clergy.get(space.card, [])) if space.card else [],
            buildable=sites.get((col, row), []), settleable=settleable))
    cols = sorted({c for c, _ in player.landscape})
    rows = {r for _, r in player.landscape}
    rows |= {r + 1 for c, r in player.landscape if c == MOUNTAIN_COL}
    return LandscapeGrid(cols=list(range(cols[0], cols[-1] + 1)),
                         rows=list(range(min(rows), max(rows) + 1)), spaces=spaces)


def score_line(s: Score) -> ScoreLine:
    """One seat's score as the views show it (game.view, game.state, game.score)."""
    return ScoreLine(seat=s.seat, goods=s.goods, economic=s.economic,
                     settlements=list(s.settlements), total=s.total,
                     wonders=[WonderPoints(tile=w.tile, dark=w.dark, points=w.points,
                                           count=w.count) for w in s.wonders])


def _wonder(rules: Rules, tile: str, dark: bool) -> WonderTile:
    if not dark:
        return WonderTile(id=tile, dark=False)
    spec = rules.wonders[tile]
    return WonderTile(id=tile, dark=True, name=spec.name, base=spec.base,
                      condition=describe_condition(spec))


def view(state: State, rules: Rules, *, locale: str = "en", game_id: UUID | None = None,
         move: int | None = None) -> BoardView:
    """The drawing view of ``state`` in ``locale`` (``UnknownLocale`` for an unknown one)."""
    w = _Words(rules, locale)
    _ = w._
    config = state.config
    mode = rules.modes[config.mode]
    over = state.finished or state.flow.turn.kind == "over"
    decider = None if over else state.flow.turn.decider
    order = [g for g in Good
             if rules.goods[g].variant in (None, config.variant)]
    clergy: dict[str, list[ClergyMark]] = {}
    for p in state.players:
        for i, at in enumerate(p.clergy):
            if at is not None:
                mark: ClergyKind = "prior" if i == 0 else "lay_brother"
                clergy.setdefault(at, []).append(ClergyMark(
                    seat=p.seat, colour=p.colour, kind=mark, name=_(v.CLERGY[mark])))
    scores = {s.seat: s for s in (state.scores if state.scores is not None
                                  else score(state, rules))}
    seats = []
    for p in state.players:
        home = p.free_clergy()
        seats.append(SeatView(
            seat=p.seat, colour=p.colour, colour_name=_(v.COLOURS.get(p.colour, p.colour)),
            neutral=p.neutral, deciding=decider == p.seat,
            goods=w.goods(p.goods, order),
            clergy_home=ClergyHome(prior=int(0 in home), lay_brothers=sum(1 for i in home if i)),
            landscape=_grid(state, rules, p, w, clergy),
            settlements=[CardRef(id=s, name=w.card(s)[1]) for s in p.settlements],
            score=score_line(scores[p.seat]) if p.seat in scores else None,
            wonders=[*(_wonder(rules, t, True) for t in p.dark_wonders),
                     *(_wonder(rules, t, False) for t in p.light_wonders)]))
    wheel = state.wheel
    indicators = [
        WheelIndicator(indicator=i.value, position=pos, value=wheel.values[pos],
                       name=_(v.JOKER) if i is Indicator.JOKER else w.good(Good(i.value)))
        for i, pos in sorted(wheel.positions.items(), key=lambda ip: list(Indicator).index(ip[0]))
    ]
    groups: dict[str, list[DisplayCard]] = {}
    for building in state.display:
        spec = rules.building(building)
        groups.setdefault(spec.stage, []).append(DisplayCard(
            id=building, name=_(spec.name), cost=w.goods(spec.cost, list(spec.cost)),
            terrain=[_terrain(t) for t in sorted(spec.terrain,
                                                 key=lambda t: _TERRAIN_ORDER.index(t.value))],
            economic=spec.economic, dwelling=spec.dwelling, cloister=spec.cloister))
    display = [DisplayStage(stage=stage, name=_(v.STAGES[stage]), buildings=groups[stage])  # type: ignore[arg-type]
               for stage in _STAGE_ORDER if stage in groups]
    turn = state.flow.turn
    kind = "over" if over else turn.kind
    return BoardView(
        game_id=game_id, version=state.version, move=move, locale=locale,
        mode=config.mode, mode_name=_(mode.name), variant=config.variant.value,
        variant_name=_(v.VARIANTS[config.variant.value]), players=config.players,
        turn=TurnNow(kind=kind, name=_(v.TURNS.get(kind, kind)), seat=turn.seat,
                     decider=decider),
        seats=seats,
        wheel=WheelDial(side="back" if mode.wheel == "back" else "front",
                        values=list(wheel.values), indicators=indicators),
        display=display,
        stacks={stage.value: len(cards) for stage, cards in state.stacks.items()},
        prices=LandscapePrices(
            district=state.district_prices[0] if state.district_prices else None,
            districts_left=len(state.district_prices),
            plot=state.plot_prices[0] if state.plot_prices else None,
            plots_left=len(state.plot_prices), work_contract=state.work_contract_price),
        wonders_left=state.wonders_left, profile=profile_of(config.readings, rules),
        schedule=schedule_view(state, rules, locale),
        final=state.scores is not None,
        winners=list(state.winners) if state.scores is not None else [],  # a loss on time too
        wonder_display=[_wonder(rules, t, True) for t in state.wonder_display],
        wonder_stack=len(state.wonder_stack),
        start_seat=None if over or state.round < 1 else mode_start_seat(mode, state.round),
    )
