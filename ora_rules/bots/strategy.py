"""A strategic evaluation of a position for one seat, hand-written from the rules' economy
(docs/bots.md, "The planner").

The plain evaluation (``ora_rules.bots.search.position_value``) counts the score so far and the
goods' usable value. Bots driven by it hoard: producing adds points every turn, while building
needs several turns of gathering whose value it cannot see, so two-player games, which end only
when the display is nearly empty (R-END-2, R-END-3), never end. This evaluation adds what a
person weighs:

- **Opportunity of the display**: each building still on the display is worth a share of what
  building it brings (economic value, dwelling value, a bonus for the build itself) less what is
  still missing to build it: the materials short (stone and coins are dearer than wood and
  clay) and a space of the right terrain (R-BUILD-3..5; buying land or clearing forest first).
  Gathering towards a building therefore gains value before the building is built, and
  building gains the rest, so the bot builds.
- **A bonus per building and settlement owned**, larger when the display must empty (the
  two-player games after settlement phase D): the pressure that ends those games by the rules.
- **Spaces for cloister buildings**: a cloister building must go next to one (R-BUILD-4); the
  free spaces that allow it are kept for them while cloister buildings remain to be built.
- **Settlement sites**: the settlements in hand are worth more where empty spaces for them
  border high dwelling values (R-SCORE-4), so buildings go beside the sites, not on them.
- **Open sides**: in the games of fixed length, a settlement's (and a site's) empty land
  neighbours, where the buildings still to come will add their dwelling values (R-SCORE-4).
- **Materials wanted**: building materials (0 points as goods, R-SCORE-2) are worth as much as
  the display still asks for; solo, a stock of each besides, for the buildings still to come.
- **Wonders**: while the supply holds one (R-COMP-9), the goods a wonder building within reach
  asks for are worth a share of the wonder's points, as far as they are held
  (``ora_rules.bots.wonder_paths``): people take one or two a game, the bots seldom did.
- **Time**: goods' usable value fades towards the end of the fixed-length games; solo, the
  display's promise fades before each settlement phase, when the neutral player takes it all
  (R-SOLO-9), and the wheel's indicators in play are worth their goods to come (R-WHEEL-5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ora_core.state import Placement, PlayerState, Space, State
from ora_core.values import FOREST, MOOR, Coord, Good, Stage, Terrain
from ora_rules.bots.wheel_streams import wheel_value
from ora_rules.bots.wonder_paths import WonderPath, wonder_paths
from ora_rules.bots.work import valued
from ora_rules.decide import execute
from ora_rules.landscape import neighbours
from ora_rules.notation import Commit
from ora_rules.scoring import (
    economic_points,
    goods_points,
    neighbour_dwelling,
    score_player,
    scoring_readings,
    settlement_points,
)
from ora_rules.specs import BuildingSpec, Rules

#: What a missing unit of a building cost is worth in turns of work (stone and straw are rarer).
SHORT_PRICE: Mapping[Good, float] = {
    Good.WOOD: 1.0, Good.CLAY: 1.0, Good.STRAW: 1.5, Good.STONE: 2.5, Good.COIN: 0.4,
}
SHORT_WEIGHT = 2.0  # a display building's worth falls by this times its shortfall
MISSING_SPACE = 4.0  # no space of the terrain: a district or plot must be bought first
CLEAR_SPACE = 1.5  # a space of the terrain lies under a forest or moor: clear it first
OPPORTUNITY = 0.45  # the share of a building's value counted while it is on the display
#: ... at a table of four, where three rivals build from the same display: half as much
#: (`hard` four times: 164.2 to 171.2 a player on held-out seeds with the wonders' term, which
#: gave 167.2 alone; at three it changed nothing: docs/bots.md, "Eleventh pass").
FOUR_OPPORTUNITY = 0.225
FOUR_MODES = ("4", "4s")
DWELLING_SHARE = 0.5  # the share of a display building's dwelling value (settlements' neighbours)
BUILD_BONUS = 4.0  # per building owned (beyond its economic value)
#: Solo, a building the player does not build goes to the neutral player at the next settlement
#: phase (R-SOLO-9 step 3), never to come back: owning one is worth more.
SOLO_BUILD_BONUS = 6.0
ENDING_BONUS = 20.0  # per building owned once the display must empty (R-END-2/3)
SETTLEMENT_BONUS = 3.0
GOODS_WEIGHT = 0.3
MATERIAL_WEIGHT = 0.8
CLERGY_WEIGHT = 0.5
LAND_WEIGHT = 0.3
CLOISTER_SLOT = 3.0  # per space next to a cloister building, while cloister buildings remain
CLOISTER_TERRAIN = frozenset({Terrain.COAST, Terrain.PLAINS, Terrain.HILLSIDE})
SETTLEMENT_TERRAIN = CLOISTER_TERRAIN  # the same three (R-SET-3)
TOP = 4  # the display buildings counted as opportunities: the best few, not all at once
#: Settlements in hand (R-SET-3): a share of what one brings (its economic and dwelling value,
#: a guess at its neighbours' dwelling values) less twice the food and energy still missing.
SETTLE_OPPORTUNITY = 0.5
NEIGHBOURS = 4.0
#: ... plus this share of the dwelling values around the best empty spaces a settlement may go
#: on (R-SCORE-4), the best settlement on the best space: a building beside a good site is
#: worth more, and the bot keeps the sites (solo Ireland +19, docs/bots.md, sixth pass).
SITE_WEIGHT = 0.3
#: Settlements counted beyond one a settlement phase left: the Castle builds them outside the
#: phases (R-SET-6), and without it the cards left after phase D were worth nothing.
EXTRA_SETTLEMENTS = 1
#: The two-player games, which end only once the display is built empty (R-END-2, R-END-3):
#: there the two terms above drew the bots from building, and games ran longer (medium against
#: itself, France short: 8 of 10 ended by the rules instead of 10), so they count elsewhere only.
OPEN_ENDED = ("2", "2L")
SHORT_FOOD = 0.3
SHORT_ENERGY = 1.0
#: Solo (R-SOLO-9 step 3): the neutral player takes the whole display at each settlement phase
#: (rounds 12, 16, 22, 26), so its promise fades over the last this many rounds before it: then
#: building it costs little promise, and the bot builds before the display is lost. 0: off.
SOLO_WINDOW = 3.0
SOLO_FLOOR = 1 / 3  # the share left in the round before the phase
SOLO_PHASE_ROUNDS = (12, 16, 22, 26, 31)
#: Solo, the building materials held (R-BUILD-2), each unit at this share of its price
#: (:data:`SHORT_PRICE`), up to :data:`STOCK_CAP` of each kind, for the buildings still to come
#: (the display's term sees its few): without it the bot sold its straw for coins where people
#: keep a stock (tuning seeds: France +16, Ireland +24; at four it lost points; docs/bots.md,
#: "Twenty-sixth pass").
STOCK_WEIGHT = 0.75
STOCK_CAP = 8
STOCK_MODES = ("1",)
STOCK_GOODS: Final = (Good.WOOD, Good.CLAY, Good.STONE, Good.STRAW)
#: A wonder building within reach (R-COMP-9): the share of a wonder's points its asks held are
#: worth, all of them held; scaled by how the building is reached: owned, built by another
#: player (a work contract, R-WC), or on the display still to be built.
WONDER_SHARE = 0.5
WONDER_OWNED = 1.0
WONDER_CONTRACT = 0.6
WONDER_DISPLAY = 0.5
#: A settlement's empty land neighbours: where the buildings still to come add their dwelling
#: values to it (R-SCORE-4); a forest or moor space, to be cleared first, counts half.
OPEN_BESIDE = 2.0
#: The same for an empty settlement site: what an empty land neighbour adds to its worth.
SITE_OPEN = 2.0


def strategic_value(state: State, seat: int, rules: Rules) -> float:
    """The seat's strategic value of ``state`` (larger is better, in points)."""
    valued()
    return strategic_terms(state, seat, rules).value


