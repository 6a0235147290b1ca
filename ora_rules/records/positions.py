"""Positions by move number: a game's events up to the end of its N-th move.

A record numbers moves (one per line); the store numbers events (versions). Move 0 is the
set-up (the events before the first ``MovePlayed``), move N ends where move N+1 begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ora_core.errors import OraError
from ora_core.events import GameEvent, MovePlayed


class NoSuchMove(OraError):
    """The game has fewer moves than asked for."""

    code = "out_of_range"

    def __init__(self, move: int, moves: int) -> None:
        super().__init__(f"move {move}: {out_of_range(move, moves)}")
        self.move = move
        self.moves = moves


def out_of_range(move: int, moves: int) -> str:
    """Why move number ``move`` names no position of a game of ``moves`` moves."""
    if move < 0:
        return "moves are numbered from 0 (the set-up)"
    return f"the game has {moves} move(s) (0 is the set-up)"


def events_to_move(events: Iterable[GameEvent], move: int) -> Iterator[GameEvent]:
    """The events of the set-up and of moves 1..``move``, lazily (for a fold).

    Raises :class:`NoSuchMove` once the events run out before move ``move`` ended, and
    ValueError for a negative ``move``.
    """
    if move < 0:
        raise ValueError(f"move must be >= 0, not {move}")
    played = 0
    for event in events:
        if type(event) is MovePlayed:
            if played == move:
                return
            played += 1
        yield event
    if played < move:
        raise NoSuchMove(move, played)
