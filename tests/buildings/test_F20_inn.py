"""F20 Inn (cards.md §3 F20): 1. at most once: pay 1 wine, gain 6 coins; 2. and/or: pay up to 7
food, gain 1 coin per food paid (R-GOODS-3: surplus food is lost)."""

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


def test_step_1_wine_for_six_coins() -> None:
    state = owned("F20", wine=2)
    assert goods(use(state, "F20", "1"), USER) == {"wine": 1, "coin": 6}
    with pytest.raises(InvalidCommand):
        events_of(state, command("F20", "2"))


def test_step_2_food_for_coins() -> None:
    state = owned("F20", meat=1, grain=2)
    assert goods(use(state, "F20", "0", "7", "GnGnMt"), USER) == {"coin": 7}


def test_steps_1_and_2() -> None:
    state = owned("F20", wine=1, meat=1)
    assert goods(use(state, "F20", "1", "5", "Mt"), USER) == {"coin": 11}


def test_step_2_surplus_food_is_lost() -> None:
    state = owned("F20", meat=1)
    assert goods(use(state, "F20", "0", "4", "Mt"), USER) == {"coin": 4}


def test_step_2_at_most_seven() -> None:
    state = owned("F20", meat=2)
    with pytest.raises(InvalidCommand):
        events_of(state, command("F20", "0", "8", "MtMt"))


def test_lacking_wine_or_food_is_refused() -> None:
    assert refusal(owned("F20", meat=1), command("F20", "1")).reason == "cannot_afford"
    state = owned("F20", grain=2)
    assert refusal(state, command("F20", "0", "3", "GnGn")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F20", wine=1), "F20")


def test_work_contract() -> None:
    state = by_contract("F20", wine=1, bread=1)
    assert goods(use(state, "F20", "1", "3", "Br"), USER) == {"coin": 9}


def test_prior_build_and_use() -> None:
    state = built_now("F20", livestock=1)
    assert goods(use(state, "F20", "0", "2", "Sh", prior=True), USER) == {"coin": 2}


def test_options() -> None:
    state = owned("F20", wine=1, livestock=1)
    offered = params_offered(state, "F20")
    assert {("1",), ("0", "2", "Sh"), ("0", "1", "Wn"), ("1", "2", "Sh")} <= offered
    assert ("0", "3", "Sh") not in offered
    assert_offered(state, "F20", "USE F20 1", "USE F20 1 2 Sh", "PRIOR F20 0 1 Sh")
