"""F35 Forger's Workshop (cards.md §3 F35): 1. pay 5 coins, gain 1 reliquary; 2. in addition any
number of times: pay 10 coins, gain 1 reliquary. Open question 13: no limit on step 2."""

from __future__ import annotations

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
from tests.support import goods


def test_step_1_five_coins_for_a_reliquary() -> None:
    assert goods(use(owned("F35", coin=7), "F35"), USER) == {"coin": 2, "reliquary": 1}


def test_step_2_ten_coins_for_each_further_reliquary() -> None:
    state = owned("F35", coin=15)
    assert goods(use(state, "F35", "1"), USER) == {"reliquary": 2}


def test_q13_unlimited_further_reliquaries() -> None:
    state = owned("F35", coin=45)
    assert goods(use(state, "F35", "4"), USER) == {"reliquary": 5}


def test_fewer_than_affordable() -> None:
    assert goods(use(owned("F35", coin=30), "F35", "1"), USER) == {"coin": 15, "reliquary": 2}


def test_lacking_coins_is_refused() -> None:
    state = owned("F35", coin=4, wine=1)
    assert refusal(state, command("F35")).reason == "cannot_afford"
    assert params_offered(state, "F35") == {("-",)}
    assert refusal(owned("F35", coin=14), command("F35", "1")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F35", coin=5), "F35")


def test_work_contract() -> None:
    assert goods(use(by_contract("F35", coin=15), "F35", "1"), USER) == {"reliquary": 2}


def test_prior_build_and_use() -> None:
    assert goods(use(built_now("F35", coin=5), "F35", prior=True), USER) == {"reliquary": 1}


def test_options() -> None:
    state = owned("F35", coin=25)
    assert params_offered(state, "F35") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "F35", "USE F35", "USE F35 2", "PRIOR F35 1")
