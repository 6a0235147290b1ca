"""F23 Bathhouse (cards.md §3 F23, §4; R-CLG-2, R-CLG-3; open question 14).

1. Pay 1 coin; gain 1 book and 1 ceramic.
2. Then take back all of your clergymen standing on buildings (on your own Bathhouse including the
   one just placed); they are available again at once.

Open question 14, as settled in the spec: under a work contract only the user's clergymen come
back; the owner's clergyman stays on the Bathhouse. Without the coin nothing happens.
"""

from __future__ import annotations

from ora_core.events import ClergyReturned
from tests.buildings.special_support import (
    OWNER,
    USER,
    assert_offered,
    built_now,
    by_contract,
    declined,
    moves,
    moves_for,
    owned,
    refusal,
    use,
)
from tests.support import events_of, goods, occupy, play, slot


def test_steps_1_2_all_placed_clergymen_come_home() -> None:
    state = occupy(owned("F23", coin=1), USER, 0, "LR1")
    assert_offered(state, "F23", "USE F23")
    events = events_of(state, "USE F23")
    assert ClergyReturned(seat=USER, clergy=(0, 1)) in events  # the prior and the lay brother
    after = use(state, "F23")
    assert goods(after, USER) == {"book": 1, "ceramic": 1}
    assert after.players[USER].clergy == (None, None, None)
    # back at once: later slots of the round may place them again (here the next action slot)
    later = slot(after, USER)
    assert "USE F23 -" in moves(later) and "PRIOR LR1" in moves(later)


def test_step_1_lacking_the_coin_nothing_happens() -> None:
    state = occupy(owned("F23", coin=0), USER, 0, "LR1")
    assert refusal(state, "USE F23").reason == "cannot_afford"
    assert set(moves_for(state, "F23")) == {"USE F23 -"}
    declined_state = use(state, "F23", "-")
    assert declined_state.players[USER].clergy == ("LR1", "F23", None)  # no recall


def test_declined() -> None:
    declined(owned("F23", coin=1), "F23")


def test_q14_work_contract_only_the_users_clergymen() -> None:
    state = occupy(by_contract("F23", coin=1), USER, 2, "LR2")
    events = events_of(state, "USE F23")
    assert [e for e in events if isinstance(e, ClergyReturned)] == [
        ClergyReturned(seat=USER, clergy=(2,))]
    after = use(state, "F23")
    assert after.players[USER].clergy == (None, None, None)
    assert after.players[OWNER].clergy == (None, "F23", None)
    assert goods(after, USER) == {"book": 1, "ceramic": 1}


def test_work_contract_user_with_nobody_placed() -> None:
    state = by_contract("F23", coin=1)
    assert not any(isinstance(e, ClergyReturned) for e in events_of(state, "USE F23"))


def test_prior_build_bonus() -> None:
    state = built_now("F23", coin=1)
    assert_offered(state, "F23", "PRIOR F23")
    after = play(state, "PRIOR F23")
    assert after.players[USER].clergy == (None, None, None)
    assert goods(after, USER) == {"book": 1, "ceramic": 1}
