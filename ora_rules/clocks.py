"""Clocks: how long each decision took, whose time runs, and what happens when it runs out
(docs/api.md "Clocks").

Not a rule of the rulebook but of the table, chosen at creation (``GameConfig.clock``, a
``TimeControl``). Time is an input like a move: the server measures how long a decision took
and hands it to ``decide`` (``execute(..., took=ms)``), which stores it in the move's
``MovePlayed`` with the seat's time left, so a record that carries the times replays to the
same events byte for byte. A game without a clock stores no time at all.

- CLOCK-1: ``fischer``: a seat starts with ``initial`` seconds; a decision costs the time it
  took, then ``increment`` seconds are added. ``deadline``: each decision has ``initial``
  seconds of its own (a correspondence game: days per move). Time left never goes below 0.
- CLOCK-2: the clock of the seat that decides runs (a bot seat's too, but a bot seat never
  runs out: nobody is absent). Its time runs out once the decision has taken its time left.
- CLOCK-3: then ``ClockExpired``, and the game's policy in the same command: ``lose`` ends
  the game (R-END-1) with that seat losing: the others' best totals win (R-SCORE-7 among
  them); ``pass``: the rules' default decides for the seat (:func:`default_move`; its time
  left is then 0 plus the increment, or a new deadline); ``bot``: the bot named by the time
  control takes the seat (``SeatReplaced``, reason ``timeout``).

What happens when time runs out is ``ora_rules.timeouts`` (it plays moves through ``decide``,
which imports this module).
"""

from __future__ import annotations

from ora_core.errors import InvalidConfig
from ora_core.events import MovePlayed
from ora_core.state import State, TimeControl

KINDS = ("fischer", "deadline")
POLICIES = ("lose", "pass", "bot")
#: The longest time control: a correspondence game of 60 days per move.
MAX_SECONDS = 60 * 86400


def checked(control: TimeControl | None, known_bot: bool = True) -> TimeControl | None:
    """``control`` if it is a time control the table can keep, else :class:`InvalidConfig`
    naming the field (``known_bot``: the caller checked that ``bot`` names a bot)."""
    if control is None:
        return None
    if control.kind not in KINDS:
        raise InvalidConfig(f"clock kind must be one of {', '.join(KINDS)}, got "
                            f"{control.kind!r}", "clock.kind")
    if not 1 <= control.initial <= MAX_SECONDS:
        raise InvalidConfig(f"clock initial must be 1 to {MAX_SECONDS} seconds, got "
                            f"{control.initial}", "clock.initial")
    if not 0 <= control.increment <= MAX_SECONDS or (control.kind == "deadline"
                                                     and control.increment):
        raise InvalidConfig("clock increment must be 0 to a day's seconds, and 0 with a "
                            "deadline", "clock.increment")
    if control.on_timeout not in POLICIES:
        raise InvalidConfig(f"clock on_timeout must be one of {', '.join(POLICIES)}, got "
                            f"{control.on_timeout!r}", "clock.on_timeout")
    if not known_bot:
        raise InvalidConfig(f"clock bot {control.bot!r} is not a bot's name", "clock.bot")
    return control


def left_after(state: State, seat: int, took: int) -> int:
    """CLOCK-1: the seat's time left (ms) after a decision that took ``took`` ms."""
    control = state.config.clock
    assert control is not None
    if control.kind == "deadline":
        return control.initial * 1000
    return max(0, state.clock_left[seat] - took) + control.increment * 1000


def played(state: State, seat: int, move: str, took: int | None) -> MovePlayed:
    """The ``MovePlayed`` of a decision: with its time in a game with a clock."""
    if state.config.clock is None:
        return MovePlayed(seat=seat, move=move)
    took = max(0, took or 0)
    return MovePlayed(seat=seat, move=move, took=took, left=left_after(state, seat, took))


def running(state: State) -> int | None:
    """CLOCK-2: the seat whose clock runs now, if the game has a clock and is not over."""
    if state.config.clock is None or state.finished or state.flow.turn.kind in ("over",
                                                                                 "setup"):
        return None
    return state.flow.turn.decider


def overdue(state: State, elapsed: int) -> int | None:
    """CLOCK-2: the seat whose time ran out ``elapsed`` ms into its decision, if any."""
    seat = running(state)
    if seat is None or state.players[seat].bot is not None:
        return None
    return seat if elapsed >= state.clock_left[seat] else None
