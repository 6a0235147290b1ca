"""A record's take-back lines (docs/records.md "Take-backs"): the agreement of the table written
between the moves, so a record of a game with a take-back replays to the same events.

::

    COMMIT  #v40:…
    !undo 0 3     seat 0 asks to take the game back to the position after move 3
    !accept 1     seat 1 agrees (the last consent restores the position)
    !refuse 1     ... or refuses

The acting seat is written: unlike a move's, it is not the seat that decides. Each line goes
through ``ora_rules.undo`` as the API's ``game.undo_request`` / ``game.undo_answer`` do, so the
request, the answers, the lapse (a move's ``undo_lapsed``) and the restored position are the
stream's own events, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ora_core.errors import IllegalCommand
from ora_core.events import GameEvent, UndoAnswered, UndoRequested
from ora_rules import undo

#: A take-back line starts with this: no command of the notation does.
MARK = "!"
_LINE = re.compile(r"!undo ([0-9]+) ([0-9]+)|!(accept|refuse) ([0-9]+)")


def is_takeback(command: str) -> bool:
    return command.startswith(MARK)


def line_of(event: GameEvent) -> str | None:
    """The record line of a take-back event a player sent, or None (a move, or an event that
    follows from one: the lapse, the restored position)."""
    if isinstance(event, UndoRequested):
        return f"!undo {event.seat} {event.to_move}"
    if isinstance(event, UndoAnswered):
        return f"!{'accept' if event.accepted else 'refuse'} {event.seat}"
    return None


def well_formed(command: str) -> bool:
    return _LINE.fullmatch(command) is not None


def play_line(events: Sequence[GameEvent], players: int, command: str) -> list[GameEvent]:
    """The events of a take-back line after ``events``; raises :class:`IllegalCommand` (the
    rules UNDO-1 .. UNDO-4 of ``ora_rules.undo``, or a seat the game does not have)."""
    match = _LINE.fullmatch(command)
    if match is None:  # parse_record lets only well-formed lines through
        raise IllegalCommand("invalid_command", "UNDO-2", f"not a take-back line: {command!r}")
    seat = int(match[1] if match[1] is not None else match[4])
    if seat >= players:
        raise IllegalCommand("no_such_seat", "UNDO-4", f"seat {seat} is not a seat of this "
                             f"{players}-player game")
    if match[1] is not None:
        return undo.request(events, seat, int(match[2]))
    return undo.answer(events, seat, match[3] == "accept")