class Terms:
    """The strategic value and some of its terms (what the learned evaluation reads); a plain
    class, native when compiled."""

    def __init__(self, value: float, score: float, display: float, settlements: float) -> None:
        self.value = value
        self.score = score  # the provisional score
        self.display = display  # the display's promise and the materials it asks for
        self.settlements = settlements  # the settlements in hand


def strategic_terms(state: State, seat: int, rules: Rules) -> Terms:
    """:func:`strategic_value` with its terms, not counted as a position valued (the caller
    counts)."""
    player = state.players[seat]
    facts = _landscape_facts(player, state.built, rules)
    if state.config.liesborn:  # the wonder tiles score one by one (R-LIES-6)
        score = float(score_player(player, rules, state.config.mode).total)
    else:  # score_player's total, the landscape's part counted once per landscape
        goods_rules, convert, pieces = scoring_readings(state, rules)
        score = float(goods_points(player, goods_rules, convert, pieces) + facts.points)
    value = score
    # The bonuses for what is owned (and free clergy) count in a finished game too: dropped at
    # the end, the last move looked a loss and the bot bought land rather than end the game.
    value += CLERGY_WEIGHT * sum(1 for at in player.clergy if at is None)
    ending = _must_empty(state)
    value += _build_bonus(state, ending) * facts.owned
    value += SETTLEMENT_BONUS * facts.settlements
    if state.finished:
        return Terms(value, score, 0.0, 0.0)
    late = _lateness(state, rules)
    worths = _cache(rules).goods
    food = 0.0  # what the goods held would feed and fuel (a settlement's cost, R-SET-3)
    energy = 0.0
    for good, n in player.goods.items():
        worth = worths[good]
        value += (1 - late) * GOODS_WEIGHT * n * worth[2]
        food += worth[0] * n
        energy += worth[1] * n
    value += (1 - late) * stock_value(state, player)
    value += (1 - late) * LAND_WEIGHT * len(player.landscape)
    value += wheel_value(state, rules)
    if state.config.mode not in OPEN_ENDED:  # as the sites: there it drew the bots from building
        value += (1 - late) * OPEN_BESIDE * facts.open_beside
    if state.wonders_left > 0:
        value += (1 - late) * _wonder_value(state, player, rules)
    display = _display_value(state, player, rules, ending, late, facts)
    value += display
    settlements = _settlement_value(state, player, rules, facts, food, energy)
    value += settlements
    return Terms(value, score, display, settlements)


