"""A seat handed to a bot: who may hand it, and the events that do it (docs/api.md "A seat
handed to a bot").

Like a take-back (``ora_rules.undo``), a rule of the table, with its consent pattern:

- SEAT-1: a seat a person plays may be handed to a bot (a player who left, a client gone):
  at once by the game's creator (``by_creator``, known to the server, not to the rules) or by
  the seat's own player; otherwise once every other seat a person plays has accepted (bots
  accept; the seat handed over is not asked, its player is the one gone).
- SEAT-2: a bot's seat, the solo game's neutral seat and a seat nobody took are not handed
  over; a finished game hands nothing over (R-END-1); one request at a time.
- SEAT-3: only a seat asked answers, once; one refusal ends the request.

``SeatReplaced`` makes the seat a bot's from then on (the server's bot runner plays it); the
request and each answer are facts of the stream, as every take-back's are.
"""

from __future__ import annotations

from ora_core.errors import IllegalCommand
from ora_core.events import GameEvent, SeatReplaceAnswered, SeatReplaced, SeatReplaceRequested
from ora_core.state import State


def _refuse(reason: str, rule: str, detail: str) -> IllegalCommand:
    return IllegalCommand(reason, rule, detail)


def request(state: State, by: int, seat: int, bot: str, *, by_creator: bool = False
            ) -> list[GameEvent]:
    """Seat ``by`` asks that ``bot`` take ``seat``: the request, and the replacement at once
    when nobody must consent (SEAT-1). Raises :class:`IllegalCommand` naming SEAT-1 .. 3."""
    if state.finished:
        raise _refuse("game_over", "R-END-1", "the game has ended")
    if not 0 <= seat < len(state.players):
        raise _refuse("no_such_seat", "SEAT-2", f"this game has seats 0 to "
                      f"{len(state.players) - 1}")
    player = state.players[seat]
    if player.neutral or player.bot is not None or player.name is None:
        what = "the neutral player" if player.neutral else "a bot's" if player.bot else \
            "nobody's yet"
        raise _refuse("not_a_person", "SEAT-2", f"seat {seat} is {what}: only a seat a "
                      "person plays is handed to a bot")
    if state.replace_request is not None:
        asked = state.replace_request
        raise _refuse("replace_pending", "SEAT-2", f"seat {asked.by} already asked that a bot "
                      f"take seat {asked.seat}; answer it first")
    if by_creator or by == seat:
        return [SeatReplaced(seat=seat, bot=bot, reason="creator" if by_creator else "own")]
    waiting = tuple(p.seat for p in state.players if p.seat not in (by, seat)
                    and not p.neutral and p.bot is None and p.name is not None)
    asked_for = SeatReplaceRequested(by=by, seat=seat, bot=bot, waiting=waiting)
    if waiting:
        return [asked_for]
    return [asked_for, SeatReplaced(seat=seat, bot=bot, reason="consent")]


def answer(state: State, seat: int, accept: bool) -> list[GameEvent]:
    """``seat`` accepts or refuses the replacement asked (SEAT-3): its answer, and the
    replacement once every seat asked has accepted."""
    asked = state.replace_request
    if asked is None:
        raise _refuse("no_replace_request", "SEAT-3", "no seat is asked to be handed to a bot")
    if seat not in asked.waiting:
        raise _refuse("not_asked", "SEAT-3", f"seat {seat} is not asked to consent (asked: "
                      f"{', '.join(map(str, asked.waiting))})")
    said: list[GameEvent] = [SeatReplaceAnswered(seat=seat, accepted=accept)]
    if accept and asked.waiting == (seat,):
        said.append(SeatReplaced(seat=asked.seat, bot=asked.bot, reason="consent"))
    return said
