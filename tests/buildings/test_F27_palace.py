"""F27 Palace (cards.md §3 F27; R-CLG-4, R-CLG-5, R-BONUS-2; open question 20).

1. Pay 1 wine.
2. Choose any building occupied by a clergyman of any colour, on any landscape, not the Palace,
   and carry out its function: no clergyman placed, no fee, its owner gets nothing.
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import ClergyPlaced, GoodsPaid
from ora_core.values import Good
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


def test_steps_1_2_wine_then_an_occupied_building_of_another_player() -> None:
    state = occupy(owned("F27", wine=1), OWNER, 1, "LG2")  # a lay brother of seat 1
    owner_before = goods(state, OWNER)
    assert_offered(state, "F27", "USE F27 LG2 Gn", "USE F27 LG2 JoSh")
    events = events_of(state, "USE F27 LG2 Gn")
    assert used(events) == ["F27", "LG2"]
    assert [e.building for e in events if isinstance(e, ClergyPlaced)] == ["F27"]
    assert [e.goods for e in events if isinstance(e, GoodsPaid)] == [{Good.WINE: 1}]
    after = use(state, "F27", "LG2", "Gn")
    assert goods(after, USER) == {"grain": 2}
    assert goods(after, OWNER) == owner_before
    assert after.players[OWNER].clergy == (None, "LG2", None)


def test_step_2_any_colour_including_the_users_own() -> None:
    state = occupy(owned("F27", wine=1), USER, 0, "LR1")
    assert_offered(state, "F27", "USE F27 LR1")
    assert goods(use(state, "F27", "LR1"), USER) == {"clay": 2}


def test_step_1_without_wine() -> None:
    state = occupy(owned("F27", coin=3), OWNER, 1, "LG2")
    assert refusal(state, "USE F27 LG2 Gn").reason == "cannot_afford"
    assert set(moves_for(state, "F27")) == {"USE F27 -", "PRIOR F27 -"}


def test_no_occupied_building_pays_the_wine_for_nothing() -> None:
    """Doing less: with no occupied building besides the Palace, the wine buys nothing."""
    state = owned("F27", wine=1)
    assert set(moves_for(state, "F27")) == {"USE F27 -", "USE F27", "PRIOR F27 -", "PRIOR F27"}
    assert goods(use(state, "F27"), USER) == {}


def test_targets_not_allowed() -> None:
    state = occupy(owned("F27", wine=1), OWNER, 1, "LG2")
    assert refusal(state, "USE F27 LG1").reason == "target_not_occupied"
    assert refusal(state, "USE F27 F04 1").reason == "target_not_built"
    assert refusal(state, "PRIOR F27 F27").reason == "target_is_self"
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F27")
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F27 LG2 Xx")


def test_declined() -> None:
    declined(occupy(owned("F27", wine=1), OWNER, 1, "LG2"), "F27")


def test_work_contract() -> None:
    state = occupy(by_contract("F27", wine=1), 2, 1, "LB1")
    owner = goods(state, OWNER)
    assert_offered(state, "F27", "USE F27 LB1")
    # the Palace is occupied by its owner's lay brother, but never its own target
    assert refusal(state, "USE F27 F27").reason == "target_is_self"
    after = use(state, "F27", "LB1")
    assert goods(after, USER) == {"clay": 2}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = occupy(built_now("F27", wine=1), OWNER, 0, "LG3")
    assert_offered(state, "F27", "PRIOR F27 LG3")
    after = play(state, "PRIOR F27 LG3")
    assert goods(after, USER) == {"coin": 2}
    assert after.players[USER].clergy[0] == "F27"


def test_q20_chain_palace_priory_building() -> None:
    """Open question 20: the Palace may run an occupied Priory, which runs a prior's building."""
    state = owned("F27", wine=1)
    state = place(state, OWNER, "G01", (3, 0))
    state = occupy(state, OWNER, 1, "G01")
    state = occupy(state, 2, 0, "LB2")
    assert_offered(state, "F27", "USE F27 G01 LB2 Sh")
    assert used(events_of(state, "USE F27 G01 LB2 Sh")) == ["F27", "G01", "LB2"]
    assert goods(use(state, "F27", "G01", "LB2", "Sh"), USER) == {"livestock": 2}


def test_q20_the_chain_cannot_return_to_the_palace() -> None:
    """With the user's prior on the Palace, the Priory could pick the Palace again: refused,
    since no function runs twice in one use (the guard against endless recursion)."""
    state = owned("F27", wine=2)
    state = place(state, OWNER, "G01", (3, 0))
    state = occupy(state, OWNER, 1, "G01")
    assert refusal(state, "PRIOR F27 G01 F27 G01").reason == "target_already_used"
    offered = assert_offered(state, "F27")
    assert all(m.split().count("F27") == 1 for m in offered)
