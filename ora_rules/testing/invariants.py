"""The invariant catalogue: facts that hold in every reachable position and across every command.

Two shapes, both raising ``InvariantBroken`` (an ``AssertionError`` carrying the rule id and the
details) when violated:

- ``check_<name>(state, rules)``: a property of one position;
- ``check_<name>(before, events, after, rules)``: a property of one command, ``events`` being what
  ``decide`` returned in ``before`` and ``after`` the state they lead to.

Game-level checks (fold, replay, codec, illegal commands) take what they need. Each docstring names
the rules it checks. The checks re-derive what they can from the rules text instead of calling the
engine's own helpers (adjacency, attachment, scoring), so that they are an independent oracle.
``STATE_CHECKS`` and ``TRANSITION_CHECKS`` list the per-position and per-command checks;
``check_position`` and ``check_command`` run all of them; ``check_all`` applies a command's
events and runs the whole catalogue on the step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

import orjson

from ora_core.codec import (
    EventJsonCodec,
    event_from_dict,
    event_to_dict,
    state_from_dict,
    state_to_dict,
)
from ora_core.errors import OraError
from ora_core.events import (
    BuildingBuilt,
    CardRemoved,
    ClergyPlaced,
    ClergyReturned,
    FlowChanged,
    GameEnded,
    GameEvent,
    GameStarted,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
    LandscapeAdded,
    MovePlayed,
    RoundBegan,
    SettlementBuilt,
    WheelRotated,
    WonderTaken,
)
from ora_core.evolve import evolve, fold
from ora_core.state import GameConfig, PlayerState, Score, Space, State
from ora_core.values import FOREST, MOOR, Coord, Good, Indicator, Stage, Terrain, Variant
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.notation import Command, parse
from ora_rules.readings import replaces_clergy
from ora_rules.specs import ModeSpec, Rules

# --- helpers ------------------------------------------------------------------------------------

BAND_COLUMNS = range(0, 5)  # R-GEO-1
COAST_COL, WATER_COL, HILL_COL, MOUNTAIN_COL = -1, -2, 5, 6
ALL_COLUMNS = range(-2, 7)
OFFICE_AT: Coord = (4, 1)  # R-SETUP-5: the Cloister Office starts at column 4, row 1
WONDERS = 8  # R-COMP-9, R-SETUP-12
START_SETTLEMENTS = ("S01", "S02", "S03", "S04")  # R-SETUP-9
STAGE_SETTLEMENT = {Stage.A: "S05", Stage.B: "S06", Stage.C: "S07", Stage.D: "S08"}  # R-SET-2
WATER_DWELLING = 3  # R-SCORE-4


class InvariantBroken(AssertionError):
    """An invariant of the catalogue does not hold; ``rule`` names the rule it checks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.detail = message


def fail(rule: str, message: str) -> InvariantBroken:
    return InvariantBroken(rule, message)


def mode_of(state: State, rules: Rules) -> ModeSpec:
    return rules.modes[state.config.mode]


def spec_id(card: str) -> str:
    """``LR3`` -> ``L03`` (heartland building instances share one spec)."""
    return f"L0{card[2]}" if card.startswith("L") and card[1].isalpha() and card[1] != "0" \
        and card not in (FOREST, MOOR) else card


def is_building(card: str | None) -> bool:
    return card is not None and card not in (FOREST, MOOR) and not card.startswith("S")


def is_settlement(card: str | None) -> bool:
    return card is not None and card.startswith("S")


def is_cloister(card: str | None, rules: Rules) -> bool:
    return is_building(card) and rules.building(card).cloister  # type: ignore[arg-type]


def adjacent(coord: Coord, landscape: Mapping[Coord, Space]) -> list[Coord]:
    """Orthogonal neighbours that exist, per R-GEO-8 (written independently of the engine).

    The mountain space is stored at its plot's upper row and spans two rows: it touches exactly
    the two hillside spaces of its own plot, and each of those touches it (the mountain stored
    at the same row, or at the row above for the plot's lower hillside space).
    """
    col, row = coord
    if col == MOUNTAIN_COL:
        candidates = [(HILL_COL, row), (HILL_COL, row + 1)]
    else:
        candidates = [(col, row - 1), (col, row + 1)]
        if col - 1 >= WATER_COL:
            candidates.append((col - 1, row))
        if col + 1 < MOUNTAIN_COL:
            candidates.append((col + 1, row))
        if col == HILL_COL:
            candidates += [(MOUNTAIN_COL, row), (MOUNTAIN_COL, row - 1)]
    return [c for c in candidates if c in landscape]


def band_rows(player: PlayerState) -> list[int]:
    return sorted({row for (col, row) in player.landscape if col in BAND_COLUMNS})


def goods_of(player: PlayerState) -> dict[Good, int]:
    return {g: n for g, n in player.goods.items() if n}


def _add(goods: dict[Good, int], delta: Mapping[Good, int], sign: int) -> None:
    for good, n in delta.items():
        goods[good] = goods.get(good, 0) + sign * n
        if not goods[good]:
            del goods[good]


def states_along(before: State, events: Sequence[GameEvent]) -> list[State]:
    """The state before each event and after the last: ``len(events) + 1`` states."""
    states = [before]
    for event in events:
        states.append(evolve(states[-1], event))
    return states


def in_bonus_round(state: State, rules: Rules) -> bool:
    mode = mode_of(state, rules)
    return mode.bonus_round and state.round > mode.rounds


def neutral_seat(state: State) -> int | None:
    last = state.players[-1]
    return last.seat if last.neutral else None


# --- positions ----------------------------------------------------------------------------------


def check_no_negative_goods(state: State, rules: Rules) -> None:
    """R-GOODS-1, R-GOODS-3, R-GOODS-4: nobody holds a negative (or zero-recorded) amount; only
    goods of the game's variant exist (R-GEN-3, R-GOODS-1); the wonders are conserved
    (R-COMP-9, AMB-25)."""
    variant = state.config.variant
    held_wonders = 0
    for player in state.players:
        for good, n in player.goods.items():
            if n <= 0:
                raise fail("R-GOODS-4", f"seat {player.seat} holds {n} {good.value}")
            spec = rules.goods[good]
            if spec.variant is not None and spec.variant is not variant:
                raise fail("R-GOODS-1", f"seat {player.seat} holds {good.value}, a good of "
                           f"{spec.variant.value}, in a {variant.value} game")
        held_wonders += player.count(Good.WONDER)
    total = liesborn_tiles(state, rules) if state.config.liesborn else WONDERS
    if state.wonders_left < 0 or state.wonders_left + held_wonders != total:
        raise fail("R-COMP-9", f"{state.wonders_left} wonders left and {held_wonders} held")


