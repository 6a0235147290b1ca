"""G16 Cloister Chapter House (cards.md §3 G16): 1. gain 1 wood, 1 clay, 1 peat, 1 livestock,
1 grain and 1 coin, with no payment. A cloister building (R-BUILD-4)."""

from __future__ import annotations

from tests.buildings.common import (
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    owned,
    params_offered,
    use,
)
from tests.support import goods, rules

GAIN = {"wood": 1, "clay": 1, "peat": 1, "livestock": 1, "grain": 1, "coin": 1}


def test_step_1_one_of_each_basic_good() -> None:
    state = owned("G16", wood=2)
    assert goods(use(state, "G16"), USER) == {**GAIN, "wood": 3}


def test_declining() -> None:
    declined(owned("G16"), "G16")


def test_work_contract() -> None:
    assert goods(use(by_contract("G16"), "G16"), USER) == GAIN


def test_prior_build_and_use_beside_the_cloister() -> None:
    assert rules().building("G16").cloister
    assert goods(use(built_now("G16"), "G16", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("G16")
    assert params_offered(state, "G16") == {("-",), ()}
    assert_offered(state, "G16", "USE G16", "PRIOR G16")
