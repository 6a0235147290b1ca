"""I24 Chapel (cards.md §3 I24): 1. at most once: pay 1 coin, gain 1 book; 2. and/or up to 3
times: pay 1 beer and 1 whiskey, gain 1 reliquary. A cloister building."""

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


def test_step_1_coin_for_a_book_at_most_once() -> None:
    state = owned("I24", coin=2)
    assert goods(use(state, "I24", "1"), USER) == {"coin": 1, "book": 1}
    with pytest.raises(InvalidCommand):
        events_of(state, command("I24", "2"))


def test_step_2_up_to_three_reliquaries() -> None:
    state = owned("I24", beer=4, whiskey=3)
    assert goods(use(state, "I24", "0", "3"), USER) == {"beer": 1, "reliquary": 3}
    with pytest.raises(InvalidCommand):
        events_of(state, command("I24", "0", "4"))


def test_both_parts() -> None:
    state = owned("I24", coin=1, beer=1, whiskey=1)
    assert goods(use(state, "I24", "1", "1"), USER) == {"book": 1, "reliquary": 1}


def test_lacking_is_refused() -> None:
    state = owned("I24", beer=2, whiskey=1)
    assert refusal(state, command("I24", "0", "2")).reason == "cannot_afford"
    assert refusal(state, command("I24", "1")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("I24", coin=1), "I24")


def test_work_contract() -> None:
    state = by_contract("I24", coin=1, beer=1, whiskey=1)
    assert goods(use(state, "I24", "1", "1"), USER) == {"book": 1, "reliquary": 1}


def test_prior_build_and_use() -> None:
    state = built_now("I24", beer=2, whiskey=2)
    assert goods(use(state, "I24", "0", "2", prior=True), USER) == {"reliquary": 2}


def test_options() -> None:
    state = owned("I24", coin=1, beer=1, whiskey=1)
    assert params_offered(state, "I24") == {("-",), (), ("1",), ("0", "1"), ("1", "1")}
    assert_offered(state, "I24", "USE I24 1 1", "PRIOR I24 0 1")
