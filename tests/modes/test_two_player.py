"""The two-player games: mode 2 (R-2P-1..5, R-END-2, AMB-12, AMB-24, AMB-32) and mode 2L
(R-2L-1..4, R-END-3, AMB-13).

The schedules are also checked on every random game in test_schedule.py; here the rules are
played out in positions reached through ``decide`` (with the display thinned by events where the
end condition is wanted).
"""

from __future__ import annotations

from functools import cache

import pytest

from ora_core.events import (
    BuildingBuilt,
    ClergyPlaced,
    ClergyReturned,
    GameEnded,
    GameEvent,
    IndicatorEntered,
    RoundBegan,
    SettlementPhaseBegan,
    WheelRotated,
)
from ora_core.state import State
from ora_core.values import Good, Indicator, Stage
from tests.modes.common import (
    BACK,
    FRONT,
    by_round,
    farmyard,
    mound,
    new_game,
    of_type,
    office,
    refused,
    run,
    run_events,
    simple_move,
    step,
    to,
)
from tests.support import apply, set_goods

NORMAL = "short"  # mode 2 is the two-player game of length "short" (R-GEN-2)
LONG = "long"


def two(length: str, variant: str = "france") -> State:
    return new_game(2, variant, length)[0]


def turn_of(state: State) -> tuple[int, str, int]:
    turn = state.flow.turn
    return state.round, turn.kind, turn.seat


def play_turns(state: State, count: int) -> tuple[State, list[tuple[int, str, int]],
                                                   list[GameEvent]]:
    """Play ``count`` turns with the simple policy; return the turns played and the events."""
    turns: list[tuple[int, str, int]] = []
    events: list[GameEvent] = []
    while len(turns) < count:
        command = simple_move(state)
        if command == "COMMIT":
            turns.append(turn_of(state))
        state, new = step(state, command)
        events.extend(new)
    return state, turns, events


# --- R-2P-1 / R-2L-1: the wheel side --------------------------------------------------------


@pytest.mark.parametrize(("length", "values"), [(NORMAL, BACK), (LONG, FRONT)])
def test_R_2P_1_R_2L_1_back_wheel_in_mode_2_front_wheel_in_2L(length: str, values: tuple[int, ...]
                                                              ) -> None:
    state = two(length)
    assert state.wheel.values == values
    after = run(state, "USE LR2 Gn")
    assert after.players[0].count(Good.GRAIN) == 1 + values[1]  # 1 in mode 2, 2 in 2L


@pytest.mark.parametrize("length", [NORMAL, LONG])
def test_R_WHEEL_9_an_unused_indicator_shows_V_n_in_unit_n(length: str) -> None:
    """Mode 2 rotates every turn (R-WHEEL-4), 2L every round: the clay indicator, never used by
    the simple policy, stands at distance n in unit n up to 12, then stays at 12."""
    state = two(length)
    for n in (1, 2, 5, 12, 13, 15):
        state = to(state, n)
        assert state.wheel.positions[Indicator.CLAY] == min(n, 12)
        assert state.wheel.value(Indicator.CLAY) == state.wheel.values[min(n, 12)]


# --- R-2P-2 / R-2L-2: turns and rounds ------------------------------------------------------


def test_R_2P_2_each_turn_is_the_active_players_two_slots_alternating() -> None:
    _, turns, events = play_turns(two(NORMAL), 8)
    assert turns == [(1, "action", 0), (1, "action", 0), (2, "action", 1), (2, "action", 1),
                     (3, "action", 0), (3, "action", 0), (4, "action", 1), (4, "action", 1)]
    starts = of_type(events, RoundBegan)
    assert [(e.round, e.start_seat) for e in starts] == [(2, 1), (3, 0), (4, 1), (5, 0)]
    for n, unit in by_round(events).items():
        if n:
            assert len(of_type(unit, WheelRotated)) == 1  # a rotation at every turn start


def test_R_2L_2_start_player_two_slots_then_the_other_one() -> None:
    _, turns, events = play_turns(two(LONG), 9)
    assert turns == [(1, "action", 0), (1, "action", 0), (1, "action", 1),
                     (2, "action", 1), (2, "action", 1), (2, "action", 0),
                     (3, "action", 0), (3, "action", 0), (3, "action", 1)]
    assert [(e.round, e.start_seat) for e in of_type(events, RoundBegan)] == [(2, 1), (3, 0),
                                                                              (4, 1)]


@pytest.mark.parametrize("length", [NORMAL, LONG])
@pytest.mark.parametrize(("variant", "grapes"), [("france", 11), ("ireland", None)])
def test_R_2P_2_R_2L_2_grapes_in_unit_11_stone_in_18(length: str, variant: str,
                                                     grapes: int | None) -> None:
    events: list[GameEvent] = []
    to(two(length, variant), 19, events=events)
    entered = [(n, e.indicator) for n, unit in by_round(events).items()
               for e in of_type(unit, IndicatorEntered)]
    assert entered == ([(11, Indicator.GRAPES)] if grapes else []) + [(18, Indicator.STONE)]


