"""I23 Locutory (cards.md §3 I23, §4; R-CLG-2, R-BUILD-1, R-BUILD-7; open question 9).

1. Pay 2 coins.
2. Take your prior back into your supply (from whichever building it stands on).
3. Then you may take a Build action; under the prior rule the prior may then be placed on the
   new building and used at once.
"""

from __future__ import annotations

from ora_core.events import ClergyReturned, GoodsPaid
from ora_core.values import Good
from ora_rules.notation import Build
from tests.buildings.special_support import (
    OWNER,
    USER,
    accepts_all,
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
from tests.support import events_of, goods, new_state, occupy, place, play, set_goods, slot


def test_steps_1_to_3_with_the_prior_three_uses_in_one_slot() -> None:
    """The prior works the Locutory, comes home, and works the building just built (R-BUILD-7)."""
    state = owned("I23", coin=2, clay=1)
    assert_offered(state, "I23", "PRIOR I23", "USE I23")
    events = events_of(state, "PRIOR I23")
    assert GoodsPaid(seat=USER, goods={Good.COIN: 2}) in events
    assert ClergyReturned(seat=USER, clergy=(0,)) in events
    state = play(state, "PRIOR I23")
    assert state.players[USER].clergy == (None, None, None)
    assert state.flow.turn.grants == ("build",)
    assert "BUILD G07 3 0" in accepts_all(state, Build)
    state = play(state, "BUILD G07 3 0")
    assert state.flow.turn.prior_bonus == "G07"
    assert_offered(state, "G07", "PRIOR G07")
    state = play(state, "PRIOR G07")
    assert state.players[USER].clergy == ("G07", None, None)
    assert goods(state, USER) == {"peat_coal": 1, "coin": 1}


def test_step_2_the_prior_comes_back_from_another_building() -> None:
    state = occupy(owned("I23", coin=2), USER, 0, "LR1")
    assert ClergyReturned(seat=USER, clergy=(0,)) in events_of(state, "USE I23")
    after = use(state, "I23")
    assert after.players[USER].clergy == (None, "I23", None)
    assert goods(after, USER) == {}


def test_step_2_prior_at_home_nothing_returns() -> None:
    state = owned("I23", coin=2)
    assert not any(isinstance(e, ClergyReturned) for e in events_of(state, "USE I23"))
    assert use(state, "I23").flow.turn.grants == ("build",)


def test_step_3_the_build_is_optional() -> None:
    state = use(owned("I23", coin=2), "I23")
    assert "COMMIT" in moves(state)
    assert play(state, "COMMIT").flow.turn.seat == 1


def test_step_1_lacking_coins() -> None:
    state = occupy(owned("I23", coin=1, wine=0), USER, 0, "LR1")
    assert refusal(state, "USE I23").reason == "cannot_afford"
    assert set(moves_for(state, "I23")) == {"USE I23 -"}


def test_declined_keeps_the_prior_out() -> None:
    state = occupy(owned("I23", coin=2), USER, 0, "LR1")
    after = use(state, "I23", "-")
    assert after.players[USER].clergy == ("LR1", "I23", None)
    assert after.flow.turn.grants == ()
    declined(owned("I23", coin=2), "I23")


def test_work_contract_returns_the_users_prior() -> None:
    state = occupy(by_contract("I23", coin=2, clay=1), USER, 0, "LR2")
    after = use(state, "I23")
    assert after.players[USER].clergy == (None, None, None)
    assert after.players[OWNER].clergy == (None, "I23", None)  # the owner's stays
    after = play(after, "BUILD G07 3 0", "PRIOR G07")
    assert goods(after, USER) == {"peat_coal": 1, "coin": 1}


def test_prior_build_bonus_then_build_and_bonus_again() -> None:
    state = built_now("I23", coin=2, clay=1)
    assert_offered(state, "I23", "PRIOR I23")
    state = play(state, "PRIOR I23", "BUILD G07 3 0", "PRIOR G07")
    assert state.built["G07"].seat == USER
    assert state.players[USER].clergy == ("G07", None, None)
    assert goods(state, USER) == {"peat_coal": 1, "coin": 1}


def test_solo_neutral_prior_step_build_and_prior_bonus() -> None:
    """R-SOLO-9 step 4: the neutral prior on the neutral player's new Locutory; the solo
    player's own prior comes home, the granted build follows, then its prior build bonus."""
    state = new_state(1, "ireland")
    state = place(state, 1, "I23", (3, 1))  # the neutral player's new Locutory
    state = occupy(set_goods(state, USER, coin=3, clay=1), USER, 0, "LR1")
    state = slot(state, USER, "neutral_prior", neutral_built=("I23",))
    state = play(state, "WORK_CONTRACT I23 Pn", "USE I23")
    assert state.players[USER].clergy[0] is None
    assert "BUILD G07 3 0" in accepts_all(state, Build)
    state = play(state, "BUILD G07 3 0")
    assert_offered(state, "G07", "PRIOR G07")
    assert goods(play(state, "PRIOR G07"), USER) == {"peat_coal": 1, "coin": 1}
