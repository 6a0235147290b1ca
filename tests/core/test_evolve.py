"""``evolve`` and ``fold`` (ora_core/evolve.py): total, pure, and the same state however reached.

Purity is checked through the codec: the JSON dict of the input state (and of the event) is the
same before and after ``evolve``, so an in-place change to any nested mapping or tuple shows.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from ora_core.codec import event_to_dict, state_to_dict
from ora_core.events import EVENT_TYPES, GameEvent, GameStarted, MovePlayed, PositionRestored
from ora_core.evolve import evolve, fold, replace
from ora_core.state import Flow, Placement, State, Turn
from ora_rules.testing import strategies as gen
from tests.compare import first_difference


def evolve_purely(state: State | None, event: GameEvent) -> State:
    """``evolve``, checking that it changes neither of its inputs."""
    before = None if state is None else state_to_dict(state)
    event_before = event_to_dict(event)
    new = evolve(state, event)
    assert isinstance(new, State)
    assert not (d := first_difference(event_to_dict(event), event_before)), (
        f"evolve changed the event {type(event).__name__}: {d}")
    if state is not None:
        assert not (d := first_difference(state_to_dict(state), before)), (
            f"evolve changed its input state on {type(event).__name__}: {d}")
    return new


# --- a whole game -----------------------------------------------------------------------------


@given(data=st.data(), config=gen.configs, seed=gen.seeds)
def test_fold_equals_the_state_reached_move_by_move(data: st.DataObject,
                                                    config: tuple[int, str, str],
                                                    seed: int) -> None:
    events = gen.new_game(*config, seed)
    state = fold(events)
    assert state.version == len(events)
    for before, _command, new in gen.play(events, gen.drawing_chooser(data)):
        assert not (d := first_difference(before, state)), d
        for event in new:
            state = evolve(state, event)
        # Folding a command's events from where it began gives the same state.
        assert not (d := first_difference(fold(new, before), state)), d
        events.extend(new)
        assert state.version == len(events)
    assert state.finished
    assert state.flow.turn.kind == "over"
    folded = fold(events)
    assert not (d := first_difference(folded, state)), d
    assert folded.version == len(events)
    # Any prefix too: the state after the first k events, then the rest from there.
    k = data.draw(st.integers(1, len(events)), label="prefix length")
    prefix = fold(events[:k])
    assert prefix.version == k
    assert not (d := first_difference(fold(events[k:], prefix), state)), d


@pytest.mark.parametrize(("players", "variant", "length", "seed"), [
    (3, "ireland", "long", 0), (4, "france", "long", 1), (3, "france", "short", 2),
])
def test_evolve_is_pure_over_a_whole_game(players: int, variant: str, length: str,
                                          seed: int) -> None:
    events, states = gen.random_game(players, variant, length, seed)
    state: State | None = None
    for n, event in enumerate(events, start=1):
        state = evolve_purely(state, event)
        assert state.version == n
    assert not (d := first_difference(state, states[-1])), d


def test_evolve_is_deterministic() -> None:
    events, _ = gen.random_game(4, "ireland", "long", 3)
    state = fold(events[:1])
    for event in events[1:]:
        one, two = evolve(state, event), evolve(state, event)
        assert one == two
        state = one


def test_fold_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        fold([])


# --- totality: any event that fits the state -------------------------------------------------


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.__name__)
@given(data=st.data(), config=gen.configs, seed=gen.game_seeds)
def test_evolve_is_total_and_pure(cls: type[GameEvent], data: st.DataObject,
                                  config: tuple[int, str, str], seed: int) -> None:
    _, states = gen.random_game(*config, seed)
    index = data.draw(st.integers(0, len(states) - 1), label="position (command index)")
    state = states[index]
    strategies = gen.events_at(*config, seed, index)
    assume(cls in strategies)  # no settlement left in any hand
    event = data.draw(strategies[cls], label="event")
    new = evolve_purely(state, event)
    assert evolve(state, event) == new
    assert new.version == state.version + 1  # the number of events, whatever they say
    if isinstance(event, PositionRestored):  # a take-back: the position it carries
        assert replace(new, version=0) == replace(
            event.state, version=0, undo_request=None, clock_left=state.clock_left,
            timed_out=state.timed_out, replace_request=state.replace_request)
    elif not isinstance(event, GameStarted):
        assert new.config == state.config
    if isinstance(event, MovePlayed):  # only a clocked game's time left changes
        assert replace(new, clock_left=state.clock_left) == \
            replace(state, version=state.version + 1)


@given(event=gen.game_started_events())
def test_a_game_starts_from_nothing(event: GameStarted) -> None:
    state = evolve_purely(None, event)
    assert state.version == 1
    assert state.config == event.config
    assert len(state.players) == len(event.players)
    assert not state.finished


def test_replace_copies_a_native_class_and_refuses_another() -> None:
    """``replace`` copies the model's native classes (``State``, ``Turn``, ``Flow``, ...) and
    refuses the others; the originals stay."""
    turn = Turn(kind="action", seat=1)
    changed = replace(turn, main_done=True)
    assert changed == Turn(kind="action", seat=1, main_done=True)
    assert turn.main_done is False
    flow = Flow(turn=turn, queue=(("action", 2),))
    assert replace(flow, final_phase=True) == Flow(turn=turn, queue=(("action", 2),),
                                                   final_phase=True)
    assert flow.final_phase is False
    with pytest.raises(TypeError, match="no field 'main_don'"):
        replace(turn, main_don=True)
    with pytest.raises(TypeError, match="Placement"):
        replace(Placement(0, (1, 1)), seat=1)


@given(data=st.data(), config=gen.configs, seed=gen.game_seeds)
def test_the_next_state_changes_the_named_fields_and_counts_one_more_event(
        data: st.DataObject, config: tuple[int, str, str], seed: int) -> None:
    """``State.next`` (what every handler returns) is ``replace`` with the version one more:
    a field named takes the value given, None included; a field not named keeps its own."""
    _, states = gen.random_game(*config, seed)
    state, other = (data.draw(st.sampled_from(states), label=label) for label in ("state", "other"))
    names = data.draw(st.sets(st.sampled_from([name for name, _, _ in State.FIELDS])),
                      label="fields changed")
    changes = {name: getattr(other, name) for name in names}
    if data.draw(st.booleans(), label="a finished game"):
        changes["scores"] = None
    new = state.next(**changes)
    assert new == replace(state, **{"version": state.version + 1, **changes})
    for name, _, _ in State.FIELDS:
        expected = changes.get(name, state.version + 1 if name == "version" else
                               getattr(state, name))
        assert getattr(new, name) == expected, name
