"""I05 Brewery (cards.md §3 I05): 1. any number of times: pay 1 malt and 1 grain, gain 1 beer;
2. and then at most once: pay 1 beer (held or just brewed), gain 7 coins."""

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


def test_step_1_brews_any_number() -> None:
    state = owned("I05", malt=4, grain=5)
    assert goods(use(state, "I05", "4"), USER) == {"grain": 1, "beer": 4}


def test_step_2_sells_a_just_brewed_beer() -> None:
    state = owned("I05", malt=2, grain=2)
    assert goods(use(state, "I05", "2", "1"), USER) == {"beer": 1, "coin": 7}


def test_step_2_sells_a_held_beer() -> None:
    state = owned("I05", beer=2)
    assert goods(use(state, "I05", "0", "1"), USER) == {"beer": 1, "coin": 7}


def test_step_2_at_most_once() -> None:
    state = owned("I05", beer=2)
    with pytest.raises(InvalidCommand):
        events_of(state, command("I05", "0", "2"))


def test_lacking_grain_is_refused() -> None:
    state = owned("I05", malt=2, grain=1, straw=2)
    assert refusal(state, command("I05", "2")).reason == "cannot_afford"


def test_lacking_beer_to_sell_is_refused() -> None:
    state = owned("I05", malt=1)
    assert refusal(state, command("I05", "0", "1")).reason == "cannot_afford"
    assert params_offered(state, "I05") == {("-",), ()}


def test_declining() -> None:
    declined(owned("I05", malt=1, grain=1), "I05")


def test_work_contract() -> None:
    state = by_contract("I05", malt=1, grain=1)
    assert goods(use(state, "I05", "1", "1"), USER) == {"coin": 7}


def test_prior_build_and_use() -> None:
    state = built_now("I05", malt=1, grain=1)
    assert goods(use(state, "I05", "1", prior=True), USER) == {"beer": 1}


def test_options() -> None:
    state = owned("I05", malt=2, grain=2)
    assert params_offered(state, "I05") == {("-",), (), ("1",), ("2",), ("1", "1"), ("2", "1")}
    assert_offered(state, "I05", "USE I05 2 1", "PRIOR I05 1")
