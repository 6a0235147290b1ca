"""I08 False Lighthouse (cards.md §3 I08): 1. gain 3 coins and either 1 beer or 1 whiskey, with
no payment. Coast only."""

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


def test_step_1_coins_and_beer() -> None:
    state = owned("I08")
    assert goods(use(state, "I08", "Be"), USER) == {"coin": 3, "beer": 1}


def test_step_1_coins_and_whiskey() -> None:
    state = owned("I08", coin=1)
    assert goods(use(state, "I08", "Wh"), USER) == {"coin": 4, "whiskey": 1}


def test_step_1_either_beer_or_whiskey_must_be_named_not_both() -> None:
    state = owned("I08")
    with pytest.raises(InvalidCommand):
        events_of(state, command("I08"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("I08", "Be", "Wh"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("I08", "Wn"))


def test_declining() -> None:
    declined(owned("I08"), "I08")


def test_work_contract() -> None:
    state = by_contract("I08")
    assert goods(use(state, "I08", "Wh"), USER) == {"coin": 3, "whiskey": 1}


def test_prior_build_and_use_on_the_coast() -> None:
    state = built_now("I08")
    assert goods(use(state, "I08", "Be", prior=True), USER) == {"coin": 3, "beer": 1}


def test_options() -> None:
    state = owned("I08")
    assert params_offered(state, "I08") == {("-",), ("Be",), ("Wh",)}
    assert_offered(state, "I08", "USE I08 Be", "USE I08 Wh", "PRIOR I08 Wh")
