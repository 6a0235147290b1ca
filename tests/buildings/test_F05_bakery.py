"""F05 Bakery (cards.md §3 F05): 1. any number of times: pay 1 flour and 1/2 energy, gain 1
bread, the energy pooled over the loaves; 2. and then up to 2 times: pay 1 bread (held or just
baked), gain 4 coins."""

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


def test_step_1_energy_is_pooled_over_the_loaves() -> None:
    """Two loaves need 1 energy in all: one wood pays both (R-GOODS-3)."""
    state = owned("F05", flour=2, wood=1)
    assert goods(use(state, "F05", "2", "0", "Wo"), USER) == {"bread": 2}


def test_step_1_straw_pays_half_an_energy() -> None:
    state = owned("F05", flour=1, straw=1)
    assert goods(use(state, "F05", "1", "0", "Sw"), USER) == {"bread": 1}


def test_step_1_surplus_energy_is_lost() -> None:
    state = owned("F05", flour=3, peat=1)
    assert goods(use(state, "F05", "1", "0", "Pt"), USER) == {"flour": 2, "bread": 1}


def test_step_2_sells_just_baked_bread() -> None:
    state = owned("F05", flour=2, wood=1)
    assert goods(use(state, "F05", "2", "2", "Wo"), USER) == {"coin": 8}


def test_step_2_sells_held_bread_without_baking() -> None:
    state = owned("F05", bread=3)
    assert goods(use(state, "F05", "0", "2"), USER) == {"bread": 1, "coin": 8}


def test_step_2_at_most_twice() -> None:
    state = owned("F05", bread=3)
    with pytest.raises(InvalidCommand):
        events_of(state, command("F05", "0", "3"))


def test_less_than_the_maximum() -> None:
    state = owned("F05", flour=3, peat=1, bread=1)
    assert goods(use(state, "F05", "3", "1", "Pt"), USER) == {"bread": 3, "coin": 4}


def test_lacking_energy_is_refused_and_not_offered() -> None:
    state = owned("F05", flour=2, grain=0)
    with pytest.raises(InvalidCommand):  # no payment named
        events_of(state, command("F05", "1", "0"))
    assert refusal(state, command("F05", "1", "0", "Wo")).reason == "cannot_afford"
    assert params_offered(state, "F05") == {("-",), ()}


def test_R_GOODS_3_a_superfluous_tile_is_spent_and_not_offered() -> None:
    state = owned("F05", flour=1, wood=2)
    assert goods(play(state, command("F05", "1", "0", "WoWo")), USER) == {"bread": 1}
    assert ("1", "0", "WoWo") not in params_offered(state, "F05")


def test_lacking_flour_is_refused() -> None:
    state = owned("F05", flour=1, peat=2)
    assert refusal(state, command("F05", "2", "0", "Pt")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("F05", flour=1, wood=1), "F05")


def test_work_contract() -> None:
    state = by_contract("F05", flour=1, straw=1)
    assert goods(use(state, "F05", "1", "1", "Sw"), USER) == {"coin": 4}


def test_prior_build_and_use() -> None:
    state = built_now("F05", flour=2, wood=1)
    assert goods(use(state, "F05", "2", "1", "Wo", prior=True), USER) == {"bread": 1, "coin": 4}


def test_options_name_the_payment_last() -> None:
    state = owned("F05", flour=2, wood=1, peat=1)
    offered = params_offered(state, "F05")
    assert {("2", "0", "Wo"), ("2", "0", "Pt"), ("2", "2", "Wo"), ("1", "1", "Pt")} <= offered
    assert ("2", "0", "WoPt") not in offered
    assert_offered(state, "F05", "USE F05 2 2 Wo", "PRIOR F05 1 0 Pt")
