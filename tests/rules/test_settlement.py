"""Settlement phases: R-SET-1..8 (with R-GOODS-3 payments), modes 3 and 4."""

from __future__ import annotations

from collections import Counter

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import GoodsConverted, GoodsPaid, SettlementBuilt
from ora_core.state import State
from ora_core.values import Good
from ora_rules.moves import legal_moves
from ora_rules.notation import parse
from ora_rules.tokens import parse_goods
from tests.rules.common import (
    SCHEDULE,
    drive,
    events_of_type,
    fresh,
    mound,
    refused,
    run,
    step,
    to,
)
from tests.support import rules, set_goods

#: cards.md / R-SETUP-9: start settlements S01 Shanty Town (1 food, 1 energy), S02 Farming
#: Village (3, 3), S03 Market Town (7 food), S04 Fishing Village (8, 3; coast only); S05 Artists
#: Colony is dealt in phase A, S06 Hamlet in B, S07 Village in C, S08 Hilltop Village in D.


def phase(players: int, stage: str = "A") -> State:
    return to(fresh(players), SCHEDULE[players][stage], "settlement")


@pytest.mark.parametrize("players", [4, 3])
def test_R_SET_2_each_player_in_turn_buys_and_settles(players: int) -> None:
    state = phase(players)
    first = state.flow.turn.seat
    assert first == (SCHEDULE[players]["A"] - 1) % players
    for seat in range(players):
        state = set_goods(state, seat, grain=1, wood=1, coin=10)
    built = []
    for i in range(players):
        seat = state.flow.turn.seat
        assert seat == (first + i) % players and state.flow.turn.kind == "settlement"
        state, events = step(state, "BUY_DISTRICT 2 PLAINS")
        state, events = step(state, "SETTLE S01 3 0 WoGn")
        built += [(e.seat, e.settlement, e.coord) for e in events_of_type(events, SettlementBuilt)]
        state = run(state, "COMMIT")
    assert built == [((first + i) % players, "S01", (3, 0)) for i in range(players)]
    assert state.flow.turn.kind == "action" and state.flow.turn.seat == first
    for seat in range(players):
        assert state.players[seat].landscape[(3, 0)].card == "S01"
        assert "S01" not in state.players[seat].settlements
        assert "S05" in state.players[seat].settlements


def test_R_SET_1_no_main_actions_in_a_settlement_phase() -> None:
    state = set_goods(phase(4), 2, wood=5, clay=5, coin=5)
    assert state.flow.turn.seat == 2
    refused(state, "FELL_TREES", "wrong_phase", "R-FELL-1")
    refused(state, "CUT_PEAT", "wrong_phase", "R-FELL-2")
    refused(state, "BUILD G12 3 0", "wrong_phase", "R-BUILD-1")
    refused(state, f"USE {mound(2)}", "wrong_phase", "R-ACT-1")
    refused(state, f"WORK_CONTRACT {mound(3)} Pn", "wrong_phase", "R-WC-1")
    assert run(state, "COMMIT").flow.turn.seat == 3  # building none is allowed (R-SET-3)


@pytest.mark.parametrize(("payment", "spent"), [
    ("WoGn", {Good.WOOD: 1, Good.GRAIN: 1}),
    ("PtGn", {Good.PEAT: 1, Good.GRAIN: 1}),          # surplus energy is lost, no change
    ("PnSwSw", {Good.COIN: 1, Good.STRAW: 2}),        # coins are food; straw is 1/2 energy
    ("ShCo", {Good.LIVESTOCK: 1, Good.PEAT_COAL: 1}),
])
def test_R_SET_3_R_GOODS_3_paying_by_value(payment: str, spent: dict[Good, int]) -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, wood=2, peat=1, grain=3, coin=2, straw=2, livestock=1,
                      peat_coal=1)
    before = dict(state.players[seat].goods)
    after, events = step(state, f"SETTLE S01 3 0 {payment}")
    assert [dict(e.goods) for e in events_of_type(events, GoodsPaid)] == [spent]
    left = {g: n - spent.get(g, 0) for g, n in before.items() if n - spent.get(g, 0)}
    assert dict(after.players[seat].goods) == left


def test_R_SET_3_straw_flipped_from_grain_in_a_payment() -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, grain=3)
    after, events = step(state, "SETTLE S01 3 0 GnSwSw")
    assert [dict(e.given) for e in events_of_type(events, GoodsConverted)] == [{Good.GRAIN: 2}]
    assert after.players[seat].goods == {}


@pytest.mark.parametrize(("settlement", "payment", "reason"), [
    ("S01", "Gn", "cannot_afford"),         # no energy
    ("S01", "Wo", "cannot_afford"),         # no food
    ("S01", "GnWoCl", "useless_payment"),   # clay has neither value
    ("S03", "MtGnGnWo", "useless_payment"), # Market Town asks no energy
    ("S01", "BrWo", "cannot_afford"),       # bread not held
])
def test_R_SET_3_R_GOODS_3_refused_payments(settlement: str, payment: str, reason: str) -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, grain=2, wood=2, clay=1, meat=1, peat=2)
    refused(state, f"SETTLE {settlement} 3 0 {payment}", reason, "R-SET-3")


