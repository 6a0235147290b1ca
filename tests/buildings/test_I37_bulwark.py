"""I37 Bulwark (cards.md §3 I37, §4, §6.4; R-BUY-1..4, R-BUY-2, AMB-34; open question 18).

1. Pay 1 book.
2. Take 1 district and 1 plot without paying their prices and place them under the normal rules,
   choosing their sides: the separate commands ``BUY_DISTRICT`` / ``BUY_PLOT`` after ``USE I37``.

Open question 18, as settled in the spec: the tiles are the tops of the stacks (the next prices
come up; an empty stack gives nothing); they are not purchases, so they leave the round's
purchase (R-BUY-2) untouched.
"""

from __future__ import annotations

from ora_core.events import GoodsPaid, LandscapeAdded
from ora_core.state import State
from ora_core.values import Terrain
from ora_rules import landscape
from ora_rules.notation import BuyDistrict, BuyPlot
from tests.buildings.special_support import (
    OWNER,
    USER,
    accepts_all,
    assert_offered,
    built_now,
    by_contract,
    declined,
    moves,
    moves_for,
    owned,
    refusal,
    use,
)
from tests.support import apply, events_of, goods, play, rules


def test_steps_1_2_a_free_district_and_plot_off_the_stacks() -> None:
    state = owned("I37", book=1)
    assert_offered(state, "I37", "USE I37")
    state = use(state, "I37")
    assert goods(state, USER) == {}
    assert state.flow.turn.grants == ("district", "plot")
    districts, plots = state.district_prices, state.plot_prices
    assert set(accepts_all(state, BuyDistrict)) == {
        f"BUY_DISTRICT {r} {s}" for r in (-1, 2) for s in ("HILLS", "PLAINS")}
    assert "BUY_PLOT 0 COAST" in accepts_all(state, BuyPlot)
    events = events_of(state, "BUY_DISTRICT 2 PLAINS")
    assert not any(isinstance(e, GoodsPaid) for e in events)
    assert any(isinstance(e, LandscapeAdded) for e in events)
    state = play(state, "BUY_DISTRICT 2 PLAINS", "BUY_PLOT 0 MOUNTAIN")
    assert (state.district_prices, state.plot_prices) == (districts[1:], plots[1:])
    assert state.players[USER].landscape[(6, 0)].terrain is Terrain.MOUNTAIN
    assert state.players[USER].landscape[(1, 2)].terrain is Terrain.PLAINS
    assert goods(state, USER) == {}
    assert state.flow.turn.grants == ()
    assert USER not in state.flow.round_purchases


def test_amb34_the_rounds_purchase_stays_available() -> None:
    state = play(owned("I37", book=1, coin=5), "USE I37", "BUY_DISTRICT -1 HILLS",
                 "BUY_PLOT 0 COAST")
    price = state.district_prices[0]
    assert "BUY_DISTRICT 2 PLAINS" in moves(state)
    after = play(state, "BUY_DISTRICT 2 PLAINS")
    assert goods(after, USER) == {"coin": 5 - price}
    assert USER in after.flow.round_purchases


def test_a_granted_landscape_is_offered_once_and_free() -> None:
    """With coins for a purchase too, each landscape move is offered once: the free one."""
    state = use(owned("I37", book=1, coin=9), "I37")
    assert len(accepts_all(state, BuyDistrict)) == 4
    after = play(state, "BUY_DISTRICT 2 PLAINS")
    assert goods(after, USER) == {"coin": 9}
    assert after.flow.turn.grants == ("plot",)


def test_q18_empty_stack_gives_nothing() -> None:
    state = owned("I37", book=1)
    state = apply(state, [LandscapeAdded(seat=2, kind="district", side="PLAINS", row=2 + i,
                                         spaces=landscape.district_spaces(rules(), "PLAINS",
                                                                          2 + i))
                          for i in range(len(state.district_prices))])
    assert state.district_prices == ()
    state = use(state, "I37")
    assert not [m for m in moves(state) if m.startswith("BUY_DISTRICT")]
    assert refusal(state, "BUY_DISTRICT 2 PLAINS").reason == "stack_empty"
    assert "BUY_PLOT 0 COAST" in moves(state)


def test_step_2_placement_rules_still_apply() -> None:
    state = use(owned("I37", book=1), "I37")
    assert refusal(state, "BUY_DISTRICT 5 PLAINS").reason == "bad_landscape_position"
    assert refusal(state, "BUY_PLOT 7 COAST").reason == "bad_landscape_position"


def test_step_1_lacking_the_book() -> None:
    state = owned("I37", coin=9)
    assert refusal(state, "USE I37").reason == "cannot_afford"
    assert set(moves_for(state, "I37")) == {"USE I37 -", "PRIOR I37 -"}


def test_declined() -> None:
    declined(owned("I37", book=1), "I37")


def _rows(state: State, seat: int) -> set[int]:
    return {r for (c, r) in state.players[seat].landscape if c == 0}


def test_work_contract_landscapes_go_to_the_user() -> None:
    state = use(by_contract("I37", book=1), "I37")
    owner_rows = _rows(state, OWNER)
    after = play(state, "BUY_DISTRICT -1 HILLS")
    assert _rows(after, USER) == {-1, 0, 1}
    assert _rows(after, OWNER) == owner_rows


def test_prior_build_bonus() -> None:
    state = built_now("I37", book=1)
    assert_offered(state, "I37", "PRIOR I37")
    after = play(state, "PRIOR I37", "BUY_PLOT 0 COAST", "BUY_DISTRICT 2 HILLS")
    assert after.players[USER].landscape[(-2, 0)].terrain is Terrain.WATER
    assert goods(after, USER) == {}
