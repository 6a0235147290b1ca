"""G39 Estate (cards.md §3 G39): 1. up to 2 times: pay either 10 food or 6 energy (chosen per
repetition), gain 1 book and 1 ornament. Tokens: times by food, times by energy, the pooled
payment."""

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
from tests.support import events_of, goods, play


def test_step_1_ten_food() -> None:
    state = owned("G39", meat=2)
    assert goods(use(state, "G39", "1", "0", "MtMt"), USER) == {"book": 1, "ornament": 1}


def test_step_1_six_energy() -> None:
    state = owned("G39", peat_coal=2)
    assert goods(use(state, "G39", "0", "1", "CoCo"), USER) == {"book": 1, "ornament": 1}


def test_step_1_twice_with_a_different_payment_each_time() -> None:
    state = owned("G39", meat=2, peat_coal=2)
    assert goods(use(state, "G39", "1", "1", "CoCoMtMt"), USER) == {"book": 2, "ornament": 2}


def test_step_1_twice_by_energy() -> None:
    state = owned("G39", peat_coal=4)
    assert goods(use(state, "G39", "0", "2", "CoCoCoCo"), USER) == {"book": 2, "ornament": 2}


def test_step_1_at_most_twice_in_all() -> None:
    state = owned("G39", meat=6, peat_coal=6)
    for params in (("2", "1", "CoCoMtMtMtMtMt"), ("0", "3", "CoCoCoCoCoCo")):
        with pytest.raises(InvalidCommand):
            events_of(state, command("G39", *params))


def test_R_GOODS_3_surplus_is_lost_and_a_spare_tile_is_spent_too() -> None:
    state = owned("G39", meat=1, livestock=3)
    assert goods(use(state, "G39", "1", "0", "ShShShMt"), USER) == {"book": 1, "ornament": 1}
    richer = owned("G39", meat=3)
    spent = play(richer, command("G39", "1", "0", "MtMtMt"))  # one meat more than needed
    assert goods(spent, USER) == {"book": 1, "ornament": 1}


def test_lacking_food_is_refused() -> None:
    state = owned("G39", meat=1, grain=4)
    assert refusal(state, command("G39", "1", "0", "GnGnGnGnMt")).reason == "cannot_afford"
    assert params_offered(state, "G39") == {("-",), ()}


def test_declining() -> None:
    declined(owned("G39", meat=2), "G39")


def test_work_contract() -> None:
    state = by_contract("G39", peat_coal=2)
    assert goods(use(state, "G39", "0", "1", "CoCo"), USER) == {"book": 1, "ornament": 1}


def test_prior_build_and_use() -> None:
    state = built_now("G39", meat=2)
    assert goods(use(state, "G39", "1", "0", "MtMt", prior=True), USER) == {"book": 1,
                                                                           "ornament": 1}


def test_options() -> None:
    state = owned("G39", meat=2, peat_coal=2)
    assert params_offered(state, "G39") == {("-",), (), ("1", "0", "MtMt"), ("0", "1", "CoCo"),
                                            ("1", "1", "CoCoMtMt")}
    assert_offered(state, "G39", "USE G39 1 1 CoCoMtMt", "PRIOR G39 0 1 CoCo")
