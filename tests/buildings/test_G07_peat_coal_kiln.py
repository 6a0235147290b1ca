"""G07 Peat Coal Kiln (cards.md §3 G07): 1. gain 1 peat coal and 1 coin; 2. in addition, any
number of times: pay 1 peat, gain 1 peat coal."""

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


def test_step_1_free_peat_coal_and_coin() -> None:
    state = owned("G07")
    assert goods(use(state, "G07"), USER) == {"peat_coal": 1, "coin": 1}


def test_step_2_peat_turned_to_peat_coal() -> None:
    state = owned("G07", peat=3)
    assert goods(use(state, "G07", "3"), USER) == {"peat_coal": 4, "coin": 1}


def test_step_2_fewer_than_held() -> None:
    state = owned("G07", peat=3)
    assert goods(use(state, "G07", "1"), USER) == {"peat": 2, "peat_coal": 2, "coin": 1}


def test_lacking_peat_is_refused() -> None:
    state = owned("G07", peat=1, peat_coal=2)
    assert refusal(state, command("G07", "2")).reason == "cannot_afford"


def test_declining() -> None:
    declined(owned("G07", peat=1), "G07")


def test_work_contract() -> None:
    state = by_contract("G07", peat=1)
    assert goods(use(state, "G07", "1"), USER) == {"peat_coal": 2, "coin": 1}


def test_prior_build_and_use() -> None:
    state = built_now("G07", peat=2)
    assert goods(use(state, "G07", "2", prior=True), USER) == {"peat_coal": 3, "coin": 1}


def test_options() -> None:
    state = owned("G07", peat=2)
    assert params_offered(state, "G07") == {("-",), (), ("1",), ("2",)}
    assert_offered(state, "G07", "USE G07", "USE G07 2", "PRIOR G07 1")
