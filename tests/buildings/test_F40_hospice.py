"""F40 Hospice (cards.md §3 F40; R-CLG-4, R-CLG-7; open question 20).

1. Choose a building in the display (not built by anyone) and carry out its function for
   yourself; the card stays in the display.
"""

from __future__ import annotations

import pytest

from ora_core.errors import IllegalCommand, InvalidCommand
from tests.buildings.special_support import (
    OWNER,
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    owned,
    refusal,
    use,
    used,
)
from tests.support import events_of, goods, occupy, play


def test_step_1_a_display_building_with_its_tokens() -> None:
    state = owned("F40", grain=2)
    display = state.display
    assert_offered(state, "F40", "USE F40 F04 2", "USE F40 F04 1", "USE F40 F04")
    assert used(events_of(state, "USE F40 F04 2")) == ["F40", "F04"]
    after = use(state, "F40", "F04", "2")
    assert goods(after, USER) == {"flour": 2, "straw": 2}
    assert after.display == display  # the card stays in the display
    assert "F04" not in after.built


def test_step_1_the_targets_food_or_energy_is_paid_last() -> None:
    """The Bakery's half energy per loaf is paid with the goods string at the end (R-GOODS-3)."""
    state = owned("F40", flour=2, peat=1)
    offered = assert_offered(state, "F40", "USE F40 F05 2 0 Pt")
    assert "USE F40 F05 2 Pt" not in offered
    assert goods(use(state, "F40", "F05", "2", "0", "Pt"), USER) == {"bread": 2}
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F40 F05 2")  # the payment is missing
    assert refusal(state, "USE F40 F05 2 0 PtPt").reason == "cannot_afford"


def test_targets_not_allowed() -> None:
    state = owned("F40")
    assert refusal(state, "USE F40 LR2 Gn").reason == "target_not_in_display"
    assert refusal(state, "USE F40 F40").reason == "target_is_self"
    assert refusal(state, "USE F40 F27 LR2 Gn").reason == "target_not_in_display"  # in stack C
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F40")  # the display holds buildings: name one


def test_target_lacking_goods() -> None:
    state = owned("F40", coin=0)
    error = refusal(state, "USE F40 F03")  # the Grain Storage: 1 coin for 6 grain
    assert (error.reason, error.building) == ("cannot_afford", "F03")


def test_declined() -> None:
    declined(owned("F40"), "F40")


def test_work_contract() -> None:
    state = by_contract("F40", coin=1)
    owner = goods(state, OWNER)
    assert_offered(state, "F40", "USE F40 F03")
    after = use(state, "F40", "F03")
    assert goods(after, USER) == {"grain": 6}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("F40", wood=1)
    assert "F40" not in state.display
    assert_offered(state, "F40", "PRIOR F40 F11")
    assert goods(play(state, "PRIOR F40 F11"), USER) == {
        "wood": 2, "wine": 1, "coin": 1, "ceramic": 1}


def test_q20_display_garden_gives_the_grape_but_has_no_neighbours() -> None:
    """The Garden in the display lies in no landscape, so it has no neighbour to run."""
    state = owned("F40")
    assert_offered(state, "F40", "USE F40 F09")
    assert goods(use(state, "F40", "F09"), USER) == {"grapes": 1}
    with pytest.raises(IllegalCommand) as info:
        events_of(state, "USE F40 F09 LR2 Gn")
    assert (info.value.reason, info.value.building) == ("target_not_adjacent", "F09")


def test_q20_display_priory_runs_a_prior_building() -> None:
    state = occupy(owned("F40"), OWNER, 0, "LG1")
    assert "G01" in state.display
    assert_offered(state, "F40", "USE F40 G01 LG1")
    assert used(events_of(state, "USE F40 G01 LG1")) == ["F40", "G01", "LG1"]
    assert goods(use(state, "F40", "G01", "LG1"), USER) == {"clay": 2}
