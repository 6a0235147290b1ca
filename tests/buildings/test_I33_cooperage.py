"""I33 Cooperage (cards.md §3 I33): 1. pay 3 wood; 2. choose beer or whiskey and gain it at the
joker's value, moving the joker to 0 (never another indicator); 3. short 3/4-player game: every
player also takes 1 of the chosen good (R-JOKER-1/2, R-SHORT-2)."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import IndicatorUsed
from ora_core.values import Indicator
from tests.buildings.common import (
    USER,
    assert_offered,
    built_now,
    by_contract,
    command,
    declined,
    others,
    owned,
    params_offered,
    refusal,
    rotate,
    use,
    value,
)
from tests.support import events_of, goods

JOKER = Indicator.JOKER


@pytest.mark.parametrize("token, good", [("JoBe", "beer"), ("JoWh", "whiskey")])
def test_steps_1_2_three_wood_for_a_good_at_the_joker(token: str, good: str) -> None:
    state = rotate(owned("I33", wood=4), 2)
    after = use(state, "I33", token)
    assert goods(after, USER) == {"wood": 1, good: value(state, JOKER)}
    assert value(state, JOKER) == 4
    assert after.wheel.positions[JOKER] == 0
    assert IndicatorUsed(indicator=JOKER) in events_of(state, command("I33", token))


def test_step_2_only_the_joker() -> None:
    state = owned("I33", wood=3)
    assert refusal(state, command("I33", "Be")).reason == "indicator_not_in_play"
    with pytest.raises(InvalidCommand):
        events_of(state, command("I33", "JoMa"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("I33"))


def test_step_3_short_game_every_player_takes_one_more() -> None:
    state = owned("I33", wood=3, length="short")
    before = others(state)
    after = use(state, "I33", "JoWh")
    assert goods(after, USER) == {"whiskey": value(state, JOKER) + 1}
    for seat, held in others(after).items():
        assert held == {**before[seat], "whiskey": before[seat].get("whiskey", 0) + 1}


def test_lacking_wood_is_refused() -> None:
    state = owned("I33", wood=2, peat=3)
    assert refusal(state, command("I33", "JoBe")).reason == "cannot_afford"
    assert params_offered(state, "I33") == {("-",)}


def test_declining() -> None:
    declined(owned("I33", wood=3), "I33")


def test_work_contract() -> None:
    state = by_contract("I33", wood=3)
    assert goods(use(state, "I33", "JoBe"), USER) == {"beer": value(state, JOKER)}


def test_prior_build_and_use() -> None:
    state = built_now("I33", wood=3)
    assert goods(use(state, "I33", "JoWh", prior=True), USER) == {"whiskey": 2}


def test_options() -> None:
    state = owned("I33", wood=3)
    assert params_offered(state, "I33") == {("-",), ("JoBe",), ("JoWh",)}
    assert_offered(state, "I33", "USE I33 JoBe", "PRIOR I33 JoWh")