def liesborn_tiles(state: State, rules: Rules) -> int:
    """R-LIES-1, AMB-28 (a): the wonders of a Liesborn game: all 26 tiles, or only the tiles
    known in full when the tile set leaves the others out."""
    expansion = rules.liesborn
    assert expansion is not None
    if expansion.tile_sets[state.config.wonder_tiles].unknown == "light":
        return expansion.tiles
    return sum(1 for spec in rules.wonders.values() if spec.condition is not None)


def check_wonder_tiles(state: State, rules: Rules) -> None:
    """R-LIES-1..4, R-LIES-10: every tile of a Liesborn game is in exactly one place (the
    display, the stack or one player's tiles), so no tile is held twice; only tiles known in
    full are dark-blue (AMB-28 a); a player's tiles are his wonders; the display holds at most
    the printed number (R-LIES-2). Without Liesborn there are no tiles."""
    held = [t for p in state.players for t in (*p.dark_wonders, *p.light_wonders)]
    if not state.config.liesborn:
        if held or state.wonder_display or state.wonder_stack:
            raise fail("R-LIES-1", "wonder tiles in a game without Liesborn")
        return
    places = [*state.wonder_display, *state.wonder_stack, *held]
    if len(set(places)) != len(places):
        twice = sorted({t for t in places if places.count(t) > 1})
        raise fail("R-LIES-3", f"tiles in two places at once: {twice}")
    if len(places) != liesborn_tiles(state, rules):
        raise fail("R-LIES-1", f"{len(places)} tiles in the game")
    if state.wonders_left != len(state.wonder_display) + len(state.wonder_stack):
        raise fail("R-LIES-4", f"{state.wonders_left} wonders left, display and stack hold "
                   f"{len(state.wonder_display)} + {len(state.wonder_stack)}")
    dark = [*state.wonder_display, *(t for p in state.players for t in p.dark_wonders)]
    unknown = [t for t in dark if t not in rules.wonders or rules.wonders[t].condition is None]
    if unknown:
        raise fail("R-LIES-10", f"tiles not known in full are dark-blue: {unknown}")
    expansion = rules.liesborn
    assert expansion is not None
    if len(state.wonder_display) > expansion.display[state.config.players]:
        raise fail("R-LIES-2", f"display of {len(state.wonder_display)}")
    for player in state.players:
        if len(player.dark_wonders) + len(player.light_wonders) != player.count(Good.WONDER):
            raise fail("R-LIES-3", f"seat {player.seat} holds {player.count(Good.WONDER)} "
                       f"wonders and the tiles {player.dark_wonders} {player.light_wonders}")


def check_clergy(state: State, rules: Rules) -> None:
    """R-SETUP-7, R-SOLO-3 (clergy per player), R-CLG-1 (each clergyman is free or on a built
    building of its owner's landscape; in the bonus round a prior may stand on any building,
    R-BONUS-4), R-CLG-4 (at most one clergyman per building, except priors placed in the bonus
    round), R-SOLO-8 (the neutral clergy on neutral buildings)."""
    mode = mode_of(state, rules)
    bonus = in_bonus_round(state, rules)
    on: dict[str, list[tuple[int, int]]] = {}
    for player in state.players:
        expected = 3 if player.neutral else mode.clergy
        if len(player.clergy) != expected:
            raise fail("R-SETUP-7", f"seat {player.seat} has {len(player.clergy)} clergymen, "
                       f"mode {mode.code} gives {expected}")
        for i, at in enumerate(player.clergy):
            if at is None:
                continue
            placement = state.built.get(at)
            if placement is None:
                raise fail("R-CLG-1", f"clergyman {i} of seat {player.seat} stands on {at}, "
                           "which is not a built building")
            if placement.seat != player.seat and not (bonus and i == 0):
                raise fail("R-CLG-1", f"clergyman {i} of seat {player.seat} stands on {at} of "
                           f"seat {placement.seat}")
            on.setdefault(at, []).append((player.seat, i))
    # The departure ``occupied_own_building = replaces`` leaves a replaced clergyman on it.
    stacked = state.config.readings.occupied_own_building == "replaces"
    for building, clergy in on.items():
        ordinary = [c for c in clergy if not (bonus and c[1] == 0)]
        if stacked and len({seat for seat, _ in ordinary}) == 1:
            continue
        if len(clergy) > 1 and (not bonus or len(ordinary) > 1):
            raise fail("R-CLG-4", f"{building} holds {len(clergy)} clergymen {clergy}")


def check_landscape_geometry(state: State, rules: Rules) -> None:
    """R-GEO-1 (columns -2..6), R-GEO-2/3 (the band: contiguous rows, each complete in columns
    0..4, the heartland rows 0 and 1 among them), R-GEO-4/5/6 (plots: coastal plots fill pairs
    of rows in columns -2 and -1; a mountain plot is two hillside rows in column 5 with its
    mountain at the upper row in column 6; plots of one kind do not overlap), R-GEO-9 and
    R-BUY-3/4 (terrain of plot columns; forest and moor cards lie on plains)."""
    for player in state.players:
        land = player.landscape
        where = f"seat {player.seat}"
        for (col, row), space in land.items():
            if col not in ALL_COLUMNS:
                raise fail("R-GEO-1", f"{where}: space at column {col}, row {row}")
            if space.card in (FOREST, MOOR) and space.terrain is not Terrain.PLAINS:
                raise fail("R-GEO-9", f"{where}: {space.card} on {space.terrain.name} at "
                           f"{col} {row}")
        rows = band_rows(player)
        if not rows or rows != list(range(rows[0], rows[-1] + 1)):
            raise fail("R-GEO-3", f"{where}: band rows {rows} are not contiguous")
        if 0 not in rows or 1 not in rows:
            raise fail("R-GEO-2", f"{where}: heartland rows missing from band {rows}")
        for row in rows:
            missing = [c for c in BAND_COLUMNS if (c, row) not in land]
            if missing:
                raise fail("R-GEO-3", f"{where}: band row {row} lacks columns {missing}")
        expected_terrain = {WATER_COL: Terrain.WATER, COAST_COL: Terrain.COAST,
                            HILL_COL: Terrain.HILLSIDE, MOUNTAIN_COL: Terrain.MOUNTAIN}
        for (col, row), space in land.items():
            want = expected_terrain.get(col)
            if want is not None and space.terrain is not want:
                raise fail("R-GEO-9", f"{where}: {space.terrain.name} at {col} {row}, "
                           f"column {col} is {want.name}")
        coast = sorted(row for (col, row) in land if col == COAST_COL)
        water = sorted(row for (col, row) in land if col == WATER_COL)
        if coast != water:
            raise fail("R-GEO-4", f"{where}: coast rows {coast} and water rows {water} differ")
        _check_pairs(coast, where, "R-GEO-4")
        hills = sorted(row for (col, row) in land if col == HILL_COL)
        mountains = sorted(row for (col, row) in land if col == MOUNTAIN_COL)
        paired = sorted(r for m in mountains for r in (m, m + 1))
        if paired != hills:
            raise fail("R-GEO-5", f"{where}: hillside rows {hills} do not pair with mountain "
                       f"rows {mountains}")


