"""What a take-back's events do to the state (``ora_core.evolve``'s handlers for them; the
events are in ``ora_core.events``, ``ora_rules.undo`` decides them; docs/api.md "Undo")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ora_core.events import PositionRestored, UndoAnswered, UndoLapsed, UndoRequested
from ora_core.state import State, UndoRequest

# --- what each does to the state (ora_core.evolve's handlers) ------------------------------------


def requested(state: State, e: UndoRequested) -> State:
    return state.next(undo_request=UndoRequest(e.seat, e.to_move, e.to_version, e.waiting))


def answered(state: State, e: UndoAnswered) -> State:
    asked = state.undo_request
    if asked is None or not e.accepted:
        return state.next(undo_request=None)
    waiting = tuple(s for s in asked.waiting if s != e.seat)
    return state.next(
        undo_request=UndoRequest(asked.seat, asked.to_move, asked.to_version, waiting))


def lapsed(state: State, e: UndoLapsed) -> State:
    return state.next(undo_request=None)


def restored(state: State, e: PositionRestored) -> State:
    """Every field of the restored position but the version, which goes on counting. Time
    spent stays spent, and a replacement asked stays asked: the table's facts are not taken
    back with the moves."""
    return e.state.next(version=state.version + 1, undo_request=None,
                        clock_left=state.clock_left, timed_out=state.timed_out,
                        replace_request=state.replace_request)


HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    UndoRequested: requested, UndoAnswered: answered, UndoLapsed: lapsed,
    PositionRestored: restored}