def stock_value(state: State, player: PlayerState) -> float:
    """The worth of the building materials ``player`` holds for the buildings still to come
    (:data:`STOCK_WEIGHT`; 0 outside :data:`STOCK_MODES`), before the lateness discount."""
    if state.config.mode not in STOCK_MODES:
        return 0.0
    value = 0.0
    for good in STOCK_GOODS:
        value += STOCK_WEIGHT * SHORT_PRICE[good] * min(player.goods.get(good, 0), STOCK_CAP)
    return value


def _wonder_value(state: State, player: PlayerState, rules: Rules) -> float:
    """The best wonder building within reach: its reach times the share of its asks held, times
    :data:`WONDER_SHARE` of a wonder's points."""
    cache = _cache(rules)
    best = 0.0
    for path in cache.wonder_paths:
        placement = state.built.get(path.building)
        if placement is None:
            reach = WONDER_DISPLAY if path.building in state.display else 0.0
        else:
            reach = WONDER_OWNED if placement.seat == player.seat else WONDER_CONTRACT
        if reach > best:
            held = reach * _asks_held(path, player, cache.points)
            if held > best:
                best = held
    return WONDER_SHARE * cache.wonder_points * best


def _asks_held(path: WonderPath, player: PlayerState, points: dict[Good, int]) -> float:
    """The share of a wonder building's asks the player holds: the mean over its kinds of
    goods, its goods to give and its points of goods."""
    parts = 0
    share = 0.0
    if path.kinds:
        kinds = sum(1 for good, n in player.goods.items() if n > 0 and good is not WONDER)
        share += min(kinds, path.kinds) / path.kinds
        parts += 1
    if path.pay:
        asked = 0
        held = 0
        for good, n in path.pay.items():
            asked += n
            held += min(n, player.goods.get(good, 0))
        share += held / asked
        parts += 1
    if path.points:
        worth = sum(points.get(good, 0) * n for good, n in player.goods.items()
                    if good is not WONDER and good not in path.pay)
        share += min(worth, path.points) / path.points
        parts += 1
    return share / parts if parts else 0.0


