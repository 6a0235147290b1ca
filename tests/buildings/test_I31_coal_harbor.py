"""I31 Coal Harbor (cards.md §3 I31): 1. up to 3 times: pay 1 peat coal, gain 3 coins and 1
whiskey. Open question 12: the input is peat coal, not peat. Coast only."""

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


def test_step_1_up_to_three_times() -> None:
    state = owned("I31", peat_coal=4)
    assert goods(use(state, "I31", "3"), USER) == {"peat_coal": 1, "coin": 9, "whiskey": 3}
    with pytest.raises(InvalidCommand):
        events_of(state, command("I31", "4"))


def test_step_1_fewer() -> None:
    state = owned("I31", peat_coal=2)
    assert goods(use(state, "I31", "1"), USER) == {"peat_coal": 1, "coin": 3, "whiskey": 1}


def test_q12_peat_is_not_accepted() -> None:
    state = owned("I31", peat=3)
    assert refusal(state, command("I31", "1")).reason == "cannot_afford"
    assert params_offered(state, "I31") == {("-",), ()}


def test_declining() -> None:
    declined(owned("I31", peat_coal=1), "I31")


def test_work_contract() -> None:
    state = by_contract("I31", peat_coal=2)
    assert goods(use(state, "I31", "2"), USER) == {"coin": 6, "whiskey": 2}


def test_prior_build_and_use_on_the_coast() -> None:
    state = built_now("I31", peat_coal=1)
    assert goods(use(state, "I31", "1", prior=True), USER) == {"coin": 3, "whiskey": 1}


def test_options() -> None:
    state = owned("I31", peat_coal=2)
    assert params_offered(state, "I31") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "I31", "USE I31 2", "PRIOR I31 1")
