"""The table's events in words, for the log (``narrate``): a seat's time running out and a
seat handed to a bot (ora_rules/clocks.py, ora_rules/seats.py); and a decision's time. The
sentences are ``vocabulary.TABLE``'s templates, said in a locale by ``Speech``."""

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
from ora_rules.views.sentences import ENGLISH, Speech

#: The table's events: said after a move's own sentences, never part of them.
TABLE = (ClockExpired, SeatReplaceRequested, SeatReplaceAnswered, SeatReplaced)

_WHY = {"creator": "why_creator", "own": "why_own", "consent": "why_consent",
        "timeout": "why_timeout"}


def duration(ms: int, say: Speech = ENGLISH) -> str:
    """``12.3 s``, ``4 min 05 s``, ``2 h 03 min``, ``3 d 04 h``: how long a decision took."""
    seconds = ms / 1000
    if seconds < 60:
        return say("took_s", s=f"{seconds:.1f}")
    whole = int(seconds)
    if whole < 3600:
        return say("took_min", min=whole // 60, s=f"{whole % 60:02d}")
    if whole < 86400:
        return say("took_h", h=whole // 3600, min=f"{whole % 3600 // 60:02d}")
    return say("took_d", d=whole // 86400, h=f"{whole % 86400 // 3600:02d}")


def table_words(before: State, events: Sequence[GameEvent],
                name: Callable[[State, int], str], say: Speech = ENGLISH) -> Iterator[str]:
    """One sentence per table event; ``name(state, seat)`` names a seat; the words of ``say``
    (vocabulary.TABLE)."""
    def who(seat: int) -> str:
        return name(before, seat)

    policy = before.config.clock.on_timeout if before.config.clock else "lose"
    for event in events:
        if isinstance(event, ClockExpired):
            key = f"timeout_{policy}" if policy in ("lose", "pass", "bot") else "timeout"
            yield say(key, seat=who(event.seat), took=duration(event.took, say))
        elif isinstance(event, SeatReplaceRequested):
            asked = say.join([who(s) for s in event.waiting])
            fields = {"by": who(event.by), "bot": event.bot, "seat": who(event.seat)}
            yield (say("bot_asks_agree", asked=asked, **fields) if asked
                   else say("bot_asks", **fields))
        elif isinstance(event, SeatReplaceAnswered):
            yield say("bot_accepts" if event.accepted else "bot_refuses", seat=who(event.seat))
        elif isinstance(event, SeatReplaced):
            why = say(_WHY[event.reason]) if event.reason in _WHY else event.reason
            yield say("bot_plays", bot=event.bot, seat=who(event.seat), why=why)
