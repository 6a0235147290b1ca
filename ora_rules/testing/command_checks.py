"""The invariant catalogue's checks of one command, ``check_<name>(before, events, after,
rules)``, ``events`` being what ``decide`` returned in ``before``; each docstring names its
rules."""

from __future__ import annotations

from collections.abc import Sequence

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
from ora_core.state import State
from ora_core.values import FOREST, MOOR, Good, Stage
from ora_rules.notation import parse
from ora_rules.readings import replaces_clergy
from ora_rules.specs import Rules
from ora_rules.testing.invariant_base import (
    BAND_COLUMNS,
    COAST_COL,
    HILL_COL,
    MOUNTAIN_COL,
    WATER_COL,
    add_goods,
    adjacent,
    band_rows,
    fail,
    goods_of,
    in_bonus_round,
    is_building,
    is_cloister,
    mode_of,
    states_along,
)

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
            add_goods(goods[event.seat], event.goods, -1)
            if event.to_seat is not None:
                add_goods(goods[event.to_seat], event.goods, 1)
        elif isinstance(event, GoodsGained):
            add_goods(goods[event.seat], event.goods, 1)
            wonders -= event.goods.get(Good.WONDER, 0)
        elif isinstance(event, WonderTaken):  # R-LIES-3: the tile is the wonder
            add_goods(goods[event.seat], {Good.WONDER: 1}, 1)
            wonders -= 1
        elif isinstance(event, GoodsConverted):
            given, received = dict(event.given), dict(event.received)
            expected = {Good.STRAW: given.get(Good.GRAIN, 0),
                        Good.COIN: given.get(Good.WINE, 0) + 2 * given.get(Good.WHISKEY, 0)}
            expected = {g: n for g, n in expected.items() if n}
            if set(given) - {Good.GRAIN, Good.WINE, Good.WHISKEY} or received != expected:
                raise fail("R-FREE-1", f"event {i}: conversion {given} -> {received}")
            add_goods(goods[event.seat], given, -1)
            add_goods(goods[event.seat], received, 1)
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
