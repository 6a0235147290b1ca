"""The invariant catalogue's checks of whole games: fold, replay, codec, illegal commands."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import orjson

from ora_core.codec import (
    EventJsonCodec,
    event_from_dict,
    event_to_dict,
    state_from_dict,
    state_to_dict,
)
from ora_core.errors import OraError
from ora_core.events import (
    GameEvent,
    GameStarted,
    MovePlayed,
)
from ora_core.evolve import evolve, fold
from ora_core.state import GameConfig, State
from ora_rules.decide import decide, start
from ora_rules.notation import Command
from ora_rules.specs import Rules
from ora_rules.testing.invariant_base import (
    fail,
)

# --- whole games --------------------------------------------------------------------------------


def check_fold_equals_state(events: Iterable[GameEvent], state: State) -> None:
    """Design §2 (``state_at(events) = reduce(evolve, events, initial)``): the fold of a game's
    events from nothing equals the state reached command by command."""
    folded = fold(events)
    if folded != state:
        raise fail("design-2", f"fold of the events (version {folded.version}) differs from the "
                   f"state reached move by move (version {state.version})")


def split_commands(events: Sequence[GameEvent]) -> tuple[list[GameEvent], list[list[GameEvent]]]:
    """The start events (up to the first MovePlayed) and each command's events."""
    starts = next((i for i, e in enumerate(events) if isinstance(e, MovePlayed)), len(events))
    commands: list[list[GameEvent]] = []
    for event in events[starts:]:
        if isinstance(event, MovePlayed):
            commands.append([])
        commands[-1].append(event)
    return list(events[:starts]), commands


def check_replay_determinism(events: Sequence[GameEvent], rules: Rules,
                             starter: Callable[[GameConfig, Rules], list[GameEvent]] = start
                             ) -> None:
    """Design §2 (every random outcome is drawn from the recorded seed; ``decide`` is pure):
    ``start`` (or the test's own ``starter``) of the recorded config gives the recorded start
    events, and replaying every recorded move through ``decide`` gives exactly the recorded
    events again."""
    first = events[0]
    if not isinstance(first, GameStarted):
        raise fail("design-2", f"the first event is {type(first).__name__}")
    start_events, commands = split_commands(events)
    again = starter(first.config, rules)
    if again != start_events:
        raise fail("design-2", "start() of the recorded config gives other events")
    state = fold(start_events)
    for n, recorded in enumerate(commands):
        move = recorded[0]
        assert isinstance(move, MovePlayed)
        replayed = decide(state, move.move, rules, seat=move.seat)
        if replayed != recorded:
            raise fail("design-2", f"command {n} {move.move!r} replays to other events:\n"
                       f"recorded {recorded}\nreplayed {replayed}")
        for event in recorded:
            state = evolve(state, event)


_CODEC = EventJsonCodec()


def check_event_round_trip(event: GameEvent) -> None:
    """Design §2 / tech-notes §2: an event survives the cattrs converter and the store's codec
    (tag + canonical JSON bytes) unchanged, and its canonical bytes are stable."""
    data = event_to_dict(event)
    again = event_from_dict(orjson.loads(orjson.dumps(data)))
    if again != event:
        raise fail("codec", f"{event!r} came back as {again!r}")
    tag = _CODEC.tag(event)
    raw = _CODEC.encode(event)
    decoded = _CODEC.decode(tag, raw)
    if decoded != event or _CODEC.encode(decoded) != raw:
        raise fail("codec", f"{event!r} does not survive EventJsonCodec ({raw!r})")


def check_state_round_trip(state: State) -> None:
    """The state survives the codec (the API's projections and snapshots rely on it)."""
    again = state_from_dict(orjson.loads(orjson.dumps(state_to_dict(state))))
    if again != state:
        raise fail("codec", f"the state at version {state.version} does not survive the codec")


def check_codec_round_trip(events: Iterable[GameEvent], state: State | None = None) -> None:
    """Every event (and the state, if given) survives the codec round trip."""
    for event in events:
        check_event_round_trip(event)
    if state is not None:
        check_state_round_trip(state)


def check_illegal_command_no_effect(state: State, command: Command | str, rules: Rules,
                                    log: list[GameEvent] | None = None) -> bool:
    """Design §2 and §6: ``decide`` is pure. A command it refuses raises an ``OraError``
    (``InvalidCommand`` / ``IllegalCommand`` / ``AmbiguousCommand``, never another exception),
    appends nothing to the game's log and leaves the state unchanged; an accepted one leaves the
    input state unchanged too. Returns whether the command was accepted."""
    snapshot = state_to_dict(state)
    length = None if log is None else len(log)
    try:
        events = decide(state, command, rules)
    except OraError:
        accepted = False
    except Exception as e:  # anything else is a bug: is_legal would raise
        raise fail("design-6", f"decide raised {type(e).__name__}: {e} for {command!r}") from e
    else:
        accepted = True
        if log is not None:
            log.extend(events)
    if state_to_dict(state) != snapshot:
        raise fail("design-2", f"decide changed its input state for {command!r}")
    if not accepted and log is not None and len(log) != length:
        raise fail("design-2", f"refused {command!r} appended events")
    return accepted
