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
from ora_core.state import Flow, PlayerState, Space, Turn
from ora_rules.testing.strategies import from_type

RECORDS: tuple[type[Record], ...] = (Turn, Flow, Space, PlayerState, *NATIVE_EVENTS)


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
