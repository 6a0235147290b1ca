"""Round flow of the long 3- and 4-player game: R-ROUND-1..4, R-SCHED-1..4, R-SET-1/2,
R-BONUS-1..6, R-END-1, R-CLG-3 at the bonus round — whole games played through ``decide``."""

from __future__ import annotations

from typing import Any

import pytest

from ora_core.events import (
    BuildingsRevealed,
    ClergyReturned,
    FlowChanged,
    GameEnded,
    GameEvent,
    IndicatorEntered,
    RoundBegan,
    SettlementPhaseBegan,
    SettlementsDealt,
    WheelRotated,
)
from ora_core.state import State
from ora_core.values import Good, Stage
from ora_rules.moves import legal_moves
from ora_rules.scoring import score
from tests.rules.common import (
    SCHEDULE,
    R,
    cached_game,
    drive,
    events_of_type,
    farmyard,
    mound,
    new_game,
    office,
    refused,
    run,
)
from tests.support import set_goods

GAMES = [(4, "france"), (4, "ireland"), (3, "france"), (3, "ireland")]


def game(players: int, variant: str) -> tuple[list[GameEvent], list[Any], State]:
    return cached_game(players, variant)


def turns(players: int, variant: str) -> list[tuple[int, str, int]]:
    """(round, kind, seat) of every turn, in the order played (each turn ends with COMMIT)."""
    _, log, _ = game(players, variant)
    return [(s.round, s.flow.turn.kind, s.flow.turn.seat) for s, command, _ in log
            if command == "COMMIT"]