class LandscapeFacts:
    """What the evaluation reads from a player's landscape and the buildings owned, counted
    once per landscape: a search values hundreds of positions a decision, and most moves
    leave the landscape as it was (``evolve`` shares an unchanged mapping, copy-on-write)."""

    def __init__(self, player: PlayerState, built: Mapping[str, Placement], rules: Rules) -> None:
        self.seat = player.seat
        self.rules = rules
        specs = _specs(rules)
        owned = [b for b, p in built.items() if p.seat == player.seat]
        self.owned = sum(1 for b in owned if not b.startswith("L"))
        cloisters = {b for b in owned if (specs.get(b) or _spec(rules, b)).cloister}
        settled_at = [coord for coord, s in player.landscape.items()
                      if s.card is not None and s.card in rules.settlements]
        self.settlements = len(settled_at)
        self.points = economic_points(player, rules) + sum(settlement_points(player, rules))
        free: dict[Terrain, int] = {}
        clearable: dict[Terrain, int] = {}
        # The spaces beside a cloister building (adjacency is symmetric, R-GEO-8: found from
        # the cloister buildings' side, once, rather than from every space's).
        beside = {n for coord, space in player.landscape.items() if space.card in cloisters
                  for n in neighbours(coord, player.landscape)}
        slots = 0.0  # spaces a cloister building may go on (R-BUILD-4): scarce, kept for them
        for coord, space in player.landscape.items():
            if space.card is None:
                free[space.terrain] = free.get(space.terrain, 0) + 1
                if space.terrain in CLOISTER_TERRAIN and coord in beside:
                    slots += 1
            elif space.card in (FOREST, MOOR):
                clearable[space.terrain] = clearable.get(space.terrain, 0) + 1
                if space.terrain in CLOISTER_TERRAIN and coord in beside:
                    slots += 0.5
        self.free_terrain = frozenset(t for t, n in free.items() if n)
        self.clearable_terrain = frozenset(t for t, n in clearable.items() if n)
        self.slots = slots
        self.empty = frozenset(s.terrain for s in player.landscape.values() if s.card is None)
        self.sites = settlement_sites(player, rules, SITE_OPEN)
        self.open_beside = sum(_openness(player.landscape[n]) for coord in settled_at
                               for n in neighbours(coord, player.landscape))


#: The facts of the landscapes valued lately, by (landscape, buildings built) identity, each
#: with the two objects (held so that their ids stay theirs); emptied when full (a search's
#: positions share a few landscapes; other searches have others).
_FACTS: dict[tuple[int, int, int],
             tuple[Mapping[Coord, Space], Mapping[str, Placement], LandscapeFacts]] = {}
#: The same facts by content (:func:`_content`): a plan replayed from the game's start, as the
#: solo planner's rollouts and tweaks are, makes new mappings of the same landscapes, and
#: counting their facts again was 28 % of a solo decision (docs/performance.md).
_BY_CONTENT: dict[tuple[object, ...], LandscapeFacts] = {}
FACTS_KEPT = 4096


def forget() -> None:
    """Empties the evaluation's caches (for tests comparing them with a fresh count; no caller
    needs it otherwise: each entry knows the objects and the spec set it was counted from)."""
    global _DISPLAY, _CACHE
    _FACTS.clear()
    _BY_CONTENT.clear()
    _DISPLAY, _CACHE = None, None


#: Each terrain's letter, a plain string (:func:`_content`).
_LETTER: Final = {terrain: terrain.value for terrain in Terrain}


def _content(player: PlayerState, built: Mapping[str, Placement]) -> tuple[object, ...]:
    """What :class:`LandscapeFacts` reads, in the order it reads it: equal contents give equal
    facts, to the last bit of every sum. Flat tuples of plain values (the terrains' letters,
    not the enum), which the garbage collector stops tracking: a cache of tracked keys made
    its full collections slower by more than the cache saved."""
    seat = player.seat
    landscape = player.landscape
    return (seat, tuple(landscape), tuple([_LETTER[space.terrain] for space in landscape.values()]),
            tuple([space.card for space in landscape.values()]),
            tuple([building for building, placement in built.items() if placement.seat == seat]))


