"""R-BUY-2 / R-BUY-5 per mode: one landscape per player per round (mode 2: per turn; 2L:
R-2L-3), shared by the start player's two slots (AMB-05), plus one in each settlement phase.

Modes 2, 2L and 1 are covered in test_two_player.py and test_solo.py; here the multiplayer modes.
"""

from __future__ import annotations

import pytest

from ora_core.state import State
from tests.modes.common import new_game, refused, run, to
from tests.support import set_goods

MULTI = [(3, "long"), (4, "long"), (3, "short"), (4, "short")]


def rich(players: int, length: str, round_: int = 1, kind: str = "action") -> State:
    state = to(new_game(players, "france", length)[0], round_, kind)
    for seat in range(players):
        state = set_goods(state, seat, coin=40)
    return state


@pytest.mark.parametrize(("players", "length"), MULTI)
def test_R_BUY_2_AMB_05_the_start_players_two_slots_share_one_purchase(players: int,
                                                                      length: str) -> None:
    state = rich(players, length)
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")
    state = run(state, "FELL_TREES 2 0", "COMMIT")
    for _ in range(players - 1):  # every other player may buy one in this round
        state = run(state, "BUY_DISTRICT 2 PLAINS", "FELL_TREES 2 0", "COMMIT")
    assert state.flow.turn.seat == 0 and state.round == 1
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")  # his second slot
    state = run(state, "FELL_TREES 1 1", "COMMIT")
    assert state.round == 2
    state = run(state, "BUY_PLOT 0 COAST")  # a new round, a new purchase
    assert (-1, 0) in state.players[state.flow.turn.seat].landscape


@pytest.mark.parametrize(("players", "length"), MULTI)
def test_R_BUY_5_one_more_in_each_settlement_phase(players: int, length: str) -> None:
    first_phase = {"long": {3: 6, 4: 7}, "short": {3: 3, 4: 3}}[length][players]
    state = rich(players, length, first_phase, "settlement")
    seat = state.flow.turn.seat
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-5")
    for _ in range(players):
        state = run(state, "COMMIT")
    assert state.flow.turn.kind == "action" and state.flow.turn.seat == seat
    state = run(state, "BUY_PLOT 0 COAST")  # the round's own purchase is separate
    refused(state, "BUY_DISTRICT 3 PLAINS", "landscape_limit", "R-BUY-2")
