"""F33 Shipping Company (cards.md §3 F33): 1. pay 3 energy; 2. choose meat, bread or wine and gain
it at the joker's value, moving the joker to 0 (never another indicator); 3. short 3/4-player
game: every player also takes 1 of the chosen good (R-JOKER-1/2, R-SHORT-2). Coast only."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import IndicatorUsed, WheelRotated
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
from tests.support import apply, events_of, goods, rules

JOKER = Indicator.JOKER


@pytest.mark.parametrize("token, good", [("JoMt", "meat"), ("JoBr", "bread"), ("JoWn", "wine")])
def test_steps_1_2_three_energy_for_a_good_at_the_joker(token: str, good: str) -> None:
    state = rotate(owned("F33", peat_coal=1, wood=1), 3)
    amount = value(state, JOKER)
    assert amount == 5
    after = use(state, "F33", token, "Co")
    assert goods(after, USER) == {"wood": 1, good: 5}
    assert after.wheel.positions[JOKER] == 0
    assert IndicatorUsed(indicator=JOKER) in events_of(state, command("F33", token, "Co"))


def test_step_1_energy_from_several_goods() -> None:
    state = owned("F33", peat=1, wood=1)
    assert goods(use(state, "F33", "JoMt", "WoPt"), USER) == {"meat": value(state, JOKER)}


def test_step_2_only_the_joker_never_another_indicator() -> None:
    state = owned("F33", peat_coal=1)
    assert refusal(state, command("F33", "Mt", "Co")).reason == "indicator_not_in_play"
    with pytest.raises(InvalidCommand):
        events_of(state, command("F33", "JoGn", "Co"))
    with pytest.raises(InvalidCommand):
        events_of(state, command("F33", "JoMt"))  # the energy payment is missing


def test_step_2_joker_at_zero_gives_nothing_but_is_legal() -> None:
    state = apply(owned("F33", peat_coal=1), [IndicatorUsed(indicator=JOKER)])
    assert goods(use(state, "F33", "JoBr", "Co"), USER) == {}


def test_step_3_short_game_every_player_takes_one_more() -> None:
    state = owned("F33", peat_coal=1, length="short")
    assert rules().modes[state.config.mode].wheel_bonus
    before = others(state)
    after = use(state, "F33", "JoWn", "Co")
    assert goods(after, USER) == {"wine": value(state, JOKER) + 1}
    for seat, held in others(after).items():
        assert held == {**before[seat], "wine": before[seat].get("wine", 0) + 1}


def test_lacking_energy_is_refused() -> None:
    state = owned("F33", wood=2)
    assert refusal(state, command("F33", "JoMt", "WoWo")).reason == "cannot_afford"
    assert params_offered(state, "F33") == {("-",)}


def test_joker_out_of_play_only_declining() -> None:
    state = apply(owned("F33", peat_coal=1), [WheelRotated(removed=(JOKER,))])
    assert params_offered(state, "F33") == {("-",)}


def test_declining() -> None:
    state = owned("F33", peat_coal=1)
    declined(state, "F33")
    assert use(state, "F33", "-").wheel == state.wheel


def test_work_contract() -> None:
    state = by_contract("F33", peat_coal=1)
    assert goods(use(state, "F33", "JoBr", "Co"), USER) == {"bread": value(state, JOKER)}


def test_prior_build_and_use_on_the_coast() -> None:
    state = built_now("F33", peat_coal=1)
    assert goods(use(state, "F33", "JoMt", "Co", prior=True), USER) == {"meat": 2}


def test_options() -> None:
    state = owned("F33", peat_coal=1, peat=2)
    assert params_offered(state, "F33") == {("-",)} | {
        (t, p) for t in ("JoMt", "JoBr", "JoWn") for p in ("Co", "PtPt")}
    assert_offered(state, "F33", "USE F33 JoMt Co", "PRIOR F33 JoWn PtPt")
