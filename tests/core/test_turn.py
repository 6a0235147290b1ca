"""The native classes of the flow (``ora_core.turn``): they behave as the attrs classes they
replaced did, and the codec writes them with the same bytes (stored games keep their hashes)."""

from __future__ import annotations

import copy
import pickle

import orjson
import pytest

import ora_core.compiled
from ora_core.codec import EventJsonCodec, converter, state_from_dict, state_to_dict
from ora_core.events import FlowChanged
from ora_core.evolve import replace
from ora_core.state import Flow, Turn
from ora_core.values import Stage
from ora_rules.game import Game
from ora_rules.specs import load_rules

FULL_TURN = Turn("settlement", 2, main_done=True, landscape_bought=True, settled=True,
                 grants=("build", "fell"), free_uses=("G01",), prior_bonus="F05",
                 contract="G13", deciding=3, neutral_built=("I07",))
FULL_FLOW = Flow(FULL_TURN, queue=(("action", 3), ("bonus", 0)),
                 round_purchases=frozenset({2, 0}), settlement=Stage.B, final_phase=True)


def test_equality_hash_and_repr_go_by_the_fields() -> None:
    assert Turn("action", 1) == Turn(kind="action", seat=1)
    assert Turn("action", 1) != Turn("action", 2)
    assert hash(Turn("action", 1, grants=("build",))) == hash(Turn("action", 1, grants=("build",)))
    assert Flow(Turn("action", 1)) != Flow(Turn("action", 1), final_phase=True)
    assert repr(Turn("over", 0)) == (
        "Turn(kind='over', seat=0, main_done=False, landscape_bought=False, settled=False, "
        "grants=(), free_uses=(), prior_bonus=None, contract=None, deciding=None, "
        "neutral_built=())")
    assert repr(Flow(Turn("over", 0))).startswith("Flow(turn=Turn(kind='over'")
    assert FULL_TURN.fields() == tuple(getattr(FULL_TURN, name) for name, _, _ in Turn.FIELDS)
    assert FULL_FLOW.fields() == tuple(getattr(FULL_FLOW, name) for name, _, _ in Flow.FIELDS)


def test_the_decider_is_the_contract_owner_while_one_is_asked() -> None:
    """R-WC-2: while a work contract awaits its owner's answer, the owner decides."""
    assert Turn("action", 1).decider == 1
    assert Turn("action", 1, contract="G13", deciding=3).decider == 3


def test_a_copy_changes_only_what_it_names_and_refuses_an_unknown_field() -> None:
    changed = replace(FULL_TURN, seat=0, grants=())
    assert changed.seat == 0 and changed.grants == () and changed.contract == "G13"
    assert FULL_TURN.seat == 2
    assert replace(FULL_FLOW, final_phase=False).fields()[:4] == FULL_FLOW.fields()[:4]
    assert FULL_FLOW.with_turn(Turn("over", 0)).queue == FULL_FLOW.queue
    with pytest.raises(TypeError, match="Flow has no field 'phase'"):
        replace(FULL_FLOW, phase=True)


def test_they_pickle_and_deep_copy() -> None:
    """The bot workers receive states from other processes."""
    for value in (FULL_TURN, FULL_FLOW):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value


def test_a_field_cannot_be_assigned_nor_one_added() -> None:
    """Compiled, the ``Final`` fields are read-only (pure, mypy refuses the assignment); in both
    builds ``__slots__`` refuses a field the class does not have."""
    if ora_core.compiled.status().startswith("compiled"):
        with pytest.raises(AttributeError, match="not writable"):
            FULL_TURN.seat = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        FULL_TURN.colour = "red"  # type: ignore[attr-defined]


def test_the_codec_writes_the_bytes_the_attrs_classes_had() -> None:
    """Defaults left out, keys sorted, tuples as lists, the purchases sorted: the flow event of a
    command stored before these classes were native decodes, and encodes again, unchanged."""
    codec = EventJsonCodec()
    short = FlowChanged(flow=Flow(Turn("action", 2), queue=(("action", 3),)))
    assert codec.encode(short) == (
        b'{"flow":{"queue":[["action",3]],"turn":{"kind":"action","seat":2}}}')
    full = FlowChanged(flow=FULL_FLOW)
    assert codec.encode(full) == (  # as the attrs classes wrote it (main at e205f78)
        b'{"flow":{"final_phase":true,"queue":[["action",3],["bonus",0]],'
        b'"round_purchases":[0,2],"settlement":"B","turn":{"contract":"G13","deciding":3,'
        b'"free_uses":["G01"],"grants":["build","fell"],"kind":"settlement",'
        b'"landscape_bought":true,"main_done":true,"neutral_built":["I07"],'
        b'"prior_bonus":"F05","seat":2,"settled":true}}}')
    assert codec.decode("flow_changed", codec.encode(full)) == full
    assert converter.structure(converter.unstructure(FULL_FLOW), Flow) == FULL_FLOW


def test_a_state_round_trips_with_its_flow() -> None:
    state = Game.new(load_rules(), 2, "france", "long", seed=3).state
    again = state_from_dict(orjson.loads(orjson.dumps(state_to_dict(state))))
    assert again.flow == state.flow and isinstance(again.flow.turn, Turn)
