"""G12 Stone Merchant (cards.md §3 G12): 1. up to 5 times: pay 2 food and 1 energy, gain 1
stone; food and energy pooled over the repetitions."""

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


def test_step_1_once() -> None:
    state = owned("G12", livestock=1, wood=1)
    assert goods(use(state, "G12", "1", "WoSh"), USER) == {"stone": 1}


def test_step_1_food_and_energy_pooled() -> None:
    """3 stone: 6 food (two meat) and 3 energy (one peat coal), one payment."""
    state = owned("G12", meat=2, peat_coal=1)
    assert goods(use(state, "G12", "3", "CoMtMt"), USER) == {"stone": 3}


def test_step_1_at_most_five() -> None:
    state = owned("G12", meat=3, peat_coal=2)
    assert goods(use(state, "G12", "5", "CoCoMtMt"), USER) == {"stone": 5, "meat": 1}
    with pytest.raises(InvalidCommand):
        events_of(state, command("G12", "6", "CoCoMtMtMt"))


def test_straw_from_grain_with_food_due() -> None:
    """R-FREE-3: grain flipped to straw pays the energy while livestock pays the food."""
    state = owned("G12", livestock=1, grain=2)
    assert params_offered(state, "G12") >= {("1", "SwSwSh")}
    assert goods(use(state, "G12", "1", "SwSwSh"), USER) == {"stone": 1}


def test_lacking_food_is_refused() -> None:
    state = owned("G12", grain=1, wood=3)
    assert refusal(state, command("G12", "1", "WoGn")).reason == "cannot_afford"
    assert params_offered(state, "G12") == {("-",), ()}


def test_declining() -> None:
    declined(owned("G12", meat=1, wood=1), "G12")


def test_work_contract() -> None:
    state = by_contract("G12", meat=1, peat=1)
    assert goods(use(state, "G12", "2", "PtMt"), USER) == {"stone": 2}


def test_prior_build_and_use() -> None:
    state = built_now("G12", grain=2, wood=1)
    assert goods(use(state, "G12", "1", "WoGnGn", prior=True), USER) == {"stone": 1}


def test_options() -> None:
    state = owned("G12", meat=1, peat=1)
    assert params_offered(state, "G12") == {("-",), (), ("1", "PtMt"), ("2", "PtMt")}
    assert_offered(state, "G12", "USE G12 2 PtMt", "PRIOR G12 1 PtMt")
