"""The events of a take-back (``ora_rules.undo`` decides them; docs/api.md "Undo").

Nothing is ever deleted: a take-back is events appended after the moves it takes back. The
request and each answer are facts of the table; ``PositionRestored`` carries the whole position
it returns to (the fold of the stream's prefix up to the move), so ``evolve`` applies it
without reading the past and a replay shows both the moves taken back and the agreement.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from attrs import frozen

from ora_core.state import State, UndoRequest


@frozen(kw_only=True)
class UndoRequested:
    """``seat`` asks to go back to the position after move ``to_move`` (stream version
    ``to_version``); ``waiting``: the seats asked to consent (no bot: bots accept)."""

    TAG: ClassVar[str] = "undo_requested"
    seat: int
    to_move: int
    to_version: int
    waiting: tuple[int, ...] = ()


@frozen(kw_only=True)
class UndoAnswered:
    TAG: ClassVar[str] = "undo_answered"
    seat: int
    accepted: bool


@frozen(kw_only=True)
class UndoLapsed:
    """A move was played while a take-back was asked: the request is gone."""

    TAG: ClassVar[str] = "undo_lapsed"


@frozen(kw_only=True)
class PositionRestored:
    """The game is back at the position after move ``to_move`` (``state``, as it stood at
    stream version ``to_version``, with the seats' players as they are now)."""

    TAG: ClassVar[str] = "position_restored"
    to_move: int
    to_version: int
    state: State


# --- what each does to the state (ora_core.evolve's handlers) ------------------------------------


def requested(state: State, e: UndoRequested) -> dict[str, Any]:
    return {"undo_request": UndoRequest(e.seat, e.to_move, e.to_version, e.waiting)}


def answered(state: State, e: UndoAnswered) -> dict[str, Any]:
    asked = state.undo_request
    if asked is None or not e.accepted:
        return {"undo_request": None}
    waiting = tuple(s for s in asked.waiting if s != e.seat)
    return {"undo_request": UndoRequest(asked.seat, asked.to_move, asked.to_version, waiting)}


def lapsed(state: State, e: UndoLapsed) -> dict[str, Any]:
    return {"undo_request": None}


def restored(state: State, e: PositionRestored) -> dict[str, Any]:
    """Every field of the restored position but the version, which goes on counting."""
    fields = dict(e.state.__dict__)
    fields.pop("version")
    fields["undo_request"] = None
    return fields


HANDLERS: dict[type[Any], Callable[[State, Any], dict[str, Any]]] = {
    UndoRequested: requested, UndoAnswered: answered, UndoLapsed: lapsed,
    PositionRestored: restored}
