"""Production wheel and joker: R-WHEEL-1..9, R-JOKER-1..5 (modes 3 and 4)."""

from __future__ import annotations

import pytest

from ora_core.errors import InvalidCommand
from ora_core.events import IndicatorEntered, IndicatorUsed, WheelRotated
from ora_core.state import State
from ora_core.values import Good, Indicator
from ora_rules.notation import parse
from tests.rules.common import (
    FRONT,
    SCHEDULE,
    cached_game,
    drive,
    events_of_type,
    farmyard,
    first_state_of_round,
    fresh,
    mound,
    new_game,
    refused,
    run,
    step,
    to,
)
from tests.support import set_goods

GAMES = [(4, "france"), (4, "ireland"), (3, "france"), (3, "ireland")]
NEVER_USED = (Indicator.GRAIN, Indicator.LIVESTOCK, Indicator.COIN)  # by the simple policy


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_WHEEL_1_R_WHEEL_2_front_side_values(players: int, variant: str) -> None:
    assert fresh(players, variant).wheel.values == FRONT


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_WHEEL_9_unused_indicator_shows_V_r_up_to_round_12_then_10(players: int,
                                                                    variant: str) -> None:
    """R-WHEEL-4 (rotation in every round, round 1 included), R-WHEEL-5 (cap at d = 12)."""
    _, log, _ = cached_game(players, variant)
    for n in range(1, 25):
        wheel = first_state_of_round(log, n).wheel
        for indicator in NEVER_USED:
            assert wheel.value(indicator) == (FRONT[n] if n <= 12 else 10), (n, indicator)


def test_R_WHEEL_4_rotated_in_round_1_before_the_first_slot() -> None:
    state, events = new_game(4)
    rotations = events_of_type(events, WheelRotated)
    assert len(rotations) == 1
    assert all(d == 1 for d in state.wheel.positions.values())
    assert state.wheel.value(Indicator.WOOD) == FRONT[1] == 2


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_WHEEL_7_grapes_enter_in_round_8_in_France_only_at_zero(players: int,
                                                                  variant: str) -> None:
    events, log, _ = cached_game(players, variant)
    grapes_round = SCHEDULE[players]["grapes"]
    for n in range(1, 25):
        wheel = first_state_of_round(log, n).wheel
        if variant == "france" and n >= grapes_round:
            d = n - grapes_round
            assert wheel.positions[Indicator.GRAPES] == min(d, 12), n
            assert wheel.value(Indicator.GRAPES) == FRONT[min(d, 12)]
        else:
            assert Indicator.GRAPES not in wheel.positions, n
    entered = [e.indicator for e in events_of_type(events, IndicatorEntered)]
    expected = ([Indicator.GRAPES] if variant == "france" else []) + [Indicator.STONE]
    assert entered == expected


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_WHEEL_7_stone_enters_in_round_13_after_the_rotation(players: int,
                                                              variant: str) -> None:
    _, log, _ = cached_game(players, variant)
    stone_round = SCHEDULE[players]["stone"]
    assert Indicator.STONE not in first_state_of_round(log, stone_round - 1).wheel.positions
    assert first_state_of_round(log, stone_round).wheel.value(Indicator.STONE) == 0
    assert first_state_of_round(log, stone_round + 1).wheel.value(Indicator.STONE) == FRONT[1]
    # The entry follows the rotation within the round's start events.
    begin = next(evs for s, _, evs in log if s.round == stone_round - 1
                 and any(isinstance(e, IndicatorEntered) for e in evs))
    kinds = [type(e) for e in begin]
    assert kinds.index(WheelRotated) < kinds.index(IndicatorEntered)


def test_R_WHEEL_5_cap_is_per_indicator() -> None:
    """AMB-01: an indicator at d = 12 stays there while the others keep moving."""
    state = to(fresh(4), 14)
    seat = state.flow.turn.seat
    assert state.wheel.positions[Indicator.LIVESTOCK] == 12
    state = run(state, f"USE {mound(seat)}")
    assert state.wheel.positions[Indicator.CLAY] == 0
    state = to(state, 15)
    assert state.wheel.positions[Indicator.CLAY] == 1
    assert state.wheel.positions[Indicator.LIVESTOCK] == 12
    assert state.wheel.value(Indicator.LIVESTOCK) == 10


def test_R_WHEEL_6_fell_trees_takes_the_value_and_resets_the_indicator() -> None:
    state = fresh(4)
    after, events = step(state, "FELL_TREES 1 0")
    assert after.players[0].count(Good.WOOD) == state.players[0].count(Good.WOOD) + FRONT[1]
    assert after.wheel.positions[Indicator.WOOD] == 0
    assert [e.indicator for e in events_of_type(events, IndicatorUsed)] == [Indicator.WOOD]


def test_R_WHEEL_6_reset_also_when_the_value_is_zero() -> None:
    state = run(fresh(4), "FELL_TREES 1 0", "COMMIT")
    assert state.wheel.value(Indicator.WOOD) == 0
    after, events = step(state, "FELL_TREES 1 0")
    assert [e.indicator for e in events_of_type(events, IndicatorUsed)] == [Indicator.WOOD]
    assert after.players[1].count(Good.WOOD) == state.players[1].count(Good.WOOD)


def test_R_WHEEL_6_building_function_uses_the_wheel() -> None:
    state = fresh(4)
    after = run(state, f"USE {farmyard(0)} Sh")
    gained = after.players[0].count(Good.LIVESTOCK) - state.players[0].count(Good.LIVESTOCK)
    assert gained == FRONT[1]
    assert after.wheel.positions[Indicator.LIVESTOCK] == 0
    assert after.wheel.positions[Indicator.GRAIN] == 1


