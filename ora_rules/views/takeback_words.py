"""The take-back's events in words, for the log (``narrate``): who asked, who answered, which
moves were taken back (ora_rules/undo.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ora_core.events import GameEvent, PositionRestored, UndoAnswered, UndoLapsed, UndoRequested
from ora_core.state import State

#: The events of a take-back: said after a move's own sentences, never part of them.
TAKEBACK = (UndoRequested, UndoAnswered, UndoLapsed, PositionRestored)


def takeback_words(before: State, events: Sequence[GameEvent],
                   name: Callable[[State, int], str]) -> Iterator[str]:
    """One sentence per take-back event; ``name(state, seat)`` names a seat."""
    def who(seat: int) -> str:
        return name(before, seat)

    for event in events:
        if isinstance(event, UndoRequested):
            asked = " and ".join(who(s) for s in event.waiting)
            yield (f"{who(event.seat)} asks to take the game back to after move "
                   f"{event.to_move}" + (f", asking {asked} to agree." if asked else "."))
        elif isinstance(event, UndoAnswered):
            yield f"{who(event.seat)} {'accepts' if event.accepted else 'refuses'} the take-back."
        elif isinstance(event, UndoLapsed):
            yield "The take-back asked lapses: a move was played."
        elif isinstance(event, PositionRestored):
            yield (f"The moves after move {event.to_move} are taken back: the game is back at "
                   f"the position after move {event.to_move}.")
