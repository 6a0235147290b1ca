"""The lines of another engine's record and their replay (kennerspiel's language and the
weblabora dialect read into it): a line, the stop of one that cannot be played, the loop that
plays them through a translator, and the hints a stop gives (split from
ora_rules/records/kennerspiel.py)."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs
from attrs import frozen

from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.annotations import BadAnnotation, annotate
from ora_rules.decide import execute
from ora_rules.readings import label, set_name
from ora_rules.records.errors import RecordError
from ora_rules.records.hints import option_allowing, profile_option, with_option
from ora_rules.records.importing import Imported, ImportNote, ImportStop, moves_played
from ora_rules.specs import Rules

INT = re.compile(r"^-?\d+$")


@frozen
class SourceLine:
    """A move line in the kennerspiel language; ``source`` keeps the original line when it was
    translated from another dialect (weblabora). A stop names ``number`` and our move."""

    number: int
    text: str
    tokens: tuple[str, ...]
    source: str = ""


def source_lines(text: str) -> list[SourceLine]:
    """The record's lines without comments (``#``) and annotations (``; text``)."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.split("#", 1)[0].split(";", 1)[0].strip()
        if stripped:
            lines.append(SourceLine(number, stripped, tuple(stripped.split())))
    return lines


def annotation_lines(text: str) -> list[tuple[int, str]]:
    """Each annotation of the record, ``; text`` after a line's move or on a line of its own
    (before any ``#`` comment), with its line number: it comments on the move it follows."""
    found = []
    for number, raw in enumerate(text.splitlines(), start=1):
        _, semicolon, words = raw.split("#", 1)[0].partition(";")
        if semicolon:
            found.append((number, words.strip()))
    return found


def annotated(imported: Imported, state: State, ends: Sequence[tuple[int, int]], text: str
              ) -> tuple[Imported, State]:
    """A reader's import and last state with the record's annotations (:func:`annotation_lines`)
    placed among its events."""
    notes = annotation_lines(text)
    if not notes:
        return imported, state
    imported = with_annotations(imported, ends, notes)
    return imported, fold(imported.events)


def with_annotations(imported: Imported, ends: Sequence[tuple[int, int]],
                     notes: Sequence[tuple[int, str]]) -> Imported:
    """``imported`` with each annotation (line, text) after the events of the last line at or
    before it (``ends``: the last line each step played, and the events after it); those
    after a stop are dropped with the rest. A bad one is a :class:`RecordError` naming it."""
    if not notes:
        return imported
    events = list(imported.events)
    stop = imported.stop.line if imported.stop else None
    placed: list[tuple[int, int, str]] = []
    for line, text in notes:
        if stop is not None and line >= stop:
            break
        after = max((end for last, end in ends if last <= line), default=ends[0][1])
        placed.append((after, line, text))
    for offset, (after, line, text) in enumerate(placed):
        at = after + offset
        try:
            events.insert(at, annotate(events[:at], None, text))
        except BadAnnotation as e:
            raise RecordError(line, f"not an annotation: {e.message}") from None
    return attrs.evolve(imported, events=tuple(events))



class LineStop(Exception):
    """A line that cannot be played, for a reason found by the translator (not ``decide``);
    ``at``: the line that fails when it is one of those the played line consumed (a use
    granted by a redirect), not the played line itself."""

    def __init__(self, command: str, reason: str, rule: str | None, detail: str,
                 at: SourceLine | None = None) -> None:
        super().__init__(detail)
        self.command, self.reason, self.rule, self.detail = command, reason, rule, detail
        self.at = at


class LinePlayer(Protocol):
    """A translator: plays one source line (and the following ones it consumes) into ours."""

    rules: Rules
    state: State
    events: list[GameEvent]
    commands: list[str]
    notes: list[ImportNote]

    def line(self, line: SourceLine, following: Sequence[SourceLine]) -> int: ...


def with_reading_hint(read: Callable[[str | None], Imported], rules: Rules,
                      readings: str | None, source: str | None = None) -> Imported:
    """``read(readings)``; when it stops under the rulebook readings, the first profile
    (specs/readings.toml ``[sets]``; the ``source`` reader's own first) that plays past that
    move is named in the stop."""
    imported = read(readings)
    if imported.stop is None or readings not in (None, "rulebook"):
        return imported
    stop = imported.stop
    own = rules.readings.sources.get(source or "")
    for other in sorted(rules.readings.sets, key=lambda name: (name != own, name)):
        if other == "rulebook":
            continue
        again = read(other)
        if _past(again.stop, stop.line):
            option = stop.option or profile_option(rules, other, lambda words: _past(
                read(words).stop, stop.line))
            return attrs.evolve(imported, stop=attrs.evolve(stop, reading=other,
                                                             option=option))
    return imported


