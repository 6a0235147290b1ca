"""Re-deciding a stored game: do today's specs still give the events that were stored?

The store's hash chain says a stream was not altered; it cannot say that the rules still agree
with it (a spec changed since, a bug fixed). :func:`redecide` replays the set-up and every
``MovePlayed`` through ``decide`` and compares the events byte for byte with the stored ones,
stopping at the first difference: its version, its move number and, when the rules now refuse
the move, the reason and the rule. A take-back's request and answers are re-decided too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

import ora_rules.records.table_lines as table_lines
from ora_core.codec import EventJsonCodec
from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand, InvalidConfig
from ora_core.events import GameEvent, GameStarted, MoveAnnotated, MovePlayed, SeatTaken
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.decide import Executed, execute, start
from ora_rules.records.takeback_lines import is_takeback, play_line
from ora_rules.specs import Rules

_CODEC = EventJsonCodec()
#: The events of a stream that are no rules facts: who sits where, and annotations.
_NOT_RULES = (SeatTaken, MoveAnnotated)


@frozen
class Difference:
    """The first place where the stored events and today's rules part."""

    version: int            # the first stored version that today's rules do not reproduce
    move_number: int        # 1-based number of the move (0: the set-up)
    move: str               # the move as stored ("" for the set-up)
    reason: str             # the engine's reason code when the move is refused, else a kind:
    #                         setup_differs | events_differ | events_missing | events_extra
    rule: str | None        # the rule id of a refusal
    detail: str
    line: int | None = None  # the record's line, when a record (not a stored game) is verified


def redecide(events: Sequence[GameEvent], rules: Rules) -> Difference | None:
    """The first difference between ``events`` (a whole stored game) and what ``decide`` gives
    for its set-up and moves today; None when they agree byte for byte.

    ``SeatTaken`` events (who plays a seat) are the lobby's, not the rules', and annotations
    (``MoveAnnotated``) are words for people: both are left out of the comparison, and
    versions still count them.
    """
    if not events or not isinstance(events[0], GameStarted):
        return Difference(1, 0, "", "setup_differs", None,
                          "the stream does not begin with game_started")
    versions = [i + 1 for i, e in enumerate(events) if not isinstance(e, _NOT_RULES)]
    # who took which seat before which of the rules' events: the table's rules ask it
    taken, kept = [], 0
    for event in events:
        if isinstance(event, SeatTaken):
            taken.append((kept, event))
        elif not isinstance(event, MoveAnnotated):
            kept += 1
    found = _redecide([e for e in events if not isinstance(e, _NOT_RULES)], rules, taken,
                      lambda index: events[:versions[index] - 1])
    if found is None:
        return None
    # the version in the whole stream of the first differing event (or the one after the end)
    index = found.version - 1
    version = versions[index] if index < len(versions) else len(events) + 1
    return Difference(version, found.move_number, found.move, found.reason, found.rule,
                      found.detail.replace(f"version {found.version}", f"version {version}"))


def _redecide(events: Sequence[GameEvent], rules: Rules,
              taken: Sequence[tuple[int, SeatTaken]] = (),
              before: Callable[[int], Sequence[GameEvent]] | None = None
              ) -> Difference | None:
    """:func:`redecide` over the rules' events alone (versions count these events only);
    ``before(index)``: the whole stream before ``events[index]``, which a take-back line
    (records/takeback_lines.py) is decided on, as the API decided it (it asks who is seated)."""
    assert isinstance(events[0], GameStarted)
    players = events[0].config.players
    # each move, and each line of the table (a time run out, a seat handed to a bot, a
    # take-back), with its time: the record's lines (ora_rules/records/table_lines.py)
    moves = [i for i in range(len(events)) if table_lines.line_of(events, i) is not None]
    setup_end = moves[0] if moves else len(events)
    setup = start(events[0].config, rules)
    found = _compare(events, 0, setup_end, setup, 0, "")
    if found is not None:
        return found
    state = fold(events[:setup_end])
    applied = 0  # the seats taken folded so far
    for number, index in enumerate(moves, start=1):
        played = events[index]
        end = moves[number] if number < len(moves) else len(events)
        seated = []
        while applied < len(taken) and taken[applied][0] <= index:
            seated.append(taken[applied][1])
            applied += 1
        if seated:  # not compared, but the seats' players are part of the position
            state = fold(seated, state)
        line = _line(events, index)
        if is_takeback(line):  # decided by ora_rules.undo on the whole stream before it
            try:
                said = play_line(before(index) if before else events[:index], players, line)
            except IllegalCommand as e:
                return Difference(index + 1, number, line, e.reason, e.rule,
                                  f"the rules now refuse the take-back: {e.detail}")
            found = _compare(events, index, end, said, number, line)
            if found is not None:
                return found
            state = fold(said, state)
            continue
        try:
            executed = _decided(state, played, rules)
        except IllegalCommand as e:
            return Difference(index + 1, number, _line(events, index), e.reason, e.rule,
                              f"the rules now refuse the move: {e.detail}")
        except (InvalidCommand, AmbiguousCommand, InvalidConfig) as e:
            return Difference(index + 1, number, _line(events, index), e.code, None,
                              f"the notation now refuses the move: {e.message}")
        found = _compare(events, index, end, executed.events, number, _line(events, index))
        if found is not None:
            return found
        state = executed.state
    return None


def _line(events: Sequence[GameEvent], index: int) -> str:
    return table_lines.line_of(events, index) or ""


def _decided(state: State, first: GameEvent, rules: Rules) -> Executed:
    """A move through ``decide`` with its time, or a table line's events."""
    if isinstance(first, MovePlayed):
        return execute(state, first.move, rules, seat=first.seat, took=first.took)
    line = table_lines.line_of([first], 0) or ""
    events = table_lines.play(state, rules, line, table_lines.took_of(first))
    return Executed(events, fold(events, state))


def _compare(stored: Sequence[GameEvent], begin: int, end: int, fresh: Sequence[GameEvent],
             number: int, move: str) -> Difference | None:
    """The first difference between ``stored[begin:end]`` and ``fresh``."""
    for offset, new in enumerate(fresh):
        at = begin + offset
        if at >= end:
            return Difference(at + 1, number, move, "events_extra", None,
                              f"today's rules add a {_CODEC.tag(new)} event at version {at + 1}")
        old = stored[at]
        if _CODEC.tag(old) != _CODEC.tag(new) or _CODEC.encode(old) != _CODEC.encode(new):
            return Difference(at + 1, number, move, "setup_differs" if number == 0
                              else "events_differ", None,
                              f"stored {_CODEC.tag(old)} {_CODEC.encode(old).decode()[:160]}; "
                              f"today {_CODEC.tag(new)} {_CODEC.encode(new).decode()[:160]}")
    if begin + len(fresh) < end:
        at = begin + len(fresh)
        return Difference(at + 1, number, move, "events_missing", None,
                          f"today's rules give no {_CODEC.tag(stored[at])} event at version "
                          f"{at + 1}")
    return None
