"""G18 Cloister Workshop (cards.md §3 G18): 1. up to 3 times: pay 1 clay and 1 energy, gain 1
ceramic; 2. and/or at most once: pay 1 stone and 1 energy, gain 1 ornament; the energy is pooled
over both parts."""

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


def test_step_1_ceramics() -> None:
    state = owned("G18", clay=3, peat_coal=1)
    assert goods(use(state, "G18", "3", "0", "Co"), USER) == {"ceramic": 3}
    with pytest.raises(InvalidCommand):
        events_of(state, command("G18", "4", "0", "Co"))


def test_step_2_ornament_alone() -> None:
    state = owned("G18", stone=1, wood=1)
    assert goods(use(state, "G18", "0", "1", "Wo"), USER) == {"ornament": 1}


def test_energy_pooled_over_both_parts() -> None:
    """One peat (2 energy) pays a ceramic and an ornament."""
    state = owned("G18", clay=1, stone=1, peat=1)
    assert goods(use(state, "G18", "1", "1", "Pt"), USER) == {"ceramic": 1, "ornament": 1}


def test_step_2_at_most_once() -> None:
    state = owned("G18", stone=2, peat=1)
    with pytest.raises(InvalidCommand):
        events_of(state, command("G18", "0", "2", "Pt"))


def test_lacking_clay_or_energy_is_refused() -> None:
    state = owned("G18", clay=1, wood=2)
    assert refusal(state, command("G18", "2", "0", "WoWo")).reason == "cannot_afford"
    no_energy = owned("G18", clay=2)
    assert refusal(no_energy, command("G18", "1", "0", "Cl")).reason == "useless_payment"
    assert params_offered(no_energy, "G18") == {("-",), ()}


def test_declining() -> None:
    declined(owned("G18", clay=1, wood=1), "G18")


def test_work_contract() -> None:
    state = by_contract("G18", clay=2, peat=1)
    assert goods(use(state, "G18", "2", "0", "Pt"), USER) == {"ceramic": 2}


def test_prior_build_and_use() -> None:
    state = built_now("G18", clay=1, wood=1)
    assert goods(use(state, "G18", "1", "0", "Wo", prior=True), USER) == {"ceramic": 1}


def test_options() -> None:
    state = owned("G18", clay=1, stone=1, peat=1)
    assert params_offered(state, "G18") == {("-",), (), ("1", "0", "Pt"), ("0", "1", "Pt"),
                                            ("1", "1", "Pt")}
    assert_offered(state, "G18", "USE G18 1 1 Pt", "PRIOR G18 0 1 Pt")
