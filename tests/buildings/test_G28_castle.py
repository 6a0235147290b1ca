"""G28 Castle (cards.md §3 G28, §4; R-SET-3, R-SET-5, R-SET-6, R-BUILD-8).

1. Build one of your own settlements that you still hold, paying its food and energy and
   respecting its terrain, on an empty space of your landscape: the only way to settle outside a
   settlement phase. The settlement is a separate ``SETTLE`` command after ``USE G28``.
"""

from __future__ import annotations

from ora_core.events import SettlementBuilt
from ora_rules.notation import Settle
from tests.buildings.special_support import (
    OWNER,
    USER,
    accepts_all,
    assert_offered,
    built_now,
    by_contract,
    declined,
    moves,
    owned,
    refusal,
    use,
)
from tests.support import events_of, goods, new_state, place, play, set_goods, slot


def test_step_1_settle_outside_a_settlement_phase() -> None:
    state = owned("G28", wood=1, grain=1)
    assert refusal(state, "SETTLE S01 3 0 WoGn").reason == "wrong_phase"  # R-SET-6
    assert_offered(state, "G28", "USE G28")
    state = use(state, "G28")
    assert state.flow.turn.grants == ("settle",)
    settles = accepts_all(state, Settle)
    assert "SETTLE S01 3 0 WoGn" in settles
    assert not any(s.startswith("SETTLE S04") for s in settles)  # coast only, no coast here
    assert SettlementBuilt(seat=USER, settlement="S01", coord=(3, 0)) in events_of(
        state, "SETTLE S01 3 0 WoGn")
    after = play(state, "SETTLE S01 3 0 WoGn")
    assert after.players[USER].landscape[(3, 0)].card == "S01"
    assert "S01" not in after.players[USER].settlements
    assert goods(after, USER) == {}
    assert after.flow.turn.grants == ()
    assert refusal(after, "SETTLE S02 1 0 WoGn").reason == "wrong_phase"  # only one


def test_step_1_the_settlement_is_optional_and_must_be_paid() -> None:
    state = use(owned("G28", grain=1), "G28")
    assert not [m for m in moves(state) if m.startswith("SETTLE")]
    assert refusal(state, "SETTLE S01 3 0 Gn").reason == "cannot_afford"
    assert refusal(state, "SETTLE S05 3 0 Gn").reason == "settlement_not_in_hand"
    assert "COMMIT" in moves(state)


def test_declined() -> None:
    declined(owned("G28", wood=1, grain=1), "G28")


def test_work_contract_settles_on_the_users_landscape() -> None:
    state = use(by_contract("G28", wood=1, grain=1), "G28")
    after = play(state, "SETTLE S01 3 0 WoGn")
    assert after.players[USER].landscape[(3, 0)].card == "S01"
    assert after.players[OWNER].landscape[(3, 0)].card is None
    assert "S01" in after.players[OWNER].settlements


def test_prior_build_bonus() -> None:
    state = built_now("G28", wood=1, grain=1)
    assert_offered(state, "G28", "PRIOR G28")
    after = play(state, "PRIOR G28", "SETTLE S01 3 1 WoGn")
    assert after.players[USER].landscape[(3, 1)].card == "S01"


def test_bonus_round_prior_on_the_castle_then_settle() -> None:
    state = slot(owned("G28", wood=1, grain=1), USER, "bonus")
    state = play(state, "PRIOR G28")
    assert "SETTLE S01 3 0 WoGn" in accepts_all(state, Settle)
    assert play(state, "SETTLE S01 3 0 WoGn").players[USER].landscape[(3, 0)].card == "S01"


def test_solo_neutral_prior_step_the_grant_is_usable() -> None:
    """R-SOLO-9 step 4: the neutral prior on a Castle the neutral player has just built; the use
    is the Castle's whole function, so its settlement follows in the same step."""
    state = new_state(1, "france")
    state = place(state, 1, "G28", (3, 1))  # the neutral player's new Castle
    state = set_goods(state, USER, coin=1, wood=1, grain=1)
    state = slot(state, USER, "neutral_prior", neutral_built=("G28",))
    state = play(state, "WORK_CONTRACT G28 Pn", "USE G28")
    assert state.flow.turn.grants == ("settle",)
    assert "SETTLE S01 3 0 WoGn" in accepts_all(state, Settle)
    after = play(state, "SETTLE S01 3 0 WoGn")
    assert after.players[USER].landscape[(3, 0)].card == "S01"
