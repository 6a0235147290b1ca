"""I40 Guesthouse (cards.md §3 I40; R-CLG-4, R-CLG-7; open question 20).

1. Choose a building in the display (not built by anyone) and carry out its function for
   yourself; the card stays in the display. (The Hospice's function; not a cloister building.)
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
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
    state = owned("I40", grain=3)
    display = state.display
    assert_offered(state, "I40", "USE I40 I04 3", "USE I40 I11", "USE I40 I08 Be")
    assert used(events_of(state, "USE I40 I04 3")) == ["I40", "I04"]
    after = use(state, "I40", "I04", "3")
    assert goods(after, USER) == {"malt": 3, "straw": 3}
    assert after.display == display


def test_targets_not_allowed() -> None:
    state = owned("I40")
    assert refusal(state, "USE I40 LR1").reason == "target_not_in_display"
    assert refusal(state, "USE I40 I40").reason == "target_is_self"
    with pytest.raises(InvalidCommand):
        events_of(state, "USE I40 Be")  # not a building id: the target is missing


def test_target_lacking_goods() -> None:
    state = owned("I40")
    error = refusal(state, "USE I40 I03")  # the Granary: 1 coin for 4 grain and 1 book
    assert (error.reason, error.building) == ("cannot_afford", "I03")


def test_declined() -> None:
    declined(owned("I40"), "I40")


def test_work_contract() -> None:
    state = by_contract("I40", coin=1)
    owner = goods(state, OWNER)
    assert_offered(state, "I40", "USE I40 I03")
    after = use(state, "I40", "I03")
    assert goods(after, USER) == {"grain": 4, "book": 1}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("I40")
    assert_offered(state, "I40", "PRIOR I40 I11")
    assert goods(play(state, "PRIOR I40 I11"), USER) == {
        "wood": 1, "malt": 1, "coin": 1, "peat": 1}


def test_q20_display_cottage_gives_malt_only() -> None:
    state = owned("I40")
    assert_offered(state, "I40", "USE I40 I10")
    assert goods(use(state, "I40", "I10"), USER) == {"malt": 1}
    assert refusal(state, "USE I40 I10 LR2 Gn").reason == "target_not_adjacent"


def test_q20_display_priory_runs_a_prior_building() -> None:
    state = occupy(owned("I40"), 3, 0, "LW2")
    assert_offered(state, "I40", "USE I40 G01 LW2 Gn")
    assert used(events_of(state, "USE I40 G01 LW2 Gn")) == ["I40", "G01", "LW2"]
    assert goods(use(state, "I40", "G01", "LW2", "Gn"), USER) == {"grain": 2}
