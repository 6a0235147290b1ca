"""The table's lines of an ``ora`` record (docs/records.md "Clocks and seats handed to bots"):
what is no move of the notation but happened at the table between moves, written where it
happened so that reading the record replays it to the same events.

- ``TIMEOUT`` (its comment's ``t=MS``: how long the decision had run): the seat that decided
  ran out of time (``ora_rules.timeouts``: ``ClockExpired`` and the game's policy: the rules'
  default move, a bot taking the seat, or the end of the game).
- ``REPLACE SEAT BOT creator|own``: a bot took the seat at once (``ora_rules.seats``).
- ``ASK_REPLACE BY SEAT BOT`` and ``ANSWER_REPLACE SEAT yes|no``: a replacement asked and
  answered; the last consent's ``SeatReplaced`` follows from the answer.
- ``!undo SEAT MOVE``, ``!accept SEAT``, ``!refuse SEAT``: a take-back asked and answered
  (``ora_rules.records.takeback_lines``, decided on the whole stream before it).

And the header's ``[Clock "KIND INITIAL[+INCREMENT] POLICY[:BOT]"]`` is the time control
(``fischer 600+5 lose``, ``deadline 86400 bot:hard``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import ora_rules.records.takeback_lines as takeback_lines
from ora_core.errors import InvalidConfig
from ora_core.events import (
    ClockExpired,
    GameEvent,
    MoveAnnotated,
    MovePlayed,
    SeatReplaceAnswered,
    SeatReplaced,
    SeatReplaceRequested,
)
from ora_core.state import State, TimeControl
from ora_rules import seats, timeouts
from ora_rules.annotations import line_of as annotation_line
from ora_rules.annotations import moves_played
from ora_rules.clocks import checked
from ora_rules.specs import Rules

VERBS = ("TIMEOUT", "REPLACE", "ASK_REPLACE", "ANSWER_REPLACE")
#: The table's events: between moves, never part of what a move decided.
EVENTS = (ClockExpired, SeatReplaceRequested, SeatReplaceAnswered, SeatReplaced)
_CLOCK = re.compile(r"(fischer|deadline) ([0-9]+)(?:\+([0-9]+))? (lose|pass|bot)(?::(\S+))?")
_DEFAULT_BOT = TimeControl().bot


def clock_tag(control: TimeControl) -> str:
    """The ``[Clock]`` value of a time control."""
    text = f"{control.kind} {control.initial}"
    if control.increment:
        text += f"+{control.increment}"
    text += f" {control.on_timeout}"
    if control.bot != _DEFAULT_BOT or control.on_timeout == "bot":
        text += f":{control.bot}"
    return text


def clock_of_tag(value: str) -> TimeControl:
    """The time control of a ``[Clock]`` value; :class:`InvalidConfig` if it is none."""
    match = _CLOCK.fullmatch(value.strip())
    if match is None:
        raise InvalidConfig(f"not a time control: {value!r} (KIND INITIAL[+INCREMENT] "
                            "POLICY[:BOT], e.g. 'fischer 600+5 lose')", "clock")
    control = TimeControl(kind=match[1], initial=int(match[2]), increment=int(match[3] or 0),
                          on_timeout=match[4], bot=match[5] or _DEFAULT_BOT)
    checked(control)
    return control


def line_of(events: Sequence[GameEvent], index: int) -> str | None:
    """The record line that ``events[index]`` begins, or None when it begins none (an event
    of the line before, or no line at all)."""
    event = events[index]
    if type(event) is MovePlayed:
        follows_timeout = index > 0 and type(events[index - 1]) is ClockExpired
        return None if follows_timeout else event.move
    if type(event) is ClockExpired:
        return "TIMEOUT"
    if type(event) is MoveAnnotated:  # ; text (ora_rules.annotations)
        return annotation_line(event, moves_played(events[:index]))
    takeback = takeback_lines.line_of(event)  # !undo, !accept, !refuse
    if takeback is not None:
        return takeback
    if type(event) is SeatReplaced and event.reason in ("creator", "own"):
        return f"REPLACE {event.seat} {event.bot} {event.reason}"
    if type(event) is SeatReplaceRequested:
        return f"ASK_REPLACE {event.by} {event.seat} {event.bot}"
    if type(event) is SeatReplaceAnswered:
        return f"ANSWER_REPLACE {event.seat} {'yes' if event.accepted else 'no'}"
    return None


def took_of(event: GameEvent) -> int | None:
    """The time a line's first event carries, for its ``t=MS`` comment."""
    if type(event) is MovePlayed:
        return event.took
    if type(event) is ClockExpired:
        return event.took
    return None


def is_table_line(command: str) -> bool:
    return command.split(" ", 1)[0] in VERBS


def play(state: State, rules: Rules, command: str, took: int | None) -> list[GameEvent]:
    """The events of a table line in ``state``. Raises ``IllegalCommand`` as the table's
    rules do, ``InvalidConfig`` for a line that is not one."""
    words = command.split()
    verb, args = words[0], words[1:]
    try:
        if verb == "TIMEOUT" and not args:
            return timeouts.expire(state, rules, took or 0)
        if verb == "REPLACE" and len(args) == 3 and args[2] in ("creator", "own"):
            seat = int(args[0])
            return seats.request(state, seat, seat, args[1], by_creator=args[2] == "creator")
        if verb == "ASK_REPLACE" and len(args) == 3:
            return seats.request(state, int(args[0]), int(args[1]), args[2])
        if verb == "ANSWER_REPLACE" and len(args) == 2 and args[1] in ("yes", "no"):
            return seats.answer(state, int(args[0]), args[1] == "yes")
    except ValueError:
        pass
    raise InvalidConfig(f"not a table line: {command!r} (TIMEOUT, REPLACE SEAT BOT "
                        "creator|own, ASK_REPLACE BY SEAT BOT, ANSWER_REPLACE SEAT yes|no)")
