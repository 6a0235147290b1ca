"""F32 Calefactory (cards.md §3 F32, §4; R-FELL-1..5, R-JOKER-1, R-SHORT-2, R-SHORT-4).

1. Pay 1 coin.
2. Then you may fell trees once and/or cut peat once, as the normal actions (a forest / moor card
   of your landscape, wood / peat from its indicator or the joker), without a clergyman: the
   separate commands ``FELL_TREES`` and ``CUT_PEAT`` after ``USE F32``.
"""

from __future__ import annotations

from ora_core.events import CardRemoved, GoodsGained, IndicatorUsed
from ora_core.values import Good, Indicator
from ora_rules.notation import CutPeat, FellTrees
from tests.buildings.special_support import (
    FORESTS,
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
from tests.support import apply, events_of, goods, play, slot


def test_steps_1_2_fell_trees_and_cut_peat() -> None:
    state = owned("F32", coin=1)
    assert_offered(state, "F32", "USE F32")
    state = use(state, "F32")
    assert goods(state, USER) == {}
    assert state.flow.turn.grants == ("fell", "cut")
    assert set(accepts_all(state, FellTrees)) == {
        f"FELL_TREES {c} {r}{j}" for c, r in FORESTS for j in ("", " Jo")}
    assert set(accepts_all(state, CutPeat)) == {
        f"CUT_PEAT 0 {r}{j}" for r in (0, 1) for j in ("", " Jo")}
    events = events_of(state, "FELL_TREES 1 0")
    assert CardRemoved(seat=USER, coord=(1, 0)) in events
    assert IndicatorUsed(indicator=Indicator.WOOD) in events
    state = play(state, "FELL_TREES 1 0", "CUT_PEAT 0 1 Jo")
    assert goods(state, USER) == {"wood": 2, "peat": 2}
    assert state.wheel.positions[Indicator.JOKER] == 0
    assert state.wheel.positions[Indicator.PEAT] == 1  # the joker's good keeps its indicator
    assert state.flow.turn.grants == ()
    assert refusal(state, "FELL_TREES 1 1").reason == "main_action_taken"  # once each
    assert refusal(state, "CUT_PEAT 0 0").reason == "main_action_taken"


def test_step_2_either_alone_or_neither() -> None:
    state = use(owned("F32", coin=1), "F32")
    assert "COMMIT" in moves(state)
    after = play(state, "CUT_PEAT 0 0")
    assert goods(after, USER) == {"peat": 2}
    assert after.flow.turn.grants == ("fell",)
    assert play(after, "COMMIT").flow.turn.seat == 1


def test_step_2_no_card_left() -> None:
    """R-FELL-5: with no forest left, felling takes nothing and moves no indicator."""
    state = apply(owned("F32", coin=1), [CardRemoved(seat=USER, coord=c) for c in FORESTS])
    state = use(state, "F32")
    assert accepts_all(state, FellTrees) == ["FELL_TREES"]
    events = events_of(state, "FELL_TREES")
    assert not any(isinstance(e, IndicatorUsed | GoodsGained) for e in events)
    assert play(state, "FELL_TREES").flow.turn.grants == ("cut",)


def test_step_1_lacking_the_coin() -> None:
    state = owned("F32", wood=1)
    assert refusal(state, "USE F32").reason == "cannot_afford"
    assert set(moves_for(state, "F32")) == {"USE F32 -", "PRIOR F32 -"}


def test_declined() -> None:
    declined(owned("F32", coin=1), "F32")


def test_work_contract() -> None:
    state = use(by_contract("F32", coin=1), "F32")
    after = play(state, "FELL_TREES 2 0")
    assert goods(after, USER) == {"wood": 2}
    assert after.players[USER].landscape[(2, 0)].card is None
    assert after.players[OWNER].landscape[(2, 0)].card is not None


def test_prior_build_bonus() -> None:
    state = built_now("F32", coin=1)
    assert_offered(state, "F32", "PRIOR F32")
    after = play(state, "PRIOR F32", "FELL_TREES 1 1 Jo", "CUT_PEAT 0 0")
    assert goods(after, USER) == {"wood": 2, "peat": 2}


def test_bonus_round_the_granted_actions_are_allowed() -> None:
    """R-BONUS-4 forbids fell trees / cut peat as the bonus slot's action, not as the function
    of the building the prior was placed on."""
    state = slot(owned("F32", coin=1), USER, "bonus")
    assert refusal(state, "FELL_TREES 1 0").reason == "wrong_phase"
    state = play(state, "PRIOR F32")
    assert "FELL_TREES 1 0" in accepts_all(state, FellTrees)
    assert goods(play(state, "FELL_TREES 1 0"), USER) == {"wood": 2}


def test_short_game_each_production_gives_every_player_one() -> None:
    """R-SHORT-2/4: the felling and the cutting are two wheel productions."""
    state = owned("F32", length="short", coin=1)
    before = {p.seat: goods(state, p.seat) for p in state.players}
    state = play(state, "USE F32", "FELL_TREES 2 0", "CUT_PEAT 0 1")
    bonus = [e for e in events_of(play(owned("F32", length="short", coin=1), "USE F32"),
                                  "FELL_TREES 2 0") if isinstance(e, GoodsGained)]
    assert len(bonus) == 5  # the user's wood, then 1 wood for each of the four players
    for seat in range(4):
        gained = {g: n - before[seat].get(g, 0) for g, n in goods(state, seat).items()}
        extra = {"wood": 2, "peat": 2} if seat == USER else {}
        assert gained.get("wood", 0) == 1 + extra.get("wood", 0), seat
        assert gained.get("peat", 0) == 1 + extra.get("peat", 0), seat
    assert Good.WOOD in bonus[-1].goods
