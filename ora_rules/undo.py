"""Take-backs: which moves a seat may take back, and the events that do it (docs/api.md "Undo").

Not a rule of the rulebook but of the table, agreed at creation (``GameConfig.undo``), in the
conventions of online tables: never past another player's decision without consent.

- UNDO-1: policy ``none`` takes nothing back; ``own_last`` takes back only the requester's own
  moves at the end of the game's line, at once; ``by_consent`` (the default) any moves, once
  every other seat a person plays has accepted (bots accept; a seat nobody took is not asked).
- UNDO-2: ``to_move`` names a move on the game's current line (0: the set-up), before its last
  move; moves already taken back are off the line. A finished game takes nothing back.
- UNDO-3: one request at a time; it lapses when anyone moves (``UndoLapsed``, emitted by
  :func:`lapse` with the move's events).
- UNDO-4: only a seat asked answers, once; one refusal ends the request.

An accepted take-back appends ``PositionRestored``: the fold of the stream's prefix up to the
move, with the seats' players as they are now (a seat taken later stays taken). The set-up drew
every random outcome, so the same seed gives the same game after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ora_core.errors import IllegalCommand
from ora_core.events import (
    ClockExpired,
    GameEvent,
    MoveAnnotated,
    MovePlayed,
    PositionRestored,
    SeatReplaceAnswered,
    SeatReplaced,
    SeatReplaceRequested,
    SeatTaken,
    UndoAnswered,
    UndoLapsed,
    UndoRequested,
)
from ora_core.evolve import fold
from ora_core.state import State

POLICIES = ("none", "own_last", "by_consent")

#: Events that are no part of a command: a command's events end before the next of them.
_BETWEEN = (MovePlayed, SeatTaken, MoveAnnotated, UndoRequested, UndoAnswered, PositionRestored,
            SeatReplaced, SeatReplaceRequested, SeatReplaceAnswered, ClockExpired)


@frozen
class LineMove:
    """A move on the game's current line: its number in the stream, its seat, and the stream
    version after its events."""

    number: int
    seat: int
    version: int


def line(events: Sequence[GameEvent]) -> list[LineMove]:
    """The moves of the game's current line, in order (moves taken back are left out)."""
    moves: list[LineMove] = []
    number = 0
    for version, event in enumerate(events, start=1):
        if type(event) is MovePlayed:
            number += 1
            moves.append(LineMove(number, event.seat, version))
        elif isinstance(event, _BETWEEN):
            if type(event) is PositionRestored:
                moves = [m for m in moves if m.number <= event.to_move]
        elif moves and moves[-1].version == version - 1:  # an event of the last command
            moves[-1] = LineMove(moves[-1].number, moves[-1].seat, version)
    return moves


def _setup_version(events: Sequence[GameEvent]) -> int:
    return next((v for v, e in enumerate(events) if type(e) is MovePlayed), len(events))


def _refuse(reason: str, rule: str, detail: str) -> IllegalCommand:
    return IllegalCommand(reason, rule, detail)


def lapse(state: State) -> list[GameEvent]:
    """UNDO-3: the events a move adds while a take-back is asked (none otherwise)."""
    return [UndoLapsed()] if state.undo_request is not None else []


def request(events: Sequence[GameEvent], seat: int, to_move: int) -> list[GameEvent]:
    """``seat`` asks to take the game back to the position after move ``to_move``: the
    request, and the restored position at once when nobody must consent. Raises
    :class:`IllegalCommand` naming UNDO-1 .. UNDO-3."""
    state = fold(events)
    policy = state.config.undo
    if policy not in POLICIES or policy == "none":
        raise _refuse("undo_not_allowed", "UNDO-1", "this game takes no move back")
    if state.finished:
        raise _refuse("game_over", "R-END-1", "the game has ended")
    if state.undo_request is not None:
        raise _refuse("undo_pending", "UNDO-3", f"seat {state.undo_request.seat} already asked "
                      "to take moves back; answer or play on first")
    moves = line(events)
    if not moves or not (to_move == 0 or any(m.number == to_move for m in moves)) \
            or to_move >= moves[-1].number:
        numbers = ", ".join(str(m.number) for m in moves[:-1][-12:])
        raise _refuse("no_such_move", "UNDO-2", f"move {to_move} is not a move before the last "
                      f"of this game's line (0 or {numbers or 'none'})")
    back = [m for m in moves if m.number > to_move]
    version = moves[[m.number for m in moves].index(to_move)].version if to_move else \
        _setup_version(events)
    people = [p.seat for p in state.players
              if p.seat != seat and not p.neutral and p.bot is None and p.name is not None]
    if policy == "own_last":
        if any(m.seat != seat for m in back):
            raise _refuse("not_your_move", "UNDO-1", "own_last takes back only your own moves "
                          "after which nobody else moved")
        people = []
    asked = UndoRequested(seat=seat, to_move=to_move, to_version=version, waiting=tuple(people))
    if people:
        return [asked]
    return [asked, _restored(events, to_move, version)]


def answer(events: Sequence[GameEvent], seat: int, accept: bool) -> list[GameEvent]:
    """``seat`` accepts or refuses the take-back asked (UNDO-4): its answer, and the restored
    position once every seat asked has accepted."""
    state = fold(events)
    asked = state.undo_request
    if asked is None:
        raise _refuse("no_undo_request", "UNDO-4", "no take-back is asked in this game")
    if seat not in asked.waiting:
        raise _refuse("not_asked", "UNDO-4", f"seat {seat} is not asked to consent (asked: "
                      f"{', '.join(map(str, asked.waiting))})")
    said: list[GameEvent] = [UndoAnswered(seat=seat, accepted=accept)]
    if accept and asked.waiting == (seat,):
        said.append(_restored(events, asked.to_move, asked.to_version))
    return said


def _restored(events: Sequence[GameEvent], to_move: int, version: int) -> PositionRestored:
    later_seats = [e for e in events[version:] if type(e) in (SeatTaken, SeatReplaced)]
    position = fold(later_seats, fold(events[:version])) if later_seats else \
        fold(events[:version])
    return PositionRestored(to_move=to_move, to_version=version, state=position)
