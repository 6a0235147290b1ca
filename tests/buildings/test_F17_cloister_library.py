"""F17 Cloister Library (cards.md §3 F17): 1. up to 3 times: pay 1 coin, gain 1 book; 2. and then
at most once: pay 1 book (held or just bought), gain 1 meat and 1 wine."""

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


def test_step_1_up_to_three_books() -> None:
    state = owned("F17", coin=4)
    assert goods(use(state, "F17", "3"), USER) == {"coin": 1, "book": 3}
    with pytest.raises(InvalidCommand):
        events_of(state, command("F17", "4"))


def test_step_2_a_just_bought_book_for_meat_and_wine() -> None:
    state = owned("F17", coin=1)
    assert goods(use(state, "F17", "1", "1"), USER) == {"meat": 1, "wine": 1}


def test_step_2_a_held_book() -> None:
    state = owned("F17", book=2)
    assert goods(use(state, "F17", "0", "1"), USER) == {"book": 1, "meat": 1, "wine": 1}
    with pytest.raises(InvalidCommand):
        events_of(state, command("F17", "0", "2"))


def test_less_than_the_maximum() -> None:
    state = owned("F17", coin=3)
    assert goods(use(state, "F17", "2"), USER) == {"coin": 1, "book": 2}


def test_lacking_coins_is_refused() -> None:
    state = owned("F17", coin=2, wine=1)
    assert refusal(state, command("F17", "3")).reason == "cannot_afford"
    assert refusal(owned("F17"), command("F17", "0", "1")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F17", coin=1), "F17")


def test_work_contract() -> None:
    state = by_contract("F17", coin=2)
    assert goods(use(state, "F17", "2", "1"), USER) == {"book": 1, "meat": 1, "wine": 1}


def test_prior_build_and_use() -> None:
    state = built_now("F17", coin=1)
    assert goods(use(state, "F17", "1", prior=True), USER) == {"book": 1}


def test_options() -> None:
    state = owned("F17", coin=2)
    assert params_offered(state, "F17") == {("-",), (), ("1",), ("2",), ("1", "1"), ("2", "1")}
    assert_offered(state, "F17", "USE F17 2 1", "PRIOR F17 1")
