"""The codec (ora_core/codec.py): every event and every state survives JSON, and tags are stable.

Events are generated from the attrs classes (ora_rules/testing/strategies.py) and also taken
from real games (where the rules, not hypothesis, choose the Python types that go into the fields).
"""

from __future__ import annotations

from typing import Any

import attrs
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ora_core.codec import (
    EventJsonCodec,
    event_from_dict,
    event_to_dict,
    state_from_dict,
    state_to_dict,
)
from ora_core.events import (
    EVENT_BY_TAG,
    EVENT_TYPES,
    NATIVE_EVENTS,
    FlowChanged,
    GameEvent,
    GameStarted,
    WonderTaken,
)
from ora_core.evolve import replace
from ora_core.state import Flow, State, Turn
from ora_rules.testing import strategies as gen

CODEC = EventJsonCodec()

#: The wire and storage names of the events. Stored games depend on them: a rename here breaks
#: every stored game, so changing this table needs an upcaster (design §2).
STABLE_TAGS = {
    "GameStarted": "game_started",
    "MovePlayed": "move_played",
    "GoodsPaid": "goods_paid",
    "GoodsGained": "goods_gained",
    "GoodsConverted": "goods_converted",
    "CoinPiecesCounted": "coin_pieces_counted",
    "IndicatorUsed": "indicator_used",
    "WheelRotated": "wheel_rotated",
    "IndicatorEntered": "indicator_entered",
    "ClergyPlaced": "clergy_placed",
    "ClergyReturned": "clergy_returned",
    "BuildingUsed": "building_used",
    "BuildingBuilt": "building_built",
    "SettlementBuilt": "settlement_built",
    "CardRemoved": "card_removed",
    "LandscapeAdded": "landscape_added",
    "WorkContractPriceSet": "work_contract_price_set",
    "RoundBegan": "round_began",
    "SettlementPhaseBegan": "settlement_phase_began",
    "BuildingsRevealed": "buildings_revealed",
    "SettlementsDealt": "settlements_dealt",
    "FlowChanged": "flow_changed",
    "GameEnded": "game_ended",
    "SeatTaken": "seat_taken",
    "MoveAnnotated": "move_annotated",
    "WonderTaken": "wonder_taken",
    "UndoRequested": "undo_requested",  # a take-back (issue 24)
    "UndoAnswered": "undo_answered",
    "UndoLapsed": "undo_lapsed",
    "PositionRestored": "position_restored",
    "ClockExpired": "clock_expired",  # clocks and seats handed to bots (issues 24, 25)
    "SeatReplaceRequested": "seat_replace_requested",
    "SeatReplaceAnswered": "seat_replace_answered",
    "SeatReplaced": "seat_replaced",
}


def assert_event_round_trips(event: GameEvent) -> None:
    tag = type(event).TAG
    # The API form: a JSON object tagged under "type", through JSON text and back.
    data = event_to_dict(event)
    assert data["type"] == tag
    assert event_from_dict(data) == event
    wire = orjson.dumps(data)
    assert event_from_dict(orjson.loads(wire)) == event
    # The store form: the tag apart, the fields as canonical bytes.
    assert CODEC.tag(event) == tag
    payload = CODEC.encode(event)
    decoded = CODEC.decode(tag, payload)
    assert decoded == event
    assert type(decoded) is type(event)
    assert CODEC.encode(decoded) == payload, "equal events must give equal bytes"
    assert payload == orjson.dumps(orjson.loads(payload), option=orjson.OPT_SORT_KEYS)
    # One converter: the stored fields are the API object without its tag.
    assert orjson.loads(payload) == {k: v for k, v in orjson.loads(wire).items() if k != "type"}


# --- events ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.__name__)
@given(data=st.data())
def test_generated_event_round_trips(cls: type[GameEvent], data: st.DataObject) -> None:
    event = data.draw(gen.events_of_class(cls), label="event")
    assert_event_round_trips(event)


@given(event=gen.events)
def test_any_event_decodes_as_its_own_class(event: GameEvent) -> None:
    assert type(event_from_dict(event_to_dict(event))) is type(event)


@pytest.mark.parametrize(("players", "variant", "length", "seed"), [
    (3, "france", "long", 1), (4, "ireland", "long", 2), (4, "france", "short", 3),
])
def test_every_event_of_a_game_round_trips(players: int, variant: str, length: str,
                                           seed: int) -> None:
    events, _ = gen.random_game(players, variant, length, seed)
    for event in events:
        assert_event_round_trips(event)
    assert {type(e) for e in events} >= {cls for cls in EVENT_TYPES
                                         if cls.__name__ in _ALWAYS_IN_A_GAME}


def test_every_event_of_a_liesborn_game_round_trips() -> None:
    """R-LIES-2, R-LIES-3: the drawn tiles in ``GameStarted`` and ``WonderTaken`` (a game from
    the wonder-rich Liesborn start of the property tests, where tiles change hands)."""
    from tests.properties.common import new_game

    events = new_game((4, "france", "long"), 0, liesborn=True)
    for _, _, new in gen.play(events, gen.random_chooser(0)):
        events.extend(new)
    for event in events:
        assert_event_round_trips(event)
    first = events[0]
    assert isinstance(first, GameStarted) and len(first.wonder_display) == 9
    assert any(isinstance(e, WonderTaken) for e in events)


