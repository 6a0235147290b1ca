"""The model's native classes (``ora_core.native.Record``: the turn, the flow, a player, a
space and the commonest events): ``FIELDS`` agrees with ``__init__`` and ``fields()``, and
every instance survives a copy, a pickle and the codec unchanged."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ora_core.codec import EventJsonCodec, converter
from ora_core.events import NATIVE_EVENTS
from ora_core.native import REQUIRED, Record
from ora_core.state import Flow, PlayerState, Space, Turn, Wheel
from ora_rules.testing.strategies import from_type

RECORDS: tuple[type[Record], ...] = (Turn, Flow, Space, PlayerState, Wheel, *NATIVE_EVENTS)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
@given(data=st.data())
def test_fields_names_the_values_in_the_order_of_init(cls: type[Record], data: st.DataObject
                                                      ) -> None:
    record = data.draw(from_type(cls))
    names = [name for name, _, _ in cls.FIELDS]
    assert record.fields() == tuple(getattr(record, name) for name in names)
    assert cls(*record.fields()) == record
    assert cls(**dict(zip(names, record.fields(), strict=True))) == record


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
@given(data=st.data())
def test_the_defaults_of_fields_are_those_of_init(cls: type[Record], data: st.DataObject
                                                  ) -> None:
    required = {name: data.draw(from_type(tp)) for name, tp, default in cls.FIELDS
                if default is REQUIRED}
    made = cls(**required)
    for (name, _, default), value in zip(cls.FIELDS, made.fields(), strict=True):
        assert value == (required[name] if default is REQUIRED else default), name


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
@given(data=st.data())
def test_a_copy_a_pickle_and_the_codec_give_it_back(cls: type[Record], data: st.DataObject
                                                    ) -> None:
    record = data.draw(from_type(cls))
    assert pickle.loads(pickle.dumps(record)) == record
    name = cls.FIELDS[-1][0]
    assert record.__replace__(**{name: getattr(record, name)}) == record
    assert converter.structure(converter.unstructure(record), cls) == record
    if cls in NATIVE_EVENTS:
        codec = EventJsonCodec()
        assert codec.decode(codec.tag(record), codec.encode(record)) == record


@given(turn=from_type(Turn), other=from_type(Turn),
       names=st.sets(st.sampled_from([name for name, _, _ in Turn.FIELDS])))
def test_a_turns_typed_copy_changes_the_named_fields_and_keeps_the_rest(
        turn: Turn, other: Turn, names: set[str]) -> None:
    """``Turn.changed`` (what a command's checks use, ``Draft.update_turn``) is ``replace``:
    a field named takes the value given, None included; a field not named keeps its own."""
    changes = {name: getattr(other, name) for name in names}
    changed = turn.changed(**changes)
    assert changed == turn.__replace__(**changes)
    for name, _, _ in Turn.FIELDS:
        assert getattr(changed, name) == changes.get(name, getattr(turn, name)), name


def test_a_turns_typed_copy_sets_a_field_to_none_only_when_asked() -> None:
    turn = Turn("action", 1, prior_bonus="G01", contract="G13", deciding=2)
    assert turn.changed(main_done=True) == Turn("action", 1, main_done=True, prior_bonus="G01",
                                                contract="G13", deciding=2)
    assert turn.changed(prior_bonus=None, deciding=None) == Turn("action", 1, contract="G13")
    with pytest.raises(TypeError):
        turn.changed(phase=1)  # type: ignore[call-arg]


@given(player=from_type(PlayerState), other=from_type(PlayerState))
def test_a_players_typed_copies_change_one_field_each(player: PlayerState, other: PlayerState
                                                      ) -> None:
    """The copies the commonest events make (``ora_core.evolve``) are ``replace``'s."""
    assert player.with_goods(other.goods) == player.__replace__(goods=other.goods)
    assert player.with_landscape(other.landscape) == player.__replace__(landscape=other.landscape)
    assert player.with_clergy(other.clergy) == player.__replace__(clergy=other.clergy)
    assert (player.with_settlements(other.settlements)
            == player.__replace__(settlements=other.settlements))
