"""F11 Harbor Promenade (cards.md §3 F11): 1. gain 1 wood, 1 wine, 1 coin and 1 ceramic, with no
payment. Coast only."""

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
    use,
)
from tests.support import events_of, goods

GAIN = {"wood": 1, "wine": 1, "coin": 1, "ceramic": 1}


def test_step_1_four_goods_for_nothing() -> None:
    state = owned("F11", wood=1)
    assert goods(use(state, "F11"), USER) == {**GAIN, "wood": 2}


def test_no_parameters() -> None:
    with pytest.raises(InvalidCommand):
        events_of(owned("F11"), command("F11", "1"))


def test_declining() -> None:
    declined(owned("F11"), "F11")


def test_work_contract() -> None:
    assert goods(use(by_contract("F11"), "F11"), USER) == GAIN


def test_prior_build_and_use_on_the_coast() -> None:
    assert goods(use(built_now("F11"), "F11", prior=True), USER) == GAIN


def test_options() -> None:
    state = owned("F11")
    assert params_offered(state, "F11") == {("-",), ()}
    assert_offered(state, "F11", "USE F11", "PRIOR F11")
