"""I21 Whiskey Distillery (cards.md §3 I21): 1. any number of times: pay 1 malt, 1 wood and 1
peat, gain 2 whiskey. Build trigger: the work contract price becomes 2 coins (R-WC-4)."""

from __future__ import annotations

import pytest

from ora_core.errors import IllegalCommand
from tests.buildings.common import (
    OWNER,
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
from tests.support import events_of, goods, play, set_goods, slot


def test_step_1_any_number() -> None:
    state = owned("I21", malt=3, wood=3, peat=4)
    assert goods(use(state, "I21", "3"), USER) == {"peat": 1, "whiskey": 6}


def test_step_1_fewer() -> None:
    state = owned("I21", malt=2, wood=2, peat=2)
    assert goods(use(state, "I21", "1"), USER) == {"malt": 1, "wood": 1, "peat": 1,
                                                    "whiskey": 2}


def test_lacking_one_input_is_refused() -> None:
    state = owned("I21", malt=2, wood=2, peat=1, peat_coal=1)
    assert refusal(state, command("I21", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("I21", malt=1, wood=1, peat=1), "I21")


def test_work_contract() -> None:
    state = by_contract("I21", malt=1, wood=1, peat=1)
    assert goods(use(state, "I21", "1"), USER) == {"whiskey": 2}


def test_prior_build_and_use_and_the_build_trigger() -> None:
    state = built_now("I21", malt=1, wood=1, peat=1)
    assert state.work_contract_price == 2
    assert goods(use(state, "I21", "1", prior=True), USER) == {"whiskey": 2}
    later = set_goods(slot(play(state, "COMMIT"), OWNER), OWNER, coin=1)
    with pytest.raises(IllegalCommand) as info:
        events_of(later, "WORK_CONTRACT I21 Pn")
    assert info.value.reason == "wrong_price"


def test_options() -> None:
    state = owned("I21", malt=2, wood=2, peat=2)
    assert params_offered(state, "I21") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "I21", "USE I21 2", "PRIOR I21 1")
