"""I14 Sacred Site (cards.md §3 I14): 1. gain 1 book, plus either 2 grain or 2 malt, plus either 1
beer or 1 whiskey, with no payment."""

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
    use,
)
from tests.support import events_of, goods


@pytest.mark.parametrize("first, second, expected", [
    ("Gn", "Be", {"grain": 2, "beer": 1}),
    ("Gn", "Wh", {"grain": 2, "whiskey": 1}),
    ("Ma", "Be", {"malt": 2, "beer": 1}),
    ("Ma", "Wh", {"malt": 2, "whiskey": 1}),
])
def test_step_1_book_and_the_two_choices(first: str, second: str,
                                         expected: dict[str, int]) -> None:
    state = owned("I14")
    assert goods(use(state, "I14", first, second), USER) == {"book": 1, **expected}


def test_step_1_each_choice_is_either_or() -> None:
    state = owned("I14")
    for params in (("Gn",), (), ("Gn", "Ma", "Be"), ("Be", "Gn"), ("Gn", "Wn")):
        with pytest.raises(InvalidCommand):
            events_of(state, command("I14", *params))


def test_declining() -> None:
    declined(owned("I14"), "I14")


def test_work_contract() -> None:
    state = by_contract("I14")
    assert goods(use(state, "I14", "Ma", "Wh"), USER) == {"book": 1, "malt": 2, "whiskey": 1}


def test_prior_build_and_use() -> None:
    state = built_now("I14")
    assert goods(use(state, "I14", "Gn", "Be", prior=True), USER) == {
        "book": 1, "grain": 2, "beer": 1}


def test_options() -> None:
    state = owned("I14")
    assert params_offered(state, "I14") == {("-",), ("Gn", "Be"), ("Gn", "Wh"), ("Ma", "Be"),
                                            ("Ma", "Wh")}
    assert_offered(state, "I14", "USE I14 Ma Wh", "PRIOR I14 Gn Be")
