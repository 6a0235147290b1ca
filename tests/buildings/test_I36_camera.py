"""I36 Camera (cards.md §3 I36): 1. up to 2 times: pay 1 book and 1 ceramic, gain 1 coin, 1 clay
and 1 reliquary. A cloister building."""

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


def test_step_1_twice() -> None:
    state = owned("I36", book=3, ceramic=2)
    assert goods(use(state, "I36", "2"), USER) == {"book": 1, "coin": 2, "clay": 2,
                                                    "reliquary": 2}
    with pytest.raises(InvalidCommand):
        events_of(state, command("I36", "3"))


def test_step_1_once() -> None:
    state = owned("I36", book=2, ceramic=2)
    assert goods(use(state, "I36", "1"), USER) == {"book": 1, "ceramic": 1, "coin": 1, "clay": 1,
                                                    "reliquary": 1}


def test_lacking_is_refused() -> None:
    state = owned("I36", book=2, ceramic=1)
    assert refusal(state, command("I36", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("I36", book=1, ceramic=1), "I36")


def test_work_contract() -> None:
    state = by_contract("I36", book=1, ceramic=1)
    assert goods(use(state, "I36", "1"), USER) == {"coin": 1, "clay": 1, "reliquary": 1}


def test_prior_build_and_use() -> None:
    state = built_now("I36", book=1, ceramic=1)
    assert goods(use(state, "I36", "1", prior=True), USER) == {"coin": 1, "clay": 1,
                                                                "reliquary": 1}


def test_options() -> None:
    state = owned("I36", book=2, ceramic=2)
    assert params_offered(state, "I36") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "I36", "USE I36 2", "PRIOR I36 1")