def _check_pairs(rows: list[int], where: str, rule: str) -> None:
    """Rows made of disjoint pairs (r, r + 1): every run of consecutive rows has even length."""
    run = 0
    for i, row in enumerate(rows):
        run = run + 1 if i and row == rows[i - 1] + 1 else 1
        last_of_run = i + 1 == len(rows) or rows[i + 1] != row + 1
        if last_of_run and run % 2:
            raise fail(rule, f"{where}: plot rows {rows} are not whole plots")


def check_cloister_connectivity(state: State, rules: Rules) -> None:
    """R-BUILD-4, R-SOLO-10: the cloister buildings of every landscape form one orthogonally
    connected group around the Cloister Office's space (every cloister building touches another
    cloister building or the Office). The neutral player may cover the Office with another
    cloister building (a cloister card covers only a cloister card), so for him the anchor is
    the Office's space, not its card."""
    for player in state.players:
        land = player.landscape
        anchor = land.get(OFFICE_AT)
        if anchor is None or not is_cloister(anchor.card, rules):
            raise fail("R-BUILD-4", f"seat {player.seat}: no cloister building at the Cloister "
                       f"Office's space {OFFICE_AT} ({anchor})")
        if not player.neutral and spec_id(anchor.card or "") != "L03":
            raise fail("R-BUILD-5", f"seat {player.seat}: the Cloister Office was replaced by "
                       f"{anchor.card}")
        cloisters = {c for c, s in land.items() if is_cloister(s.card, rules)}
        reached = {OFFICE_AT}
        todo = [OFFICE_AT]
        while todo:
            for n in adjacent(todo.pop(), land):
                if n in cloisters and n not in reached:
                    reached.add(n)
                    todo.append(n)
        cut_off = sorted(cloisters - reached)
        if cut_off:
            cards = [land[c].card for c in cut_off]
            raise fail("R-BUILD-4", f"seat {player.seat}: cloister buildings {cards} at "
                       f"{cut_off} are not connected to the Cloister Office")


def check_cards(state: State, rules: Rules) -> None:
    """R-BUILD-1/5/6 and R-SETUP-2/3: every building card is in exactly one place (a stack, the
    display, or one landscape space, possibly covered there, R-SOLO-10); ``built`` lists exactly
    the top building cards of the landscapes at their spaces; buildings stand on allowed terrain
    (R-BUILD-3; not for the neutral player, R-SOLO-10) and settlements too (R-SET-3); the
    settlement cards of each player are the ones dealt to him, each once (R-SETUP-9, R-SET-2,
    R-SET-5); the work-contract price is 2 exactly once a Winery / Whiskey Distillery stands
    (R-WC-4)."""
    where: dict[str, str] = {}

    def put(card: str, place: str) -> None:
        if card in where:
            raise fail("R-BUILD-6", f"{card} is both in {where[card]} and in {place}")
        where[card] = place

    for stage, cards in state.stacks.items():
        for card in cards:
            put(card, f"stack {stage.value}")
    for card in state.display:
        put(card, "the display")
    tops: dict[str, tuple[int, Coord]] = {}
    # dealt at the end of each phase A-D, when its stack joins the display (R-SET-2 step 3)
    dealt = [*START_SETTLEMENTS, *(STAGE_SETTLEMENT[s] for s in state.settlement_phases
                                   if s in STAGE_SETTLEMENT and s not in state.stacks)]
    for player in state.players:
        settlements: list[str] = list(player.settlements)
        for coord, space in player.landscape.items():
            for hidden in space.covered:
                if not player.neutral:
                    raise fail("R-BUILD-5", f"seat {player.seat} covered {hidden} at {coord}")
                put(hidden, f"seat {player.seat} {coord} (covered)")
            top = space.card
            if top is not None and is_building(top):
                put(top, f"seat {player.seat} {coord}")
                tops[top] = (player.seat, coord)
                spec = rules.building(top)
                if not player.neutral and space.terrain not in spec.terrain:
                    raise fail("R-BUILD-3", f"seat {player.seat}: {top} on "
                               f"{space.terrain.name} at {coord}")
            elif top is not None and is_settlement(top):
                settlements.append(top)
                if space.terrain not in rules.settlements[top].terrain:
                    raise fail("R-SET-3", f"seat {player.seat}: {top} on "
                               f"{space.terrain.name} at {coord}")
        if player.neutral:
            if settlements:
                raise fail("R-SOLO-3", f"the neutral player has settlements {settlements}")
        elif sorted(settlements) != sorted(dealt):
            raise fail("R-SET-5", f"seat {player.seat} has settlements {sorted(settlements)}, "
                       f"was dealt {sorted(dealt)}")
    built = {b: (p.seat, p.coord) for b, p in state.built.items()}
    if built != tops:
        extra = {b: v for b, v in built.items() if tops.get(b) != v}
        missing = {b: v for b, v in tops.items() if built.get(b) != v}
        raise fail("R-BUILD-1", f"built {extra} disagrees with the landscapes {missing}")
    raising = [b for b in state.built if rules.building(b).work_contract_price]
    expected = max([1, *(rules.building(b).work_contract_price for b in raising)])
    covered_raisers = [c for c, w in where.items() if w.endswith("(covered)")
                       and rules.building(c).work_contract_price]
    if covered_raisers:
        expected = max(expected, *(rules.building(c).work_contract_price
                                   for c in covered_raisers))
    if state.work_contract_price != expected:
        raise fail("R-WC-4", f"work contract price {state.work_contract_price}, expected "
                   f"{expected} (raising buildings built: {raising})")