def _landscape_facts(player: PlayerState, built: Mapping[str, Placement],
                     rules: Rules) -> LandscapeFacts:
    # the seat too: at set-up the players' landscapes may be one shared mapping
    key = (id(player.landscape), id(built), player.seat)
    known = _FACTS.get(key)
    if (known is not None and known[0] is player.landscape and known[1] is built
            and known[2].rules is rules):
        return known[2]
    if len(_FACTS) >= FACTS_KEPT:
        _FACTS.clear()
    content = _content(player, built)
    facts = _BY_CONTENT.get(content)
    if facts is None or facts.rules is not rules:
        if len(_BY_CONTENT) >= FACTS_KEPT:
            _BY_CONTENT.clear()
        facts = _BY_CONTENT[content] = LandscapeFacts(player, built, rules)
    _FACTS[key] = (player.landscape, built, facts)
    return facts


PHASES = (Stage.A, Stage.B, Stage.C, Stage.D, Stage.E)
STRAW: Final = Good.STRAW
COIN: Final = Good.COIN
WONDER: Final = Good.WONDER


def _settlement_value(state: State, player: PlayerState, rules: Rules,
                      facts: LandscapeFacts, food: float, energy: float) -> float:
    """The opportunity of the settlements in hand, one for each settlement phase left
    (R-SET-1: A..D, and E but in mode 2L) and one more (the Castle's, R-SET-6), so that food
    and energy are gathered for them and their sites kept."""
    done = state.settlement_phases
    phases = [s for s in PHASES
              if s not in done and (s is not Stage.E or state.config.mode != "2L")]
    if not phases or not player.settlements:
        return 0.0
    worths = _cache(rules)
    empty = facts.empty
    options = []
    for card in player.settlements:
        spec = rules.settlements[card]
        short = (SHORT_FOOD * max(0, spec.food - food)
                 + SHORT_ENERGY * max(0.0, spec.energy - energy))
        if not empty & spec.terrain:
            short += MISSING_SPACE
        options.append(worths.settlements[card] - 2.0 * short)
    options.sort(reverse=True)
    open_ended = state.config.mode in OPEN_ENDED  # there the sites and the Castle drew the bots
    sites = [] if open_ended else facts.sites
    counted = options[: len(phases) + (0 if open_ended else EXTRA_SETTLEMENTS)]
    return SETTLE_OPPORTUNITY * sum(
        max(0.0, worth + SITE_WEIGHT * (sites[i] if i < len(sites) else 0.0))
        for i, worth in enumerate(counted))


def settlement_sites(player: PlayerState, rules: Rules, open_value: float = 0.0) -> list[float]:
    """The empty spaces a settlement may go on (coast, plains, hillside: R-SET-3), each worth
    its neighbours' dwelling values (R-SCORE-4) and ``open_value`` for each empty land
    neighbour (a building yet to come), best first."""
    sites = []
    for coord, space in player.landscape.items():
        if space.card is not None or space.terrain not in SETTLEMENT_TERRAIN:
            continue
        around = [player.landscape[n] for n in neighbours(coord, player.landscape)]
        sites.append(float(sum(neighbour_dwelling(n, rules) for n in around))
                     + open_value * sum(_openness(n) for n in around))
    sites.sort(reverse=True)
    return sites


def _openness(space: Space) -> float:
    """1 for an empty land space, 0.5 under a forest or moor, else 0."""
    if space.card is None:
        return 0.0 if space.terrain is Terrain.WATER else 1.0
    return 0.5 if space.card in (FOREST, MOOR) else 0.0


def settled(state: State, rules: Rules) -> State:
    """``state`` past the closing ``COMMIT`` of a settlement turn whose settlement is built
    (R-SET-2: nothing else is left to do in it). Values compare positions at the same point:
    closing the phase brings the stage's buildings to the display (and in the solo game the
    neutral player has just emptied it, R-SOLO-9), so a position mid-phase always looked
    poorer than the one after declining to settle, and the bots seldom settled."""
    turn = state.flow.turn
    if state.finished or turn.kind != "settlement" or not turn.settled:
        return state
    return execute(state, Commit(), rules).state


