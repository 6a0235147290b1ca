"""The shape of an import: what every reader of a game record (ours, kennerspiel's, weblabora's)
returns. Shared by ora_rules/records/* (this file: ora_rules/records/importing.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from attrs import frozen

from ora_core.events import GameEvent, MovePlayed
from ora_rules.specs import Rules


@frozen
class ImportNote:
    """A command the importer inserted, merged or rewrote; an import never guesses silently."""

    line: int            # 1-based line of the source record
    source: str          # the source line as written
    action: str          # "inserted" | "merged" | "rewritten" | "dropped"
    commands: tuple[str, ...]  # our commands that came of it
    why: str             # one sentence
    #: Our number of the line's first move (``move_number``); 0 while the line is being played.
    move: int = 0


@frozen
class ImportStop:
    """The first move that cannot be played: the import ends there, nothing after it is stored."""

    #: Our number of the move (the moves played before it + 1), as the audit, ``ora show
    #: --move`` and ``ora log`` count; a record's lines count otherwise (its COMMITs, merged
    #: and inserted commands), so a stop names both (``position``).
    move_number: int
    line: int            # 1-based line of the record
    source: str
    command: str         # our command it became ("" when it could not be translated)
    reason: str          # the engine's reason code (IllegalCommand.reason, or invalid_command)
    rule: str | None     # the rule id
    detail: str
    reading: str | None  # a named reading set (profile) that would make it legal, if any
    #: The one option (``group=label``, specs/readings.toml) that, added to the game's
    #: profile, lets this move be played (ora_rules/records/hints.py), if any.
    option: str | None = None


@frozen
class Imported:
    """The outcome of reading a record: the game as far as it is legal."""

    tags: tuple[tuple[str, str], ...]   # the header of our record format, in order
    commands: tuple[str, ...]           # our notation, one per move played
    events: tuple[GameEvent, ...]       # from GameStarted to the last legal move
    notes: tuple[ImportNote, ...]
    stop: ImportStop | None
    #: The record's line of each move played (one per ``MovePlayed`` of ``events``, in order).
    lines: tuple[int, ...] = ()


def moves_played(events: Iterable[GameEvent]) -> int:
    """Our count of moves in ``events`` (take-backs and table lines are no moves)."""
    return sum(type(e) is MovePlayed for e in events)


def position(line: int, move: int) -> str:
    """A place in a record as every report names it: the record's line and our move."""
    return f"line {line}, move {move}"


#: (record text, rules, readings name or None for the format's own default) -> Imported
Reader = Callable[[str, Rules, str | None], Imported]
