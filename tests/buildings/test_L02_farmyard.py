"""L02 Farmyard (cards.md §1 L02): 1. choose exactly one of grain or livestock; 2. take it at its
indicator's value and move that indicator to 0, or at the joker's value, moving the joker to 0;
3. short 3/4-player game: every player also takes 1 of the chosen good (R-WHEEL-6, R-JOKER-1..3,
R-SHORT-2, R-SHORT-4). Heartland building: its prior use is a plain PRIOR placement."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import WheelRotated
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

GRAIN, LIVESTOCK, JOKER = Indicator.GRAIN, Indicator.LIVESTOCK, Indicator.JOKER


def test_steps_1_2_grain_at_its_indicator() -> None:
    state = rotate(set_goods(new_state(), USER), 1)
    after = use(state, "LR2", "Gn")
    assert goods(after, USER) == {"grain": 3}
    assert after.wheel.positions[GRAIN] == 0
    assert after.wheel.positions[LIVESTOCK] == state.wheel.positions[LIVESTOCK]


def test_steps_1_2_livestock_at_its_indicator() -> None:
    state = set_goods(new_state(), USER)
    after = use(state, "LR2", "Sh")
    assert goods(after, USER) == {"livestock": 2}
    assert after.wheel.positions[LIVESTOCK] == 0
    assert after.wheel.positions[GRAIN] == state.wheel.positions[GRAIN]


@pytest.mark.parametrize("token, good", [("JoGn", "grain"), ("JoSh", "livestock")])
def test_step_2_the_joker_for_either_good(token: str, good: str) -> None:
    state = rotate(set_goods(new_state(), USER), 4)
    after = use(state, "LR2", token)
    assert goods(after, USER) == {good: value(state, JOKER)}
    assert after.wheel.positions[JOKER] == 0
    assert after.wheel.positions[GRAIN] == state.wheel.positions[GRAIN]
    assert after.wheel.positions[LIVESTOCK] == state.wheel.positions[LIVESTOCK]


def test_step_1_never_both_and_the_good_must_be_named() -> None:
    state = new_state()
    with pytest.raises(InvalidCommand):
        events_of(state, command("LR2", "Gn", "Sh"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("LR2"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("LR2", "Wo"))


def test_step_3_short_game_bonus_of_the_chosen_good() -> None:
    state = set_goods(new_state(length="short"), USER)
    assert rules().modes[state.config.mode].wheel_bonus
    before = others(state)
    after = use(state, "LR2", "JoSh")
    assert goods(after, USER) == {"livestock": value(state, JOKER) + 1}
    for seat, held in others(after).items():
        assert held == {**before[seat], "livestock": before[seat].get("livestock", 0) + 1}


def test_solo_removed_indicator_only_the_joker() -> None:
    state = apply(new_state(1), [WheelRotated(removed=(GRAIN,))])
    assert refusal(state, command("LR2", "Gn")).reason == "indicator_not_in_play"
    assert params_offered(state, "LR2") == {("-",), ("JoGn",), ("Sh",), ("JoSh",)}


def test_declining() -> None:
    state = new_state()
    declined(state, "LR2")
    assert use(state, "LR2", "-").wheel == state.wheel


def test_work_contract() -> None:
    state = set_goods(new_state(), USER, coin=1)
    state = play(state, "WORK_CONTRACT LG2 Pn", "WITH_LAYBROTHER")
    assert goods(use(state, "LG2", "Gn"), USER) == {"grain": 2}


def test_prior_use() -> None:
    after = use(set_goods(new_state(), USER), "LR2", "JoGn", prior=True)
    assert after.players[USER].clergy[0] == "LR2"
    assert goods(after, USER) == {"grain": 2}


def test_options() -> None:
    state = new_state()
    assert params_offered(state, "LR2") == {("-",), ("Gn",), ("JoGn",), ("Sh",), ("JoSh",)}
    assert_offered(state, "LR2", "USE LR2 Gn", "USE LR2 JoSh", "PRIOR LR2 Sh")