def round_starts(events: list[GameEvent]) -> list[list[GameEvent]]:
    """The automatic events of each round start: from RoundBegan up to the next FlowChanged."""
    blocks = []
    for i, event in enumerate(events):
        if isinstance(event, RoundBegan):
            j = i
            while not isinstance(events[j], FlowChanged):
                j += 1
            blocks.append(events[i:j])
    return blocks


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_ROUND_1_R_BONUS_1_24_rounds_then_bonus_round_25(players: int, variant: str) -> None:
    events, _, end = game(players, variant)
    assert [e.round for e in events_of_type(events, RoundBegan)] == list(range(1, 26))
    assert end.round == 25
    assert end.finished


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_ROUND_4_R_SCHED_2_start_player_of_round_n_is_seat_n_minus_1_mod_players(
        players: int, variant: str) -> None:
    events, _, _ = game(players, variant)
    starts = [(e.round, e.start_seat) for e in events_of_type(events, RoundBegan)]
    assert starts == [(n, (n - 1) % players) for n in range(1, 26)]
    # R-SCHED-2 example (mode 4): the bonus round starts with seat 0.
    assert starts[-1] == (25, 0)


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_ROUND_3_each_seat_clockwise_then_start_player_again(players: int, variant: str
                                                                ) -> None:
    played = turns(players, variant)
    for n in range(1, 25):
        first = (n - 1) % players
        seats = [seat for r, kind, seat in played if r == n and kind == "action"]
        assert seats == [(first + i) % players for i in range(players)] + [first], n


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_SCHED_3_action_slots_over_a_whole_game(players: int, variant: str) -> None:
    """Mode 4: 24 x 5 + 4 = 124 slots; mode 3: 24 x 4 + 3 = 99 (action and bonus slots)."""
    played = turns(players, variant)
    slots = [t for t in played if t[1] in ("action", "bonus")]
    assert len(slots) == 24 * (players + 1) + players
    assert len([t for t in played if t[1] == "action"]) == 24 * (players + 1)


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_SCHED_1_R_SCHED_4_R_SET_1_settlement_phases_in_the_listed_rounds(
        players: int, variant: str) -> None:
    events, _, _ = game(players, variant)
    phases = []
    current = 0
    for event in events:
        if isinstance(event, RoundBegan):
            current = event.round
        if isinstance(event, SettlementPhaseBegan):
            phases.append((event.stage, current))
    sched = SCHEDULE[players]
    assert phases == [(Stage.A, sched["A"]), (Stage.B, sched["B"]), (Stage.C, sched["C"]),
                      (Stage.D, sched["D"]), (Stage.E, 25)]


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_ROUND_2_round_start_order_return_rotate_enter_settle(players: int, variant: str
                                                                ) -> None:
    """Phase 1 (return), phase 2 (rotate, then grapes / stone enter), phase 3 (settlement
    phase), then the first turn."""
    events, _, _ = game(players, variant)
    order = {ClergyReturned: 1, WheelRotated: 2, IndicatorEntered: 3, SettlementPhaseBegan: 4}
    for block in round_starts(events):
        kinds = [order[type(e)] for e in block[1:]]
        assert kinds == sorted(kinds), block
        assert kinds.count(2) == 1, block  # exactly one rotation per round, round 1 included


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_SET_2_R_SCHED_2_settlement_turns_start_with_the_start_player_before_the_slots(
        players: int, variant: str) -> None:
    played = turns(players, variant)
    sched = SCHEDULE[players]
    for stage in "ABCD":
        n = sched[stage]
        first = (n - 1) % players
        in_round = [(kind, seat) for r, kind, seat in played if r == n]
        expected = [("settlement", (first + i) % players) for i in range(players)]
        assert in_round[:players] == expected
        assert all(kind == "action" for kind, _ in in_round[players:])
        assert len(in_round) == players + players + 1


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_SET_2_stage_buildings_join_the_display_after_everyone_settled(
        players: int, variant: str) -> None:
    _, log, _ = game(players, variant)
    sched = SCHEDULE[players]
    start_state = new_game(players, variant)[0]
    for stage in "ABCD":
        stack = start_state.stacks[Stage(stage)]
        assert stack
        commits = [(s, evs) for s, command, evs in log
                   if s.round == sched[stage] and s.flow.turn.kind == "settlement"]
        assert len(commits) == players
        for s, _ in commits:
            assert not set(stack) & set(s.display)  # not yet during the phase
        last_events = commits[-1][1]
        revealed = events_of_type(last_events, BuildingsRevealed)
        assert [(e.stage, e.buildings) for e in revealed] == [(Stage(stage), stack)]
        dealt = events_of_type(last_events, SettlementsDealt)
        assert [e.seats for e in dealt] == [tuple(range(players))]
        for _, evs in commits[:-1]:
            assert not events_of_type(evs, BuildingsRevealed)


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_BONUS_3_R_BONUS_6_one_bonus_slot_each_then_phase_E_then_the_end(
        players: int, variant: str) -> None:
    played = turns(players, variant)
    last = [(kind, seat) for r, kind, seat in played if r == 25]
    first = 24 % players
    order = [(first + i) % players for i in range(players)]
    assert last == [("bonus", s) for s in order] + [("settlement", s) for s in order]
    events = game(players, variant)[0]
    ended = events_of_type(events, GameEnded)
    assert len(ended) == 1
    after = events[events.index(ended[0]) + 1:]
    assert all(isinstance(e, FlowChanged) for e in after)  # nothing happens after the end
    assert not events_of_type(events[events.index(ended[0]):], RoundBegan)
    # Phase E adds no buildings and deals no settlement (R-SET-2 step 3).
    tail = events[[i for i, e in enumerate(events) if isinstance(e, SettlementPhaseBegan)][-1]:]
    assert not events_of_type(tail, BuildingsRevealed)
    assert not events_of_type(tail, SettlementsDealt)


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_R_END_1_game_over_after_phase_E_and_scored(players: int, variant: str) -> None:
    events, _, end = game(players, variant)
    ended = events_of_type(events, GameEnded)[0]
    assert end.finished and end.scores == ended.scores
    assert ended.scores == score(end, R)
    refused(end, "COMMIT", "game_over", "R-END-1")
    refused(end, "FELL_TREES", "game_over", "R-END-1")
    assert legal_moves(end, R) == []


# --- the bonus round and the clergy -------------------------------------------------------------


