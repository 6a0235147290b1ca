"""G34 Sacristy (cards.md §3 G34, §4; R-GOODS-4, R-COMP-9, AMB-25; open question 22).

1. Pay 1 book, 1 ceramic, 1 ornament and 1 reliquary; gain 1 wonder. At most once.
   No wonder can be gained once the 8 tiles are gone.
"""

from __future__ import annotations

from ora_core.events import GoodsGained, GoodsPaid
from ora_core.values import Good
from tests.buildings.special_support import (
    OWNER,
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    moves_for,
    owned,
    owned_holding,
    refusal,
    use,
    wonders_gone,
)
from tests.support import apply, events_of, goods, play

PRICE = {"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}


def test_step_1_four_goods_for_a_wonder() -> None:
    state = owned_holding("G34", {**PRICE, "coin": 2})
    assert set(moves_for(state, "G34")) == {"USE G34", "USE G34 -", "PRIOR G34", "PRIOR G34 -"}
    assert_offered(state, "G34", "USE G34")
    events = events_of(state, "USE G34")
    assert GoodsPaid(seat=USER, goods={Good(g): 1 for g in PRICE}) in events
    assert GoodsGained(seat=USER, goods={Good.WONDER: 1}) in events
    after = use(state, "G34")
    assert goods(after, USER) == {"wonder": 1, "coin": 2}
    assert after.wonders_left == state.wonders_left - 1


def test_at_most_once() -> None:
    state = owned("G34", book=2, ceramic=2, ornament=2, reliquary=2)
    assert goods(use(state, "G34"), USER) == {**{g: 1 for g in PRICE}, "wonder": 1}
    assert set(moves_for(state, "G34")) == {"USE G34", "USE G34 -", "PRIOR G34", "PRIOR G34 -"}


def test_lacking_goods() -> None:
    state = owned("G34", book=1, ceramic=1, ornament=1)
    assert refusal(state, "USE G34").reason == "cannot_afford"
    assert set(moves_for(state, "G34")) == {"USE G34 -", "PRIOR G34 -"}


def test_q22_no_wonder_left() -> None:
    state = wonders_gone(owned_holding("G34", PRICE))
    assert refusal(state, "USE G34").reason == "no_wonders_left"
    assert set(moves_for(state, "G34")) == {"USE G34 -", "PRIOR G34 -"}


def test_the_last_wonder() -> None:
    state = owned_holding("G34", PRICE)
    state = apply(state, [GoodsGained(seat=2, goods={Good.WONDER: state.wonders_left - 1})])
    assert state.wonders_left == 1
    after = use(state, "G34")
    assert after.wonders_left == 0
    assert goods(after, USER) == {"wonder": 1}


def test_declined() -> None:
    declined(owned_holding("G34", PRICE), "G34")


def test_work_contract() -> None:
    state = by_contract("G34", **PRICE)
    owner = goods(state, OWNER)
    assert_offered(state, "G34", "USE G34")
    after = use(state, "G34")
    assert goods(after, USER) == {"wonder": 1}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("G34", **PRICE)
    assert_offered(state, "G34", "PRIOR G34")
    assert goods(play(state, "PRIOR G34"), USER) == {"wonder": 1}
