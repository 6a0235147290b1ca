"""Annotations: a comment on a move, for people (docs/records.md "Annotations").

An annotation is an event of its own, ``MoveAnnotated``, appended where it was written: the
stream keeps it (so export, import, subscriptions and the log carry it), but it is no rules
fact: ``evolve`` changes nothing for it but the version, ``ora verify`` and the audit leave it
out. In a record it is a line of its own after the move it follows, ``; text``, or
``;@M text`` when it comments on an earlier move ``M`` than the last one before it (written
later, in review).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

from ora_core.errors import OraError
from ora_core.events import GameEvent, MoveAnnotated, MovePlayed

#: The longest annotation, in characters.
MAX_TEXT = 500
_LINE = re.compile(r";(?:@([0-9]+))?[ \t]?(.*)", re.DOTALL)


class BadAnnotation(OraError):
    """An annotation that cannot be written: ``reason`` is ``no_such_move`` or ``bad_text``."""

    code = "bad_annotation"

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def moves_played(events: Iterable[GameEvent]) -> int:
    return sum(1 for e in events if type(e) is MovePlayed)


def annotate(events: Sequence[GameEvent], move: int | None, text: str) -> MoveAnnotated:
    """The annotation of ``move`` (None: the last move played; 0: the game before its first
    move) after ``events``; :class:`BadAnnotation` for a move the game does not have yet or a
    text that is empty, longer than :data:`MAX_TEXT` or holds a line break or control
    character."""
    played = moves_played(events)
    at = played if move is None else move
    if at < 0:
        raise BadAnnotation("no_such_move", f"move {at}: moves are numbered from 0 (0 "
                            "annotates the game before its first move)")
    if at > played:
        raise BadAnnotation("no_such_move", f"move {at}: the game has {played} move(s) "
                            "(0 annotates the game before its first move)")
    words = text.strip()
    if not words or len(words) > MAX_TEXT:
        raise BadAnnotation("bad_text", f"an annotation has 1 to {MAX_TEXT} characters, not "
                            f"{len(words)}")
    if any(unicodedata.category(ch)[0] == "C" for ch in words):
        raise BadAnnotation("bad_text", "an annotation is one line: no line break, tab or "
                            "other control character")
    return MoveAnnotated(move=at, text=words)


def is_annotation(line: str) -> bool:
    return line.startswith(";")


def line_of(event: MoveAnnotated, played: int) -> str:
    """The record line of ``event`` written after ``played`` moves."""
    return f"; {event.text}" if event.move == played else f";@{event.move} {event.text}"


def parse_line(line: str) -> tuple[int | None, str]:
    """The move (None: the last one played) and the text of a record's annotation line."""
    match = _LINE.fullmatch(line)
    assert match is not None  # every line that starts with ';' matches
    return (int(match[1]) if match[1] else None), match[2]


def by_move(events: Iterable[GameEvent]) -> dict[int, list[str]]:
    """Every annotation of a stream by its move, in the order they were written."""
    found: dict[int, list[str]] = {}
    for event in events:
        if type(event) is MoveAnnotated:
            found.setdefault(event.move, []).append(event.text)
    return found