def _bonus_policy(players: int) -> Any:
    """The start player of round 24 places his prior in round 23 and both lay brothers in his two
    slots of round 24, so all three of his clergymen stand at the end of round 24."""
    who = 23 % players

    def policy(state: State) -> str | None:
        turn = state.flow.turn
        if turn.seat != who or turn.kind != "action" or turn.main_done:
            return None
        player = state.players[who]
        if state.round == 23:
            return f"PRIOR {mound(who)}"
        if state.round == 24:
            if player.clergy[1] is None:
                return f"USE {farmyard(who)} Gn"
            return f"USE {office(who)}"
        return None

    return policy, who


@pytest.mark.parametrize("players", [4, 3])
def test_R_BONUS_1_R_BONUS_2_priors_return_first_lay_brothers_stay(players: int) -> None:
    """R-BONUS-1/2 (AMB-21): before the bonus round every prior returns; phase 1 then returns
    nobody, so a player who had all three clergymen placed keeps his lay brothers placed."""
    policy, who = _bonus_policy(players)
    state = new_game(players)[0]
    log: list[Any] = []
    state = drive(state, lambda s: s.round == 25, policy, log)
    before = log[-1][0]
    assert before.round == 24
    assert before.players[who].clergy == (mound(who), farmyard(who), office(who))
    begin = log[-1][2]
    returned = events_of_type(begin, ClergyReturned)
    assert [(e.seat, e.clergy) for e in returned] == [(who, (0,))]
    kinds = [type(e) for e in begin]
    assert kinds.index(ClergyReturned) < kinds.index(WheelRotated)  # the wheel rotates too
    assert state.players[who].clergy == (None, farmyard(who), office(who))
    assert state.flow.turn.kind == "bonus"


@pytest.mark.parametrize("players", [4, 3])
def test_R_BONUS_4_prior_on_any_building_occupied_or_foreign(players: int) -> None:
    policy, who = _bonus_policy(players)
    state = drive(new_game(players)[0], lambda s: s.round == 25, policy)
    seat = state.flow.turn.seat
    assert seat == 0 != who
    # The occupied Farmyard of another player, free of charge (no coin moves).
    after = run(state, f"PRIOR {farmyard(who)} Gn")
    assert after.players[seat].clergy[0] == farmyard(who)
    assert after.players[who].goods == state.players[who].goods
    assert after.players[seat].count(Good.COIN) == state.players[seat].count(Good.COIN)
    # Lay brothers stay where they are and cannot be placed (R-BONUS-2, R-BONUS-4).
    refused(state, f"USE {mound(seat)}", "prior_only", "R-BONUS-4")
    refused(state, "FELL_TREES", "wrong_phase", "R-BONUS-4")
    refused(state, "CUT_PEAT", "wrong_phase", "R-BONUS-4")
    refused(state, f"WORK_CONTRACT {mound(who)} Pn", "wrong_phase", "R-WC-7")
    refused(state, "COMMIT", "main_action_missing", "R-BONUS-4")
    refused(after, f"PRIOR {mound(seat)}", "no_free_clergy", "R-BONUS-2")


def test_R_BONUS_4_build_with_prior_bonus_in_the_bonus_round() -> None:
    state = drive(new_game(4)[0], lambda s: s.round == 25)
    state = set_goods(state, 0, wood=1, clay=1)
    after = run(state, "BUILD G01 3 1", "PRIOR G01 -")
    assert after.built["G01"].seat == 0
    assert after.players[0].clergy[0] == "G01"
    refused(after, "BUILD G02 3 0", "main_action_taken", "R-ACT-1")


def test_R_BONUS_5_free_actions_in_the_bonus_slot() -> None:
    state = drive(new_game(4)[0], lambda s: s.round == 25)
    state = set_goods(state, 0, grain=1, coin=2)
    after = run(state, "CONVERT Gn", "BUY_DISTRICT 2 PLAINS", f"PRIOR {mound(0)}", "COMMIT")
    assert (0, 2) in after.players[0].landscape
    assert after.players[0].count(Good.STRAW) == 1 and after.players[0].count(Good.COIN) == 0
    assert after.flow.turn.seat == 1 and after.flow.turn.kind == "bonus"
