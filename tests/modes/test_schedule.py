"""The schedule of every mode, checked on random games of all 14 configurations (issue 4).

R-SCHED-1..4 (rounds, settlement phases, entries, start seats, slot counts), R-ROUND-3,
R-BONUS-3, R-2P-2, R-2L-2, R-SOLO-7, R-SOLO-9 (the turns of each round), R-END-1..4 (the end),
and "never stuck": every position reached has a legal command for the seat that decides, and
every game ends. Each game is played by ``ora_api.tools.selfplay.play_game`` with the random bot
(``tests/modes/games.py``); the default run plays a few seeds per configuration, the thorough
profile 100 (``HYPOTHESIS_PROFILE=thorough``).
"""

from __future__ import annotations

from typing import Any

import pytest

from ora_core.events import (
    BuildingBuilt,
    BuildingsRevealed,
    GameEnded,
    GameStarted,
    IndicatorEntered,
    RoundBegan,
    SettlementPhaseBegan,
    WheelRotated,
)
from ora_core.values import Indicator, Stage
from ora_rules.moves import legal_moves
from tests.modes.common import SCHEDULE, R, by_round, of_type, settlement_rounds
from tests.modes.games import Config, Trace, played

FIXED = ("3", "4", "3s", "4s")


def trace_of(game: tuple[Config, int]) -> Trace:
    return played(*game)


def ended(trace: Trace) -> None:
    assert trace.problem is None, f"{trace.config.id} seed {trace.seed}: {trace.problem}"
    assert trace.finished, f"{trace.config.id} seed {trace.seed} did not finish"


def test_R_SCHED_4_every_game_ends_after_its_rounds_with_its_settlement_phases(
        game: tuple[Config, int]) -> None:
    """Modes 3/4: 25 rounds, 3s/4s: 13, solo: 31, all with phases A-E; modes 2 / 2L are
    open-ended: at least 28 turns / rounds (phase D in 28), A-E in mode 2, A-D in 2L (AMB-13)."""
    trace = trace_of(game)
    ended(trace)
    mode = trace.config.mode
    last = SCHEDULE[mode]["last"]
    if last is not None:
        assert trace.rounds == last
    else:
        assert trace.rounds >= 28
    assert trace.settlement_phases == (("A", "B", "C", "D") if mode == "2L"
                                       else ("A", "B", "C", "D", "E"))


def test_never_stuck_every_position_has_a_legal_command_and_the_game_ends(
        game: tuple[Config, int]) -> None:
    """R-ACT-3: in every position reached the deciding seat (never the neutral player) has at
    least one legal command; the game reaches its end; afterwards nothing is legal."""
    trace = trace_of(game)
    assert all(p.legal >= 1 for p in trace.positions)
    ended(trace)
    assert legal_moves(trace.state, R) == []
    neutral = [p.seat for p in trace.state.players if p.neutral]
    assert not {p.decider for p in trace.positions} & set(neutral)


def test_R_SCHED_1_R_WHEEL_7_settlement_phases_and_entries_in_the_listed_units(
        game: tuple[Config, int]) -> None:
    trace = trace_of(game)
    ended(trace)
    mode, variant = trace.config.mode, trace.config.variant
    sched = SCHEDULE[mode]
    phases: list[tuple[Stage, int]] = []
    entries: list[tuple[Indicator, int]] = []
    for n, events in by_round(trace.events).items():
        phases += [(e.stage, n) for e in of_type(events, SettlementPhaseBegan)]
        entries += [(e.indicator, n) for e in of_type(events, IndicatorEntered)]
    expected = [(Stage(s), sched[s]) for s in "ABCD"]
    if mode != "2L":
        expected.append((Stage.E, trace.rounds))  # the last round / the final turn
    assert phases == expected
    wanted = []
    if sched["grapes"] is not None and variant == "france":
        wanted.append((Indicator.GRAPES, sched["grapes"]))
    if sched["stone"] is not None:
        wanted.append((Indicator.STONE, sched["stone"]))
    assert entries == wanted  # R-SOLO-2: never in the solo game; grapes in France only
    # The entries come after the rotation of their round (R-WHEEL-7).
    for _, n in entries:
        kinds = [type(e) for e in by_round(trace.events)[n]]
        assert kinds.index(WheelRotated) < kinds.index(IndicatorEntered)


def test_R_SCHED_2_R_ROUND_4_start_seat_of_every_unit(game: tuple[Config, int]) -> None:
    trace = trace_of(game)
    ended(trace)
    players = trace.config.players
    starts = [(e.round, e.start_seat) for e in of_type(trace.events, RoundBegan)]
    assert [n for n, _ in starts] == list(range(1, trace.rounds + 1))
    for n, seat in starts:
        assert seat == (0 if players == 1 else (n - 1) % players), n
    # R-WHEEL-4: one rotation per unit, the first included.
    assert len(of_type(trace.events, WheelRotated)) == trace.rounds


def expected_turns(mode: str, n: int, players: int) -> list[tuple[str, int]] | None:
    """The turns of unit ``n`` (an ordinary one; None where it depends on the game)."""
    first = 0 if mode == "1" else (n - 1) % players
    seats = [(first + i) % players for i in range(players)]
    stage = settlement_rounds(mode).get(n)
    settle = [("settlement", s) for s in seats] if stage else []
    if mode in FIXED:
        if n == SCHEDULE[mode]["last"]:  # R-BONUS-3, R-BONUS-6
            return [("bonus", s) for s in seats] + [("settlement", s) for s in seats]
        return settle + [("action", s) for s in seats] + [("action", first)]  # R-ROUND-3
    if mode == "2":  # R-2P-2: the active player's two slots
        return [*settle, ("action", first), ("action", first)]
    if mode == "2L":  # R-2L-2: the start player two slots, then the other one
        return [*settle, ("action", first), ("action", first), ("action", seats[1])]
    return None


