"""Work contracts: R-WC-1..9 (modes 3 and 4, France and Ireland)."""

from __future__ import annotations

import pytest

from ora_core.events import ClergyPlaced, GoodsPaid, WorkContractPriceSet
from ora_core.state import State
from ora_core.values import Good, Indicator
from tests.rules.common import (
    FRONT,
    SCHEDULE,
    events_of_type,
    farmyard,
    fresh,
    fully_placed_in_round_5,
    mound,
    refused,
    run,
    step,
    to,
)
from tests.support import set_goods


def test_R_WC_1_contract_pays_the_owner_who_places_his_clergyman() -> None:
    state = fresh(4)
    coins = (state.players[0].count(Good.COIN), state.players[1].count(Good.COIN))
    after, events = step(state, f"WORK_CONTRACT {mound(1)} Pn")
    assert [(e.seat, dict(e.goods), e.to_seat) for e in events_of_type(events, GoodsPaid)] == [
        (0, {Good.COIN: 1}, 1)]
    assert after.players[0].count(Good.COIN) == coins[0] - 1
    assert after.players[1].count(Good.COIN) == coins[1] + 1
    assert after.flow.turn.main_done
    # R-WC-2: the owner (both kinds free) decides which clergyman.
    assert after.flow.turn.decider == 1
    after, events = step(after, "WITH_LAYBROTHER", seat=1)
    assert [(e.seat, e.clergy, e.building) for e in events_of_type(events, ClergyPlaced)] == [
        (1, 1, mound(1))]
    assert after.flow.turn.decider == 0
    # The active player carries out the function.
    used = run(after, f"USE {mound(1)}")
    assert used.players[0].count(Good.CLAY) == state.players[0].count(Good.CLAY) + FRONT[1]
    assert used.players[1].count(Good.CLAY) == state.players[1].count(Good.CLAY)
    assert used.wheel.positions[Indicator.CLAY] == 0


def test_R_WC_1_active_player_may_decline_the_function() -> None:
    state = run(fresh(4), f"WORK_CONTRACT {mound(1)} Pn", "WITH_PRIOR", "COMMIT")
    assert state.players[1].clergy[0] == mound(1)
    assert state.flow.turn.seat == 1


def test_R_WC_2_owner_chooses_not_the_active_player() -> None:
    state = run(fresh(4), f"WORK_CONTRACT {mound(1)} Pn")
    refused(state, "WITH_PRIOR", "not_your_turn", "R-ROUND-3", seat=0)
    refused(state, f"USE {mound(1)}", "awaiting_contract_answer", "R-WC-2")
    refused(state, "COMMIT", "awaiting_contract_answer", "R-WC-2")
    after = run(state, "WITH_PRIOR")
    assert after.players[1].clergy == (mound(1), None, None)


def test_R_WC_2_no_question_when_only_one_kind_is_free() -> None:
    # Seat 1 places his prior in his slot of round 1; then only lay brothers are free.
    state = run(fresh(4), "FELL_TREES 1 0", "COMMIT", f"PRIOR {farmyard(1)} Gn", "COMMIT")
    state = run(state, f"WORK_CONTRACT {mound(1)} Pn")
    assert state.flow.turn.contract is None and state.flow.turn.decider == 2
    assert state.players[1].clergy == (farmyard(1), mound(1), None)


def test_R_WC_3_owner_without_free_clergy() -> None:
    state = fully_placed_in_round_5()
    refused(state, "WORK_CONTRACT G12 Pn", "no_free_clergy", "R-WC-3")


def test_R_WC_4_price_is_one_coin_at_the_start() -> None:
    state = set_goods(fresh(4), 0, coin=3)
    assert state.work_contract_price == 1
    refused(state, f"WORK_CONTRACT {mound(1)} PnPn", "wrong_price", "R-WC-4")
    refused(set_goods(state, 0), f"WORK_CONTRACT {mound(1)} Pn", "cannot_afford", "R-WC-4")


PRICE_CASES = [(4, "france", "F21"), (4, "ireland", "I21"), (3, "france", "F21"),
               (3, "ireland", "I21")]


