"""``redecide``: today's rules against a stored game's events, the first difference by version,
move number and rule (issue #10, ``ora verify`` / ``game.verify``)."""

from __future__ import annotations

import attrs
from hypothesis import given

from ora_core.events import BuildingBuilt, GameEvent, GoodsGained, MovePlayed, amended
from ora_core.values import Good
from ora_rules.records.verify import redecide
from ora_rules.testing import strategies as gen
from tests.support import rules

GAME = (3, "ireland", "long", 1)


def events() -> list[GameEvent]:
    return list(gen.random_game(*GAME)[0])


def move_number_at(stream: list[GameEvent], index: int) -> int:
    return sum(isinstance(e, MovePlayed) for e in stream[:index + 1])


@given(config=gen.configs, seed=gen.game_seeds)
def test_a_game_played_by_the_rules_redecides_to_the_same_events(config: tuple[int, str, str],
                                                                 seed: int) -> None:
    assert redecide(gen.random_game(*config, seed)[0], rules()) is None


def test_a_changed_fact_is_found_at_its_version_and_move() -> None:
    stream = events()
    index = next(i for i, e in enumerate(stream) if isinstance(e, GoodsGained) and i > 100)
    gained = stream[index]
    assert isinstance(gained, GoodsGained)
    stream[index] = amended(gained, goods={**gained.goods, Good.WOOD: 99})
    found = redecide(stream, rules())
    assert found is not None
    assert (found.version, found.move_number, found.reason, found.rule) == (
        index + 1, move_number_at(stream, index), "events_differ", None)
    assert "goods_gained" in found.detail


def test_a_move_the_rules_refuse_names_the_reason_and_rule() -> None:
    """A forged COMMIT at the start of an action slot: refused, R-ACT-1."""
    stream, states = events(), gen.random_game(*GAME)[1]
    starts = [i for i, e in enumerate(stream) if isinstance(e, MovePlayed)]
    number = next(n for n in range(10, len(starts)) if states[n].flow.turn.kind == "action"
                  and not states[n].flow.turn.main_done)
    forged = MovePlayed(seat=states[number].flow.turn.decider, move="COMMIT")
    cut = [*stream[: starts[number]], forged]
    found = redecide(cut, rules())
    assert found is not None
    assert (found.version, found.move_number, found.move) == (len(cut), number + 1, "COMMIT")
    assert (found.reason, found.rule) == ("main_action_missing", "R-ACT-1")


def test_a_spec_changed_since_names_the_first_move_it_refuses() -> None:
    """A building made dearer after the game was stored: its BUILD is refused (R-BUILD-*)."""
    stream = events()
    index = next(i for i, e in enumerate(stream) if isinstance(e, BuildingBuilt)
                 and not e.building.startswith("L"))
    built = stream[index]
    assert isinstance(built, BuildingBuilt)
    spec = rules().buildings[built.building]
    dearer = attrs.evolve(spec, cost={**spec.cost, Good.WONDER: 5})
    today = attrs.evolve(rules(), buildings={**rules().buildings, spec.id: dearer})
    found = redecide(stream, today)
    assert found is not None
    move = next(i for i in range(index, -1, -1) if isinstance(stream[i], MovePlayed))
    assert (found.version, found.move_number) == (move + 1, move_number_at(stream, move))
    assert found.move.startswith("BUILD " + built.building)
    assert found.reason == "cannot_afford" and found.rule is not None


def test_today_set_up_differs() -> None:
    stream = events()
    mode = stream[0].config.mode  # type: ignore[union-attr]
    wheel = rules().modes[mode].wheel
    today = attrs.evolve(rules(), wheel_values={**rules().wheel_values,
                                                wheel: (0, *rules().wheel_values[wheel][1:-1],
                                                        99)})
    found = redecide(stream, today)
    assert found is not None
    assert (found.version, found.move_number, found.reason) == (1, 0, "setup_differs")


def test_a_stream_cut_inside_a_move_is_missing_events() -> None:
    stream = events()
    last_move = max(i for i, e in enumerate(stream) if isinstance(e, MovePlayed))
    found = redecide(stream[: last_move + 2], rules())
    assert found is not None
    assert (found.reason, found.version) == ("events_extra", last_move + 3)
