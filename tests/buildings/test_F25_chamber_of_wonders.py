"""F25 Chamber of Wonders (cards.md §3 F25, §4; R-GOODS-4, R-COMP-9, AMB-25; open questions 21,
22).

1. Pay 13 goods of 13 different kinds (one tile each); gain 1 wonder. At most once.
   The 1-coin and the 5-coin tile are two kinds; a wonder is not one of the goods (question 21);
   no wonder once the supply is empty (question 22).
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import GoodsGained
from ora_core.values import Good
from tests.buildings.special_support import (
    OWNER,
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    moves_for,
    owned_holding,
    refusal,
    use,
    wonders_gone,
)
from tests.support import events_of, goods, play

#: No grain: a grain could also pay a straw (flipped, R-FREE-3), a fourteenth kind.
THIRTEEN = dict.fromkeys(("wood", "peat", "peat_coal", "flour", "livestock", "meat", "clay",
                          "ceramic", "book", "reliquary", "stone", "ornament", "grapes"), 1)
TILES = "WoPtCoShMtClCeBoRqSnOrGpFl"


def test_step_1_thirteen_different_goods_for_a_wonder() -> None:
    state = owned_holding("F25", THIRTEEN)
    assert set(moves_for(state, "F25")) == {
        "USE F25 -", f"USE F25 {TILES}", "PRIOR F25 -", f"PRIOR F25 {TILES}"}
    assert_offered(state, "F25", f"USE F25 {TILES}")
    assert GoodsGained(seat=USER, goods={Good.WONDER: 1}) in events_of(state, f"USE F25 {TILES}")
    after = use(state, "F25", TILES)
    assert goods(after, USER) == {"wonder": 1}
    assert after.wonders_left == state.wonders_left - 1
    assert goods(use(state, "F25", "FlGpOrSnRqBoCeClMtShCoPtWo"), USER) == {"wonder": 1}


def test_step_1_coin_tiles_are_two_kinds_and_every_choice_is_offered() -> None:
    held = {**THIRTEEN, "coin": 6}  # a 1-coin and a 5-coin tile, no grapes: 14 kinds
    del held["grapes"]
    state = owned_holding("F25", held)
    offered = [m for m in moves_for(state, "F25") if m.startswith("USE") and m != "USE F25 -"]
    assert len(offered) == 14  # leave out one kind of the 14
    assert_offered(state, "F25", "USE F25 WoPtCoShMtClCePnNiBoRqSnFl")
    assert goods(use(state, "F25", "WoPtCoShMtClCePnNiBoRqSnFl"), USER) == {
        "ornament": 1, "wonder": 1}


def test_step_1_twelve_kinds_are_not_enough() -> None:
    held = dict(THIRTEEN, grapes=0, wood=2)
    state = owned_holding("F25", held)
    assert set(moves_for(state, "F25")) == {"USE F25 -", "PRIOR F25 -"}
    assert refusal(state, "USE F25 WoWoPtCoShMtClCeBoRqSnOrFl").reason == "goods_not_different"
    assert refusal(state, f"USE F25 {TILES}").reason == "cannot_afford"  # no grapes
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F25 WoPtCoShMtClCeBoRqSnOrFl")  # 12 tiles
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F25")


def test_q21_a_wonder_is_not_one_of_the_goods() -> None:
    state = owned_holding("F25", {**THIRTEEN, "grapes": 0, "wonder": 1})
    assert refusal(state, "USE F25 WoPtCoShMtClCeBoRqSnOrFlWd").reason == "not_a_good"
    assert set(moves_for(state, "F25")) == {"USE F25 -", "PRIOR F25 -"}


def test_q22_no_wonder_left() -> None:
    state = wonders_gone(owned_holding("F25", THIRTEEN))
    assert refusal(state, f"USE F25 {TILES}").reason == "no_wonders_left"
    assert set(moves_for(state, "F25")) == {"USE F25 -", "PRIOR F25 -"}


def test_declined() -> None:
    declined(owned_holding("F25", THIRTEEN), "F25")


def test_work_contract() -> None:
    state = by_contract("F25", **THIRTEEN)
    owner = goods(state, OWNER)
    assert_offered(state, "F25", f"USE F25 {TILES}")
    after = use(state, "F25", TILES)
    assert goods(after, USER) == {"wonder": 1}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("F25", **THIRTEEN)
    assert_offered(state, "F25", f"PRIOR F25 {TILES}")
    assert goods(play(state, f"PRIOR F25 {TILES}"), USER) == {"wonder": 1}
