"""I35 Round Tower (cards.md §3 I35, §4; R-GOODS-2, R-SCORE-2, R-COMP-9; open questions 16, 22).

1. Pay 5 coins and 1 whiskey, and in addition goods whose point values total at least 14.
2. Gain 1 wonder. At most once; none once the wonders are gone.

Open question 16, as settled in the spec: the further goods count at their printed points (book
2, ceramic 3, ornament 4, reliquary 8, whiskey 1, a 5-coin tile ``Ni`` = five coins 2); 1-coin
tiles and wonders do not count; surplus is lost (R-GOODS-3); only minimal payments are offered.
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
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
    refusal,
    use,
    wonders_gone,
)
from tests.support import events_of, goods, play


def test_steps_1_2_the_minimal_payments_are_offered() -> None:
    state = owned("I35", coin=5, whiskey=1, reliquary=1, ornament=2, book=1)
    assert {m for m in moves_for(state, "I35") if m.startswith("USE")} == {
        "USE I35 -", "USE I35 RqOrOr", "USE I35 BoRqOr"}
    assert_offered(state, "I35", "USE I35 RqOrOr", "PRIOR I35 BoRqOr")
    events = events_of(state, "USE I35 RqOrOr")
    assert GoodsPaid(seat=USER, goods={Good.COIN: 5, Good.WHISKEY: 1, Good.RELIQUARY: 1,
                                       Good.ORNAMENT: 2}) in events
    assert GoodsGained(seat=USER, goods={Good.WONDER: 1}) in events
    after = use(state, "I35", "OrRqOr")  # any order of the tiles
    assert goods(after, USER) == {"book": 1, "wonder": 1}
    assert after.wonders_left == state.wonders_left - 1
    # exactly 14: the surplus-free payment
    assert goods(use(state, "I35", "BoRqOr"), USER) == {"ornament": 1, "wonder": 1}


def test_q16_five_coin_tiles_and_further_whiskey_count() -> None:
    state = owned("I35", coin=10, whiskey=3, reliquary=1, ornament=1)
    offered = assert_offered(state, "I35", "USE I35 NiRqOr", "USE I35 RqOrWhWh")
    assert goods(use(state, "I35", "NiRqOr"), USER) == {"whiskey": 2, "wonder": 1}
    assert goods(use(state, "I35", "RqOrWhWh"), USER) == {"coin": 5, "wonder": 1}
    assert "USE I35 NiRqOrWh" not in offered  # the whiskey could be left out


def test_q16_what_does_not_count() -> None:
    state = owned("I35", coin=10, whiskey=1, reliquary=1, ornament=2, book=1, wonder=1)
    assert refusal(state, "USE I35 RqOrPn").reason == "useless_payment"  # 1-coin tile: 0 points
    assert refusal(state, "USE I35 RqOrWd").reason == "useless_payment"  # a wonder never counts
    assert refusal(state, "USE I35 RqOrCl").reason == "useless_payment"  # clay has no points
    assert refusal(state, "USE I35 RqOr").reason == "cannot_afford"  # 12 points
    assert "USE I35 BoRqOrOr" not in moves_for(state, "I35")  # the book could stay: not offered,
    assert "book" not in goods(play(state, "USE I35 BoRqOrOr"), USER)  # but legal (R-GOODS-3)
    with pytest.raises(InvalidCommand):
        events_of(state, "USE I35")
    with pytest.raises(InvalidCommand):
        events_of(state, "USE I35 RqO")


def test_step_1_the_base_price_is_exact() -> None:
    no_whiskey = owned("I35", coin=10, reliquary=2)
    assert refusal(no_whiskey, "USE I35 RqRq").reason == "cannot_afford"
    assert set(moves_for(no_whiskey, "I35")) == {"USE I35 -", "PRIOR I35 -"}
    # the five coins of the price cannot also be the 5-coin tile
    only_five = owned("I35", coin=5, whiskey=1, reliquary=1, ornament=1)
    assert refusal(only_five, "USE I35 NiRqOr").reason == "cannot_afford"


def test_q22_no_wonder_left() -> None:
    state = wonders_gone(owned("I35", coin=5, whiskey=1, reliquary=2))
    assert refusal(state, "USE I35 RqRq").reason == "no_wonders_left"
    assert set(moves_for(state, "I35")) == {"USE I35 -", "PRIOR I35 -"}


def test_declined() -> None:
    declined(owned("I35", coin=5, whiskey=1, reliquary=2), "I35")


def test_work_contract() -> None:
    state = by_contract("I35", coin=5, whiskey=1, reliquary=2)
    owner = goods(state, OWNER)
    assert_offered(state, "I35", "USE I35 RqRq")
    after = use(state, "I35", "RqRq")
    assert goods(after, USER) == {"wonder": 1}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("I35", coin=5, whiskey=1, ceramic=5)
    assert_offered(state, "I35", "PRIOR I35 CeCeCeCeCe")
    assert goods(play(state, "PRIOR I35 CeCeCeCeCe"), USER) == {"wonder": 1}
