"""I11 Houseboat (cards.md §3 I11): 1. gain 1 wood, 1 malt, 1 coin and 1 peat, with no payment.
The only building allowed on water."""

from __future__ import annotations

from ora_core.values import Terrain
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

GAIN = {"wood": 1, "malt": 1, "coin": 1, "peat": 1}


def test_step_1_four_goods_for_nothing() -> None:
    state = owned("I11", coin=2)
    assert goods(use(state, "I11"), USER) == {**GAIN, "coin": 3}


def test_declining() -> None:
    declined(owned("I11"), "I11")


def test_work_contract() -> None:
    assert goods(use(by_contract("I11"), "I11"), USER) == GAIN


def test_prior_build_and_use_on_water() -> None:
    assert rules().building("I11").terrain == {Terrain.WATER}
    state = built_now("I11")
    assert state.players[USER].landscape[(-2, 0)].card == "I11"
    assert goods(use(state, "I11", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("I11")
    assert params_offered(state, "I11") == {("-",), ()}
    assert_offered(state, "I11", "USE I11", "PRIOR I11")
