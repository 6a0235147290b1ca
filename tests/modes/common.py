"""Helpers of the mode tests: the schedules of rules.md written out, new games per configuration,
and a simple policy to drive a game to a wanted position through ``decide``.

The expected facts (``SCHEDULE``) are copied from rules.md R-SCHED-1 / R-SCHED-4, not read from
``specs/modes``, so the tests check the mode specs against the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from ora_core.codec import state_to_dict
from ora_core.errors import IllegalCommand
from ora_core.events import GameEvent, RoundBegan
from ora_core.evolve import evolve, fold
from ora_core.state import State
from ora_core.values import Stage
from ora_rules.decide import decide, start
from ora_rules.setup import make_config
from tests.support import drive as drive
from tests.support import farmyard as farmyard  # re-exported for the test modules
from tests.support import mound as mound
from tests.support import office as office
from tests.support import play, rules
from tests.support import simple_move as simple_move
from tests.support import step as step

run = play  # commands through decide, re-exported under the name the test modules use

R = rules()
COLOURS = ("R", "G", "B", "W")

#: R-WHEEL-1: value by distance d = 0..12 behind the arm.
FRONT = (0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10)
BACK = (0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10)

#: R-SCHED-4, per mode: the unit number of each settlement phase A-D, of the grapes (France) and
#: stone entries, and the last unit (None: open-ended, R-END-2 / R-END-3).
SCHEDULE: dict[str, dict[str, Any]] = {
    "4": {"A": 7, "B": 10, "C": 16, "D": 19, "grapes": 8, "stone": 13, "last": 25},
    "3": {"A": 6, "B": 11, "C": 15, "D": 20, "grapes": 8, "stone": 13, "last": 25},
    "4s": {"A": 3, "B": 5, "C": 7, "D": 9, "grapes": 4, "stone": 6, "last": 13},
    "3s": {"A": 3, "B": 5, "C": 7, "D": 9, "grapes": 4, "stone": 6, "last": 13},
    "2": {"A": 7, "B": 14, "C": 21, "D": 28, "grapes": 11, "stone": 18, "last": None},
    "2L": {"A": 7, "B": 14, "C": 21, "D": 28, "grapes": 11, "stone": 18, "last": None},
    "1": {"A": 12, "B": 16, "C": 22, "D": 26, "grapes": None, "stone": None, "last": 31},
}

#: R-SHORT-3 / §4.6: the goods printed on the short board, rounds 1-12 (round 13: none).
ROUND_GOODS: list[dict[str, int]] = [
    {"grain": 1, "livestock": 1},
    {"grain": 1, "clay": 1},
    {"grain": 1, "wood": 1},
    {"grain": 1, "stone": 1},
    {"peat": 1, "stone": 1},
    {"clay": 1, "stone": 1},
    {"wood": 1, "stone": 1},
    {"stone": 1, "coin": 5},
    {"stone": 1, "meat": 1},
    {"book": 1, "grain": 1},
    {"ceramic": 1, "clay": 1},
    {"ornament": 1, "wood": 1},
]

START_GOODS = {"wood": 1, "peat": 1, "grain": 1, "livestock": 1, "clay": 1, "coin": 1}


def settlement_rounds(mode: str) -> dict[int, Stage]:
    return {SCHEDULE[mode][s]: Stage(s) for s in "ABCD"}


def new_game(players: int, variant: str = "france", length: str = "long", seed: int = 0
             ) -> tuple[State, list[GameEvent]]:
    """A new game (seat i has colour COLOURS[i]; the solo neutral player is Y)."""
    config = make_config(players, variant, length, seed, colours=COLOURS[:players])
    events = start(config, R)
    return fold(events), events


def fresh(players: int, variant: str = "france", length: str = "long") -> State:
    return new_game(players, variant, length)[0]


def run_events(state: State, *commands: str) -> tuple[State, list[GameEvent]]:
    """Apply commands; return the end state and every event they emitted."""
    events: list[GameEvent] = []
    for command in commands:
        state, new = step(state, command)
        events.extend(new)
    return state, events


def at(round_: int, kind: str = "action", seat: int | None = None) -> Callable[[State], bool]:
    """A predicate: the game waits for a fresh ``kind`` turn (of ``seat``) in round ``round_``."""

    def check(state: State) -> bool:
        turn = state.flow.turn
        return (state.round == round_ and turn.kind == kind
                and (seat is None or turn.seat == seat)
                and not turn.main_done and turn.contract is None)

    return check


def to(state: State, round_: int, kind: str = "action", seat: int | None = None,
       events: list[GameEvent] | None = None) -> State:
    """Drive to ``at(round_, kind, seat)``; ``events`` receives every event on the way."""
    log: list[tuple[State, str, list[GameEvent]]] = []
    state = drive(state, at(round_, kind, seat), log=log)
    if events is not None:
        events.extend(event for _, _, emitted in log for event in emitted)
    return state


def refused(state: State, command: str, reason: str, rule: str, *, seat: int | None = None
            ) -> IllegalCommand:
    """``command`` is refused with ``reason`` / ``rule`` and nothing changes."""
    before = state_to_dict(state)
    with pytest.raises(IllegalCommand) as info:
        decide(state, command, R, seat=seat)
    error = info.value
    assert (error.reason, error.rule) == (reason, rule), error.message
    assert state_to_dict(state) == before
    return error


def of_type(events: Iterable[GameEvent], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def by_round(events: Iterable[GameEvent]) -> dict[int, list[GameEvent]]:
    """The events of each round (turn), from its RoundBegan up to the next one."""
    rounds: dict[int, list[GameEvent]] = {}
    current = 0
    for event in events:
        if isinstance(event, RoundBegan):
            current = event.round
        rounds.setdefault(current, []).append(event)
    return rounds


def goods_of(state: State, seat: int) -> dict[str, int]:
    return {g.value: n for g, n in state.players[seat].goods.items() if n}


def fold_all(state: State, events: Iterable[GameEvent]) -> State:
    for event in events:
        state = evolve(state, event)
    return state