@cache
def to_unit(length: str, n: int, kind: str = "action") -> tuple[State, tuple[GameEvent, ...]]:
    events: list[GameEvent] = []
    state = to(two(length), n, kind, events=events)
    return state, tuple(events)


@pytest.mark.parametrize("length", [NORMAL, LONG])
def test_R_2P_2_R_2L_2_AMB_24_settlement_phases_in_7_14_21_28_active_player_first(
        length: str) -> None:
    _, events = to_unit(length, 29)
    phases = [(n, e.stage) for n, unit in by_round(events).items()
              for e in of_type(unit, SettlementPhaseBegan)]
    assert phases == [(7, Stage.A), (14, Stage.B), (21, Stage.C), (28, Stage.D)]
    for n in (7, 14, 21, 28):
        first = (n - 1) % 2
        start = to_unit(length, n, "settlement")[0]
        assert start.flow.turn.seat == first  # the active / start player first
        second = run(start, "COMMIT")
        assert turn_of(second) == (n, "settlement", 1 - first)
        after = run(second, "COMMIT")
        assert turn_of(after) == (n, "action", first)


def test_R_2P_3_AMB_32_all_clergy_placed_return_at_the_next_turn_start() -> None:
    """Seat 0 places two clergymen in his turn; seat 1's work contract places the third. Nobody
    can then use seat 0's buildings (R-CLG-5, R-WC-3) until all three return at the start of the
    next turn (seat 0's), for both players alike (R-CLG-3 at every turn start)."""
    state = apply(two(NORMAL), [BuildingBuilt(seat=0, building="G07", coord=(3, 0))])
    state = run(state, f"USE {farmyard(0)} Gn", "COMMIT", f"PRIOR {mound(0)}", "COMMIT")
    assert turn_of(state) == (2, "action", 1)
    assert state.players[0].clergy == (mound(0), farmyard(0), None)  # none returned
    state, events = run_events(state, f"WORK_CONTRACT {office(0)} Pn")
    assert of_type(events, ClergyPlaced) == [ClergyPlaced(seat=0, clergy=2,
                                                          building=office(0))]
    state = run(state, f"USE {office(0)}", "COMMIT")
    assert all(state.players[0].clergy)
    refused(set_goods(state, 1, coin=3), "WORK_CONTRACT G07 Pn", "no_free_clergy", "R-WC-3")
    state, events = run_events(state, "FELL_TREES 2 0", "COMMIT")
    assert turn_of(state) == (3, "action", 0)
    returned = of_type(events, ClergyReturned)
    assert [(e.seat, e.clergy) for e in returned] == [(0, (0, 1, 2))]
    assert state.players[0].clergy == (None, None, None)


# --- R-2P-4 / R-2L-3 / R-BUY-2: landscape purchases -----------------------------------------


def test_R_2P_4_one_landscape_per_turn() -> None:
    state = set_goods(two(NORMAL), 0, coin=20)
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")
    state = run(state, "FELL_TREES 2 0", "COMMIT")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")  # same turn, second slot
    state = run(state, "FELL_TREES 1 0", "COMMIT")
    state = set_goods(state, 1, coin=20)
    state = run(state, "BUY_DISTRICT 2 PLAINS", "FELL_TREES 2 0", "COMMIT", "FELL_TREES 1 0",
                "COMMIT")
    assert turn_of(state) == (3, "action", 0)
    state = run(state, "BUY_PLOT 0 COAST")  # a new turn of his: one more
    assert (-2, 0) in state.players[0].landscape


def test_R_2L_3_one_landscape_per_round_across_the_three_slots() -> None:
    """The other player's single slot at the end of one round and his two slots at the start of
    the next: one purchase in each round, so two in the three slots, not three."""
    state = set_goods(two(LONG), 1, coin=30)
    state = run(state, "FELL_TREES 2 0", "COMMIT", "FELL_TREES 1 0", "COMMIT")
    assert turn_of(state) == (1, "action", 1)
    state = run(state, "BUY_DISTRICT 2 PLAINS", "FELL_TREES 2 0", "COMMIT")
    assert turn_of(state) == (2, "action", 1)
    state = run(state, "BUY_PLOT 0 COAST", "FELL_TREES 1 0", "COMMIT")
    refused(state, "BUY_DISTRICT 3 PLAINS", "landscape_limit", "R-BUY-2")
    # The start player's two slots share one purchase too.
    state = set_goods(two(LONG), 0, coin=30)
    state = run(state, "BUY_DISTRICT 2 PLAINS", "FELL_TREES 2 0", "COMMIT")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")


@pytest.mark.parametrize("length", [NORMAL, LONG])
def test_R_BUY_2_R_BUY_5_one_more_in_the_settlement_phase(length: str) -> None:
    state = to_unit(length, 7, "settlement")[0]
    state = set_goods(set_goods(state, 0, coin=30), 1, coin=30)
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-5")
    state = run(state, "COMMIT", "BUY_DISTRICT 2 PLAINS", "COMMIT")
    assert turn_of(state) == (7, "action", 0)
    state = run(state, "BUY_PLOT 0 COAST")  # the turn's own purchase is separate
    refused(state, "BUY_PLOT 2 COAST", "landscape_limit", "R-BUY-2")


