"""The invariant catalogue's checks of one position, ``check_<name>(state, rules)``; each
docstring names the rules it checks."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from ora_core.state import PlayerState, Score, State
from ora_core.values import FOREST, MOOR, Coord, Good, Indicator, Stage, Terrain, Variant
from ora_rules.moves import legal_moves
from ora_rules.specs import Rules
from ora_rules.testing.invariant_base import (
    ALL_COLUMNS,
    BAND_COLUMNS,
    COAST_COL,
    HILL_COL,
    MOUNTAIN_COL,
    OFFICE_AT,
    STAGE_SETTLEMENT,
    START_SETTLEMENTS,
    WATER_COL,
    WATER_DWELLING,
    WONDERS,
    adjacent,
    band_rows,
    fail,
    in_bonus_round,
    is_building,
    is_cloister,
    is_settlement,
    mode_of,
    spec_id,
)

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