def _lateness(state: State, rules: Rules) -> float:
    """0 early, rising to 1 at the last rounds of the fixed-length games (goods then count
    only as points); in the open-ended two-player games, rising with the settlement phases
    after which the display is to empty."""
    last = rules.modes[state.config.mode].last_round
    if last is None:  # the two-player games end when the display empties, after phase D
        done = state.settlement_phases
        return 0.8 if Stage.D in done else 0.4 if Stage.C in done else 0.0
    return max(0.0, min(1.0, (state.round - (last - 4)) / 4))


def _solo_window(state: State) -> float:
    """1 while the neutral player's next taking of the display is far, falling to
    ``SOLO_FLOOR`` in the round before it (R-SOLO-9)."""
    done = len(state.settlement_phases)
    if done >= len(SOLO_PHASE_ROUNDS):
        return 1.0
    left = SOLO_PHASE_ROUNDS[done] - state.round
    return max(SOLO_FLOOR, min(1.0, left / SOLO_WINDOW))


def _build_bonus(state: State, ending: bool) -> float:
    if ending:
        return ENDING_BONUS
    return SOLO_BUILD_BONUS if state.config.mode == "1" else BUILD_BONUS


def _must_empty(state: State) -> bool:
    """Whether the game ends only when the display empties and that time has come (after
    settlement phase D, R-END-2/3), or is near (phase C done)."""
    if state.config.mode not in OPEN_ENDED:
        return False
    return Stage.C in state.settlement_phases


class _SpecCache:
    """What the evaluation reads from one spec set, read once: the building specs by id
    (heartland instances too: ``Rules.building`` maps ``LR2`` to ``L02`` at each call, and the
    evaluation asks some 80 times a position), the display's offers, the numbers of goods and
    settlements read for every position, and which buildings are cloister buildings."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.specs: dict[str, BuildingSpec] = {}
        self.offers: dict[str, _Offer] = {}
        # each good's (food, energy, food + energy + coins), each settlement's own worth
        self.goods = {good: (spec.food, spec.energy, spec.food + spec.energy + spec.coins)
                      for good, spec in rules.goods.items()}
        self.settlements = {card: spec.economic + spec.dwelling + SETTLEMENT_BONUS + NEIGHBOURS
                            for card, spec in rules.settlements.items()}
        #: The wonder buildings and what each asks for; the goods' points (R-SCORE-2).
        self.wonder_paths = wonder_paths(rules)
        self.points = {good: spec.points for good, spec in rules.goods.items() if spec.points}
        self.wonder_points = rules.goods[Good.WONDER].points
        #: The cloister buildings' ids (R-BUILD-4).
        self.cloisters = frozenset(b for b, spec in rules.buildings.items() if spec.cloister)


#: The cache of the last spec set seen.
_CACHE: _SpecCache | None = None


def _cache(rules: Rules) -> _SpecCache:
    global _CACHE
    known = _CACHE
    if known is None or known.rules is not rules:
        known = _CACHE = _SpecCache(rules)
    return known


def _specs(rules: Rules) -> dict[str, BuildingSpec]:
    return _cache(rules).specs


def _spec(rules: Rules, building: str) -> BuildingSpec:
    spec = _specs(rules)[building] = rules.building(building)
    return spec


class _Offer:
    """What the evaluation reads from a display building's spec, read once per spec set."""

    def __init__(self, spec: BuildingSpec) -> None:
        self.cost = [(good, n, SHORT_PRICE.get(good, 1.0)) for good, n in spec.cost.items()]
        self.cloister = spec.cloister
        self.terrain = spec.terrain
        self.worth = spec.economic + DWELLING_SHARE * max(0, spec.dwelling)


