"""F09 Cloister Garden (cards.md §3 F09; R-CLG-4; open questions 17 and 20).

1. Gain 1 grape.
2. Then you may carry out the function of one building orthogonally adjacent to the Garden on
   the Garden owner's landscape and not occupied by a clergyman; no clergyman, no fee.
3. Not the Garden itself.

The Garden stands on (3, 1): its neighbours are the Farmyard LR2 (2, 1), the Cloister Office LR3
(4, 1) and the empty (3, 0); the Clay Mound LR1 (4, 0) is diagonal.
"""

from __future__ import annotations

from ora_core.events import ClergyPlaced
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


def test_step_1_the_grape_alone() -> None:
    state = owned("F09")
    assert_offered(state, "F09", "USE F09")
    assert used(events_of(state, "USE F09")) == ["F09"]
    assert goods(use(state, "F09"), USER) == {"grapes": 1}


def test_step_2_grape_then_an_adjacent_unoccupied_building() -> None:
    state = owned("F09")
    offered = assert_offered(state, "F09", "USE F09 LR2 Gn", "USE F09 LR2 JoSh", "USE F09 LR3")
    assert not any(m.startswith("USE F09 LR1") for m in offered)  # diagonal
    events = events_of(state, "USE F09 LR3")
    assert used(events) == ["F09", "LR3"]
    assert [e.building for e in events if isinstance(e, ClergyPlaced)] == ["F09"]
    after = use(state, "F09", "LR3")
    assert goods(after, USER) == {"grapes": 1, "coin": 2}
    assert after.players[USER].clergy == (None, "F09", None)
    assert goods(use(state, "F09", "LR2", "Sh"), USER) == {"grapes": 1, "livestock": 2}


def test_q17_an_occupied_neighbour_is_not_allowed() -> None:
    state = occupy(owned("F09"), USER, 0, "LR2")
    assert refusal(state, "USE F09 LR2 Gn").reason == "target_occupied"
    assert not any(m.startswith("USE F09 LR2") for m in moves_for(state, "F09"))
    assert_offered(state, "F09", "USE F09 LR3")


def test_targets_not_allowed() -> None:
    state = owned("F09")
    assert refusal(state, "USE F09 LR1").reason == "target_not_adjacent"  # diagonal
    assert refusal(state, "USE F09 LG2 Gn").reason == "target_not_adjacent"  # another landscape
    assert refusal(state, "USE F09 F04 1").reason == "target_not_built"
    assert refusal(state, "USE F09 F09").reason == "target_is_self"


def test_declined() -> None:
    """``USE F09 -`` declines the whole function: not even the grape (R-CLG-6)."""
    declined(owned("F09"), "F09")


def test_work_contract_uses_the_owners_neighbours() -> None:
    state = by_contract("F09")
    owner = goods(state, OWNER)
    assert_offered(state, "F09", "USE F09 LG3", "USE F09 LG2 Gn")
    assert refusal(state, "USE F09 LR3").reason == "target_not_adjacent"
    after = use(state, "F09", "LG3")
    assert goods(after, USER) == {"grapes": 1, "coin": 2}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("F09")
    assert_offered(state, "F09", "PRIOR F09 LR2 Gn")
    after = play(state, "PRIOR F09 LR2 Gn")
    assert goods(after, USER) == {"grapes": 1, "grain": 2}
    assert after.players[USER].clergy == ("F09", None, None)


def test_q20_the_neighbour_may_be_a_redirecting_building() -> None:
    """Open question 20: an unoccupied Priory next to the Garden runs a prior's building."""
    state = place(owned("F09"), USER, "G01", (3, 0))
    state = occupy(state, OWNER, 0, "LG2")
    assert_offered(state, "F09", "USE F09 G01 LG2 Gn")
    assert used(events_of(state, "USE F09 G01 LG2 Gn")) == ["F09", "G01", "LG2"]
    assert goods(use(state, "F09", "G01", "LG2", "Gn"), USER) == {"grapes": 1, "grain": 2}


def test_q20_the_chain_cannot_return_to_the_garden() -> None:
    """With the user's prior on the Garden, the Priory could pick the Garden: refused."""
    state = place(owned("F09"), USER, "G01", (3, 0))
    assert refusal(state, "PRIOR F09 G01 F09").reason == "target_already_used"
