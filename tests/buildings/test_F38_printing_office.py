"""F38 Printing Office (cards.md §3 F38, §4; R-FELL-6).

1. Remove up to 4 forest cards from your landscape (no wood); gain 1 book per forest removed.

Tokens: column and row of each forest, ascending, each once (``USE F38 1 0 2 0``).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import CardRemoved, LandscapeAdded
from ora_core.state import State
from ora_core.values import FOREST, Terrain
from ora_rules import landscape
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
from tests.support import apply, events_of, goods, play, rules


def with_district(state: State) -> State:
    """A hillside-side district above the heartland: a moor (0, -1), forests (1, -1), (2, -1)."""
    spaces = landscape.district_spaces(rules(), "HILLS", -1)
    return apply(state, [LandscapeAdded(seat=USER, kind="district", side="HILLS", row=-1,
                                        spaces=spaces)])


def test_step_1_up_to_four_forests_one_book_each() -> None:
    state = with_district(owned("F38"))
    forests = landscape.forests(state.players[USER])
    assert forests == [(1, -1), (1, 0), (1, 1), (2, -1), (2, 0)]
    expected = {" ".join(["USE F38", *(f"{c} {r}" for c, r in chosen)]).rstrip()
                for k in range(5) for chosen in combinations(forests, k)}
    offered = assert_offered(state, "F38", "USE F38 1 -1 1 0 2 -1 2 0", "USE F38 1 0")
    assert {m for m in offered if m.startswith("USE ")} == expected | {"USE F38 -"}
    events = events_of(state, "USE F38 1 -1 1 0 2 -1 2 0")
    assert [e.coord for e in events if isinstance(e, CardRemoved)] == [
        (1, -1), (1, 0), (2, -1), (2, 0)]
    after = use(state, "F38", "1", "-1", "1", "0", "2", "-1", "2", "0")
    assert goods(after, USER) == {"book": 4}
    assert landscape.forests(after.players[USER]) == [(1, 1)]
    space = after.players[USER].landscape[(2, -1)]
    assert (space.terrain, space.card) == (Terrain.PLAINS, None)


def test_step_1_a_fifth_forest_is_refused() -> None:
    """"Up to 4": a fifth forest is refused by the card (weblabora's records remove five)."""
    state = with_district(owned("F38"))
    error = refusal(state, "USE F38 1 -1 1 0 1 1 2 -1 2 0")
    assert (error.reason, error.rule) == ("too_many_forests", "cards.md F38")


def test_doing_less() -> None:
    state = owned("F38")
    assert goods(use(state, "F38", "2", "0"), USER) == {"book": 1}
    assert goods(use(state, "F38", "1", "0", "1", "1"), USER) == {"book": 2}
    after = use(state, "F38")
    assert goods(after, USER) == {}
    assert landscape.forests(after.players[USER]) == list(FORESTS)


def test_no_forest_nothing_to_do() -> None:
    state = apply(owned("F38"), [CardRemoved(seat=USER, coord=c) for c in FORESTS])
    assert set(moves_for(state, "F38")) == {"USE F38 -", "USE F38", "PRIOR F38 -", "PRIOR F38"}
    assert refusal(state, "USE F38 1 0").reason == "no_forest_there"


def test_wrong_tokens() -> None:
    state = with_district(owned("F38"))
    assert refusal(state, "USE F38 0 -1").reason == "no_forest_there"  # the district's moor
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F38 2 0 1 0")  # not ascending
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F38 1 0 1 0")  # twice
    with pytest.raises(InvalidCommand):
        events_of(state, "USE F38 1")


def test_declined() -> None:
    declined(owned("F38"), "F38")


def test_work_contract_removes_the_users_forests() -> None:
    state = by_contract("F38")
    assert_offered(state, "F38", "USE F38 1 0 1 1 2 0")
    after = use(state, "F38", "1", "0", "1", "1", "2", "0")
    assert goods(after, USER) == {"book": 3}
    assert landscape.forests(after.players[USER]) == []
    assert after.players[OWNER].landscape[(1, 0)].card == FOREST


def test_prior_build_bonus() -> None:
    state = built_now("F38")
    assert_offered(state, "F38", "PRIOR F38 2 0")
    assert goods(play(state, "PRIOR F38 2 0"), USER) == {"book": 1}
