"""What the table's events do to the state: clocks and seats handed to bots (``ora_core.evolve``'s
handlers for them; the events are in ``ora_core.events``, ``ora_rules.clocks`` and
``ora_rules.seats`` decide them). Like every handler, they only apply what the event says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ora_core.events import ClockExpired, SeatReplaceAnswered, SeatReplaced, SeatReplaceRequested
from ora_core.state import ReplaceRequest, State


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1:])


def moved(state: State, seat: int, left: int | None) -> State:
    """A move's clock: the seat's time left after it (a ``MovePlayed`` of a clocked game)."""
    if left is None or not 0 <= seat < len(state.clock_left):
        return state.next()
    return state.next(clock_left=_with(state.clock_left, seat, left))


def expired(state: State, e: ClockExpired) -> State:
    timed_out = (*state.timed_out, e.seat)
    if 0 <= e.seat < len(state.clock_left):
        return state.next(timed_out=timed_out, clock_left=_with(state.clock_left, e.seat, 0))
    return state.next(timed_out=timed_out)


def replace_requested(state: State, e: SeatReplaceRequested) -> State:
    return state.next(replace_request=ReplaceRequest(e.by, e.seat, e.bot, e.waiting))


def replace_answered(state: State, e: SeatReplaceAnswered) -> State:
    asked = state.replace_request
    if asked is None or not e.accepted:
        return state.next(replace_request=None)
    waiting = tuple(s for s in asked.waiting if s != e.seat)
    return state.next(replace_request=ReplaceRequest(asked.by, asked.seat, asked.bot, waiting))


def replaced(state: State, e: SeatReplaced) -> State:
    if not 0 <= e.seat < len(state.players):
        return state.next(replace_request=None)
    players = list(state.players)
    players[e.seat] = players[e.seat].__replace__(bot=e.bot)
    return state.next(replace_request=None, players=tuple(players))


HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    ClockExpired: expired, SeatReplaceRequested: replace_requested,
    SeatReplaceAnswered: replace_answered, SeatReplaced: replaced}