_ALWAYS_IN_A_GAME = {"GameStarted", "MovePlayed", "GoodsPaid", "GoodsGained", "ClergyPlaced",
                     "ClergyReturned", "BuildingBuilt", "SettlementBuilt", "RoundBegan",
                     "SettlementPhaseBegan", "BuildingsRevealed", "FlowChanged", "GameEnded",
                     "WheelRotated", "IndicatorUsed"}


def test_decoding_a_wrong_tag_is_refused() -> None:
    with pytest.raises(KeyError):
        CODEC.decode("no_such_event", b"{}")


# --- tags -----------------------------------------------------------------------------------------


def test_every_event_class_has_its_own_tag() -> None:
    tags = [cls.TAG for cls in EVENT_TYPES]
    assert len(set(tags)) == len(tags), f"duplicate tags: {sorted(tags)}"
    for cls in EVENT_TYPES:
        assert "TAG" in vars(cls), f"{cls.__name__} inherits its TAG"
        assert isinstance(cls.TAG, str) and cls.TAG and cls.TAG.strip() == cls.TAG
        names = ({name for name, _, _ in cls.FIELDS} if cls in NATIVE_EVENTS
                 else {f.name for f in attrs.fields(cls)})  # type: ignore[arg-type]
        assert "TAG" not in names, "TAG must be a ClassVar"
        assert "type" not in names, "'type' is the tag's key"
    assert {tag: cls for tag, cls in EVENT_BY_TAG.items()} == {c.TAG: c for c in EVENT_TYPES}


def test_tags_are_stable() -> None:
    assert {cls.__name__: cls.TAG for cls in EVENT_TYPES} == STABLE_TAGS


# --- states ---------------------------------------------------------------------------------------


def assert_state_round_trips(state: State) -> None:
    data = state_to_dict(state)
    assert state_from_dict(data) == state
    # ``ora show`` and the API send the dict as JSON text.
    assert state_from_dict(orjson.loads(orjson.dumps(data))) == state


@given(config=gen.configs, seed=gen.game_seeds, offset=st.integers(0, 4))
def test_states_of_a_random_game_round_trip(config: tuple[int, str, str], seed: int,
                                             offset: int) -> None:
    _, states = gen.random_game(*config, seed)
    for state in (*states[offset::5], states[-1]):  # every 5th position and the end
        assert_state_round_trips(state)


def test_set_order_does_not_change_the_bytes() -> None:
    """Equal events give equal bytes, however their sets were built: in the store (the
    EventCodec contract the hash chain relies on) and in the API's JSON objects."""
    turn = Turn(kind="action", seat=0)
    one = FlowChanged(flow=Flow(turn=turn, round_purchases=frozenset([19, 3])))
    other = FlowChanged(flow=Flow(turn=turn, round_purchases=frozenset([3, 19])))
    assert one == other
    assert CODEC.encode(one) == CODEC.encode(other)
    assert orjson.dumps(event_to_dict(one)) == orjson.dumps(event_to_dict(other))


def test_equal_states_give_equal_dicts() -> None:
    _, states = gen.random_game(3, "france", "long", 1)
    state = states[-1]
    assert len(state.used) > 1
    reordered = replace(state, used=frozenset(sorted(state.used, reverse=True)))
    assert reordered == state
    assert orjson.dumps(state_to_dict(reordered)) == orjson.dumps(state_to_dict(state))


@given(state=gen.states)
def test_generated_state_round_trips(state: State) -> None:
    assert_state_round_trips(state)


def test_a_landscape_is_written_as_coordinate_pairs() -> None:
    _, states = gen.random_game(3, "france", "long", 1)
    data: Any = state_to_dict(states[0])
    landscape = data["players"][0]["landscape"]
    assert isinstance(landscape, list)
    coord, space = landscape[0]
    assert isinstance(coord, list) and len(coord) == 2 and all(isinstance(c, int) for c in coord)
    assert set(space) >= {"terrain", "card"}


def test_fields_at_their_default_are_left_out_and_read_back() -> None:
    """A turn is mostly defaults: they are not written, and a payload that writes them out (as
    streams stored before this rule did) decodes to the same event."""
    event = FlowChanged(flow=Flow(turn=Turn(kind="action", seat=2, main_done=True),
                                  queue=(("action", 3),)))
    written = orjson.loads(CODEC.encode(event))
    assert written == {"flow": {"queue": [["action", 3]],
                                "turn": {"kind": "action", "main_done": True, "seat": 2}}}
    spelled_out = {"flow": {"final_phase": False, "queue": [["action", 3]], "round_purchases": [],
                            "settlement": None,
                            "turn": {"contract": None, "deciding": None, "free_uses": [],
                                     "grants": [], "kind": "action", "landscape_bought": False,
                                     "main_done": True, "neutral_built": [], "prior_bonus": None,
                                     "seat": 2, "settled": False}}}
    assert CODEC.decode("flow_changed", orjson.dumps(spelled_out)) == event
