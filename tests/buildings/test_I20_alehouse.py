"""I20 Alehouse (cards.md §3 I20): 1. at most once: pay 1 beer, gain 8 coins; 2. and/or at most
once: pay 1 whiskey, gain 7 coins."""

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


def test_step_1_beer() -> None:
    assert goods(use(owned("I20", beer=2), "I20", "1"), USER) == {"beer": 1, "coin": 8}


def test_step_2_whiskey() -> None:
    assert goods(use(owned("I20", whiskey=1), "I20", "0", "1"), USER) == {"coin": 7}


def test_both() -> None:
    state = owned("I20", beer=1, whiskey=1)
    assert goods(use(state, "I20", "1", "1"), USER) == {"coin": 15}


def test_each_at_most_once() -> None:
    state = owned("I20", beer=2, whiskey=2)
    for params in (("2",), ("0", "2")):
        with pytest.raises(InvalidCommand):
            events_of(state, command("I20", *params))


def test_lacking_is_refused() -> None:
    assert refusal(owned("I20", whiskey=1), command("I20", "1")).reason == "cannot_afford"
    assert refusal(owned("I20", beer=1), command("I20", "1", "1")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("I20", beer=1), "I20")


def test_work_contract() -> None:
    assert goods(use(by_contract("I20", beer=1), "I20", "1"), USER) == {"coin": 8}


def test_prior_build_and_use() -> None:
    state = built_now("I20", whiskey=1)
    assert goods(use(state, "I20", "0", "1", prior=True), USER) == {"coin": 7}


def test_options() -> None:
    state = owned("I20", beer=1, whiskey=1)
    assert params_offered(state, "I20") == {("-",), (), ("1",), ("0", "1"), ("1", "1")}
    assert_offered(state, "I20", "USE I20 1 1", "PRIOR I20 0 1")
