"""G06 Fuel Merchant (cards.md §3 G06): 1. pay goods worth at least 3, 6 or 9 energy, gain 5, 8
or 10 coins; one tier per use; energy beyond the tier is lost."""

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


@pytest.mark.parametrize("tier, payment, coins", [("3", "Co", 5), ("6", "CoCo", 8),
                                                  ("9", "CoCoCo", 10)])
def test_step_1_each_tier(tier: str, payment: str, coins: int) -> None:
    state = owned("G06", peat_coal=3)
    after = use(state, "G06", tier, payment)
    assert goods(after, USER) == {k: v for k, v in {"peat_coal": 3 - len(payment) // 2,
                                                    "coin": coins}.items() if v}


def test_step_1_surplus_energy_is_lost() -> None:
    """Two peat (4 energy) pay the 3-energy tier; no change is given."""
    state = owned("G06", peat=2)
    assert goods(use(state, "G06", "3", "PtPt"), USER) == {"coin": 5}


def test_step_1_straw_flipped_from_grain_pays_energy() -> None:
    state = owned("G06", grain=6)
    assert goods(use(state, "G06", "3", "SwSwSwSwSwSw"), USER) == {"coin": 5}


def test_one_tier_only() -> None:
    state = owned("G06", peat_coal=5)
    with pytest.raises(InvalidCommand):
        events_of(state, command("G06", "3", "6", "CoCoCo"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("G06", "4", "CoCo"))


def test_a_lower_tier_than_affordable() -> None:
    state = owned("G06", peat_coal=3)
    assert goods(use(state, "G06", "3", "Co"), USER) == {"peat_coal": 2, "coin": 5}


def test_R_GOODS_3_overpaying_spends_the_surplus() -> None:
    state = owned("G06", peat_coal=2, peat=1)
    assert goods(play(state, command("G06", "3", "CoPt")), USER) == {"peat_coal": 1, "coin": 5}
    assert ("3", "CoPt") not in params_offered(state, "G06")  # only minimal payments are moves


def test_lacking_energy_is_refused() -> None:
    state = owned("G06", wood=2)
    assert refusal(state, command("G06", "3", "WoWo")).reason == "cannot_afford"
    assert params_offered(state, "G06") == {("-",), ()}


def test_declining() -> None:
    declined(owned("G06", peat_coal=1), "G06")


def test_work_contract() -> None:
    state = by_contract("G06", wood=6)
    assert goods(use(state, "G06", "6", "WoWoWoWoWoWo"), USER) == {"coin": 8}


def test_prior_build_and_use() -> None:
    state = built_now("G06", peat_coal=2)
    assert goods(use(state, "G06", "6", "CoCo", prior=True), USER) == {"coin": 8}


def test_options_every_tier_with_its_minimal_payments() -> None:
    state = owned("G06", peat_coal=2, peat=1)
    assert params_offered(state, "G06") == {("-",), (), ("3", "Co"), ("6", "CoCo")}
    more = owned("G06", peat_coal=2, peat=1, wood=1)
    assert params_offered(more, "G06") == {
        ("-",), (), ("3", "Co"), ("3", "WoPt"), ("6", "CoCo"), ("6", "WoPtCo"),
        ("9", "WoPtCoCo")}
    assert_offered(more, "G06", "USE G06 6 CoCo", "PRIOR G06 3 WoPt", "USE G06 -")
