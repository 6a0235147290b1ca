"""F37 Dormitory (cards.md §3 F37): 1. gain 1 ceramic; 2. in addition, any number of times: pay
1 straw and 1 wood, gain 1 book. A cloister building."""

from __future__ import annotations

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
from tests.support import goods


def test_step_1_a_ceramic_for_nothing() -> None:
    assert goods(use(owned("F37"), "F37"), USER) == {"ceramic": 1}


def test_step_2_any_number_of_books() -> None:
    state = owned("F37", straw=5, wood=5)
    assert goods(use(state, "F37", "5"), USER) == {"ceramic": 1, "book": 5}


def test_step_2_straw_flipped_from_grain() -> None:
    state = owned("F37", grain=2, wood=2)
    assert goods(use(state, "F37", "2"), USER) == {"ceramic": 1, "book": 2}


def test_step_2_fewer() -> None:
    state = owned("F37", straw=3, wood=3)
    assert goods(use(state, "F37", "1"), USER) == {"straw": 2, "wood": 2, "ceramic": 1,
                                                    "book": 1}


def test_lacking_wood_is_refused() -> None:
    state = owned("F37", straw=3, wood=1)
    assert refusal(state, command("F37", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F37"), "F37")


def test_work_contract() -> None:
    state = by_contract("F37", straw=1, wood=1)
    assert goods(use(state, "F37", "1"), USER) == {"ceramic": 1, "book": 1}


def test_prior_build_and_use() -> None:
    state = built_now("F37", straw=1, wood=1)
    assert goods(use(state, "F37", "1", prior=True), USER) == {"ceramic": 1, "book": 1}


def test_options() -> None:
    state = owned("F37", straw=1, grain=1, wood=3)
    assert params_offered(state, "F37") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "F37", "USE F37", "USE F37 2", "PRIOR F37 1")
