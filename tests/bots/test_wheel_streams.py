"""Issue 36, twenty-ninth pass (docs/bots.md): solo, an indicator at the wheel's last space
leaves play at the next rotation (R-WHEEL-5, R-SOLO-6), and the planner, valuing the position a
move leads to, let them go (the grain in round 13 in most of its games); the strategic
evaluation now counts each indicator kept in play as a stream of goods for the rounds left."""

from __future__ import annotations

import random

import pytest

from ora_core.evolve import replace
from ora_core.state import State
from ora_core.values import Indicator
from ora_rules.bots import make_bot
from ora_rules.bots.wheel_streams import WHEEL_STREAM, wheel_value
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from tests.support import new_state, rules, solo_game_at


def _at_last_space(state: State, indicator: Indicator) -> State:
    wheel = state.wheel
    positions = dict(wheel.positions)
    positions[indicator] = len(wheel.values) - 1
    return replace(state, wheel=wheel.with_positions(positions))


def test_solo_every_indicator_in_play_is_worth_a_stream_for_each_round_left() -> None:
    """R-SOLO-2: wood, peat, grain, livestock, clay, coins and the joker, none near the last
    space in round 1 of 31 (R-END-4)."""
    state = new_state(1, "ireland")
    assert state.round == 1 and len(state.wheel.positions) == 7
    assert WHEEL_STREAM > 0
    assert wheel_value(state, rules()) == pytest.approx(WHEEL_STREAM * 30 * 7)


def test_an_indicator_at_the_last_space_counts_as_lost() -> None:
    """R-WHEEL-5: the next rotation removes it for good (tests/rules/test_wheel.py), so it
    counts nothing unless taken before."""
    state = new_state(1, "france")
    doomed = _at_last_space(state, Indicator.CLAY)
    assert wheel_value(doomed, rules()) == pytest.approx(
        wheel_value(state, rules()) - WHEEL_STREAM * 30)


def test_at_a_table_the_indicators_stay_and_the_term_counts_nothing() -> None:
    """R-WHEEL-5: at two or more players an indicator at the last space stays there."""
    for players in (2, 3, 4):
        state = _at_last_space(new_state(players, "france"), Indicator.CLAY)
        assert not state.wheel.removes_at_end
        assert wheel_value(state, rules()) == 0


def test_hard_takes_the_grain_in_the_round_its_indicator_would_leave_play() -> None:
    """Round 12 of a solo game with the grain at the last space: within the round's two actions
    (R-SOLO-7) ``hard`` takes grain from the wheel (the Farmyard, its own or the neutral
    player's), which sets the indicator back (R-WHEEL-6), rather than lose it."""
    r = rules()
    for variant, seed in (("ireland", 3), ("france", 5)):
        state = _at_last_space(solo_game_at(variant, seed, 12), Indicator.GRAIN)
        bot, rng = make_bot("hard", r), random.Random(seed)
        while state.round == 12 and Indicator.GRAIN in state.wheel.positions:
            if state.wheel.positions[Indicator.GRAIN] == 0:
                break
            state = execute(state, bot(state, MoveSet(state, r), rng), r).state
        assert state.wheel.positions.get(Indicator.GRAIN) == 0, (variant, state.round)
