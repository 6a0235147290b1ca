"""I10 Cottage (cards.md §3 I10; R-CLG-4; open questions 17 and 20).

1. Gain 1 malt.
2. Then you may carry out the function of one unoccupied building orthogonally adjacent to the
   Cottage (as the Cloister Garden): no clergyman, no fee, not the Cottage itself.

The Cottage stands on (3, 1), next to the Farmyard LR2 and the Cloister Office LR3.
"""

from __future__ import annotations

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


def test_step_1_the_malt_alone() -> None:
    state = owned("I10")
    assert_offered(state, "I10", "USE I10")
    assert goods(use(state, "I10"), USER) == {"malt": 1}


def test_step_2_malt_then_a_neighbour_with_its_tokens() -> None:
    state = place(owned("I10", grain=2), USER, "I04", (3, 0))
    offered = assert_offered(state, "I10", "USE I10 I04 2", "USE I10 I04 1", "USE I10 LR3",
                             "USE I10 LR2 Sh")
    assert {m for m in offered if m.startswith("USE I10 I04")} == {
        "USE I10 I04", "USE I10 I04 1", "USE I10 I04 2"}
    assert used(events_of(state, "USE I10 I04 2")) == ["I10", "I04"]
    assert goods(use(state, "I10", "I04", "2"), USER) == {"malt": 3, "straw": 2}
    # doing less: the neighbour's function with fewer repetitions
    assert goods(use(state, "I10", "I04", "1"), USER) == {"malt": 2, "straw": 1, "grain": 1}


def test_q17_an_occupied_neighbour_is_not_allowed() -> None:
    state = occupy(owned("I10"), USER, 2, "LR3")
    assert refusal(state, "USE I10 LR3").reason == "target_occupied"
    assert not any(m.startswith("USE I10 LR3") for m in moves_for(state, "I10"))


def test_targets_not_allowed() -> None:
    state = owned("I10")
    assert refusal(state, "USE I10 LR1").reason == "target_not_adjacent"
    assert refusal(state, "USE I10 I10").reason == "target_is_self"
    assert refusal(state, "USE I10 I04 1").reason == "target_not_built"


def test_declined() -> None:
    declined(owned("I10"), "I10")


def test_work_contract() -> None:
    state = by_contract("I10")
    owner = goods(state, OWNER)
    assert_offered(state, "I10", "USE I10 LG2 Gn")
    after = use(state, "I10", "LG2", "Gn")
    assert goods(after, USER) == {"malt": 1, "grain": 2}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = built_now("I10")
    assert_offered(state, "I10", "PRIOR I10 LR3")
    assert goods(play(state, "PRIOR I10 LR3"), USER) == {"malt": 1, "coin": 2}


def test_q20_neighbour_guesthouse_runs_a_display_building() -> None:
    state = place(owned("I10"), USER, "I40", (3, 0))
    assert "I11" in state.display  # the Houseboat: 1 wood, 1 malt, 1 coin, 1 peat
    assert_offered(state, "I10", "USE I10 I40 I11")
    assert used(events_of(state, "USE I10 I40 I11")) == ["I10", "I40", "I11"]
    assert goods(use(state, "I10", "I40", "I11"), USER) == {
        "malt": 2, "wood": 1, "coin": 1, "peat": 1}
