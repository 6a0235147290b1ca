"""I03 Granary (cards.md §3 I03): 1. pay 1 coin, gain 4 grain and 1 book; at most once."""

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


def test_step_1_one_coin_for_four_grain_and_a_book() -> None:
    state = owned("I03", coin=3)
    assert goods(use(state, "I03"), USER) == {"coin": 2, "grain": 4, "book": 1}


def test_at_most_once() -> None:
    state = owned("I03", coin=3)
    with pytest.raises(InvalidCommand):
        events_of(state, command("I03", "2"))


def test_lacking_the_coin_is_refused() -> None:
    state = owned("I03", wood=2)
    assert refusal(state, command("I03")).reason == "cannot_afford"
    assert params_offered(state, "I03") == {("-",)}


def test_declining() -> None:
    declined(owned("I03", coin=1), "I03")


def test_work_contract() -> None:
    state = by_contract("I03", coin=1)
    assert goods(use(state, "I03"), USER) == {"grain": 4, "book": 1}


def test_prior_build_and_use_next_to_the_cloister_office() -> None:
    """R-BUILD-4: the Granary is a cloister building; built beside the Cloister Office."""
    state = built_now("I03", coin=1)
    assert goods(use(state, "I03", prior=True), USER) == {"grain": 4, "book": 1}


def test_options() -> None:
    state = owned("I03", coin=1)
    assert params_offered(state, "I03") == {("-",), ()}
    assert_offered(state, "I03", "USE I03", "PRIOR I03")
