"""I32 Filial Church (cards.md §3 I32): 1. pay 5 goods of 5 different kinds (one tile each), gain
1 reliquary; at most once. Open question 21: a wonder does not count."""

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


def test_step_1_five_kinds_for_a_reliquary() -> None:
    state = owned("I32", wood=1, peat=1, grain=1, livestock=1, clay=1, book=1)
    assert goods(use(state, "I32", "WoPtGnShCl"), USER) == {"book": 1, "reliquary": 1}


def test_step_1_one_and_five_coin_tiles_are_two_kinds() -> None:
    state = owned("I32", coin=6, wood=1, peat=1, malt=1)
    assert goods(use(state, "I32", "WoPtPnNiMa"), USER) == {"reliquary": 1}


def test_step_1_kinds_must_differ_and_number_five() -> None:
    state = owned("I32", wood=1, peat=1, grain=1, livestock=1, clay=1, stone=1)
    assert refusal(state, command("I32", "WoWoGnShCl")).reason == "goods_not_different"
    for tiles in ("WoPtGnSh", "WoPtGnShClSn"):
        with pytest.raises(InvalidCommand):
            events_of(state, command("I32", tiles))


def test_q21_a_wonder_is_not_one_of_the_goods() -> None:
    state = owned("I32", wood=1, peat=1, grain=1, livestock=1, wonder=1)
    assert refusal(state, command("I32", "WoPtGnShWd")).reason == "not_a_good"
    assert params_offered(state, "I32") == {("-",)}  # one grain is not grain and straw


def test_lacking_a_kind_is_refused() -> None:
    state = owned("I32", wood=3, peat=3, livestock=3, clay=3)
    assert refusal(state, command("I32", "WoPtShClBo")).reason == "cannot_afford"
    assert params_offered(state, "I32") == {("-",)}


def test_at_most_once() -> None:
    state = owned("I32", wood=2, peat=2, grain=2, livestock=2, clay=2)
    with pytest.raises(InvalidCommand):
        events_of(state, command("I32", "WoPtGnShCl", "WoPtGnShCl"))


def test_declining() -> None:
    declined(owned("I32", wood=1, peat=1, grain=1, livestock=1, clay=1), "I32")


def test_work_contract() -> None:
    state = by_contract("I32", wood=1, peat=1, grain=1, livestock=1, clay=1)
    assert goods(use(state, "I32", "WoPtGnShCl"), USER) == {"reliquary": 1}


def test_prior_build_and_use() -> None:
    state = built_now("I32", wood=1, peat=1, grain=1, livestock=1, clay=1)
    assert goods(use(state, "I32", "WoPtGnShCl", prior=True), USER) == {"reliquary": 1}


def test_options() -> None:
    state = owned("I32", wood=1, peat=1, grain=1, livestock=1, clay=1, book=1)
    offered = params_offered(state, "I32")
    # 5 of the 7 kinds Wo Pt Gn Sw Sh Cl Bo, without the 10 sets holding both Gn and Sw
    assert len(offered) == 1 + 21 - 10
    assert_offered(state, "I32", "USE I32 WoPtGnShCl", "PRIOR I32 WoPtSwClBo")