@pytest.mark.parametrize("payment", ["GnWoWo", "GnGnWo", "GnMtWo", "GnMtWoWo"])
def test_R_SET_3_R_GOODS_3_a_superfluous_tile_is_spent_not_refused(payment: str) -> None:
    """No change is given: a payment with a tile to spare is legal and all of it is paid; the
    legal moves list only the minimal payments."""
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, grain=2, wood=2, clay=1, meat=1, peat=2)
    _, events = step(state, f"SETTLE S01 3 0 {payment}")
    paid = [e for e in events if isinstance(e, GoodsPaid)]
    assert paid == [GoodsPaid(seat=seat, goods=dict(Counter(parse_goods(payment))))]
    offered = {str(m) for m in legal_moves(state, rules())}
    assert str(parse(f"SETTLE S01 3 0 {payment}")) not in offered
    assert str(parse("SETTLE S01 3 0 GnWo")) in offered


def test_R_SET_3_terrain_of_the_settlement() -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, meat=2, peat=2, coin=10, wood=1, grain=1)
    refused(state, "SETTLE S04 3 0 MtMtPtPt", "wrong_terrain", "R-BUILD-3")   # Fishing Village
    coast = run(state, "BUY_PLOT 0 COAST")
    refused(coast, "SETTLE S01 -2 0 WoGn", "wrong_terrain", "R-BUILD-3")   # water
    after = run(coast, "SETTLE S04 -1 0 MtMtPtPt")
    assert after.players[seat].landscape[(-1, 0)].card == "S04"


def test_R_SET_3_never_on_mountain() -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, coin=10, wood=1, grain=1)
    state = run(state, "BUY_PLOT 0 MOUNTAIN")
    refused(state, "SETTLE S01 6 0 WoGn", "wrong_terrain", "R-BUILD-3")
    assert run(state, "SETTLE S01 5 0 WoGn").players[seat].landscape[(5, 0)].card == "S01"


def test_R_SET_3_R_SET_5_empty_own_space_and_one_settlement_per_phase() -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, wood=2, grain=2)
    refused(state, "SETTLE S01 4 0 WoGn", "space_occupied", "R-BUILD-5")   # Clay Mound
    refused(state, "SETTLE S01 9 9 WoGn", "no_such_space", "R-GEO-1")
    state = run(state, "SETTLE S01 3 0 WoGn")
    refused(state, "SETTLE S02 3 1 WoGn", "settlement_limit", "R-SET-3")


def test_R_SET_4_new_settlement_card_only_in_a_later_phase() -> None:
    state = phase(4)
    for seat in range(4):
        assert "S05" not in state.players[seat].settlements
    seat = state.flow.turn.seat
    refused(set_goods(state, seat, meat=1, wood=1), "SETTLE S05 3 0 MtWo",
            "settlement_not_in_hand", "R-SET-5")
    state = drive(state, lambda s: s.flow.turn.kind == "action")
    assert all("S05" in p.settlements for p in state.players)
    later = to(state, SCHEDULE[4]["B"], "settlement")
    seat = later.flow.turn.seat
    later = set_goods(later, seat, meat=1, wood=1)
    after = run(later, "SETTLE S05 3 0 MtWo")
    assert after.players[seat].landscape[(3, 0)].card == "S05"
    assert "S05" not in after.players[seat].settlements
    assert "S06" not in after.players[seat].settlements  # dealt only after phase B


def test_R_SET_5_a_built_settlement_card_is_gone_from_the_hand() -> None:
    state = phase(4)
    seat = state.flow.turn.seat
    state = run(set_goods(state, seat, wood=2, grain=2), "SETTLE S01 3 0 WoGn")
    state = to(state, SCHEDULE[4]["B"], "settlement", seat)
    refused(set_goods(state, seat, wood=1, grain=1), "SETTLE S01 3 1 WoGn",
            "settlement_not_in_hand", "R-SET-5")


def test_R_SET_7_settlements_take_no_clergyman() -> None:
    with pytest.raises(InvalidCommand):
        parse("USE S01")
    with pytest.raises(InvalidCommand):
        parse("WORK_CONTRACT S02 Pn")


@pytest.mark.parametrize("players", [4, 3])
def test_R_SET_4_R_BONUS_6_hilltop_village_from_D_is_built_in_phase_E(players: int) -> None:
    """Hilltop Village (S08: 30 food, 3 energy, hillside only) is dealt after phase D and can be
    built in phase E, which follows the bonus round."""
    state = to(fresh(players), 25, "settlement")
    seat = state.flow.turn.seat
    assert state.settlement_phases[-1].value == "E"
    assert "S08" in state.players[seat].settlements
    state = set_goods(state, seat, meat=6, peat=2, coin=10)
    state = run(state, "BUY_DISTRICT 2 HILLS")
    refused(state, "SETTLE S08 2 2 MtMtMtMtMtMtPtPt", "space_occupied", "R-BUILD-5")  # forest
    refused(state, "SETTLE S08 3 1 MtMtMtMtMtMtPtPt", "wrong_terrain", "R-BUILD-3")  # plains
    after = run(state, "SETTLE S08 3 2 MtMtMtMtMtMtPtPt")
    assert after.players[seat].landscape[(3, 2)].card == "S08"
