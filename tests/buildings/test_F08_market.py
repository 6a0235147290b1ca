"""F08 Market (cards.md §3 F08): 1. pay 4 goods of 4 different kinds (one tile each), gain 1
bread and 7 coins; at most once. Open question 21: a wonder does not count."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from tests.buildings.common import (
    USER,
    assert_offered,
    built_now,
    by_contract,
    command,
    declined,
    owned,
    params_offered,
    refusal,
    use,
)
from tests.support import events_of, goods


def test_step_1_four_kinds_for_bread_and_seven_coins() -> None:
    state = owned("F08", wood=2, peat=1, grain=1, clay=1)
    assert goods(use(state, "F08", "WoPtGnCl"), USER) == {"wood": 1, "bread": 1, "coin": 7}


def test_step_1_one_and_five_coin_tiles_are_two_kinds() -> None:
    state = owned("F08", coin=6, wood=1, clay=1)
    assert goods(use(state, "F08", "WoClPnNi"), USER) == {"bread": 1, "coin": 7}


def test_step_1_kinds_must_differ() -> None:
    state = owned("F08", wood=2, peat=1, grain=1)
    assert refusal(state, command("F08", "WoWoPtGn")).reason == "goods_not_different"


def test_step_1_exactly_four() -> None:
    state = owned("F08", wood=1, peat=1, grain=1, clay=1, stone=1)
    for tiles in ("WoPtGn", "WoPtGnClSn"):
        with pytest.raises(InvalidCommand):
            events_of(state, command("F08", tiles))


def test_q21_a_wonder_is_not_one_of_the_goods() -> None:
    state = owned("F08", wonder=1, wood=1, peat=1, grain=1)
    assert refusal(state, command("F08", "WoPtGnWd")).reason == "not_a_good"
    assert params_offered(state, "F08") == {("-",)}


def test_two_grain_pay_grain_and_straw_as_two_kinds() -> None:
    """R-FREE-3: a grain may be flipped to straw to pay "1 grain and 1 straw"."""
    state = owned("F08", wood=1, peat=1, grain=2)
    assert params_offered(state, "F08") == {("-",), ("WoPtGnSw",)}
    assert goods(use(state, "F08", "WoPtGnSw"), USER) == {"bread": 1, "coin": 7}


def test_lacking_a_fourth_kind_is_refused() -> None:
    state = owned("F08", wood=4, peat=4, clay=4)
    assert refusal(state, command("F08", "WoPtGnCl")).reason == "cannot_afford"
    assert params_offered(state, "F08") == {("-",)}


def test_at_most_once() -> None:
    state = owned("F08", wood=2, peat=2, grain=2, clay=2)
    with pytest.raises(InvalidCommand):
        events_of(state, command("F08", "WoPtGnCl", "WoPtGnCl"))


def test_declining() -> None:
    declined(owned("F08", wood=1, peat=1, grain=1, clay=1), "F08")


def test_work_contract() -> None:
    state = by_contract("F08", wood=1, peat=1, grain=1, clay=1)
    assert goods(use(state, "F08", "WoPtGnCl"), USER) == {"bread": 1, "coin": 7}


def test_prior_build_and_use() -> None:
    state = built_now("F08", wood=1, peat=1, grain=1, clay=1)
    assert goods(use(state, "F08", "WoPtGnCl", prior=True), USER) == {"bread": 1, "coin": 7}


def test_options_are_the_sets_of_four_kinds() -> None:
    state = owned("F08", wood=1, peat=1, grain=1, clay=1, stone=1)
    offered = params_offered(state, "F08")
    # decline; 4 of the 6 kinds Wo Pt Gn Sw Cl Sn, except the 6 sets holding both Gn and Sw
    assert len(offered) == 1 + 15 - 6
    assert ("WoPtGnCl",) in offered and ("WoPtSwCl",) in offered
    assert ("WoGnSwCl",) not in offered  # one grain cannot be grain and straw
    assert_offered(state, "F08", "USE F08 WoPtGnCl", "PRIOR F08 PtGnClSn")