def _past(stop: ImportStop | None, line: int) -> bool:
    return stop is None or stop.line > line


def play_lines(game: LinePlayer, moves: Sequence[SourceLine],
               ends: list[tuple[int, int]] | None = None) -> tuple[Imported, State]:
    """Play the record's move lines through ``game`` up to the first that cannot be played;
    ``ends`` gets where each step's events end (for :func:`with_annotations`)."""
    ends = [] if ends is None else ends
    stop: ImportStop | None = None
    lines: list[int] = []  # the record's line of each move played
    i = 0
    #: (the last source line a step played, the events after it), the set-up first
    ends.append((0, len(game.events)))
    while i < len(moves):
        line = moves[i]
        number = len(lines) + 1  # our number of the line's first move
        before = (game.state, len(game.events), len(game.commands), len(game.notes))
        try:
            i += 1 + game.line(line, moves[i + 1:])
            ends.append((moves[i - 1].number, len(game.events)))
        except (LineStop, IllegalCommand, InvalidCommand, AmbiguousCommand) as e:
            # the moves the line played before it failed (an inserted COMMIT) come first
            lines += [line.number] * moves_played(game.events[before[1]:])
            stop = _option(game, before, line, moves[i + 1:], _stop(len(lines) + 1, line, e))
            break
        lines += [line.number] * moves_played(game.events[before[1]:])
        game.notes[before[3]:] = [attrs.evolve(n, move=number) for n in game.notes[before[3]:]]
    config = game.state.config
    name = set_name(game.rules, config.readings)
    tags = (("Game", "ora"), ("Players", str(config.players)), ("Variant", str(config.variant)),
            ("Length", config.length), ("Seed", str(config.seed)),
            ("Colours", " ".join(config.colours)), ("Readings", label(config.readings)),
            *((("Profile", name),) if name not in (None, "rulebook") else ()))
    return Imported(tags, tuple(game.commands), tuple(game.events), tuple(game.notes),
                    stop, tuple(lines)), game.state


def _stop(move: int, line: SourceLine,
          error: LineStop | IllegalCommand | InvalidCommand | AmbiguousCommand) -> ImportStop:
    """The stop of ``line`` (or of the consumed line the translator names) as our move
    ``move``."""
    text = line.source or line.text
    if isinstance(error, LineStop):
        at = error.at or line
        return ImportStop(move, at.number, at.source or at.text, error.command, error.reason,
                          error.rule, error.detail, None)
    if isinstance(error, IllegalCommand):
        return ImportStop(move, line.number, text, line.text, error.reason, error.rule,
                          error.detail, None)
    return ImportStop(move, line.number, text, line.text, error.code, None, error.message, None)


def _option(game: LinePlayer, before: tuple[State, int, int, int], line: SourceLine,
            following: Sequence[SourceLine], stop: ImportStop) -> ImportStop:
    """The stop with the option that lets ``line`` be played from where it began
    (ora_rules/records/hints.py), tried on a copy of the translator. When the translator found
    no use of ours that the line could be (``no_matching_use``), the command it becomes under
    that option, decided under the game's own options, gives the real refusal."""
    state, events, commands, notes = before
    played: list[str] = []

    def attempt(swapped: State) -> None:
        trial = copy.copy(game)
        trial.events, trial.commands = game.events[:events], game.commands[:commands]
        trial.notes, trial.state = game.notes[:notes], swapped
        trial.line(line, following)
        played[:] = trial.commands[commands:]

    option = option_allowing(state, game.rules, stop.reason, attempt, (LineStop,))
    stop = with_option(stop, option)
    if option is None or stop.reason != "no_matching_use":
        return stop
    for command in played:
        try:
            state = execute(state, command, game.rules).state
        except IllegalCommand as e:
            return attrs.evolve(stop, command=command, reason=e.reason, rule=e.rule,
                                detail=e.detail)
        except (InvalidCommand, AmbiguousCommand):
            break
    return stop
