"""I27 Grand Manor (cards.md §3 I27; R-CLG-4, R-CLG-5, R-BONUS-2; open question 20).

1. Pay 1 whiskey.
2. Then, as the Palace: carry out the function of any occupied building (any colour, any
   landscape, not the Grand Manor itself); no clergyman placed, no fee, the owner gets nothing.
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import GoodsPaid
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
from tests.support import events_of, goods, occupy, place, play, slot


def test_steps_1_2_whiskey_then_an_occupied_building() -> None:
    state = occupy(owned("I27", whiskey=1, grain=2), OWNER, 0, "LG2")
    owner_before = goods(state, OWNER)
    assert_offered(state, "I27", "USE I27 LG2 Sh", "USE I27 LG2 JoGn")
    events = events_of(state, "USE I27 LG2 Sh")
    assert used(events) == ["I27", "LG2"]
    assert [e.goods for e in events if isinstance(e, GoodsPaid)] == [{Good.WHISKEY: 1}]
    after = use(state, "I27", "LG2", "Sh")
    assert goods(after, USER) == {"grain": 2, "livestock": 2}
    assert goods(after, OWNER) == owner_before
    assert after.players[OWNER].clergy == ("LG2", None, None)


def test_step_2_target_tokens_and_food_paid_at_the_end() -> None:
    """The target's own tokens follow it (the Malthouse's count)."""
    state = owned("I27", whiskey=1, grain=3)
    state = place(state, OWNER, "I04", (3, 0))
    state = occupy(state, OWNER, 1, "I04")
    assert_offered(state, "I27", "USE I27 I04 3", "USE I27 I04 1")
    assert goods(use(state, "I27", "I04", "3"), USER) == {"malt": 3, "straw": 3}


def test_step_1_without_whiskey() -> None:
    state = occupy(owned("I27", coin=5), OWNER, 0, "LG2")
    assert refusal(state, "USE I27 LG2 Gn").reason == "cannot_afford"
    assert set(moves_for(state, "I27")) == {"USE I27 -", "PRIOR I27 -"}


def test_targets_not_allowed() -> None:
    state = occupy(owned("I27", whiskey=1), OWNER, 0, "LG2")
    assert refusal(state, "USE I27 LG3").reason == "target_not_occupied"
    assert refusal(state, "PRIOR I27 I27").reason == "target_is_self"
    assert refusal(state, "USE I27 I05 1").reason == "target_not_built"
    with pytest.raises(InvalidCommand):
        events_of(state, "USE I27 -x")


def test_declined() -> None:
    declined(occupy(owned("I27", whiskey=1), OWNER, 0, "LG2"), "I27")


def test_work_contract() -> None:
    state = occupy(by_contract("I27", whiskey=1), 3, 0, "LW1")
    owner = goods(state, OWNER)
    assert_offered(state, "I27", "USE I27 LW1")
    after = use(state, "I27", "LW1")
    assert goods(after, USER) == {"clay": 2}
    assert goods(after, OWNER) == owner


def test_prior_build_bonus() -> None:
    state = occupy(built_now("I27", whiskey=1), 2, 1, "LB3")
    assert_offered(state, "I27", "PRIOR I27 LB3")
    assert goods(play(state, "PRIOR I27 LB3"), USER) == {"coin": 2}


def test_bonus_round_lay_brothers_stay_occupied() -> None:
    """R-BONUS-2: lay brothers stay on their buildings in the bonus round, so the Grand Manor
    (placed with the prior, R-BONUS-4) can still use those buildings."""
    state = occupy(owned("I27", whiskey=1), OWNER, 1, "LG1")
    state = slot(state, USER, "bonus")
    assert_offered(state, "I27", "PRIOR I27 LG1")
    assert goods(play(state, "PRIOR I27 LG1"), USER) == {"clay": 2}


def test_q20_chain_to_an_occupied_guesthouse() -> None:
    """Open question 20: the Grand Manor may run an occupied Guesthouse, which runs a display
    building (here the Malthouse) with its tokens."""
    state = owned("I27", whiskey=1, grain=2)
    state = place(state, OWNER, "I40", (3, 0))
    state = occupy(state, OWNER, 1, "I40")
    assert "I04" in state.display
    assert_offered(state, "I27", "USE I27 I40 I04 2")
    assert used(events_of(state, "USE I27 I40 I04 2")) == ["I27", "I40", "I04"]
    assert goods(use(state, "I27", "I40", "I04", "2"), USER) == {"malt": 2, "straw": 2}


def test_q20_no_return_to_the_grand_manor() -> None:
    state = owned("I27", whiskey=1)
    state = place(state, OWNER, "G01", (3, 0))
    state = occupy(state, OWNER, 1, "G01")
    assert refusal(state, "PRIOR I27 G01 I27 G01").reason == "target_already_used"
