"""G26 Shipyard (cards.md §3 G26): 1. pay 2 wood, gain 1 ornament and 5 coins; at most once (open
question 19: once per use). Coast only."""

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


def test_step_1_two_wood_for_an_ornament_and_five_coins() -> None:
    state = owned("G26", wood=5)
    assert goods(use(state, "G26"), USER) == {"wood": 3, "ornament": 1, "coin": 5}


def test_q19_once_per_use_even_with_wood_for_more() -> None:
    state = owned("G26", wood=6)
    for params in (("2",), ("1",)):
        with pytest.raises(InvalidCommand):
            events_of(state, command("G26", *params))
    assert params_offered(state, "G26") == {("-",), ()}


def test_lacking_wood_is_refused() -> None:
    state = owned("G26", wood=1, peat=2)
    assert refusal(state, command("G26")).reason == "cannot_afford"
    assert params_offered(state, "G26") == {("-",)}


def test_declining() -> None:
    declined(owned("G26", wood=2), "G26")


def test_work_contract() -> None:
    assert goods(use(by_contract("G26", wood=2), "G26"), USER) == {"ornament": 1, "coin": 5}


def test_prior_build_and_use_on_the_coast() -> None:
    state = built_now("G26", wood=2)
    assert goods(use(state, "G26", prior=True), USER) == {"ornament": 1, "coin": 5}


def test_options() -> None:
    state = owned("G26", wood=2)
    assert_offered(state, "G26", "USE G26", "PRIOR G26")
