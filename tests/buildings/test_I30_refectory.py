"""I30 Refectory (cards.md §3 I30): 1. gain 1 beer and 1 meat; 2. in addition, up to 4 times: pay
1 meat (the one just gained may be used), gain 1 ceramic. Open question 11: capped at 4."""

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


def test_step_1_beer_and_meat_for_nothing() -> None:
    assert goods(use(owned("I30"), "I30"), USER) == {"beer": 1, "meat": 1}


def test_step_2_the_meat_just_gained_may_be_turned() -> None:
    assert goods(use(owned("I30"), "I30", "1"), USER) == {"beer": 1, "ceramic": 1}


def test_q11_at_most_four_ceramics() -> None:
    state = owned("I30", meat=6)
    assert goods(use(state, "I30", "4"), USER) == {"beer": 1, "meat": 3, "ceramic": 4}
    with pytest.raises(InvalidCommand):
        events_of(state, command("I30", "5"))
    assert max(int(p[0]) for p in params_offered(state, "I30") if p and p[0] != "-") == 4


def test_lacking_meat_is_refused() -> None:
    state = owned("I30", meat=1, livestock=3)
    assert refusal(state, command("I30", "3")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("I30"), "I30")


def test_work_contract() -> None:
    state = by_contract("I30", meat=1)
    assert goods(use(state, "I30", "2"), USER) == {"beer": 1, "ceramic": 2}


def test_prior_build_and_use() -> None:
    state = built_now("I30")
    assert goods(use(state, "I30", "1", prior=True), USER) == {"beer": 1, "ceramic": 1}


def test_options() -> None:
    state = owned("I30", meat=1)
    assert params_offered(state, "I30") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "I30", "USE I30", "USE I30 2", "PRIOR I30 1")
