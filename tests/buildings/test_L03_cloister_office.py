"""L03 Cloister Office (cards.md §1 L03): 1. take coins equal to the coin indicator's value and
move it to 0, or use the joker instead; 2. short 3/4-player game: every player also takes 1 coin
(R-WHEEL-6, R-JOKER-1..3, R-SHORT-2, R-SHORT-4). A cloister building, the anchor of the cloister
(R-BUILD-4). Heartland building: its prior use is a plain PRIOR placement."""

from __future__ import annotations

from ora_core.events import IndicatorUsed
from ora_core.values import Indicator
from tests.buildings.common import (
    USER,
    assert_offered,
    command,
    declined,
    others,
    params_offered,
    rotate,
    use,
    value,
)
from tests.support import events_of, goods, new_state, play, rules, set_goods

COIN, JOKER = Indicator.COIN, Indicator.JOKER


def test_step_1_coins_at_the_coin_indicator() -> None:
    state = rotate(set_goods(new_state(), USER), 11)
    assert value(state, COIN) == 10  # the wheel stops at 10
    after = use(state, "LR3")
    assert goods(after, USER) == {"coin": 10}
    assert after.wheel.positions[COIN] == 0
    assert IndicatorUsed(indicator=COIN) in events_of(state, command("LR3"))


def test_step_1_or_the_joker() -> None:
    state = set_goods(new_state(), USER)
    after = use(state, "LR3", "Jo")
    assert goods(after, USER) == {"coin": value(state, JOKER)}
    assert after.wheel.positions[JOKER] == 0
    assert after.wheel.positions[COIN] == state.wheel.positions[COIN]


def test_step_2_short_game_every_player_takes_a_coin() -> None:
    state = set_goods(new_state(length="short"), USER)
    before = others(state)
    after = use(state, "LR3")
    assert goods(after, USER) == {"coin": value(state, COIN) + 1}
    for seat, held in others(after).items():
        assert held == {**before[seat], "coin": before[seat].get("coin", 0) + 1}


def test_is_the_cloister_anchor() -> None:
    assert rules().building("L03").cloister


def test_declining() -> None:
    declined(new_state(), "LR3")


def test_work_contract() -> None:
    state = set_goods(new_state(), USER, coin=1)
    state = play(state, "WORK_CONTRACT LG3 Pn", "WITH_LAYBROTHER")
    assert goods(use(state, "LG3", "Jo"), USER) == {"coin": value(state, JOKER)}


def test_prior_use() -> None:
    after = use(set_goods(new_state(), USER), "LR3", prior=True)
    assert after.players[USER].clergy[0] == "LR3"
    assert goods(after, USER) == {"coin": 2}


def test_options() -> None:
    state = new_state()
    assert params_offered(state, "LR3") == {("-",), (), ("Jo",)}
    assert_offered(state, "LR3", "USE LR3", "PRIOR LR3 Jo")
