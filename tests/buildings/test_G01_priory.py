"""G01 Priory (cards.md §3 G01; R-CLG-4, R-CLG-5; open question 20).

1. Choose a building with a prior on it, on any landscape, not the Priory.
2. Carry out its function: no clergyman placed there, no fee, its owner gets nothing.
3. If no other building holds a prior, the use has no effect.
"""

from __future__ import annotations

import re

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import ClergyPlaced, GoodsPaid, IndicatorUsed
from ora_core.values import Indicator
from tests.buildings.special_support import (
    OWNER,
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    moves_for,
    owned,
    refusal,
    use,
    used,
)
from tests.support import events_of, goods, occupy, place, play

BUILDING = re.compile(r"^(?:[GFI]\d\d|L[RGBW][123])$")


def test_step_1_2_another_players_building_with_a_prior() -> None:
    state = occupy(owned("G01"), OWNER, 0, "LG2")  # seat 1's prior on its Farmyard
    owner_before = goods(state, OWNER)
    assert_offered(state, "G01", "USE G01 LG2 Gn", "USE G01 LG2 Sh", "USE G01 LG2 JoSh")
    events = events_of(state, "USE G01 LG2 Sh")
    assert used(events) == ["G01", "LG2"]
    assert [e.building for e in events if isinstance(e, ClergyPlaced)] == ["G01"]
    assert IndicatorUsed(indicator=Indicator.LIVESTOCK) in events
    assert not any(isinstance(e, GoodsPaid) for e in events)  # no work-contract fee
    after = use(state, "G01", "LG2", "Sh")
    assert goods(after, USER) == {"livestock": 2}
    assert goods(after, OWNER) == owner_before  # the owner gets nothing
    assert after.players[OWNER].clergy == ("LG2", None, None)  # nobody placed on the target


def test_step_1_own_building_with_own_prior() -> None:
    state = occupy(owned("G01"), USER, 0, "LR1")
    assert_offered(state, "G01", "USE G01 LR1")
    assert goods(use(state, "G01", "LR1"), USER) == {"clay": 2}


def test_step_2_target_tokens_follow_the_target() -> None:
    state = owned("G01", grain=3)
    state = place(state, OWNER, "F04", (3, 0))
    state = occupy(state, OWNER, 0, "F04")
    assert_offered(state, "G01", "USE G01 F04 3", "USE G01 F04 1", "USE G01 F04")
    assert goods(use(state, "G01", "F04", "3"), USER) == {"flour": 3, "straw": 3}
    # doing less: the target's function with fewer repetitions, or none at all
    assert goods(use(state, "G01", "F04", "1"), USER) == {"grain": 2, "flour": 1, "straw": 1}
    assert goods(use(state, "G01", "F04"), USER) == {"grain": 3}


def test_step_3_no_other_prior_no_effect() -> None:
    state = occupy(owned("G01", wood=1), OWNER, 1, "LG2")  # only a lay brother elsewhere
    assert set(moves_for(state, "G01")) == {"USE G01 -", "USE G01", "PRIOR G01 -", "PRIOR G01"}
    events = events_of(state, "USE G01")
    assert used(events) == ["G01"]
    assert goods(use(state, "G01"), USER) == {"wood": 1}
    # its own prior does not count: the Priory itself cannot be chosen
    assert refusal(state, "PRIOR G01 G01").reason == "target_is_self"


def test_targets_not_allowed() -> None:
    state = occupy(owned("G01"), OWNER, 0, "LG2")
    state = occupy(state, OWNER, 1, "LG1")
    assert refusal(state, "USE G01 LG1").reason == "target_without_prior"  # a lay brother
    assert refusal(state, "USE G01 LB2 Gn").reason == "target_without_prior"  # nobody
    assert refusal(state, "USE G01 F05 1").reason == "target_not_built"  # in the display
    assert refusal(state, "USE G01 G01").reason == "target_is_self"
    with pytest.raises(InvalidCommand):
        events_of(state, "USE G01")  # a target exists, so it must be named
    with pytest.raises(InvalidCommand):
        events_of(state, "USE G01 LG2")  # the Farmyard names its good


def test_declined() -> None:
    declined(occupy(owned("G01"), OWNER, 0, "LG2"), "G01")


def test_work_contract() -> None:
    before = by_contract("G01")  # seat 1 owns the Priory; its lay brother stands on it
    state = occupy(before, 2, 0, "LB2")
    assert_offered(state, "G01", "USE G01 LB2 Gn")
    after = use(state, "G01", "LB2", "Gn")
    assert goods(after, USER) == {"grain": 2}
    assert goods(after, OWNER) == {**goods(before, OWNER)}  # the fee was paid before
    assert after.players[USER].clergy == (None, None, None)
    assert after.flow.turn.free_uses == ()


def test_prior_build_bonus() -> None:
    state = occupy(built_now("G01"), OWNER, 0, "LG2")
    assert_offered(state, "G01", "PRIOR G01 LG2 Gn")
    after = play(state, "PRIOR G01 LG2 Gn")
    assert after.players[USER].clergy[0] == "G01"
    assert goods(after, USER) == {"grain": 2}


def test_q20_chain_through_another_redirect() -> None:
    """Open question 20: the Priory may target a redirecting building (here the Hospice, whose
    prior makes it a Priory target), which then runs a display building's function."""
    state = owned("G01", grain=2)
    state = place(state, OWNER, "F40", (3, 0))
    state = occupy(state, OWNER, 0, "F40")
    assert "F04" in state.display
    assert_offered(state, "G01", "USE G01 F40 F04 2")
    events = events_of(state, "USE G01 F40 F04 2")
    assert used(events) == ["G01", "F40", "F04"]
    assert goods(use(state, "G01", "F40", "F04", "2"), USER) == {"flour": 2, "straw": 2}


def test_q20_no_building_twice_in_one_use() -> None:
    """The chain Priory -> Palace -> Priory is refused (it would never end); the Priory's own
    prior makes it a Palace target, but its function already runs in this use."""
    state = owned("G01", wine=1)
    state = place(state, OWNER, "F27", (3, 0))
    state = occupy(state, OWNER, 0, "F27")  # the Palace: a Priory target (prior) ...
    state = occupy(state, OWNER, 1, "LG2")  # ... and the Farmyard: a Palace target
    assert refusal(state, "PRIOR G01 F27 G01 F27").reason == "target_already_used"
    moves = assert_offered(state, "G01", "PRIOR G01 F27 LG2 Gn", "USE G01 F27 LG2 Sh")
    for move in moves:
        targets = [t for t in move.split()[2:] if BUILDING.match(t)]
        assert len(targets) == len(set(targets)), move
    assert not any(m.startswith("PRIOR G01 F27 G01") for m in moves)
    assert goods(use(state, "G01", "F27", "LG2", "Gn"), USER) == {"grain": 2}