# --- the joker ------------------------------------------------------------------------------------


def test_R_JOKER_1_R_JOKER_2_fell_with_the_joker_leaves_the_wood_indicator() -> None:
    state = run(fresh(4), "FELL_TREES 1 0", "COMMIT", "FELL_TREES 1 0", "COMMIT")
    state = to(state, 2)  # wood indicator at 1, joker at 2
    seat = state.flow.turn.seat
    assert state.wheel.positions[Indicator.WOOD] == 1
    assert state.wheel.positions[Indicator.JOKER] == 2
    player = state.players[seat]
    forest = next(c for c, s in sorted(player.landscape.items()) if s.card == "LFO")
    after = run(state, f"FELL_TREES {forest[0]} {forest[1]} Jo")
    assert after.players[seat].count(Good.WOOD) == player.count(Good.WOOD) + FRONT[2]
    assert after.wheel.positions[Indicator.JOKER] == 0
    assert after.wheel.positions[Indicator.WOOD] == 1
    assert after.players[seat].landscape[forest].card is None


def test_R_JOKER_1_building_function_with_the_joker() -> None:
    state = fresh(4)
    after = run(state, f"USE {farmyard(0)} JoGn")
    assert after.players[0].count(Good.GRAIN) == state.players[0].count(Good.GRAIN) + FRONT[1]
    assert after.wheel.positions[Indicator.JOKER] == 0
    assert after.wheel.positions[Indicator.GRAIN] == 1


def test_R_JOKER_5_the_joker_is_shared() -> None:
    state = run(fresh(4), "FELL_TREES 1 0 Jo", "COMMIT")
    assert state.flow.turn.seat == 1
    after, events = step(state, "FELL_TREES 1 0 Jo")
    assert after.players[1].count(Good.WOOD) == state.players[1].count(Good.WOOD)
    assert [e.indicator for e in events_of_type(events, IndicatorUsed)] == [Indicator.JOKER]


def test_R_JOKER_4_the_joker_is_not_a_good_to_hand_in() -> None:
    for text in ("CONVERT Jo", "SETTLE S01 3 0 JoWo", "WORK_CONTRACT LG1 Jo"):
        with pytest.raises(InvalidCommand):
            parse(text)


def _grapevine_before_grapes() -> tuple[State, int]:
    """Mode 4 France, round 7 (SP-A done, grapes enter in round 8): the start player has a hillside
    district and builds the Grapevine (A) (cards.md F14: 1 wood, hillside, grapes/joker)."""
    state = to(fresh(4), SCHEDULE[4]["A"])
    seat = state.flow.turn.seat
    assert Indicator.GRAPES not in state.wheel.positions
    state = set_goods(state, seat, coin=2, wood=1)
    state = run(state, "BUY_DISTRICT 2 HILLS", "BUILD F14 3 2")
    return state, seat


def test_R_JOKER_3_grapes_before_their_entry_with_the_joker() -> None:
    state, seat = _grapevine_before_grapes()
    joker = state.wheel.value(Indicator.JOKER)
    assert joker == FRONT[SCHEDULE[4]["A"]]
    after = run(state, "PRIOR F14 Jo")
    assert after.players[seat].count(Good.GRAPES) == joker
    assert after.wheel.positions[Indicator.JOKER] == 0
    assert Indicator.GRAPES not in after.wheel.positions


def test_R_WHEEL_8_good_without_indicator_yields_nothing_without_the_joker() -> None:
    """Without the joker no grapes come and no indicator moves. The engine refuses the
    production itself (``indicator_not_in_play``); declining the function is the equivalent
    legal move."""
    state, seat = _grapevine_before_grapes()
    refused(state, "PRIOR F14", "indicator_not_in_play", "R-WHEEL-8")
    after = run(state, "PRIOR F14 -")
    assert after.wheel.positions == state.wheel.positions
    assert after.players[seat].goods == state.players[seat].goods


def test_R_JOKER_3_stone_before_its_entry_with_the_joker() -> None:
    """Mode 4, round 10 (SP-B): the Quarry (B) on a mountain plot (cards.md G22: 5 coins,
    mountain, stone/joker); stone enters only in round 13."""
    state = to(fresh(4), SCHEDULE[4]["B"])
    seat = state.flow.turn.seat
    assert Indicator.STONE not in state.wheel.positions
    state = set_goods(state, seat, coin=8)
    state = run(state, "BUY_PLOT 0 MOUNTAIN", "BUILD G22 6 0")
    refused(state, "PRIOR G22", "indicator_not_in_play", "R-WHEEL-8")
    joker = state.wheel.value(Indicator.JOKER)
    after = run(state, "PRIOR G22 Jo")
    assert after.players[seat].count(Good.STONE) == joker == FRONT[SCHEDULE[4]["B"]]
    assert after.wheel.positions[Indicator.JOKER] == 0


def test_R_WHEEL_7_stone_from_its_own_indicator_after_entry() -> None:
    state = to(fresh(4), SCHEDULE[4]["B"])
    seat = state.flow.turn.seat
    state = set_goods(state, seat, coin=8)
    state = run(state, "BUY_PLOT 0 MOUNTAIN", "BUILD G22 6 0", "COMMIT")
    state = drive(state, lambda s: s.round == SCHEDULE[4]["stone"] + 1
                  and s.flow.turn.seat == seat and s.flow.turn.kind == "action"
                  and not s.flow.turn.main_done)
    assert state.wheel.value(Indicator.STONE) == FRONT[1]
    after = run(state, "USE G22")
    assert after.players[seat].count(Good.STONE) == FRONT[1]
    assert after.wheel.positions[Indicator.STONE] == 0