def test_R_ROUND_3_R_2P_2_R_2L_2_R_BONUS_3_the_turns_of_every_unit(
        game: tuple[Config, int]) -> None:
    trace = trace_of(game)
    ended(trace)
    mode, players = trace.config.mode, trace.config.players
    turns: dict[int, list[tuple[str, int]]] = {}
    for n, kind, seat in trace.turns():
        turns.setdefault(n, []).append((kind, seat))
    if mode == "1":
        check_solo_turns(turns)
        return
    last = final_point(trace)[0] - 1 if mode in ("2", "2L") else trace.rounds
    # The unit in which the two-player games' final phase begins: test_R_END_2_R_END_3.
    for n in range(1, last + 1):
        assert turns[n] == expected_turns(mode, n, players), n


def check_solo_turns(turns: dict[int, list[tuple[str, int]]]) -> None:
    """R-SOLO-7: two slots per round; R-SOLO-9: in rounds 12/16/22/26 steps 3 (neutral
    building, if any card can go on the neutral landscape), 4 (neutral prior, optional), 6
    (settlement phase), then 7 (the two slots); in round 31 the order 1, 2, 7, 3, 4, 5, 6."""
    assert sorted(turns) == list(range(1, 32))
    sp = settlement_rounds("1")
    for n, played_turns in turns.items():
        kinds = [kind for kind, _ in played_turns]
        assert {seat for _, seat in played_turns} == {0}
        neutral = [k for k in kinds if k.startswith("neutral")]
        assert neutral in ([], ["neutral"], ["neutral", "neutral_prior"]), n
        if n == 31:
            assert kinds == ["action", "action", *neutral, "settlement"]
        elif n in sp:
            assert kinds == [*neutral, "settlement", "action", "action"]
        else:
            assert kinds == ["action", "action"]


@pytest.mark.modes("3", "4", "3s", "4s", "1")
def test_R_SCHED_3_action_slot_counts(game: tuple[Config, int]) -> None:
    """Mode 4: 124 slots, 3: 99, 4s: 64, 3s: 51 (action + bonus slots); solo: 31 x 2 = 62."""
    trace = trace_of(game)
    ended(trace)
    mode = trace.config.mode
    slots = [kind for _, kind, _ in trace.turns() if kind in ("action", "bonus")]
    expected = {"4": 124, "3": 99, "4s": 64, "3s": 51, "1": 62}[mode]
    assert len(slots) == expected


def final_point(trace: Trace) -> tuple[int, int, int]:
    """(unit, seat, number of the slot in its unit) of the action slot after which the final
    phase began (R-END-2 / R-END-3: phase D is over and the display holds at most 1 / 3)."""
    limit = {"2": 1, "2L": 3}[trace.config.mode]
    started = trace.events[0]
    assert isinstance(started, GameStarted)
    display = list(started.display)
    phases: list[Stage] = []
    slots: dict[int, int] = {}
    for position, command, batch in zip(trace.positions, trace.commands, trace.batches,
                                        strict=True):
        if position.kind == "action" and command == "COMMIT":
            slots[position.round] = slots.get(position.round, 0) + 1
            # The check runs when the slot ends, before the next unit begins.
            if Stage.D in phases and len(display) <= limit:
                return position.round, position.slot_seat, slots[position.round]
        for event in batch:
            if isinstance(event, BuildingBuilt) and event.building in display:
                display.remove(event.building)
            elif isinstance(event, BuildingsRevealed):
                display += event.buildings
            elif isinstance(event, SettlementPhaseBegan):
                phases.append(event.stage)
    raise AssertionError("the final phase never began")


@pytest.mark.modes("2", "2L")
def test_R_END_2_R_END_3_the_final_phase(game: tuple[Config, int]) -> None:
    """Mode 2 (R-END-2, AMB-12): the turn is completed, then the other player's turn with one
    action slot, then phase E starting with that player. Mode 2L (R-END-3, AMB-13): the round is
    completed; no rotation, no extra slot, no phase E."""
    trace = trace_of(game)
    ended(trace)
    unit, seat, slot = final_point(trace)
    played_turns = trace.turns()
    index = [i for i, (n, kind, _) in enumerate(played_turns) if n == unit and kind == "action"
             ][slot - 1]
    after = played_turns[index + 1:]
    other = 1 - seat
    tail: list[Any]
    if trace.config.mode == "2":
        rest = [(unit, "action", seat)] if slot == 1 else []
        tail = [(unit + 1, "action", other), (unit + 1, "settlement", other),
                (unit + 1, "settlement", seat)]
        assert after == rest + tail
        assert trace.rounds == unit + 1
        last_unit = by_round(trace.events)[unit + 1]
        assert len(of_type(last_unit, WheelRotated)) == 1
        assert [e.stage for e in of_type(last_unit, SettlementPhaseBegan)] == [Stage.E]
    else:
        first = (unit - 1) % 2
        pattern = [first, first, 1 - first]
        assert after == [(unit, "action", s) for s in pattern[slot:]]
        assert trace.rounds == unit
        assert Stage.E not in trace.state.settlement_phases
    # Nothing happens after the end.
    end = next(i for i, e in enumerate(trace.events) if isinstance(e, GameEnded))
    assert not of_type(trace.events[end:], RoundBegan)
    assert not of_type(trace.events[end:], SettlementPhaseBegan)
