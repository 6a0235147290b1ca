"""I04 Malthouse (cards.md §3 I04): 1. any number of times: pay 1 grain, gain 1 malt and 1
straw."""

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


def test_step_1_any_number_of_times() -> None:
    state = owned("I04", grain=10)
    assert goods(use(state, "I04", "10"), USER) == {"malt": 10, "straw": 10}


def test_step_1_fewer_than_held() -> None:
    state = owned("I04", grain=4)
    assert goods(use(state, "I04", "1"), USER) == {"grain": 3, "malt": 1, "straw": 1}


def test_lacking_grain_is_refused() -> None:
    state = owned("I04", grain=4)
    assert refusal(state, command("I04", "5")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("I04", grain=4), "I04")


def test_work_contract() -> None:
    state = by_contract("I04", grain=3)
    assert goods(use(state, "I04", "3"), USER) == {"malt": 3, "straw": 3}


def test_prior_build_and_use() -> None:
    state = built_now("I04", grain=2)
    assert goods(use(state, "I04", "2", prior=True), USER) == {"malt": 2, "straw": 2}


def test_options_count_up_to_the_grain_held() -> None:
    state = owned("I04", grain=3)
    assert params_offered(state, "I04") == {("-",), (), ("1",), ("2",), ("3",)}
    assert_offered(state, "I04", "USE I04 3", "PRIOR I04 1")
