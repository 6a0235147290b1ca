"""Helpers for the rule tests: whole games driven through ``decide``, and refusal checks.

Every position is reached by real commands (``decide``) from a real start, or set up with events
applied by the real fold (``tests.support``); nothing mutates a state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import pytest

from ora_core.codec import state_to_dict
from ora_core.errors import IllegalCommand
from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import State
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

#: R-WHEEL-1, front side: value by distance d = 0..12 behind the arm.
FRONT = (0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10)

#: R-SCHED-4: settlement rounds, entry rounds and the bonus round per mode.
SCHEDULE: dict[int, dict[str, Any]] = {
    4: {"A": 7, "B": 10, "C": 16, "D": 19, "grapes": 8, "stone": 13, "rounds": 24},
    3: {"A": 6, "B": 11, "C": 15, "D": 20, "grapes": 8, "stone": 13, "rounds": 24},
}

COLOURS = ("R", "G", "B", "W")


def new_game(players: int = 4, variant: str = "france") -> tuple[State, list[GameEvent]]:
    """A new game (seat i has colour COLOURS[i]) and the events that set it up."""
    config = make_config(players, variant, "long", 0, colours=COLOURS[:players])
    events = start(config, R)
    return fold(events), events


def fresh(players: int = 4, variant: str = "france") -> State:
    return new_game(players, variant)[0]


def colour(seat: int) -> str:
    return COLOURS[seat]


def at(round_: int, kind: str = "action", seat: int | None = None, *, fresh_turn: bool = True
       ) -> Callable[[State], bool]:
    """A predicate: the game waits for a ``kind`` turn (of ``seat``) in round ``round_``."""

    def check(state: State) -> bool:
        turn = state.flow.turn
        return (state.round == round_ and turn.kind == kind
                and (seat is None or turn.seat == seat)
                and (not fresh_turn or (not turn.main_done and turn.contract is None)))

    return check


def to(state: State, round_: int, kind: str = "action", seat: int | None = None) -> State:
    return drive(state, at(round_, kind, seat))


def whole_game(players: int, variant: str = "france",
               policy: Callable[[State], str | None] | None = None
               ) -> tuple[list[GameEvent], list[tuple[State, str, list[GameEvent]]], State]:
    """Play a whole game; return every event, the (state, command, events) log and the end."""
    state, events = new_game(players, variant)
    log: list[tuple[State, str, list[GameEvent]]] = []
    end = drive(state, lambda s: s.finished, policy, log)
    for _, _, evs in log:
        events.extend(evs)
    return events, log, end


@cache
def cached_game(players: int, variant: str = "france"
                ) -> tuple[list[GameEvent], list[tuple[State, str, list[GameEvent]]], State]:
    """``whole_game`` with the simple policy, computed once per configuration."""
    return whole_game(players, variant)


def first_state_of_round(log: list[tuple[State, str, list[GameEvent]]], n: int) -> State:
    return next(s for s, _, _ in log if s.round == n)


def refused(state: State, command: str, reason: str, rule: str, *, seat: int | None = None
            ) -> IllegalCommand:
    """``command`` is refused with ``reason`` / ``rule`` and nothing changes."""
    before = state_to_dict(state)
    result: Any = None
    with pytest.raises(IllegalCommand) as info:
        result = decide(state, command, R, seat=seat)
    assert result is None
    error = info.value
    assert (error.reason, error.rule) == (reason, rule), error.message
    assert state_to_dict(state) == before
    return error


def events_of_type(events: Iterable[GameEvent], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def fully_placed_in_round_5() -> State:
    """Mode 4: seat 0 builds the Stone Merchant in round 1 (cards.md G12: 1 wood), places a lay
    brother in rounds 3 and 4 and his prior in his first slot of round 5 (he starts round 5), so
    all his clergymen stand while the round goes on; the game then waits for seat 1."""

    def policy(state: State) -> str | None:
        turn = state.flow.turn
        if turn.seat != 0 or turn.kind != "action" or turn.main_done:
            return None
        if state.round == 1 and "G12" not in state.built:
            return "BUILD G12 3 0"
        return {3: f"USE {mound(0)}", 4: f"USE {farmyard(0)} Gn",
                5: f"PRIOR {office(0)}"}.get(state.round)

    state = drive(fresh(4), lambda s: s.round == 5 and s.flow.turn.seat == 1, policy)
    assert state.players[0].clergy == (office(0), mound(0), farmyard(0))
    return state
