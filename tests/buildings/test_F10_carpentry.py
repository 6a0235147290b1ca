"""F10 Carpentry (cards.md §3 F10, §4; R-FELL-6, R-BUILD-1, R-BUILD-7; open question 8).

1. Remove 1 forest card from your landscape: no wood; the space becomes empty plains.
2. Then you may take a Build action (normal cost and placement; the prior build bonus follows).

Open question 8, as settled in the spec: the removal is compulsory and the build comes only with
it; with no forest left the function cannot be carried out (only declined).
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, GameEvent, GoodsGained
from ora_core.values import FOREST, Terrain
from ora_rules.notation import Build
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
from tests.support import apply, events_of, goods, play


def test_step_1_the_forest_goes_without_wood() -> None:
    state = owned("F10", clay=1)
    assert_offered(state, "F10", *(f"USE F10 {c} {r}" for c, r in FORESTS))
    events = events_of(state, "USE F10 1 0")
    assert CardRemoved(seat=USER, coord=(1, 0)) in events
    assert not any(isinstance(e, GoodsGained) for e in events)
    after = use(state, "F10", "1", "0")
    space = after.players[USER].landscape[(1, 0)]
    assert (space.terrain, space.card) == (Terrain.PLAINS, None)
    assert goods(after, USER) == {"clay": 1}
    assert after.flow.turn.grants == ("build",)


def test_step_2_then_a_build_action_with_the_prior_build_bonus() -> None:
    state = use(owned("F10", clay=1), "F10", "1", "0")
    assert state.flow.turn.main_done
    builds = accepts_all(state, Build)
    assert "BUILD G07 1 0" in builds  # onto the freed space
    state = play(state, "BUILD G07 1 0")
    assert state.built["G07"].coord == (1, 0)
    assert goods(state, USER) == {}
    assert state.flow.turn.grants == ()
    assert_offered(state, "G07", "PRIOR G07")  # R-BUILD-7: the prior is at home
    after = play(state, "PRIOR G07")
    assert goods(after, USER) == {"peat_coal": 1, "coin": 1}


def test_step_2_the_build_is_optional_and_only_once() -> None:
    state = use(owned("F10", clay=1, wood=1, straw=1), "F10", "1", "0")
    assert "COMMIT" in moves(state)
    assert play(state, "COMMIT").flow.turn.seat == 1
    state = play(state, "BUILD G07 1 0")
    assert not [m for m in moves(state) if m.startswith("BUILD")]
    assert refusal(state, "BUILD F03 3 0").reason == "main_action_taken"


def test_q8_no_forest_left() -> None:
    state = owned("F10", clay=1)
    state = apply(state, [CardRemoved(seat=USER, coord=c) for c in FORESTS])
    assert set(moves_for(state, "F10")) == {"USE F10 -", "PRIOR F10 -"}
    assert refusal(state, "USE F10").reason == "no_forest"
    declined(state, "F10")


def test_wrong_or_missing_forest() -> None:
    state = owned("F10")
    assert refusal(state, "USE F10 0 0").reason == "no_forest_there"  # a moor
    assert refusal(state, "USE F10 3 0").reason == "no_forest_there"  # empty
    assert refusal(state, "USE F10 1 -1").reason == "no_forest_there"  # no such space
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F10")
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F10 1")
    assert refusal(state, "USE F10 1 0 2 0").reason == "too_many_forests"  # one forest only


def test_declined() -> None:
    declined(owned("F10"), "F10")


def test_work_contract_removes_the_users_forest() -> None:
    state = by_contract("F10", clay=1)
    owner_land = state.players[OWNER].landscape
    after = use(state, "F10", "2", "0")
    assert after.players[USER].landscape[(2, 0)].card is None
    assert after.players[OWNER].landscape == owner_land
    assert after.players[OWNER].landscape[(2, 0)].card == FOREST
    after = play(after, "BUILD G07 2 0")
    assert after.built["G07"].seat == USER


def test_prior_build_bonus_then_the_granted_build() -> None:
    state = built_now("F10", clay=1)
    assert_offered(state, "F10", "PRIOR F10 1 1")
    state = play(state, "PRIOR F10 1 1", "BUILD G07 1 1")
    assert state.built["G07"].coord == (1, 1)
    assert state.flow.turn.prior_bonus is None  # the prior stands on the Carpentry
    assert "PRIOR G07" not in moves(state)


def _events(state_events: list[GameEvent]) -> list[str]:
    return [type(e).__name__ for e in state_events]


def test_event_order() -> None:
    state = owned("F10")
    assert _events(events_of(state, "USE F10 2 0")) == [
        "MovePlayed", "ClergyPlaced", "BuildingUsed", "CardRemoved", "FlowChanged"]


def test_step_2_the_build_is_paid_as_usual() -> None:
    state = use(owned("F10"), "F10", "1", "0")
    assert not [m for m in moves(state) if m.startswith("BUILD")]
    assert refusal(state, "BUILD G07 1 0").reason == "cannot_afford"
    assert state.flow.turn.grants == ("build",)