def check_wheel(state: State, rules: Rules) -> None:
    """R-WHEEL-1/2 (the mode's wheel side), R-WHEEL-3/5 (every in-play indicator at a distance
    0..12), R-SETUP-4 / R-WHEEL-7 (grapes only in FRANCE and not before their round; stone not
    before its round), R-SOLO-2 (neither ever in the solo game)."""
    mode = mode_of(state, rules)
    wheel = state.wheel
    if wheel.values != rules.wheel_values[mode.wheel] or len(wheel.values) != 13:
        raise fail("R-WHEEL-2", f"wheel values {wheel.values}, mode {mode.code} uses "
                   f"{mode.wheel}")
    for indicator, d in wheel.positions.items():
        if not 0 <= d <= 12:
            raise fail("R-WHEEL-5", f"{indicator.value} at distance {d}")
    positions = wheel.positions
    if Indicator.GRAPES in positions and (state.config.variant is not Variant.FRANCE
                                          or mode.grapes is None or state.round < mode.grapes):
        raise fail("R-WHEEL-7", f"grapes on the wheel in round {state.round} "
                   f"({state.config.variant.value}, mode {mode.code})")
    if Indicator.STONE in positions and (mode.stone is None or state.round < mode.stone):
        raise fail("R-WHEEL-7", f"stone on the wheel in round {state.round}, mode {mode.code}")
    if not wheel.removes_at_end:
        basic = {Indicator.WOOD, Indicator.PEAT, Indicator.GRAIN, Indicator.LIVESTOCK,
                 Indicator.CLAY, Indicator.COIN, Indicator.JOKER}
        if not basic <= set(positions):
            raise fail("R-WHEEL-5", f"indicators {sorted(basic - set(positions))} left the "
                       "wheel outside the solo game")


def check_schedule(state: State, rules: Rules) -> None:
    """R-ROUND-1, R-SCHED-1/4, R-END-*: the round number stays within the mode's length;
    settlement phases happen in order A, B, C, D (E last); landscape stacks only shrink from
    their top (R-BUY-1, R-SETUP-10); the player to decide is a real, non-neutral seat unless
    the game is over (R-SOLO-3)."""
    mode = mode_of(state, rules)
    limit = mode.rounds + (1 if mode.bonus_round else 0) if mode.end != "display" else None
    if limit is not None and state.round > limit:
        raise fail("R-ROUND-1", f"round {state.round} in mode {mode.code} (at most {limit})")
    phases = list(state.settlement_phases)
    order = [Stage.A, Stage.B, Stage.C, Stage.D, Stage.E]
    if phases != order[: len(phases)]:
        raise fail("R-SET-1", f"settlement phases {phases}")
    for stage in phases[:-1]:  # the last phase reveals its stack at its end (R-SET-2 step 3)
        if stage in state.stacks:
            raise fail("R-SET-2", f"stack {stage.value} is still there after its phase")
    land = rules.landscape
    start_d = tuple(reversed(land.district_prices)) if mode.reversed_prices \
        else land.district_prices
    start_p = tuple(reversed(land.plot_prices)) if mode.reversed_prices else land.plot_prices
    if start_d[len(start_d) - len(state.district_prices):] != state.district_prices:
        raise fail("R-BUY-1", f"district prices {state.district_prices} of {start_d}")
    if start_p[len(start_p) - len(state.plot_prices):] != state.plot_prices:
        raise fail("R-BUY-1", f"plot prices {state.plot_prices} of {start_p}")
    turn = state.flow.turn
    if state.finished != (turn.kind == "over"):
        raise fail("R-END-1", f"finished={state.finished} but turn kind {turn.kind}")
    if not state.finished:
        decider = turn.decider
        if not 0 <= decider < len(state.players) or state.players[decider].neutral:
            raise fail("R-SOLO-3", f"seat {decider} is to decide ({turn})")


def check_scores(state: State, rules: Rules) -> None:
    """R-SCORE-1 (total = goods + economic + settlement points), R-SCORE-2 (goods points with
    the best coin / wine / whiskey exchange), R-SCORE-3 (economic values of all buildings and
    settlements), R-SCORE-4/5/6 (each settlement: its dwelling value plus its neighbours', 3 per
    empty water neighbour), R-SCORE-8 (the neutral player is not scored). Scores exist exactly
    once the game is over."""
    if state.scores is None:
        return
    scored = [p for p in state.players if not p.neutral]
    if [s.seat for s in state.scores] != [p.seat for p in scored]:
        raise fail("R-SCORE-8", f"scores for seats {[s.seat for s in state.scores]}")
    for s in state.scores:
        if s.total != s.goods + s.economic + sum(s.settlements):
            raise fail("R-SCORE-1", f"seat {s.seat}: total {s.total} != {s.goods} + "
                       f"{s.economic} + sum{s.settlements}")
        player = state.players[s.seat]
        if state.config.liesborn:
            goods = _liesborn_goods_points(player, state.config.mode, rules, s)
        else:
            goods = _goods_points(player, rules)
            if s.wonders:
                raise fail("R-LIES-1", f"seat {s.seat}: wonder tiles scored without Liesborn")
        economic = _economic_points(player, rules)
        settlements = _settlement_points(player, rules)
        if (s.goods, s.economic, sorted(s.settlements)) != (goods, economic, sorted(settlements)):
            raise fail("R-SCORE-2", f"seat {s.seat}: scored goods {s.goods}, economic "
                       f"{s.economic}, settlements {s.settlements}; recomputed {goods}, "
                       f"{economic}, {settlements}")


