"""Fell trees / cut peat (R-FELL-1..7) and build (R-BUILD-1..8), modes 3 and 4."""

from __future__ import annotations

import pytest

from ora_core.events import (
    BuildingBuilt,
    CardRemoved,
    ClergyPlaced,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
    IndicatorUsed,
)
from ora_core.state import State
from ora_core.values import FOREST, MOOR, Good, Indicator, Stage, Terrain
from tests.rules.common import (
    FRONT,
    SCHEDULE,
    drive,
    events_of_type,
    fresh,
    mound,
    office,
    refused,
    run,
    step,
    to,
)
from tests.support import set_goods

# --- fell trees / cut peat ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize(("command", "coord", "good", "indicator"), [
    ("FELL_TREES", (1, 0), Good.WOOD, Indicator.WOOD),
    ("CUT_PEAT", (0, 0), Good.PEAT, Indicator.PEAT),
])
def test_R_FELL_1_R_FELL_2_remove_own_card_and_take_from_the_wheel(
        players: int, command: str, coord: tuple[int, int], good: Good,
        indicator: Indicator) -> None:
    state = fresh(players)
    after, events = step(state, f"{command} {coord[0]} {coord[1]}")
    assert [(e.seat, e.coord) for e in events_of_type(events, CardRemoved)] == [(0, coord)]
    assert after.players[0].count(good) == state.players[0].count(good) + FRONT[1]
    assert after.wheel.positions[indicator] == 0
    # R-FELL-3: no clergyman is used; other landscapes are untouched.
    assert not events_of_type(events, ClergyPlaced)
    assert all(after.players[s].landscape == state.players[s].landscape
               for s in range(1, players))
    # R-FELL-6: the freed space is an empty plains space.
    space = after.players[0].landscape[coord]
    assert space.card is None and space.terrain is Terrain.PLAINS


def test_R_FELL_3_only_own_forest_or_moor_cards() -> None:
    state = fresh(4)
    refused(state, "FELL_TREES 3 0", "no_card_there", "R-FELL-1")   # empty space
    refused(state, "FELL_TREES 0 0", "no_card_there", "R-FELL-1")   # a moor
    refused(state, "FELL_TREES 4 0", "no_card_there", "R-FELL-1")   # the Clay Mound
    refused(state, "CUT_PEAT 1 0", "no_card_there", "R-FELL-2")     # a forest
    refused(state, "CUT_PEAT 0 7", "no_card_there", "R-FELL-2")     # no such space


def test_R_FELL_4_card_removed_at_indicator_zero() -> None:
    state = run(fresh(4), "CUT_PEAT 0 0", "COMMIT")
    assert state.wheel.value(Indicator.PEAT) == 0
    after, events = step(state, "CUT_PEAT 0 1")
    assert events_of_type(events, CardRemoved)
    assert not events_of_type(events, GoodsGained)
    assert after.players[1].landscape[(0, 1)].card is None
    assert after.flow.turn.main_done


def _forests_gone() -> State:
    """Mode 4, round 3, seat 0: the simple policy fells forests first, so seat 0 has felled his
    three forests in his three slots of rounds 1-2; his two moors remain."""
    return drive(fresh(4), lambda s: s.round == 3 and s.flow.turn.seat == 0
                 and not s.flow.turn.main_done)


def test_R_FELL_5_bare_action_only_without_cards_of_that_kind() -> None:
    state = _forests_gone()
    player = state.players[0]
    assert FOREST not in {s.card for s in player.landscape.values()}
    assert MOOR in {s.card for s in player.landscape.values()}
    refused(state, "CUT_PEAT", "card_required", "R-FELL-5")
    refused(fresh(4), "FELL_TREES", "card_required", "R-FELL-5")
    after, events = step(state, "FELL_TREES")
    assert not events_of_type(events, CardRemoved)
    assert not events_of_type(events, IndicatorUsed)
    assert not events_of_type(events, GoodsGained)
    assert after.wheel == state.wheel and after.players[0].goods == player.goods
    assert after.flow.turn.main_done


