"""I17 Scriptorium (cards.md §3 I17): 1. pay 1 coin, gain 1 book, 1 meat and 1 whiskey; at most
once. Open question 10: 1 whiskey (not 2)."""

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

GAIN = {"book": 1, "meat": 1, "whiskey": 1}


def test_step_1_and_q10_exactly_one_whiskey() -> None:
    state = owned("I17", coin=2)
    assert goods(use(state, "I17"), USER) == {**GAIN, "coin": 1}


def test_at_most_once() -> None:
    with pytest.raises(InvalidCommand):
        events_of(owned("I17", coin=2), command("I17", "2"))


def test_lacking_the_coin_is_refused() -> None:
    state = owned("I17", book=1)
    assert refusal(state, command("I17")).reason == "cannot_afford"
    assert params_offered(state, "I17") == {("-",)}


def test_declining() -> None:
    declined(owned("I17", coin=1), "I17")


def test_work_contract() -> None:
    assert goods(use(by_contract("I17", coin=1), "I17"), USER) == GAIN


def test_prior_build_and_use() -> None:
    assert goods(use(built_now("I17", coin=1), "I17", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("I17", coin=1)
    assert params_offered(state, "I17") == {("-",), ()}
    assert_offered(state, "I17", "USE I17", "PRIOR I17")
