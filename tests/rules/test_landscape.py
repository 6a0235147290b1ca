"""Free actions (R-FREE-1..3), buying landscapes (R-BUY-1..5) and geometry (R-GEO-1..8)."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import GoodsPaid, LandscapeAdded
from ora_core.state import State
from ora_core.values import FOREST, MOOR, Good, Terrain
from ora_rules.landscape import neighbours
from ora_rules.notation import parse
from tests.rules.common import (
    SCHEDULE,
    drive,
    events_of_type,
    fresh,
    refused,
    run,
    simple_move,
    step,
    to,
)
from tests.support import set_goods

#: R-COMP-4 / R-SETUP-10: the stacks, top first.
DISTRICT_PRICES = [2, 3, 4, 4, 5, 5, 6, 7, 8]
PLOT_PRICES = [3, 4, 4, 5, 5, 5, 6, 6, 7]


def next_slot(state: State, seat: int) -> State:
    """The first fresh action slot of ``seat`` in a later round."""
    now = state.round
    return drive(state, lambda s: s.round > now and s.flow.turn.kind == "action"
                 and s.flow.turn.seat == seat and not s.flow.turn.main_done)


def test_R_GEO_1_R_GEO_2_heartland_grid() -> None:
    """R-SETUP-5: rows 0-1, columns 0-4; moors at column 0, forests at (1, 0), (2, 0), (1, 1),
    the Clay Mound on the hillside (4, 0), the Farmyard (2, 1), the Cloister Office (4, 1)."""
    land = fresh(4).players[2].landscape
    assert set(land) == {(c, r) for c in range(5) for r in (0, 1)}
    cards = {c: s.card for c, s in land.items()}
    assert cards == {(0, 0): MOOR, (1, 0): FOREST, (2, 0): FOREST, (3, 0): None, (4, 0): "LB1",
                     (0, 1): MOOR, (1, 1): FOREST, (2, 1): "LB2", (3, 1): None, (4, 1): "LB3"}
    assert {c for c, s in land.items() if s.terrain is Terrain.HILLSIDE} == {(4, 0)}


# --- free actions -------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "have", "command", "expected"), [
    ("france", {"grain": 2}, "CONVERT Gn", {Good.GRAIN: 1, Good.STRAW: 1}),
    ("france", {"grain": 2}, "CONVERT GnGn", {Good.STRAW: 2}),
    ("france", {"wine": 2}, "CONVERT Wn", {Good.WINE: 1, Good.COIN: 1}),
    ("ireland", {"whiskey": 1}, "CONVERT Wh", {Good.COIN: 2}),
    ("ireland", {"whiskey": 2, "grain": 1}, "CONVERT GnWhWh", {Good.STRAW: 1, Good.COIN: 4}),
])
def test_R_FREE_1_conversions(variant: str, have: dict[str, int], command: str,
                              expected: dict[Good, int]) -> None:
    state = set_goods(fresh(4, variant), 0, **have)
    after = run(state, command)
    assert dict(after.players[0].goods) == expected
    assert not after.flow.turn.main_done


def test_R_FREE_1_cannot_convert_what_one_does_not_have() -> None:
    state = set_goods(fresh(4), 0, grain=1)
    refused(state, "CONVERT GnGn", "cannot_afford", "R-FREE-1")
    refused(state, "CONVERT Wn", "cannot_afford", "R-FREE-1")


@pytest.mark.parametrize("text", ["CONVERT Sw", "CONVERT Pn", "CONVERT Wo", "CONVERT Mt"])
def test_R_FREE_3_conversions_are_one_way(text: str) -> None:
    with pytest.raises(InvalidCommand):
        parse(text)


def test_R_FREE_3_a_5_coin_piece_is_not_broken_under_the_rulebook() -> None:
    """``CONVERT Ni`` reads (the weblabora profile's coin pieces, docs/records.md) but the
    rulebook has one pool of coins: nothing to break (R-FREE-1)."""
    state = set_goods(fresh(4), 0, coin=5)
    refused(state, "CONVERT Ni", "coins_pooled", "R-FREE-1")


def test_R_FREE_2_conversions_any_time_purchases_only_in_own_turn() -> None:
    state = set_goods(fresh(4), 1, grain=1, coin=5)
    state = run(state, "WORK_CONTRACT LG1 Pn")
    assert state.flow.turn.decider == 1
    after = run(state, "CONVERT Gn")  # the owner, while choosing his clergyman
    assert after.players[1].count(Good.STRAW) == 1
    refused(state, "BUY_DISTRICT 2 PLAINS", "awaiting_contract_answer", "R-WC-2")
    # During a settlement phase (R-FREE-2).
    settling = to(fresh(4), SCHEDULE[4]["A"], "settlement")
    seat = settling.flow.turn.seat
    settling = set_goods(settling, seat, grain=1)
    assert run(settling, "CONVERT Gn").players[seat].count(Good.STRAW) == 1


# --- buying landscapes --------------------------------------------------------------------------


def test_R_BUY_1_price_is_the_top_tile_and_it_is_placed_at_once() -> None:
    state = set_goods(fresh(4), 0, coin=5)
    after, events = step(state, "BUY_DISTRICT 2 PLAINS")
    assert [dict(e.goods) for e in events_of_type(events, GoodsPaid)] == [
        {Good.COIN: DISTRICT_PRICES[0]}]
    assert len(events_of_type(events, LandscapeAdded)) == 1
    assert after.district_prices == tuple(DISTRICT_PRICES[1:])
    after, events = step(set_goods(fresh(4), 0, coin=5), "BUY_PLOT 0 COAST")
    assert [dict(e.goods) for e in events_of_type(events, GoodsPaid)] == [
        {Good.COIN: PLOT_PRICES[0]}]
    assert after.plot_prices == tuple(PLOT_PRICES[1:])
    refused(set_goods(fresh(4), 0, coin=1), "BUY_DISTRICT 2 PLAINS", "cannot_afford", "R-BUY-1")
    refused(set_goods(fresh(4), 0, coin=2), "BUY_PLOT 0 COAST", "cannot_afford", "R-BUY-1")


@pytest.mark.parametrize(("verb", "prices"), [("DISTRICT", DISTRICT_PRICES),
                                              ("PLOT", PLOT_PRICES)])
@pytest.mark.parametrize("players", [4, 3])
def test_R_BUY_1_price_stacks_in_order_then_empty(verb: str, prices: list[int],
                                                  players: int) -> None:
    state = fresh(players)
    for seat in range(players):
        state = set_goods(state, seat, coin=60)
    paid: list[int] = []
    side = {"DISTRICT": "PLAINS", "PLOT": None}
    for _ in range(200):
        turn = state.flow.turn
        player = state.players[turn.seat]
        if len(paid) == len(prices):
            break
        if turn.kind == "action" and turn.seat not in state.flow.round_purchases:
            if verb == "DISTRICT":
                row = max(r for (c, r) in player.landscape if c == 0) + 1
                command = f"BUY_DISTRICT {row} {side[verb]}"
            else:
                inner = sorted(r for (c, r) in player.landscape if c == -1)
                row = inner[-1] + 1 if inner else 0
                command = f"BUY_PLOT {row} COAST"
            state, events = step(state, command)
            paid += [e.goods[Good.COIN] for e in events_of_type(events, GoodsPaid)]
        else:
            state = step(state, simple_move(state))[0]
    assert paid == prices
    while state.flow.turn.kind != "action" or state.flow.turn.seat in state.flow.round_purchases:
        state = step(state, simple_move(state))[0]
    stack = "district" if verb == "DISTRICT" else "plot"
    error = refused(state, f"BUY_{verb} 2 {'PLAINS' if verb == 'DISTRICT' else 'COAST'}",
                    "stack_empty", "R-BUY-1")
    assert stack in error.detail


def test_R_BUY_2_once_per_round_shared_by_the_start_players_two_slots() -> None:
    state = set_goods(fresh(4), 0, coin=20)
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")
    state = run(state, "FELL_TREES 1 0")
    refused(state, "BUY_DISTRICT 3 PLAINS", "landscape_limit", "R-BUY-2")
    state = drive(run(state, "COMMIT"), lambda s: s.flow.turn.seat == 0
                  and not s.flow.turn.main_done)
    assert state.round == 1  # his second slot of round 1
    refused(state, "BUY_DISTRICT 3 PLAINS", "landscape_limit", "R-BUY-2")
    state = next_slot(state, 0)
    assert state.round == 2
    assert (0, 3) in run(state, "BUY_DISTRICT 3 PLAINS").players[0].landscape


def test_R_BUY_2_R_BUY_5_settlement_phase_purchase_is_separate() -> None:
    state = to(fresh(4), SCHEDULE[4]["A"], "settlement")
    seat = state.flow.turn.seat
    state = set_goods(state, seat, coin=20)
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-5")
    refused(state, "BUY_DISTRICT 3 HILLS", "landscape_limit", "R-BUY-5")
    state = drive(run(state, "COMMIT"), lambda s: s.flow.turn.kind == "action")
    assert state.flow.turn.seat == seat and state.round == SCHEDULE[4]["A"]
    after = run(state, "BUY_PLOT 0 COAST")
    assert (-1, 0) in after.players[seat].landscape


def test_R_BUY_5_settlement_purchases_in_turn_order() -> None:
    state = to(fresh(3), SCHEDULE[3]["A"], "settlement")
    first = state.flow.turn.seat
    for seat in range(3):
        state = set_goods(state, seat, coin=20)
    bought = []
    for i in range(3):
        seat = state.flow.turn.seat
        assert seat == (first + i) % 3
        state, events = step(state, "BUY_DISTRICT 2 PLAINS")
        bought.append((seat, events_of_type(events, GoodsPaid)[0].goods[Good.COIN]))
        state = run(state, "COMMIT")
    assert bought == [((first + i) % 3, DISTRICT_PRICES[i]) for i in range(3)]


def test_R_BUY_3_R_GEO_3_district_sides() -> None:
    state = set_goods(fresh(4), 0, coin=20)
    hills = run(state, "BUY_DISTRICT 2 HILLS").players[0].landscape
    assert [(hills[(c, 2)].terrain, hills[(c, 2)].card) for c in range(5)] == [
        (Terrain.PLAINS, MOOR), (Terrain.PLAINS, FOREST), (Terrain.PLAINS, FOREST),
        (Terrain.HILLSIDE, None), (Terrain.HILLSIDE, None)]
    plains = run(state, "BUY_DISTRICT -1 PLAINS").players[0].landscape
    assert [(plains[(c, -1)].terrain, plains[(c, -1)].card) for c in range(5)] == [
        (Terrain.PLAINS, FOREST), (Terrain.PLAINS, None), (Terrain.PLAINS, None),
        (Terrain.PLAINS, None), (Terrain.HILLSIDE, None)]
    assert not [c for c in plains if c[0] not in range(5)]


def test_R_BUY_4_R_GEO_4_R_GEO_5_plot_sides() -> None:
    state = set_goods(fresh(4), 0, coin=20)
    coast = run(state, "BUY_PLOT 0 COAST").players[0].landscape
    new = {c: s.terrain for c, s in coast.items() if c not in state.players[0].landscape}
    assert new == {(-2, 0): Terrain.WATER, (-2, 1): Terrain.WATER,
                   (-1, 0): Terrain.COAST, (-1, 1): Terrain.COAST}
    mountain = run(state, "BUY_PLOT 0 MOUNTAIN").players[0].landscape
    new = {c: s.terrain for c, s in mountain.items() if c not in state.players[0].landscape}
    # The mountain space spans both rows: one space (R-GEO-5), stored at the plot's top row.
    assert new == {(5, 0): Terrain.HILLSIDE, (5, 1): Terrain.HILLSIDE,
                   (6, 0): Terrain.MOUNTAIN}
    assert all(s.card is None for c, s in mountain.items() if c[0] >= 5)


@pytest.mark.parametrize(("row", "ok"), [(-1, True), (2, True), (0, False), (1, False),
                                         (-2, False), (3, False), (5, False)])
def test_R_GEO_3_district_only_directly_above_or_below_the_band(row: int, ok: bool) -> None:
    state = set_goods(fresh(4), 0, coin=20)
    if ok:
        after = run(state, f"BUY_DISTRICT {row} PLAINS")
        assert {(c, row) for c in range(5)} <= set(after.players[0].landscape)
    else:
        refused(state, f"BUY_DISTRICT {row} PLAINS", "bad_landscape_position", "R-GEO-3")


def test_R_GEO_3_band_grows_row_by_row() -> None:
    state = set_goods(fresh(4), 0, coin=20)
    state = next_slot(run(state, "BUY_DISTRICT 2 PLAINS"), 0)
    refused(state, "BUY_DISTRICT 2 HILLS", "bad_landscape_position", "R-GEO-3")
    refused(state, "BUY_DISTRICT 4 HILLS", "bad_landscape_position", "R-GEO-3")
    assert (0, 3) in run(state, "BUY_DISTRICT 3 HILLS").players[0].landscape


@pytest.mark.parametrize("side", ["COAST", "MOUNTAIN"])
@pytest.mark.parametrize(("row", "ok"), [(-1, True), (0, True), (1, True), (-2, False),
                                         (2, False), (4, False)])
def test_R_GEO_7_plot_must_touch_the_band(side: str, row: int, ok: bool) -> None:
    state = set_goods(fresh(4), 0, coin=20)
    if ok:
        assert run(state, f"BUY_PLOT {row} {side}").plot_prices == tuple(PLOT_PRICES[1:])
    else:
        refused(state, f"BUY_PLOT {row} {side}", "bad_landscape_position", "R-GEO-7")


@pytest.mark.parametrize("side", ["COAST", "MOUNTAIN"])
def test_R_GEO_6_R_GEO_7_plots_chain_above_and_below_without_overlap(side: str) -> None:
    state = set_goods(fresh(4), 0, coin=40)
    state = next_slot(run(state, f"BUY_PLOT 0 {side}"), 0)
    # Overlap with the plot at rows 0-1 (R-GEO-6).
    for row in (-1, 0, 1):
        refused(state, f"BUY_PLOT {row} {side}", "bad_landscape_position", "R-GEO-7")
    # Rows 2-3 and -2..-1 touch no band row but chain to the plot (R-GEO-7).
    below = run(state, f"BUY_PLOT 2 {side}")
    above = run(state, f"BUY_PLOT -2 {side}")
    inner = -1 if side == "COAST" else 5
    assert (inner, 3) in below.players[0].landscape
    assert (inner, -2) in above.players[0].landscape
    # ... and further chaining from the new plot.
    further = next_slot(below, 0)
    assert (inner, 5) in run(further, f"BUY_PLOT 4 {side}").players[0].landscape
    refused(further, f"BUY_PLOT 5 {side}", "bad_landscape_position", "R-GEO-7")


def test_R_GEO_7_chaining_only_to_a_plot_of_the_same_kind() -> None:
    state = set_goods(fresh(4), 0, coin=40)
    state = next_slot(run(state, "BUY_PLOT 0 MOUNTAIN"), 0)
    refused(state, "BUY_PLOT 2 COAST", "bad_landscape_position", "R-GEO-7")
    # A coastal plot beside the mountain plot's rows is fine: another column pair (R-GEO-6).
    assert (-1, 0) in run(state, "BUY_PLOT 0 COAST").players[0].landscape


def test_R_GEO_7_districts_extend_where_plots_may_touch() -> None:
    state = set_goods(fresh(4), 0, coin=40)
    refused(state, "BUY_PLOT 2 COAST", "bad_landscape_position", "R-GEO-7")
    state = next_slot(run(state, "BUY_DISTRICT 2 PLAINS"), 0)
    assert (-1, 3) in run(state, "BUY_PLOT 2 COAST").players[0].landscape


def test_R_GEO_8_orthogonal_adjacency_across_plots_and_the_mountain() -> None:
    state = set_goods(fresh(4), 0, coin=20, wood=2, clay=2)
    state = run(state, "BUY_PLOT 0 MOUNTAIN")
    land = state.players[0].landscape
    assert sorted(neighbours((6, 0), land)) == [(5, 0), (5, 1)]
    assert (6, 0) in neighbours((5, 1), land) and (6, 0) in neighbours((5, 0), land)
    assert (4, 1) in neighbours((5, 1), land) and (4, 0) not in neighbours((5, 1), land)
    # A cloister building on the hillside beside the Cloister Office touches it; the hillside
    # beside the Clay Mound touches only the Clay Mound (diagonal spaces are not adjacent).
    refused(state, "BUILD G01 5 0", "cloister_not_adjacent", "R-BUILD-4")
    refused(state, "BUILD G01 3 0", "cloister_not_adjacent", "R-BUILD-4")
    assert run(state, "BUILD G01 5 1").players[0].landscape[(5, 1)].card == "G01"