def test_R_FELL_6_freed_space_can_be_built_on() -> None:
    state = _forests_gone()
    state = set_goods(state, 0, wood=1)
    after = run(state, "BUILD G12 1 0")
    assert after.players[0].landscape[(1, 0)].card == "G12"


def test_R_FELL_7_one_card_per_action() -> None:
    state = fresh(4)
    after, events = step(state, "FELL_TREES 1 0")
    assert len(events_of_type(events, CardRemoved)) == 1
    forests = sorted(c for c, s in after.players[0].landscape.items() if s.card == FOREST)
    assert forests == [(1, 1), (2, 0)]
    refused(after, "FELL_TREES 2 0", "main_action_taken", "R-ACT-1")


# --- build --------------------------------------------------------------------------------------


def test_R_BUILD_1_pay_the_cost_place_the_card_leave_the_display() -> None:
    """Stone Merchant (cards.md G12: 1 wood, C/P/H)."""
    state = set_goods(fresh(4), 0, wood=2, clay=1)
    after, events = step(state, "BUILD G12 3 0")
    assert [(e.seat, dict(e.goods), e.to_seat) for e in events_of_type(events, GoodsPaid)] == [
        (0, {Good.WOOD: 1}, None)]
    assert [(e.seat, e.building, e.coord) for e in events_of_type(events, BuildingBuilt)] == [
        (0, "G12", (3, 0))]
    assert dict(after.players[0].goods) == {Good.WOOD: 1, Good.CLAY: 1}
    assert after.players[0].landscape[(3, 0)].card == "G12"
    # R-BUILD-6: the card left the display for good.
    assert "G12" not in after.display
    after = run(after, "COMMIT")
    refused(set_goods(after, 1, wood=1), "BUILD G12 3 0", "not_in_display", "R-BUILD-1")


def test_R_BUILD_2_straw_flipped_from_grain() -> None:
    """Bakery (cards.md F05: 2 clay, 1 straw)."""
    state = set_goods(fresh(4), 0, clay=2, grain=1)
    after, events = step(state, "BUILD F05 3 0")
    assert [(dict(e.given), dict(e.received)) for e in events_of_type(events, GoodsConverted)] == [
        ({Good.GRAIN: 1}, {Good.STRAW: 1})]
    assert after.players[0].goods == {}
    refused(set_goods(state, 0, clay=2), "BUILD F05 3 0", "cannot_afford", "R-BUILD-1")
    refused(set_goods(state, 0, clay=1, straw=1), "BUILD F05 3 0", "cannot_afford", "R-BUILD-1")


def test_R_BUILD_2_financed_building_costs_coins_and_is_the_main_action() -> None:
    """Cloister Garden (cards.md F09: 3 coins, cloister)."""
    state = set_goods(fresh(4), 0, coin=3)
    after = run(state, "BUILD F09 3 1")
    assert after.players[0].count(Good.COIN) == 0 and after.flow.turn.main_done
    refused(set_goods(state, 0, coin=2), "BUILD F09 3 1", "cannot_afford", "R-BUILD-1")


def test_R_BUILD_3_terrain_of_the_card() -> None:
    """Windmill (cards.md F04: coast or hillside only) on plains."""
    state = set_goods(fresh(4), 0, wood=3, clay=2, coin=2)
    refused(state, "BUILD F04 3 0", "wrong_terrain", "R-BUILD-3")
    after = run(state, "BUY_DISTRICT 2 HILLS", "BUILD F04 4 2")
    assert after.players[0].landscape[(4, 2)].card == "F04"


def test_R_BUILD_3_mountain_only_for_quarries_and_castle() -> None:
    state = to(fresh(4), SCHEDULE[4]["B"])
    seat = state.flow.turn.seat
    state = set_goods(state, seat, coin=8, wood=1)
    state = run(state, "BUY_PLOT 0 MOUNTAIN")
    assert state.players[seat].landscape[(6, 0)].terrain is Terrain.MOUNTAIN
    refused(state, "BUILD G12 6 0", "wrong_terrain", "R-BUILD-3")
    after = run(state, "BUILD G22 6 0")
    assert after.players[seat].landscape[(6, 0)].card == "G22"