def _goods_points(player: PlayerState, rules: Rules) -> int:
    coins, wine, whiskey = (player.count(g) for g in (Good.COIN, Good.WINE, Good.WHISKEY))
    best = max(2 * ((coins + x + 2 * y) // 5) + (wine - x) + (whiskey - y)
               for x in range(wine + 1) for y in range(whiskey + 1))
    return best + sum(rules.goods[g].points * n for g, n in player.goods.items()
                      if g not in (Good.COIN, Good.WINE, Good.WHISKEY))


def _liesborn_goods_points(player: PlayerState, mode: str, rules: Rules, scored: Score) -> int:
    """R-LIES-5..8, AMB-28 (e, f, g): the goods points with each wonder tile's own value instead
    of 30 per wonder, re-derived from the tile specs: light-blue 20, dark-blue the base plus the
    value (the reduced one in the modes of R-LIES-7) times the count, rounded down as a whole;
    the wine and whiskey exchange that gives the most points in all (the least on a tie). The
    score's tile breakdown must be that exchange's, tile for tile, in the order taken, and the
    wonder points its sum."""
    expansion = rules.liesborn
    assert expansion is not None
    buildings = [spec_id(s.card) for s in player.landscape.values()
                 if s.card is not None and is_building(s.card)]
    # Landscapes: the heartland's band has 2 rows, a district adds one; a coast plot has two
    # water spaces; a mountain plot one mountain space (R-BUY-3, R-BUY-4).
    landscapes = (1 + len({r for (c, r) in player.landscape if c == 0}) - 2
                  + sum(1 for (c, _) in player.landscape if c == WATER_COL) // 2
                  + sum(1 for (c, _) in player.landscape if c == MOUNTAIN_COL))

    def count(tile: str, held: Mapping[Good, int]) -> int:
        c = rules.wonders[tile].condition
        assert c is not None
        if c.per == "built_material":
            return sum(rules.building(b).cost.get(g, 0) for b in buildings for g in c.of)
        if c.per == "landscape":
            return landscapes
        if c.per == "building":
            return len(buildings)
        if c.per == "cloister_building":
            return sum(1 for b in buildings if rules.building(b).cloister)
        if c.per == "combination":
            return min(held.get(g, 0) for g in c.of)
        return sum(held.get(g, 0) for g in c.of) // c.each

    def points(tile: str, n: int) -> int:
        spec = rules.wonders[tile]
        c = spec.condition
        assert c is not None
        value = c.reduced if c.reduced is not None and mode in expansion.reduced_modes \
            else c.value
        return math.floor(Fraction(spec.base) + Fraction(value) * n)

    coins, wine, whiskey = (player.count(g) for g in (Good.COIN, Good.WINE, Good.WHISKEY))
    others = sum(rules.goods[g].points * n for g, n in player.goods.items()
                 if g not in (Good.COIN, Good.WINE, Good.WHISKEY, Good.WONDER))
    best: tuple[int, list[tuple[str, bool, int, int]]] | None = None
    for x in range(wine + 1):
        for y in range(whiskey + 1):
            held = {**player.goods, Good.COIN: coins + x + 2 * y, Good.WINE: wine - x,
                    Good.WHISKEY: whiskey - y}
            tiles = [(t, True, points(t, count(t, held)), count(t, held))
                     for t in player.dark_wonders]
            tiles += [(t, False, expansion.light_points, 0) for t in player.light_wonders]
            total = (2 * ((coins + x + 2 * y) // 5) + wine - x + whiskey - y + others
                     + sum(p for _, _, p, _ in tiles))
            if best is None or total > best[0]:
                best = (total, tiles)
    assert best is not None
    breakdown = [(w.tile, w.dark, w.points, w.count) for w in scored.wonders]
    if breakdown != best[1]:
        raise fail("R-LIES-6", f"seat {player.seat}: wonder tiles scored {breakdown}, "
                   f"recomputed {best[1]}")
    return best[0]


def _values(card: str, rules: Rules) -> tuple[int, int]:
    if is_settlement(card):
        s = rules.settlements[card]
        return s.economic, s.dwelling
    if is_building(card):
        b = rules.building(card)
        return b.economic, b.dwelling
    return 0, 0


def _economic_points(player: PlayerState, rules: Rules) -> int:
    return sum(_values(s.card, rules)[0] for s in player.landscape.values() if s.card)


def _settlement_points(player: PlayerState, rules: Rules) -> list[int]:
    result = []
    for coord, space in player.landscape.items():
        if not is_settlement(space.card):
            continue
        total = _values(space.card or "", rules)[1]
        for n in adjacent(coord, player.landscape):
            other = player.landscape[n]
            if other.card is None:
                total += WATER_DWELLING if other.terrain is Terrain.WATER else 0
            else:
                total += _values(other.card, rules)[1]
        result.append(total)
    return result


def check_moves_available(state: State, rules: Rules) -> None:
    """R-ACT-3 (no pass is needed: a legal main action always exists) and R-END-*: a game that
    is not over always offers its decider at least one legal move; a finished game none. (Not in
    ``STATE_CHECKS``: it enumerates the moves, which the game drivers do anyway.)"""
    moves = legal_moves(state, rules)
    if state.finished and moves:
        raise fail("R-END-1", f"the game is over but {len(moves)} moves are offered")
    if not state.finished and not moves:
        raise fail("R-ACT-3", f"no legal move for seat {state.flow.turn.decider} in "
                   f"{state.flow.turn}")


# --- commands -----------------------------------------------------------------------------------


def check_move_recorded(before: State, events: Sequence[GameEvent], after: State,
                        rules: Rules) -> None:
    """Design §2 and §5: every command's first event is the move, by the seat that was to decide,
    in the canonical notation (``str(parse(move)) == move``); the flow changes at most once, as
    the last event but for ``GameEnded``, which ends the log; ``version`` counts the events."""
    if not events or not isinstance(events[0], MovePlayed):
        raise fail("design-2", f"first event {events[:1]} is not MovePlayed")
    move = events[0]
    if move.seat != before.flow.turn.decider:
        raise fail("R-ROUND-3", f"move by seat {move.seat}, seat "
                   f"{before.flow.turn.decider} was to decide")
    if str(parse(move.move)) != move.move:
        raise fail("design-5", f"move {move.move!r} is not canonical: {str(parse(move.move))!r}")
    flows = [i for i, e in enumerate(events) if isinstance(e, FlowChanged)]
    ends = [i for i, e in enumerate(events) if isinstance(e, GameEnded)]
    if len(ends) > 1 or (ends and ends[0] != len(events) - 1):
        raise fail("design-2", f"GameEnded at {ends} of {len(events)} events: not the last")
    last_fact = len(events) - 1 - len(ends)
    if len(flows) > 1 or (flows and flows[0] != last_fact):
        raise fail("design-2", f"FlowChanged at {flows} of {len(events)} events: not the last "
                   "(but for GameEnded)")
    if any(isinstance(e, MovePlayed | GameStarted) for e in events[1:]):
        raise fail("design-2", "a command emitted a second MovePlayed / GameStarted")
    if after.version != before.version + len(events):
        raise fail("design-2", f"version {before.version} + {len(events)} events != "
                   f"{after.version}")


def check_goods_follow_events(before: State, events: Sequence[GameEvent], after: State,
                              rules: Rules) -> None:
    """R-GOODS-3/4, R-FREE-1/3: each player's goods after a command are his goods before it
    changed exactly by the GoodsPaid / GoodsGained / GoodsConverted events (a payment to another
    seat moves the goods, R-WC-4); every amount is positive; a conversion is grain -> straw,
    wine -> 1 coin or whiskey -> 2 coins."""
    goods = [goods_of(p) for p in before.players]
    wonders = before.wonders_left
    for i, event in enumerate(events):
        if isinstance(event, GoodsPaid | GoodsGained | GoodsConverted):
            amounts = [event.goods] if not isinstance(event, GoodsConverted) \
                else [event.given, event.received]
            for part in amounts:
                if not part or any(n <= 0 for n in part.values()):
                    raise fail("R-GOODS-4", f"event {i} {event} has a non-positive amount")
        if isinstance(event, GoodsPaid):
            _add(goods[event.seat], event.goods, -1)
            if event.to_seat is not None:
                _add(goods[event.to_seat], event.goods, 1)
        elif isinstance(event, GoodsGained):
            _add(goods[event.seat], event.goods, 1)
            wonders -= event.goods.get(Good.WONDER, 0)
        elif isinstance(event, WonderTaken):  # R-LIES-3: the tile is the wonder
            _add(goods[event.seat], {Good.WONDER: 1}, 1)
            wonders -= 1
        elif isinstance(event, GoodsConverted):
            given, received = dict(event.given), dict(event.received)
            expected = {Good.STRAW: given.get(Good.GRAIN, 0),
                        Good.COIN: given.get(Good.WINE, 0) + 2 * given.get(Good.WHISKEY, 0)}
            expected = {g: n for g, n in expected.items() if n}
            if set(given) - {Good.GRAIN, Good.WINE, Good.WHISKEY} or received != expected:
                raise fail("R-FREE-1", f"event {i}: conversion {given} -> {received}")
            _add(goods[event.seat], given, -1)
            _add(goods[event.seat], received, 1)
    for seat, held in enumerate(goods):
        actual = goods_of(after.players[seat])
        if held != actual:
            raise fail("R-GOODS-4", f"seat {seat}: goods {actual} after the command, the events "
                       f"say {held}")
    if wonders != after.wonders_left:
        raise fail("R-COMP-9", f"wonders left {after.wonders_left}, events say {wonders}")


def check_no_negative_goods_between_events(before: State, events: Sequence[GameEvent],
                                           after: State, rules: Rules) -> None:
    """R-GOODS-3/4, R-FREE-1: events are facts in the order they happened, and every prefix of
    a game's log is a state (``store.fold(game, version=N)``): no GoodsPaid / GoodsConverted
    spends goods the player does not hold at that event, so no state between the events of a
    command has a negative amount."""
    for i, state in enumerate(states_along(before, events)[1:]):
        for player in state.players:
            negative = {g.value: n for g, n in player.goods.items() if n < 0}
            if negative:
                raise fail("R-GOODS-4", f"event {i} ({type(events[i]).__name__}) of "
                           f"{events[0]} leaves seat {player.seat} with {negative}")


def check_wonder_display_only_shrinks(before: State, events: Sequence[GameEvent], after: State,
                                      rules: Rules) -> None:
    """R-LIES-3, R-LIES-4: the display is never refilled and the stack never grows: a command
    only takes tiles away, a dark-blue one from the display, a light-blue one from the top of
    the stack, and the taker holds it on the side it was taken with."""
    display, stack = list(before.wonder_display), list(before.wonder_stack)
    for i, event in enumerate(events):
        if not isinstance(event, WonderTaken):
            continue
        if event.dark:
            if event.tile not in display:
                raise fail("R-LIES-3", f"event {i}: {event.tile} taken dark-blue, not on display")
            display.remove(event.tile)
        else:
            if not stack or stack[0] != event.tile:
                raise fail("R-LIES-3", f"event {i}: {event.tile} is not the top of the stack")
            stack.pop(0)
        player = after.players[event.seat]
        if event.tile not in (player.dark_wonders if event.dark else player.light_wonders):
            raise fail("R-LIES-3", f"event {i}: seat {event.seat} does not hold {event.tile} "
                       f"{'dark' if event.dark else 'light'}-blue side up")
    if (list(after.wonder_display), list(after.wonder_stack)) != (display, stack):
        raise fail("R-LIES-4", f"display {before.wonder_display} -> {after.wonder_display}, "
                   f"stack {len(before.wonder_stack)} -> {len(after.wonder_stack)}, not what "
                   "the taken tiles explain")


def check_clergy_moves(before: State, events: Sequence[GameEvent], after: State,
                       rules: Rules) -> None:
    """R-CLG-2 (a clergyman is placed only when free and returned only when placed), R-CLG-4
    and R-BONUS-4 (placed only on an unoccupied building, except a prior in the bonus round),
    R-CLG-1 / R-WC-1 (on a building of its owner, except the bonus prior), R-CLG-3 (at the start
    of a round every player whose clergymen are all placed gets all of them back, the others
    none), R-BONUS-2 (before the bonus round every prior returns)."""
    states = states_along(before, events)
    round_start: State | None = None
    for i, event in enumerate(events):
        state = states[i]
        if isinstance(event, ClergyPlaced):
            player = state.players[event.seat]
            if player.clergy[event.clergy] is not None:
                raise fail("R-CLG-2", f"event {i}: clergyman {event.clergy} of seat "
                           f"{event.seat} placed on {event.building} while on "
                           f"{player.clergy[event.clergy]}")
            placement = state.built.get(event.building)
            if placement is None:
                raise fail("R-CLG-1", f"event {i}: {event.building} is not built")
            bonus_prior = in_bonus_round(state, rules) and event.clergy == 0
            busy = {at for p in state.players for at in p.clergy if at is not None}
            if event.building in busy and not bonus_prior \
                    and not replaces_clergy(state, event.seat, event.building):
                raise fail("R-CLG-4", f"event {i}: {event.building} is already occupied")
            if placement.seat != event.seat and not bonus_prior:
                raise fail("R-CLG-1", f"event {i}: seat {event.seat}'s clergyman on "
                           f"{event.building} of seat {placement.seat}")
        elif isinstance(event, ClergyReturned):
            player = state.players[event.seat]
            idle = [c for c in event.clergy if player.clergy[c] is None]
            if idle or not event.clergy:
                raise fail("R-CLG-2", f"event {i}: seat {event.seat} returns free clergy {idle}")
        elif isinstance(event, RoundBegan):
            round_start = states[i + 1]
        elif isinstance(event, WheelRotated) and round_start is not None:
            _check_round_return(round_start, states[i], rules)
            round_start = None


def _check_round_return(begin: State, rotated: State, rules: Rules) -> None:
    bonus = in_bonus_round(begin, rules)
    for player, now in zip(begin.players, rotated.players, strict=True):
        clergy = list(player.clergy)
        if bonus and not player.neutral:
            clergy[0] = None  # R-BONUS-2
        if all(at is not None for at in clergy):
            clergy = [None] * len(clergy)  # R-CLG-3
        if tuple(clergy) != now.clergy:
            raise fail("R-CLG-3", f"round {begin.round}: seat {player.seat}'s clergy "
                       f"{player.clergy} became {now.clergy}, expected {tuple(clergy)}")


def check_landscape_changes(before: State, events: Sequence[GameEvent], after: State,
                            rules: Rules) -> None:
    """R-GEO-3 (a district fills columns 0..4 of the row directly above or below the band),
    R-GEO-4/5/6/7 (a plot's spaces, no overlap, attached to the band or to a plot of its kind
    directly above or below), R-BUY-3/4 (the side's terrain and cards), R-BUY-1 (the top price
    leaves its stack); R-BUILD-1/5/6 and R-SOLO-10 (a building comes from the display onto an
    empty space, or for the neutral player over an unoccupied building of the same kind);
    R-SET-3/5 (a settlement from the hand onto an empty space); R-FELL-1/2/6 (only a forest or
    moor card is removed, by its owner)."""
    states = states_along(before, events)
    for i, event in enumerate(events):
        state = states[i]
        if isinstance(event, LandscapeAdded):
            _check_added(state, event, rules, i)
        elif isinstance(event, BuildingBuilt):
            player = state.players[event.seat]
            space = player.landscape.get(event.coord)
            if event.building not in state.display:
                raise fail("R-BUILD-1", f"event {i}: {event.building} built from outside the "
                           "display")
            if space is None:
                raise fail("R-GEO-1", f"event {i}: no space {event.coord} for {event.building}")
            if space.card is not None:
                busy = {at for p in state.players for at in p.clergy if at is not None}
                if not player.neutral:
                    raise fail("R-BUILD-5", f"event {i}: {event.building} built over "
                               f"{space.card}")
                if (space.card in busy or not is_building(space.card)
                        or is_cloister(space.card, rules)
                        != rules.building(event.building).cloister):
                    raise fail("R-SOLO-10", f"event {i}: {event.building} covers "
                               f"{space.card} (occupied or of the other kind)")
            elif player.neutral and rules.building(event.building).cloister and not any(
                    is_cloister(player.landscape[n].card, rules)
                    for n in adjacent(event.coord, player.landscape)):
                raise fail("R-SOLO-10", f"event {i}: neutral {event.building} on an empty "
                           "space away from the neutral cloister")
        elif isinstance(event, SettlementBuilt):
            player = state.players[event.seat]
            space = player.landscape.get(event.coord)
            if event.settlement not in player.settlements:
                raise fail("R-SET-5", f"event {i}: {event.settlement} not in seat "
                           f"{event.seat}'s hand")
            if space is None or space.card is not None:
                raise fail("R-SET-3", f"event {i}: {event.settlement} on {space}")
        elif isinstance(event, CardRemoved):
            space = state.players[event.seat].landscape.get(event.coord)
            if space is None or space.card not in (FOREST, MOOR):
                raise fail("R-FELL-1", f"event {i}: removed {space} at {event.coord}")


def _check_added(state: State, event: LandscapeAdded, rules: Rules, i: int) -> None:
    player = state.players[event.seat]
    land = player.landscape
    coords = [s.coord for s in event.spaces]
    overlap = [c for c in coords if c in land]
    if overlap:
        raise fail("R-GEO-6", f"event {i}: {event.kind} overlaps spaces {overlap}")
    r = event.row
    band = set(band_rows(player))
    if event.kind == "district":
        if state.district_prices == ():
            raise fail("R-BUY-1", f"event {i}: district from an empty stack")
        if sorted(coords) != sorted((c, r) for c in BAND_COLUMNS):
            raise fail("R-GEO-3", f"event {i}: district spaces {coords}")
        if r not in (min(band) - 1, max(band) + 1):
            raise fail("R-GEO-3", f"event {i}: district at row {r}, band rows {sorted(band)}")
        side = rules.landscape.districts[event.side]
    else:
        if state.plot_prices == ():
            raise fail("R-BUY-1", f"event {i}: plot from an empty stack")
        if event.side == "COAST":
            want = {(WATER_COL, r), (COAST_COL, r), (WATER_COL, r + 1), (COAST_COL, r + 1)}
            inner = COAST_COL
        else:
            want = {(HILL_COL, r), (HILL_COL, r + 1), (MOUNTAIN_COL, r)}
            inner = HILL_COL
        if set(coords) != want or len(coords) != len(want):
            raise fail("R-GEO-4", f"event {i}: {event.side} plot spaces {coords}")
        touches_band = r in band or r + 1 in band
        chained = (inner, r - 1) in land or (inner, r + 2) in land
        if not (touches_band or chained):
            raise fail("R-GEO-7", f"event {i}: {event.side} plot at row {r} touches neither "
                       f"the band {sorted(band)} nor a plot of its kind")
        side = rules.landscape.plots[event.side]
    expected = {(s.at[0], r + s.at[1]): (s.terrain, s.card) for s in side}
    actual = {s.coord: (s.terrain, s.card) for s in event.spaces}
    if expected != actual:
        raise fail("R-BUY-3", f"event {i}: {event.kind} {event.side} spaces {actual}, the side "
                   f"is {expected}")


def check_game_end(before: State, events: Sequence[GameEvent], after: State,
                   rules: Rules) -> None:
    """R-SCORE-7 (the winners are exactly the players with the highest total), R-END-1..4 (the
    game ends once, after settlement phase E except in mode 2L, R-END-3)."""
    ended = [e for e in events if isinstance(e, GameEnded)]
    if not ended:
        if after.finished:
            raise fail("R-END-1", "finished without a GameEnded event")
        return
    if len(ended) > 1 or before.finished:
        raise fail("R-END-1", "the game ended twice")
    end = ended[0]
    best = max(s.total for s in end.scores)
    winners = tuple(s.seat for s in end.scores if s.total == best)
    if end.winners != winners:
        raise fail("R-SCORE-7", f"winners {end.winners}, highest total {best} by {winners}")
    if end.scores != after.scores:
        raise fail("R-SCORE-1", "the state's scores differ from the GameEnded event")
    mode = mode_of(after, rules)
    had_e = Stage.E in after.settlement_phases
    if (mode.code == "2L") == had_e:
        raise fail("R-END-3" if mode.code == "2L" else "R-END-1",
                   f"mode {mode.code} ended with settlement phases {after.settlement_phases}")


StateCheck = Callable[[State, Rules], None]
TransitionCheck = Callable[[State, Sequence[GameEvent], State, Rules], None]

STATE_CHECKS: tuple[StateCheck, ...] = (
    check_no_negative_goods,
    check_wonder_tiles,
    check_clergy,
    check_landscape_geometry,
    check_cloister_connectivity,
    check_cards,
    check_wheel,
    check_schedule,
    check_scores,
)
TRANSITION_CHECKS: tuple[TransitionCheck, ...] = (
    check_move_recorded,
    check_goods_follow_events,
    check_no_negative_goods_between_events,
    check_clergy_moves,
    check_landscape_changes,
    check_game_end,
    check_wonder_display_only_shrinks,
)


def check_position(state: State, rules: Rules) -> None:
    """Every per-position check of the catalogue."""
    for check in STATE_CHECKS:
        check(state, rules)


def check_command(before: State, events: Sequence[GameEvent], after: State, rules: Rules
                  ) -> None:
    """Every per-command check of the catalogue, then the per-position checks of ``after``."""
    for check in TRANSITION_CHECKS:
        check(before, events, after, rules)
    check_position(after, rules)


def check_all(state: State, events: Sequence[GameEvent], rules: Rules) -> State:
    """Apply a command's ``events`` (what ``decide`` returned in ``state``) and check the whole
    catalogue on that step: every per-command check, then every per-position check of the state
    reached, which is returned so a loop can go on from it."""
    after = state
    for event in events:
        after = evolve(after, event)
    check_command(state, events, after, rules)
    return after


# --- whole games --------------------------------------------------------------------------------


def check_fold_equals_state(events: Iterable[GameEvent], state: State) -> None:
    """Design §2 (``state_at(events) = reduce(evolve, events, initial)``): the fold of a game's
    events from nothing equals the state reached command by command."""
    folded = fold(events)
    if folded != state:
        raise fail("design-2", f"fold of the events (version {folded.version}) differs from the "
                   f"state reached move by move (version {state.version})")


def split_commands(events: Sequence[GameEvent]) -> tuple[list[GameEvent], list[list[GameEvent]]]:
    """The start events (up to the first MovePlayed) and each command's events."""
    starts = next((i for i, e in enumerate(events) if isinstance(e, MovePlayed)), len(events))
    commands: list[list[GameEvent]] = []
    for event in events[starts:]:
        if isinstance(event, MovePlayed):
            commands.append([])
        commands[-1].append(event)
    return list(events[:starts]), commands


def check_replay_determinism(events: Sequence[GameEvent], rules: Rules,
                             starter: Callable[[GameConfig, Rules], list[GameEvent]] = start
                             ) -> None:
    """Design §2 (every random outcome is drawn from the recorded seed; ``decide`` is pure):
    ``start`` (or the test's own ``starter``) of the recorded config gives the recorded start
    events, and replaying every recorded move through ``decide`` gives exactly the recorded
    events again."""
    first = events[0]
    if not isinstance(first, GameStarted):
        raise fail("design-2", f"the first event is {type(first).__name__}")
    start_events, commands = split_commands(events)
    again = starter(first.config, rules)
    if again != start_events:
        raise fail("design-2", "start() of the recorded config gives other events")
    state = fold(start_events)
    for n, recorded in enumerate(commands):
        move = recorded[0]
        assert isinstance(move, MovePlayed)
        replayed = decide(state, move.move, rules, seat=move.seat)
        if replayed != recorded:
            raise fail("design-2", f"command {n} {move.move!r} replays to other events:\n"
                       f"recorded {recorded}\nreplayed {replayed}")
        for event in recorded:
            state = evolve(state, event)


_CODEC = EventJsonCodec()


def check_event_round_trip(event: GameEvent) -> None:
    """Design §2 / tech-notes §2: an event survives the cattrs converter and the store's codec
    (tag + canonical JSON bytes) unchanged, and its canonical bytes are stable."""
    data = event_to_dict(event)
    again = event_from_dict(orjson.loads(orjson.dumps(data)))
    if again != event:
        raise fail("codec", f"{event!r} came back as {again!r}")
    tag = _CODEC.tag(event)
    raw = _CODEC.encode(event)
    decoded = _CODEC.decode(tag, raw)
    if decoded != event or _CODEC.encode(decoded) != raw:
        raise fail("codec", f"{event!r} does not survive EventJsonCodec ({raw!r})")


def check_state_round_trip(state: State) -> None:
    """The state survives the codec (the API's projections and snapshots rely on it)."""
    again = state_from_dict(orjson.loads(orjson.dumps(state_to_dict(state))))
    if again != state:
        raise fail("codec", f"the state at version {state.version} does not survive the codec")


def check_codec_round_trip(events: Iterable[GameEvent], state: State | None = None) -> None:
    """Every event (and the state, if given) survives the codec round trip."""
    for event in events:
        check_event_round_trip(event)
    if state is not None:
        check_state_round_trip(state)


def check_illegal_command_no_effect(state: State, command: Command | str, rules: Rules,
                                    log: list[GameEvent] | None = None) -> bool:
    """Design §2 and §6: ``decide`` is pure. A command it refuses raises an ``OraError``
    (``InvalidCommand`` / ``IllegalCommand`` / ``AmbiguousCommand``, never another exception),
    appends nothing to the game's log and leaves the state unchanged; an accepted one leaves the
    input state unchanged too. Returns whether the command was accepted."""
    snapshot = state_to_dict(state)
    length = None if log is None else len(log)
    try:
        events = decide(state, command, rules)
    except OraError:
        accepted = False
    except Exception as e:  # anything else is a bug: is_legal would raise
        raise fail("design-6", f"decide raised {type(e).__name__}: {e} for {command!r}") from e
    else:
        accepted = True
        if log is not None:
            log.extend(events)
    if state_to_dict(state) != snapshot:
        raise fail("design-2", f"decide changed its input state for {command!r}")
    if not accepted and log is not None and len(log) != length:
        raise fail("design-2", f"refused {command!r} appended events")
    return accepted
