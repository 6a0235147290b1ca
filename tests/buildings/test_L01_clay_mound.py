"""L01 Clay Mound (cards.md §1 L01): 1. take clay equal to the clay indicator's value and move it
to 0; 2. alternatively take clay at the joker's value and move the joker to 0; 3. short 3/4-player
game: every player also takes 1 clay (R-WHEEL-6, R-JOKER-1..3, R-SHORT-2, R-SHORT-4). Heartland
building: never built, so its prior use is a plain PRIOR placement (R-ACT-4)."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import IndicatorUsed, WheelRotated
from ora_core.values import Indicator
from tests.buildings.common import (
    USER,
    assert_offered,
    command,
    declined,
    others,
    params_offered,
    refusal,
    rotate,
    use,
    value,
)
from tests.support import apply, events_of, goods, new_state, play, rules, set_goods

CLAY = Indicator.CLAY
JOKER = Indicator.JOKER


def test_step_1_clay_at_its_indicator() -> None:
    state = rotate(set_goods(new_state(), USER), 2)
    assert value(state, CLAY) == 4
    after = use(state, "LR1")
    assert goods(after, USER) == {"clay": 4}
    assert after.wheel.positions[CLAY] == 0
    assert after.wheel.positions[JOKER] == state.wheel.positions[JOKER]
    assert IndicatorUsed(indicator=CLAY) in events_of(state, command("LR1"))


def test_step_2_clay_at_the_joker_instead() -> None:
    state = apply(set_goods(new_state(), USER), [IndicatorUsed(indicator=CLAY)])
    after = use(state, "LR1", "Jo")
    assert goods(after, USER) == {"clay": value(state, JOKER)}
    assert after.wheel.positions[JOKER] == 0
    assert after.wheel.positions[CLAY] == 0


def test_step_3_short_game_every_player_takes_one_more() -> None:
    state = set_goods(new_state(length="short"), USER)
    assert rules().modes[state.config.mode].wheel_bonus
    before = others(state)
    after = use(state, "LR1")
    assert goods(after, USER) == {"clay": value(state, CLAY) + 1}
    for seat, held in others(after).items():
        assert held == {**before[seat], "clay": before[seat].get("clay", 0) + 1}


def test_step_3_no_bonus_in_the_long_game() -> None:
    state = new_state()
    assert others(use(state, "LR1")) == others(state)


def test_only_one_indicator_per_use() -> None:
    with pytest.raises(InvalidCommand):
        events_of(new_state(), command("LR1", "Jo", "Jo"))


def test_solo_indicator_removed_only_the_joker() -> None:
    """R-WHEEL-8: an indicator out of play produces nothing without the joker."""
    state = apply(set_goods(new_state(1), USER), [WheelRotated(removed=(CLAY,))])
    assert refusal(state, command("LR1")).reason == "indicator_not_in_play"
    assert params_offered(state, "LR1") == {("-",), ("Jo",)}
    assert goods(use(state, "LR1", "Jo"), USER) == {"clay": value(state, JOKER)}


def test_declining_moves_no_indicator() -> None:
    state = new_state()
    declined(state, "LR1")
    assert use(state, "LR1", "-").wheel == state.wheel


def test_work_contract_on_another_players_clay_mound() -> None:
    state = set_goods(new_state(), USER, coin=1)
    state = play(state, "WORK_CONTRACT LG1 Pn", "WITH_LAYBROTHER")
    after = use(state, "LG1")
    assert goods(after, USER) == {"clay": value(state, CLAY)}
    assert after.players[1].clergy[1] == "LG1"


def test_prior_use() -> None:
    after = use(set_goods(new_state(), USER), "LR1", prior=True)
    assert after.players[USER].clergy[0] == "LR1"
    assert goods(after, USER) == {"clay": 2}


def test_options() -> None:
    state = new_state()
    assert params_offered(state, "LR1") == {("-",), (), ("Jo",)}
    assert_offered(state, "LR1", "USE LR1", "USE LR1 Jo", "PRIOR LR1 Jo")