class _Display:
    """The display's offers, the most of each good any of them costs, and the cloister buildings
    on the display and in the stacks, last read (one entry: a search's positions mostly share
    the display and the stacks)."""

    def __init__(self, state: State, rules: Rules) -> None:
        self.display, self.stacks, self.rules = state.display, state.stacks, rules
        self.offers: list[_Offer] = []
        self.wanted: dict[Good, int] = {}
        offers = _offers(rules)
        for building in state.display:
            offer = offers.get(building) or _offer(rules, building)
            self.offers.append(offer)
            for good, n, _ in offer.cost:
                self.wanted[good] = max(self.wanted.get(good, 0), n)
        self.shorts_of: LandscapeFacts | None = None
        self.shorts: list[float | None] = []
        cloister = _cache(rules).cloisters
        self.cloisters_left: int = sum(1 for b in state.display if b in cloister) + sum(
            1 for stack in state.stacks.values() for b in stack if b in cloister)


    def space_shorts(self, facts: LandscapeFacts) -> list[float | None]:
        """What each offer's space costs in ``facts``' landscape (a cloister building needs a
        space beside one, R-BUILD-4; any other a space of its terrain, R-BUILD-3): None where
        one is free, last counted for one landscape (a search's positions mostly share it)."""
        if self.shorts_of is facts:
            return self.shorts
        slots = facts.slots
        shorts: list[float | None] = []
        for offer in self.offers:
            if offer.cloister:
                shorts.append(0.0 if slots >= 1 else CLEAR_SPACE if slots > 0
                              else MISSING_SPACE)
            elif offer.terrain & facts.free_terrain:
                shorts.append(None)
            else:
                shorts.append(CLEAR_SPACE if offer.terrain & facts.clearable_terrain
                              else MISSING_SPACE)
        self.shorts_of, self.shorts = facts, shorts
        return shorts


_DISPLAY: _Display | None = None


def _offers(rules: Rules) -> dict[str, _Offer]:
    return _cache(rules).offers


def _offer(rules: Rules, building: str) -> _Offer:
    offer = _offers(rules)[building] = _Offer(_specs(rules).get(building)
                                               or _spec(rules, building))
    return offer


def _display(state: State, rules: Rules) -> _Display:
    global _DISPLAY
    known = _DISPLAY
    if (known is not None and known.display is state.display and known.stacks is state.stacks
            and known.rules is rules):
        return known
    known = _DISPLAY = _Display(state, rules)
    return known


def _display_value(state: State, player: PlayerState, rules: Rules, ending: bool,
                   late: float, facts: LandscapeFacts) -> float:
    """The opportunity of the display, and the worth of the materials it asks for."""
    display = _display(state, rules)
    slots = facts.slots
    options: list[float] = []
    goods = dict(player.goods)  # a dict, read in compiled code without a method call
    # grain may become straw, wine and whiskey coins (R-FREE-1)
    straw = goods.get(STRAW, 0) + goods.get(Good.GRAIN, 0)
    coins = goods.get(COIN, 0) + goods.get(Good.WINE, 0) + 2 * goods.get(Good.WHISKEY, 0)
    bonus = _build_bonus(state, ending)
    space_shorts = display.space_shorts(facts)
    for i, offer in enumerate(display.offers):
        short = 0.0
        for good, n, price in offer.cost:
            held = straw if good is STRAW else coins if good is COIN else goods.get(good, 0)
            missing = n - held
            short += (missing if missing > 0 else 0) * price
        space_short = space_shorts[i]
        if space_short is not None:
            short += space_short
        worth = offer.worth + bonus - SHORT_WEIGHT * short
        options.append(worth if worth > 0.0 else 0.0)
    options.sort(reverse=True)
    needed = display.cloisters_left
    # In the fixed-length games the display's promise fades with the rounds left to build it.
    fade = 1.0 if state.config.mode in OPEN_ENDED else 1 - late
    if SOLO_WINDOW and state.config.mode == "1":
        fade *= _solo_window(state)
    opportunity = FOUR_OPPORTUNITY if state.config.mode in FOUR_MODES else OPPORTUNITY
    value = fade * (opportunity * sum(options[:TOP]) + CLOISTER_SLOT * min(slots, needed))
    for good, n in display.wanted.items():
        if good is not COIN:
            value += (1 - late) * MATERIAL_WEIGHT * min(n, goods.get(good, 0))
    return value
