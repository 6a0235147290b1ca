"""F15 Financed Estate (cards.md §3 F15): 1. pay 1 coin, gain 1 book, 1 bread, 2 grapes and 2
flour; at most once."""

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

GAIN = {"book": 1, "bread": 1, "grapes": 2, "flour": 2}


def test_step_1_one_coin_for_the_bundle() -> None:
    state = owned("F15", coin=2)
    assert goods(use(state, "F15"), USER) == {**GAIN, "coin": 1}


def test_at_most_once() -> None:
    with pytest.raises(InvalidCommand):
        events_of(owned("F15", coin=2), command("F15", "2"))


def test_lacking_the_coin_is_refused() -> None:
    state = owned("F15", wine=1)
    assert refusal(state, command("F15")).reason == "cannot_afford"
    assert params_offered(state, "F15") == {("-",)}


def test_declining() -> None:
    declined(owned("F15", coin=1), "F15")


def test_work_contract() -> None:
    assert goods(use(by_contract("F15", coin=1), "F15"), USER) == GAIN


def test_prior_build_and_use() -> None:
    assert goods(use(built_now("F15", coin=1), "F15", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("F15", coin=1)
    assert params_offered(state, "F15") == {("-",), ()}
    assert_offered(state, "F15", "USE F15", "PRIOR F15")