def _after_price_building(players: int, variant: str, building: str) -> tuple[State, int]:
    """Settlement phase B has revealed the Winery / Whiskey Distillery (cards.md F21 / I21:
    2 clay, 2 straw); the start player builds it, paying the straw with grain (R-BUILD-2)."""
    state = to(fresh(players, variant), SCHEDULE[players]["B"])
    builder = state.flow.turn.seat
    assert building in state.display
    state = set_goods(state, builder, clay=2, grain=2)
    state, events = step(state, f"BUILD {building} 3 1")
    assert [e.price for e in events_of_type(events, WorkContractPriceSet)] == [2]
    return run(state, "COMMIT"), builder


@pytest.mark.parametrize(("players", "variant", "building"), PRICE_CASES)
def test_R_WC_4_price_two_for_everybody_once_the_building_stands(players: int, variant: str,
                                                                 building: str) -> None:
    state, builder = _after_price_building(players, variant, building)
    seat = state.flow.turn.seat
    assert seat == (builder + 1) % players
    owner = (seat + 1) % players
    state = set_goods(state, seat, coin=2)
    assert state.work_contract_price == 2
    refused(state, f"WORK_CONTRACT {mound(owner)} Pn", "wrong_price", "R-WC-4")
    before = state.players[owner].count(Good.COIN)
    after = run(state, f"WORK_CONTRACT {mound(owner)} PnPn", "WITH_LAYBROTHER")
    assert after.players[owner].count(Good.COIN) == before + 2
    assert after.players[seat].count(Good.COIN) == 0
    # ... for the rest of the game: still 2 rounds later.
    later = to(after, SCHEDULE[players]["B"] + 2)
    assert later.work_contract_price == 2


@pytest.mark.parametrize(("variant", "code", "good", "other"),
                         [("france", "Wn", Good.WINE, "Wh"), ("ireland", "Wh", Good.WHISKEY, "Wn")])
def test_R_WC_5_present_instead_of_coins_owner_gets_nothing(variant: str, code: str, good: Good,
                                                             other: str) -> None:
    state = set_goods(fresh(4, variant), 0, **{good.value: 1})
    owner_goods = dict(state.players[1].goods)
    after, events = step(state, f"WORK_CONTRACT {mound(1)} {code}")
    assert [(dict(e.goods), e.to_seat) for e in events_of_type(events, GoodsPaid)] == [
        ({good: 1}, None)]
    assert after.players[0].count(good) == 0
    assert dict(after.players[1].goods) == owner_goods
    refused(state, f"WORK_CONTRACT {mound(1)} {other}", "wrong_present", "R-WC-5")
    refused(set_goods(state, 0, coin=1), f"WORK_CONTRACT {mound(1)} {code}", "cannot_afford",
            "R-WC-5")


@pytest.mark.parametrize(("variant", "building", "code", "good"),
                         [("france", "F21", "Wn", Good.WINE),
                          ("ireland", "I21", "Wh", Good.WHISKEY)])
def test_R_WC_5_present_also_when_the_price_is_two(variant: str, building: str, code: str,
                                                    good: Good) -> None:
    state, _ = _after_price_building(4, variant, building)
    seat = state.flow.turn.seat
    state = set_goods(state, seat, **{good.value: 1})
    after = run(state, f"WORK_CONTRACT {mound((seat + 1) % 4)} {code}")
    assert after.flow.turn.main_done and after.players[seat].count(good) == 0


def test_R_WC_6_price_paid_before_the_function_and_kept_when_declined() -> None:
    state = fresh(4)
    after, events = step(state, f"WORK_CONTRACT {mound(1)} Pn")
    assert events_of_type(events, GoodsPaid)
    after = run(after, "WITH_LAYBROTHER", f"USE {mound(1)} -")
    assert after.players[1].count(Good.COIN) == state.players[1].count(Good.COIN) + 1


def test_R_WC_7_no_contract_for_an_own_building() -> None:
    refused(fresh(4), f"WORK_CONTRACT {mound(0)} Pn", "own_building", "R-WC-7")


def test_R_WC_9_price_paid_after_a_free_conversion() -> None:
    state = set_goods(fresh(4, "ireland"), 0, whiskey=1)
    refused(state, f"WORK_CONTRACT {mound(1)} Pn", "cannot_afford", "R-WC-4")
    after = run(state, "CONVERT Wh", f"WORK_CONTRACT {mound(1)} Pn")
    assert after.players[0].count(Good.COIN) == 1