def test_R_BUILD_3_water_only_for_the_houseboat() -> None:
    """Houseboat (cards.md I11, Ireland: 1 wood, water only)."""
    state = set_goods(fresh(4, "ireland"), 0, coin=3, wood=1)
    state = run(state, "BUY_PLOT 0 COAST")
    assert state.players[0].landscape[(-2, 0)].terrain is Terrain.WATER
    refused(state, "BUILD G12 -2 0", "wrong_terrain", "R-BUILD-3")
    refused(state, "BUILD I11 -1 0", "wrong_terrain", "R-BUILD-3")
    refused(state, "BUILD I11 3 0", "wrong_terrain", "R-BUILD-3")
    assert run(state, "BUILD I11 -2 1").players[0].landscape[(-2, 1)].card == "I11"


def test_R_BUILD_4_cloister_building_must_touch_a_cloister_building() -> None:
    """Priory and Cloister Courtyard (cards.md G01, G02) are cloister buildings; the Clay Mound
    is not. (3, 0) touches only the Clay Mound; (3, 1) touches the Cloister Office."""
    state = set_goods(fresh(4), 0, wood=3, clay=1)
    refused(state, "BUILD G01 3 0", "cloister_not_adjacent", "R-BUILD-4")
    after = run(state, "BUILD G01 3 1")
    assert after.players[0].landscape[(3, 1)].card == "G01"
    # Next slot of seat 0: the Courtyard next to the Priory (any building card counts).
    after = drive(run(after, "COMMIT"), lambda s: s.flow.turn.seat == 0
                  and not s.flow.turn.main_done)
    assert run(after, "BUILD G02 3 0").players[0].landscape[(3, 0)].card == "G02"


def test_R_BUILD_5_space_must_be_empty_and_exist() -> None:
    state = set_goods(fresh(4), 0, wood=1)
    refused(state, "BUILD G12 1 0", "space_occupied", "R-BUILD-5")   # forest
    refused(state, "BUILD G12 0 0", "space_occupied", "R-BUILD-5")   # moor
    refused(state, "BUILD G12 2 1", "space_occupied", "R-BUILD-5")   # Farmyard
    refused(state, "BUILD G12 3 2", "no_such_space", "R-GEO-1")
    refused(state, "BUILD G12 -1 0", "no_such_space", "R-GEO-1")


def test_R_BUILD_6_stage_cards_not_buildable_before_their_phase() -> None:
    state = set_goods(fresh(4), 0, wood=3)
    assert "G18" in state.stacks[Stage.A] and "G18" not in state.display
    refused(state, "BUILD G18 3 1", "not_in_display", "R-BUILD-1")


def test_R_BUILD_7_prior_on_the_new_building_as_part_of_the_action() -> None:
    state = set_goods(fresh(4), 0, wood=2)
    built = run(state, "BUILD G12 3 0")
    refused(built, "USE G12", "main_action_taken", "R-ACT-1")          # only the prior
    refused(built, f"PRIOR {mound(0)}", "main_action_taken", "R-ACT-1")  # only the new one
    after, events = step(built, "PRIOR G12 -")
    assert [(e.seat, e.clergy, e.building) for e in events_of_type(events, ClergyPlaced)] == [
        (0, 0, "G12")]
    refused(after, "FELL_TREES 1 0", "main_action_taken", "R-ACT-1")
    assert run(after, "COMMIT").flow.turn.seat == 1


def test_R_BUILD_7_no_bonus_when_the_prior_is_not_free() -> None:
    state = run(fresh(4), f"PRIOR {office(0)}", "COMMIT")
    state = drive(state, lambda s: s.flow.turn.seat == 0 and not s.flow.turn.main_done)
    state = set_goods(state, 0, wood=1)
    built = run(state, "BUILD G12 3 0")
    assert built.flow.turn.prior_bonus is None
    refused(built, "PRIOR G12", "no_free_clergy", "R-ACT-4")


def test_R_BUILD_8_no_settlement_with_the_build_action() -> None:
    state = set_goods(fresh(4), 0, wood=1, grain=1)
    refused(state, "SETTLE S01 3 0 WoGn", "wrong_phase", "R-BUILD-8")
