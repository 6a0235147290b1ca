"""F30 Town Estate (cards.md §3 F30): 1. pay 1 ceramic, gain 12 coins; at most once."""

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


def test_step_1_ceramic_for_twelve_coins() -> None:
    assert goods(use(owned("F30", ceramic=2), "F30"), USER) == {"ceramic": 1, "coin": 12}


def test_at_most_once() -> None:
    with pytest.raises(InvalidCommand):
        events_of(owned("F30", ceramic=2), command("F30", "2"))


def test_lacking_the_ceramic_is_refused() -> None:
    state = owned("F30", clay=3)
    assert refusal(state, command("F30")).reason == "cannot_afford"
    assert params_offered(state, "F30") == {("-",)}


def test_declining() -> None:
    declined(owned("F30", ceramic=1), "F30")


def test_work_contract() -> None:
    assert goods(use(by_contract("F30", ceramic=1), "F30"), USER) == {"coin": 12}


def test_prior_build_and_use() -> None:
    assert goods(use(built_now("F30", ceramic=1), "F30", prior=True), USER) == {"coin": 12}


def test_options() -> None:
    state = owned("F30", ceramic=1)
    assert params_offered(state, "F30") == {("-",), ()}
    assert_offered(state, "F30", "USE F30", "PRIOR F30")
