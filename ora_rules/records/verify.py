"""Re-deciding a stored game: do today's specs still give the events that were stored?

The store's hash chain says a stream was not altered; it cannot say that the rules still agree
with it (a spec changed since, a bug fixed). :func:`redecide` replays the set-up and every
``MovePlayed`` through ``decide`` and compares the events byte for byte with the stored ones,
stopping at the first difference: its version, its move number and, when the rules now refuse
the move, the reason and the rule. A take-back's request and answers are re-decided too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from ora_core.codec import EventJsonCodec
from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from ora_core.events import GameEvent, GameStarted, MovePlayed, SeatTaken
from ora_core.evolve import fold
from ora_rules.decide import execute, start
from ora_rules.records.takeback_lines import line_of, play_line
from ora_rules.specs import Rules

_CODEC = EventJsonCodec()


@frozen
class Difference:
    """The first place where the stored events and today's rules part."""

    version: int            # the first stored version that today's rules do not reproduce
    move_number: int        # 1-based number of the move (0: the set-up)
    move: str               # the move as stored ("" for the set-up)
    reason: str             # the engine's reason code when the move is refused, else a kind:
    #                         setup_differs | events_differ | events_missing | events_extra
    rule: str | None        # the rule id of a refusal
    detail: str


def redecide(events: Sequence[GameEvent], rules: Rules) -> Difference | None:
    """The first difference between ``events`` (a whole stored game) and what ``decide`` gives
    for its set-up and moves today; None when they agree byte for byte.

    ``SeatTaken`` events (who plays a seat) are the lobby's, not the rules': they are left out
    of the comparison, and versions still count them.
    """
    if not events or not isinstance(events[0], GameStarted):
        return Difference(1, 0, "", "setup_differs", None,
                          "the stream does not begin with game_started")
    versions = [i + 1 for i, e in enumerate(events) if not isinstance(e, SeatTaken)]
    found = _redecide([e for e in events if not isinstance(e, SeatTaken)], rules,
                      lambda index: events[:versions[index] - 1])
    if found is None:
        return None
    # the version in the whole stream of the first differing event (or the one after the end)
    index = found.version - 1
    version = versions[index] if index < len(versions) else len(events) + 1
    return Difference(version, found.move_number, found.move, found.reason, found.rule,
                      found.detail.replace(f"version {found.version}", f"version {version}"))


def _redecide(events: Sequence[GameEvent], rules: Rules,
              before: Callable[[int], Sequence[GameEvent]]) -> Difference | None:
    """:func:`redecide` over the rules' events alone (versions count these events only);
    ``before(index)``: the whole stream before ``events[index]``, which a take-back line
    (records/takeback_lines.py) is decided on, as the API decided it (it asks who is seated)."""
    assert isinstance(events[0], GameStarted)
    players = events[0].config.players
    moves = [i for i, e in enumerate(events) if isinstance(e, MovePlayed) or line_of(e)]
    setup_end = moves[0] if moves else len(events)
    setup = start(events[0].config, rules)
    found = _compare(events, 0, setup_end, setup, 0, "")
    if found is not None:
        return found
    state = fold(events[:setup_end])
    number = 0
    for n, index in enumerate(moves, start=1):
        played = events[index]
        end = moves[n] if n < len(moves) else len(events)
        line = line_of(played)
        if line is not None:  # a take-back line between moves, decided by ora_rules.undo
            try:
                said = play_line(before(index), players, line)
            except IllegalCommand as e:
                return Difference(index + 1, number, line, e.reason, e.rule,
                                  f"the rules now refuse the take-back: {e.detail}")
            found = _compare(events, index, end, said, number, line)
            if found is not None:
                return found
            state = fold(said, state)
            continue
        assert isinstance(played, MovePlayed)
        number += 1
        try:
            executed = execute(state, played.move, rules, seat=played.seat)
        except IllegalCommand as e:
            return Difference(index + 1, number, played.move, e.reason, e.rule,
                              f"the rules now refuse the move: {e.detail}")
        except (InvalidCommand, AmbiguousCommand) as e:
            return Difference(index + 1, number, played.move, e.code, None,
                              f"the notation now refuses the move: {e.message}")
        found = _compare(events, index, end, executed.events, number, played.move)
        if found is not None:
            return found
        state = executed.state
    return None


def _compare(stored: Sequence[GameEvent], begin: int, end: int, fresh: Sequence[GameEvent],
             number: int, move: str) -> Difference | None:
    """The first difference between ``stored[begin:end]`` and ``fresh``."""
    for offset, new in enumerate(fresh):
        at = begin + offset
        if at >= end:
            return Difference(at + 1, number, move, "events_extra", None,
                              f"today's rules add a {_CODEC.tag(new)} event at version {at + 1}")
        old = stored[at]
        if _CODEC.tag(old) != _CODEC.tag(new) or _CODEC.encode(old) != _CODEC.encode(new):
            return Difference(at + 1, number, move, "setup_differs" if number == 0
                              else "events_differ", None,
                              f"stored {_CODEC.tag(old)} {_CODEC.encode(old).decode()[:160]}; "
                              f"today {_CODEC.tag(new)} {_CODEC.encode(new).decode()[:160]}")
    if begin + len(fresh) < end:
        at = begin + len(fresh)
        return Difference(at + 1, number, move, "events_missing", None,
                          f"today's rules give no {_CODEC.tag(stored[at])} event at version "
                          f"{at + 1}")
    return None
