"""The take-back's events in words, for the log (``narrate``): who asked, who answered, which
moves were taken back (ora_rules/undo.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ora_core.events import GameEvent, PositionRestored, UndoAnswered, UndoLapsed, UndoRequested
from ora_core.state import State
from ora_rules.views.sentences import ENGLISH, Speech

#: The events of a take-back: said after a move's own sentences, never part of them.
TAKEBACK = (UndoRequested, UndoAnswered, UndoLapsed, PositionRestored)


def takeback_words(before: State, events: Sequence[GameEvent],
                   name: Callable[[State, int], str], say: Speech = ENGLISH) -> Iterator[str]:
    """One sentence per take-back event; ``name(state, seat)`` names a seat; the words of
    ``say`` (vocabulary.TAKEBACK)."""
    def who(seat: int) -> str:
        return name(before, seat)

    for event in events:
        if isinstance(event, UndoRequested):
            asked = say.join([who(s) for s in event.waiting])
            yield (say("undo_asks_agree", seat=who(event.seat), move=event.to_move, asked=asked)
                   if asked else say("undo_asks", seat=who(event.seat), move=event.to_move))
        elif isinstance(event, UndoAnswered):
            yield say("undo_accepts" if event.accepted else "undo_refuses", seat=who(event.seat))
        elif isinstance(event, UndoLapsed):
            yield say("undo_lapses")
        elif isinstance(event, PositionRestored):
            yield say("undo_restored", move=event.to_move)
