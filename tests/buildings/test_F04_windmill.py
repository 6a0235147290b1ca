"""F04 Windmill (cards.md §3 F04): 1. up to 7 times: pay 1 grain, gain 1 flour and 1 straw."""

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


def test_step_1_grain_becomes_flour_and_straw() -> None:
    state = owned("F04", grain=3)
    assert goods(use(state, "F04", "3"), USER) == {"flour": 3, "straw": 3}


def test_step_1_fewer_than_held() -> None:
    state = owned("F04", grain=5)
    assert goods(use(state, "F04", "2"), USER) == {"grain": 3, "flour": 2, "straw": 2}


def test_step_1_at_most_seven_times() -> None:
    state = owned("F04", grain=9)
    assert goods(use(state, "F04", "7"), USER) == {"grain": 2, "flour": 7, "straw": 7}
    with pytest.raises(InvalidCommand):
        events_of(state, command("F04", "8"))


def test_zero_times_changes_nothing() -> None:
    state = owned("F04", grain=2)
    assert goods(use(state, "F04"), USER) == {"grain": 2}


def test_a_trailing_zero_is_not_a_second_spelling() -> None:
    """One spelling per move: a trailing choice that says "none" is left out."""
    state = owned("F04", grain=2)
    with pytest.raises(InvalidCommand, match="leave out the trailing '0'"):
        events_of(state, command("F04", "0"))


def test_lacking_grain_is_refused() -> None:
    state = owned("F04", grain=2, straw=3)
    assert refusal(state, command("F04", "3")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F04", grain=2), "F04")


def test_work_contract() -> None:
    state = by_contract("F04", grain=2)
    assert goods(use(state, "F04", "2"), USER) == {"flour": 2, "straw": 2}


def test_prior_build_and_use_on_a_hillside() -> None:
    """R-BUILD-3: coast or hillside only; here a hillside of a mountain plot."""
    state = built_now("F04", grain=1)
    assert goods(use(state, "F04", "1", prior=True), USER) == {"flour": 1, "straw": 1}


def test_options_count_up_to_the_grain_held() -> None:
    state = owned("F04", grain=3)
    assert params_offered(state, "F04") == {("-",), (), ("1",), ("2",), ("3",)}
    assert_offered(state, "F04", "USE F04 3", "USE F04 2", "PRIOR F04 1")
    many = owned("F04", grain=12)
    assert max(int(p[0]) for p in params_offered(many, "F04") if p and p[0] != "-") == 7
