"""The table's events in words, for the log (``narrate``): a seat's time running out and a
seat handed to a bot (ora_rules/clocks.py, ora_rules/seats.py); and a decision's time."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ora_core.events import (
    ClockExpired,
    GameEvent,
    SeatReplaceAnswered,
    SeatReplaced,
    SeatReplaceRequested,
)
from ora_core.state import State

#: The table's events: said after a move's own sentences, never part of them.
TABLE = (ClockExpired, SeatReplaceRequested, SeatReplaceAnswered, SeatReplaced)

_WHY = {"creator": "the game's creator hands it over", "own": "its player hands it over",
        "consent": "the other players agreed", "timeout": "its time ran out"}


def duration(ms: int) -> str:
    """``12.3 s``, ``4 min 05 s``, ``2 h 03 min``, ``3 d 04 h``: how long a decision took."""
    seconds = ms / 1000
    if seconds < 60:
        return f"{seconds:.1f} s"
    whole = int(seconds)
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    if whole < 86400:
        return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
    return f"{whole // 86400} d {whole % 86400 // 3600:02d} h"


def table_words(before: State, events: Sequence[GameEvent],
                name: Callable[[State, int], str]) -> Iterator[str]:
    """One sentence per table event; ``name(state, seat)`` names a seat."""
    def who(seat: int) -> str:
        return name(before, seat)

    policy = before.config.clock.on_timeout if before.config.clock else "lose"
    for event in events:
        if isinstance(event, ClockExpired):
            then = {"lose": "and loses the game", "pass": "the rules' default decides for it",
                    "bot": "a bot takes the seat"}[policy] if policy in ("lose", "pass", "bot") \
                else ""
            yield f"{who(event.seat)}'s time runs out after {duration(event.took)}: {then}."
        elif isinstance(event, SeatReplaceRequested):
            asked = " and ".join(who(s) for s in event.waiting)
            yield (f"{who(event.by)} asks that the bot {event.bot} take {who(event.seat)}'s "
                   "seat" + (f", asking {asked} to agree." if asked else "."))
        elif isinstance(event, SeatReplaceAnswered):
            yield (f"{who(event.seat)} {'accepts' if event.accepted else 'refuses'} that a bot "
                   "take the seat.")
        elif isinstance(event, SeatReplaced):
            yield (f"The bot {event.bot} plays {who(event.seat)}'s seat from now on "
                   f"({_WHY.get(event.reason, event.reason)}).")
