"""Playing a record's commands through ``decide``: the one way any reader turns moves into events.

Every reader (ours, kennerspiel's, weblabora's) translates its lines into our commands and hands
them to :func:`replay`, so a game is only ever stored as moves the rules accept: the replay ends
at the first command that cannot be played and says why (:class:`ImportStop`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from attrs import frozen

import ora_rules.records.table_lines as table_lines
from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand, InvalidConfig
from ora_core.events import GameEvent, MoveAnnotated, MovePlayed, SeatTaken
from ora_core.evolve import fold
from ora_core.state import GameConfig, State
from ora_rules.annotations import BadAnnotation, annotate, is_annotation, parse_line
from ora_rules.decide import Executed, execute, start
from ora_rules.records.errors import RecordError
from ora_rules.records.hints import option_allowing, with_option
from ora_rules.records.importing import ImportStop, moves_played
from ora_rules.records.takeback_lines import is_takeback, play_line
from ora_rules.specs import Rules


@frozen
class SourceMove:
    """One move of a record: where it stands and the command of our notation it became."""

    line: int     # 1-based line of the record
    source: str   # the line as written (without its comment)
    command: str  # our notation
    #: The milliseconds the decision took (a game with a clock: the line's ``t=MS``).
    took: int | None = None
    #: An annotation written on a move's line (``MOVE ; text``), as no export writes it.
    by_hand: bool = False


@frozen
class Replayed:
    """The events of the moves that could be played, and the first that could not."""

    events: tuple[GameEvent, ...]
    commands: tuple[str, ...]  # each played move as ``decide`` wrote it (canonical notation)
    ends: tuple[int, ...]      # the stream's version after each line played (take-backs too)
    state: State               # the state after the last played move
    stop: ImportStop | None
    lines: tuple[int, ...] = ()  # the record's line of each MovePlayed, in order


def replay(config: GameConfig, moves: Sequence[SourceMove], rules: Rules,
           seated: Sequence[tuple[int, SeatTaken]] = ()) -> Replayed:
    """The set-up of ``config``, then ``moves`` one by one until the first that fails.

    The acting seat of each move is the seat that decides in that position (design §5: the
    notation makes it derivable), so a record needs no seat column. ``seated`` are the
    players who took their seats, each after that many moves (0: right after the set-up), in
    the order they came: not rules facts, but part of the stream (the lobby writes them
    between commands).
    """
    events = list(start(config, rules))
    state = fold(events)
    commands: list[str] = []
    ends: list[int] = []
    lines: list[int] = []
    stop: ImportStop | None = None
    waiting = sorted(enumerate(seated), key=lambda item: (item[1][0], item[0]))
    state = _seat(events, state, waiting, 0)
    for number, move in enumerate(moves, start=1):
        if is_annotation(move.command):  # words for people, where they were written
            note = _annotation(events, move)
            events.append(note)
            state = _seat(events, fold([note], state), waiting, number)
            ends.append(state.version)
            continue
        if is_takeback(move.command):  # the table's agreement (records/takeback_lines.py)
            try:
                said = play_line(events, config.players, move.command)
            except IllegalCommand as e:
                stop = _stop(len(lines) + 1, move, e.reason, e.rule, e.detail)
                break
            events.extend(said)  # not a command: ``commands`` are the moves and table lines
            state = _seat(events, fold(said, state), waiting, number)
            ends.append(state.version)
            continue
        try:
            executed = _played(state, move, rules)
        except IllegalCommand as e:
            stop = _stop(len(lines) + 1, move, e.reason, e.rule, e.detail)
        except (InvalidCommand, AmbiguousCommand, InvalidConfig) as e:
            stop = _stop(len(lines) + 1, move, e.code, None, e.message)
        if stop is not None:
            stop = with_option(stop, option_allowing(
                state, rules, stop.reason, partial(execute, command=move.command, rules=rules)))
            break
        events.extend(executed.events)
        lines += [move.line] * moves_played(executed.events)
        state = executed.state
        first = executed.events[0]
        commands.append(first.move if isinstance(first, MovePlayed) else move.command)
        state = _seat(events, state, waiting, number)
        ends.append(state.version)
    return Replayed(tuple(events), tuple(commands), tuple(ends), state, stop, tuple(lines))


def _annotation(events: Sequence[GameEvent], move: SourceMove) -> MoveAnnotated:
    """The annotation a record's ``;`` line writes; one that cannot be is no record's line."""
    at, text = parse_line(move.command)
    try:
        return annotate(events, at, text)
    except BadAnnotation as e:
        raise RecordError(move.line, f"not an annotation line: {e.message}") from None


def _played(state: State, move: SourceMove, rules: Rules) -> Executed:
    """A move through ``decide`` with its time, or a line of the table
    (``ora_rules.records.table_lines``)."""
    if table_lines.is_table_line(move.command):
        events = table_lines.play(state, rules, move.command, move.took)
        return Executed(events, fold(events, state))
    return execute(state, move.command, rules, took=move.took)


def _seat(events: list[GameEvent], state: State,
          waiting: list[tuple[int, tuple[int, SeatTaken]]], played: int) -> State:
    """Append the seats taken after ``played`` moves (taken off the front of ``waiting``)."""
    while waiting and waiting[0][1][0] <= played:
        event = waiting.pop(0)[1][1]
        events.append(event)
        state = fold([event], state)
    return state


def _stop(number: int, move: SourceMove, reason: str, rule: str | None, detail: str
          ) -> ImportStop:
    # ``reading`` (a reading set that would accept the move) is the reader's to find: it
    # replays under the other sets (ora_format.read_ora, kennerspiel.with_reading_hint).
    return ImportStop(move_number=number, line=move.line, source=move.source,
                      command=move.command, reason=reason, rule=rule, detail=detail,
                      reading=None)
