"""I29 Forest Hut (cards.md §3 I29, §4; R-FELL-6).

1. Remove 1 forest card from your landscape (no wood; the space becomes empty plains).
2. Gain 2 livestock, 2 wood and 1 stone. Without a forest to remove there is nothing.
"""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, IndicatorUsed
from ora_core.values import FOREST, Terrain
from tests.buildings.special_support import (
    FORESTS,
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
)
from tests.support import apply, events_of, goods, play

REWARD = {"livestock": 2, "wood": 2, "stone": 1}


def test_steps_1_2_remove_a_forest_and_gain() -> None:
    state = owned("I29")
    assert set(moves_for(state, "I29")) == {
        "USE I29 -", "PRIOR I29 -",
        *(f"{verb} I29 {c} {r}" for verb in ("USE", "PRIOR") for c, r in FORESTS)}
    assert_offered(state, "I29", "USE I29 1 1")
    events = events_of(state, "USE I29 1 1")
    assert CardRemoved(seat=USER, coord=(1, 1)) in events
    assert not any(isinstance(e, IndicatorUsed) for e in events)  # not a fell-trees action
    after = use(state, "I29", "1", "1")
    assert goods(after, USER) == REWARD
    space = after.players[USER].landscape[(1, 1)]
    assert (space.terrain, space.card) == (Terrain.PLAINS, None)
    assert set(moves_for(after, "I29")) == set()  # occupied now


def test_step_2_nothing_without_a_forest() -> None:
    state = apply(owned("I29"), [CardRemoved(seat=USER, coord=c) for c in FORESTS])
    assert set(moves_for(state, "I29")) == {"USE I29 -", "PRIOR I29 -"}
    assert refusal(state, "USE I29").reason == "no_forest"
    assert refusal(state, "USE I29 1 0").reason == "no_forest"


def test_wrong_or_missing_forest() -> None:
    state = owned("I29")
    assert refusal(state, "USE I29 0 1").reason == "no_forest_there"  # a moor
    assert refusal(state, "USE I29 3 1").reason == "no_forest_there"  # the Forest Hut itself
    with pytest.raises(InvalidCommand):
        events_of(state, "USE I29")
    with pytest.raises(InvalidCommand):
        events_of(state, "USE I29 1 x")


def test_declined() -> None:
    declined(owned("I29"), "I29")


def test_work_contract_removes_the_users_forest() -> None:
    state = by_contract("I29")
    assert_offered(state, "I29", "USE I29 2 0")
    after = use(state, "I29", "2", "0")
    assert goods(after, USER) == REWARD
    assert after.players[USER].landscape[(2, 0)].card is None
    assert after.players[OWNER].landscape[(2, 0)].card == FOREST


def test_prior_build_bonus() -> None:
    state = built_now("I29")
    assert_offered(state, "I29", "PRIOR I29 1 0")
    assert goods(play(state, "PRIOR I29 1 0"), USER) == REWARD