# --- R-END-2 / R-END-3: the end ------------------------------------------------------------


def thin_display(state: State, keep: tuple[str, ...]) -> State:
    """Every display card but ``keep`` leaves the display (stacked on seat 1's empty 3 1; only
    the display's size matters for the end condition)."""
    gone = [b for b in state.display if b not in keep]
    state = apply(state, [BuildingBuilt(seat=1, building=b, coord=(3, 1)) for b in gone])
    assert sorted(state.display) == sorted(keep)
    return state


def end_position(length: str, keep: tuple[str, ...]) -> State:
    """Unit 29 (after phase D), seat 0's first slot, with only ``keep`` in the display; seat 0
    can build the Peat Coal Kiln (1 clay) on his empty 3 0."""
    state = to_unit(length, 29)[0]
    assert turn_of(state) == (29, "action", 0)
    assert state.players[0].landscape[(3, 0)].card is None
    return set_goods(thin_display(state, keep), 0, clay=1)


def play_to_end(state: State) -> tuple[list[tuple[int, str, int]], list[GameEvent], State]:
    turns = []
    events: list[GameEvent] = []
    while not state.finished:
        command = simple_move(state)
        if command == "COMMIT":
            turns.append(turn_of(state))
        state, new = step(state, command)
        events.extend(new)
    return turns, events, state


@pytest.mark.parametrize("first_slot", [True, False])
def test_R_END_2_AMB_12_final_phase_of_mode_2(first_slot: bool) -> None:
    """Display down to 1 after phase D: the active player completes his turn (his second slot
    too if it happened in the first), then the other player's turn: return, rotation, one action
    slot; then settlement phase E starting with that player; then the end."""
    state = end_position(NORMAL, ("G07", "G12"))
    build = ["BUILD G07 3 0", "COMMIT"]
    fell = [simple_move(state), "COMMIT"]
    state = run(state, *(build if first_slot else fell))
    assert state.flow.final_phase == first_slot
    if first_slot:
        assert turn_of(state) == (29, "action", 0)  # he still takes his second slot
    state = run(state, *(fell if first_slot else build))
    assert state.flow.final_phase
    assert turn_of(state) == (30, "action", 1)
    turns, events, end = play_to_end(state)
    assert turns == [(30, "action", 1), (30, "settlement", 1), (30, "settlement", 0)]
    assert [e.stage for e in of_type(events, SettlementPhaseBegan)] == [Stage.E]
    assert len(of_type(events, GameEnded)) == 1
    assert end.round == 30 and end.settlement_phases[-1] is Stage.E


def test_R_END_2_the_last_turn_starts_with_return_and_rotation() -> None:
    state = end_position(NORMAL, ("G07", "G12"))
    state, events = run_events(state, "BUILD G07 3 0", "COMMIT", simple_move(state), "COMMIT")
    kinds = [type(e) for e in events[events.index(of_type(events, RoundBegan)[0]):]]
    assert WheelRotated in kinds
    assert of_type(events, RoundBegan) == [RoundBegan(round=30, start_seat=1)]


def test_R_END_2_not_before_phase_D() -> None:
    """The condition needs phase D to be over: a display of one card in turn 20 ends nothing."""
    state = to_unit(NORMAL, 20)[0]
    assert turn_of(state) == (20, "action", 1)
    state = set_goods(thin_display(state, ("G07", "G12")), 1, clay=1)
    state = run(state, "BUILD G07 3 0", "COMMIT")
    assert len(state.display) == 1 and not state.flow.final_phase
    state, events = run_events(state, simple_move(state), "COMMIT")
    assert turn_of(state) == (21, "settlement", 0)  # an ordinary turn 21 with phase C
    assert [e.stage for e in of_type(events, SettlementPhaseBegan)] == [Stage.C]
    assert not state.flow.final_phase


@pytest.mark.parametrize("slot", [1, 2, 3])
def test_R_END_3_AMB_13_end_of_mode_2L(slot: int) -> None:
    """Display down to 3 after phase D: the round is completed (all its remaining slots), then
    the game ends: no rotation, no extra slot, no phase E."""
    state = end_position(LONG, ("G07", "G12", "G01", "G02"))
    state = set_goods(state, 1, clay=1)
    builder = 0 if slot < 3 else 1
    turns: list[tuple[int, str, int]] = []
    for n in range(1, slot):
        turns.append(turn_of(state))
        state = run(state, simple_move(state), "COMMIT")
        assert not state.flow.final_phase, n
    assert turn_of(state)[2] == builder
    turns.append(turn_of(state))
    state = run(state, "BUILD G07 3 0", "COMMIT")
    assert state.flow.final_phase or state.finished
    rest, events, end = play_to_end(state)
    assert turns + rest == [(29, "action", 0), (29, "action", 0), (29, "action", 1)]
    assert of_type(events, RoundBegan) == [] and of_type(events, WheelRotated) == []
    assert of_type(events, SettlementPhaseBegan) == []
    assert end.finished and end.round == 29 and Stage.E not in end.settlement_phases
