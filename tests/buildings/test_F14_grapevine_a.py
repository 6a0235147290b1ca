"""F14 Grapevine (A) (cards.md §3 F14): 1. take grapes equal to the grapes indicator's value and
move it to 0, or take grapes at the joker's value and move the joker to 0; before the grapes
indicator enters only the joker can produce grapes; 2. short 3/4-player game: every player
also takes 1 grapes (R-WHEEL-6, R-WHEEL-8, R-JOKER-1..3, R-SHORT-2, R-SHORT-4)."""

from __future__ import annotations

from ora_core.events import IndicatorUsed
from ora_core.state import State
from ora_core.values import Indicator, Terrain
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
from tests.support import enter, events_of, goods, rules

GOOD = Indicator.GRAPES
JOKER = Indicator.JOKER


def entered(state: State) -> State:
    """The grapes indicator entered (R-WHEEL-7) and the wheel turned 3 times since: value 4."""
    return rotate(enter(state, GOOD), 3)


def test_step_1_before_entry_only_the_joker_produces() -> None:
    state = owned("F14", wood=1)
    assert GOOD not in state.wheel.positions
    assert refusal(state, command("F14")).reason == "indicator_not_in_play"
    joker = value(state, JOKER)
    after = use(state, "F14", "Jo")
    assert goods(after, USER) == {"wood": 1, "grapes": joker}
    assert after.wheel.positions[JOKER] == 0


def test_step_1_own_indicator_after_entry() -> None:
    state = entered(owned("F14"))
    amount = value(state, GOOD)
    assert amount == 4
    after = use(state, "F14")
    assert goods(after, USER) == {"grapes": 4}
    assert after.wheel.positions[GOOD] == 0
    assert after.wheel.positions[JOKER] == state.wheel.positions[JOKER]
    assert IndicatorUsed(indicator=GOOD) in events_of(state, command("F14"))


def test_step_1_joker_instead_leaves_the_own_indicator() -> None:
    state = entered(owned("F14"))
    after = use(state, "F14", "Jo")
    assert goods(after, USER) == {"grapes": value(state, JOKER)}
    assert after.wheel.positions[JOKER] == 0
    assert after.wheel.positions[GOOD] == state.wheel.positions[GOOD]


def test_step_1_indicator_at_zero_yields_nothing_but_is_used() -> None:
    state = enter(owned("F14"), GOOD)
    assert value(state, GOOD) == 0
    assert IndicatorUsed(indicator=GOOD) in events_of(state, command("F14"))
    assert goods(use(state, "F14"), USER) == {}


def test_step_2_short_game_every_player_takes_one_more() -> None:
    state = owned("F14", length="short")
    assert rules().modes[state.config.mode].wheel_bonus
    before = others(state)
    after = use(state, "F14", "Jo")
    assert goods(after, USER) == {"grapes": value(state, JOKER) + 1}
    for seat, held in others(after).items():
        assert held == {**before[seat], "grapes": before[seat].get("grapes", 0) + 1}


def test_step_2_short_game_bonus_also_at_value_zero() -> None:
    state = enter(owned("F14", length="short"), GOOD)
    after = use(state, "F14")
    assert goods(after, USER) == {"grapes": 1}


def test_step_2_no_bonus_in_the_long_game() -> None:
    state = owned("F14")
    before = others(state)
    assert others(use(state, "F14", "Jo")) == before


def test_declining_moves_no_indicator() -> None:
    state = entered(owned("F14", length="short"))
    declined(state, "F14")
    after = use(state, "F14", "-")
    assert after.wheel == state.wheel
    assert others(after) == others(state)


def test_work_contract() -> None:
    state = by_contract("F14")
    assert goods(use(state, "F14", "Jo"), USER) == {"grapes": value(state, JOKER)}


def test_prior_build_and_use() -> None:
    state = built_now("F14")
    assert rules().building("F14").terrain == {Terrain.HILLSIDE}
    after = use(state, "F14", "Jo", prior=True)
    assert goods(after, USER) == {"grapes": value(state, JOKER)}
    assert after.players[USER].clergy[0] == "F14"


def test_options() -> None:
    state = owned("F14")
    assert params_offered(state, "F14") == {("-",), ("Jo",)}
    state = entered(state)
    assert params_offered(state, "F14") == {("-",), (), ("Jo",)}
    assert_offered(state, "F14", "USE F14", "USE F14 Jo", "PRIOR F14 Jo")


def test_not_in_the_solo_game() -> None:
    """Crossed-out 1: the France Grapevine A is not used in solo."""
    assert "1" not in rules().building("F14").modes
