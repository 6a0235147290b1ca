"""What-if games: a new game from a stored game's position after move N (docs/records.md "Forks").

A fork is an ordinary game whose config carries its provenance (``GameConfig.fork``: the
source's id, the move and the source's chain head there) and whose first moves are the
commands that made that position, replayed through ``decide`` from the same set-up. So the
fork's events are a pure function of the source's events up to move N, ``ora verify``
re-decides a fork like any game, and its record is an ordinary record with a ``[Fork]`` tag.

What is replayed is the position's own history: the moves in order, minus the moves a
take-back undid (a ``PositionRestored`` returns to the commands of the move it names). The
table's facts are not the position's and are not carried: who sat where (the fork's seats are
its own), clocks (a fork has none; a time run out's default move is replayed as the move it
was), take-back requests and seats handed to bots.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ora_core.codec import state_to_dict
from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand, OraError
from ora_core.events import GameEvent, GameStarted, MovePlayed, PositionRestored
from ora_core.evolve import evolve, fold
from ora_core.state import Provenance, State
from ora_rules.decide import execute, start
from ora_rules.records.ora_format import chain_of
from ora_rules.records.positions import NoSuchMove
from ora_rules.specs import Rules

#: State fields of the table, not of the position: a fork starts them afresh (its config
#: differs by the provenance and the clock only).
_TABLE_FIELDS = ("config", "version", "clock_left", "timed_out", "replace_request", "undo_request")


class ForkRefused(OraError):
    """A position that cannot become a new game: ``reason`` says why (``game_over``,
    ``out_of_range``, ``not_replayable``)."""

    code = "fork_refused"

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def position_moves(events: Sequence[GameEvent], move: int) -> list[str]:
    """The commands whose replay from the set-up gives the position after move ``move`` (as
    ``ora show --move``: everything before move ``move + 1``), take-backs applied."""
    if move < 0:
        raise ForkRefused("out_of_range", f"move {move}: a move number is 0 (the set-up) or more")
    after: list[list[str]] = [[]]  # the commands of the position after each move (0: set-up)
    current: list[str] = []
    for event in events:
        if type(event) is MovePlayed:
            if len(after) - 1 == move:
                return current
            current = [*current, event.move]
            after.append(current)
        elif type(event) is PositionRestored:
            current = after[event.to_move]
    if len(after) - 1 < move:
        error = NoSuchMove(move, len(after) - 1)
        raise ForkRefused("out_of_range", error.message)
    return current


def round_start(events: Sequence[GameEvent], round_number: int) -> int:
    """The move after which round ``round_number`` begins: the moves played before its first
    (``ora fork --round``; a position between two commands, as every ``--move`` is, so the
    round's opening events, its wheel's turn and its clergy's return, are all behind it).

    Raises :class:`ForkRefused` (``out_of_range``) for a round the game never reached.
    """
    if round_number < 1:
        raise ForkRefused("out_of_range", f"round {round_number}: rounds are numbered from 1")
    state: State | None = None
    played = 0
    for event in events:
        if type(event) is MovePlayed:
            assert state is not None  # a stream begins with game_started
            if state.round == round_number:
                return played
            played += 1
        state = fold([event]) if state is None else evolve(state, event)
    reached = 0 if state is None else state.round
    raise ForkRefused("out_of_range", f"round {round_number}: the game has no move in it (its "
                      f"last move was played in round {reached})")


def fork_events(source: str, events: Sequence[GameEvent], move: int, rules: Rules
                ) -> list[GameEvent]:
    """The events of a fork of game ``source`` (its ``events``) after move ``move``: the set-up
    with the provenance, then the position's commands; no seat is taken yet.

    Raises :class:`ForkRefused` for a move the game does not have, a finished position, or a
    command today's rules no longer play from the same set-up (the source would not verify).
    """
    if not events or not isinstance(events[0], GameStarted):
        raise ForkRefused("not_replayable", "the source stream does not begin with game_started")
    commands = position_moves(events, move)
    prefix = _prefix(events, move)
    target = fold(prefix)
    if target.finished:
        raise ForkRefused("game_over", f"the game has ended by move {move}: a fork of it "
                          "would have nothing to play (fork an earlier move)")
    head = chain_of(prefix)[-1]
    config = attrs.evolve(events[0].config, clock=None,
                          fork=Provenance(game=source, move=move, head=f"sha256:{head}"))
    forked = list(start(config, rules))
    state = fold(forked)
    for number, command in enumerate(commands, start=1):
        try:
            executed = execute(state, command, rules)
        except (IllegalCommand, InvalidCommand, AmbiguousCommand) as e:
            raise ForkRefused("not_replayable", f"the position's move {number} {command!r} no "
                              f"longer plays from the set-up: {e.message} (see ora verify of "
                              "the source)") from None
        forked.extend(executed.events)
        state = executed.state
    if _position(state) != _position(target):
        raise ForkRefused("not_replayable", f"the replayed moves do not give the position "
                          f"after move {move} (see ora verify of the source)")
    return forked


def _prefix(events: Sequence[GameEvent], move: int) -> list[GameEvent]:
    """The events before move ``move + 1``."""
    played = 0
    for index, event in enumerate(events):
        if type(event) is MovePlayed:
            if played == move:
                return list(events[:index])
            played += 1
    return list(events)


def _position(state: State) -> dict[str, object]:
    """The rules' part of a state: without the table's fields and the seats' players."""
    data = state_to_dict(state)
    for name in _TABLE_FIELDS:
        data.pop(name, None)
    for player in data.get("players", []):
        player.pop("name", None)
        player.pop("bot", None)
    return data
