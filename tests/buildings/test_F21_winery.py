"""F21 Winery (cards.md §3 F21): 1. any number of times: pay 1 grapes, gain 1 wine; 2. and then
at most once: pay 1 wine (held or just made), gain 7 coins. Build trigger: the work contract
price becomes 2 coins for the rest of the game (R-WC-4)."""

from __future__ import annotations

import pytest

from ora_core.errors import IllegalCommand, InvalidCommand
from ora_core.events import WorkContractPriceSet
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
    ready_to_build,
    refusal,
    use,
)
from tests.support import events_of, goods, play, set_goods, slot


def test_step_1_grapes_to_wine() -> None:
    assert goods(use(owned("F21", grapes=3), "F21", "3"), USER) == {"wine": 3}


def test_step_2_sells_a_just_made_wine() -> None:
    assert goods(use(owned("F21", grapes=2), "F21", "2", "1"), USER) == {"wine": 1, "coin": 7}


def test_step_2_sells_a_held_wine_at_most_once() -> None:
    state = owned("F21", wine=2)
    assert goods(use(state, "F21", "0", "1"), USER) == {"wine": 1, "coin": 7}
    with pytest.raises(InvalidCommand):
        events_of(state, command("F21", "0", "2"))


def test_lacking_grapes_is_refused() -> None:
    assert refusal(owned("F21", grapes=1), command("F21", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F21", grapes=1), "F21")


def test_work_contract() -> None:
    state = by_contract("F21", grapes=1)
    assert goods(use(state, "F21", "1", "1"), USER) == {"coin": 7}


def test_prior_build_and_use_and_the_build_trigger() -> None:
    state = built_now("F21", grapes=1)
    assert state.work_contract_price == 2
    assert goods(use(state, "F21", "1", prior=True), USER) == {"wine": 1}


def test_build_trigger_work_contracts_cost_two_coins() -> None:
    state, build = ready_to_build("F21")
    assert state.work_contract_price == 1
    assert WorkContractPriceSet(price=2) in events_of(state, build)
    state = set_goods(slot(play(state, build, "COMMIT"), OWNER), OWNER, coin=3)
    with pytest.raises(IllegalCommand) as info:
        events_of(state, "WORK_CONTRACT F21 Pn")
    assert info.value.reason == "wrong_price"
    after = play(state, "WORK_CONTRACT F21 PnPn")
    assert goods(after, OWNER) == {"coin": 1}


def test_options() -> None:
    state = owned("F21", grapes=2)
    assert params_offered(state, "F21") == {("-",), (), ("1",), ("2",), ("1", "1"), ("2", "1")}
    assert_offered(state, "F21", "USE F21 2 1", "PRIOR F21 1")
