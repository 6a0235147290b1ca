"""The event classes, declared once with ``@event("tag")`` (ora_core/events.py): each is a frozen,
keyword-only attrs class with its stable tag, the registry ``GameEvent`` names exactly the
declared classes, and a tag cannot be declared twice (design §2: the tag is the stored name).
The two events of every command are native classes of the compiled core instead
(``ora_core.command_events``), with the same guarantees."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import ora_core.compiled
from ora_core import events
from ora_core.codec import EventJsonCodec
from ora_core.events import (
    EVENT_BY_TAG,
    EVENT_TYPES,
    NATIVE_EVENTS,
    Event,
    FlowChanged,
    GoodsPaid,
    MovePlayed,
    WonderTaken,
    amended,
    event,
)
from ora_core.state import Flow, Turn
from ora_core.values import Good


def test_every_declared_event_is_a_frozen_keyword_only_attrs_class() -> None:
    # 25 of the game, 4 of a take-back, 4 of the table (a clock run out, a seat handed over),
    # 1 annotation
    assert len(EVENT_TYPES) == len(EVENT_BY_TAG) == 34
    for cls in EVENT_TYPES:
        assert EVENT_BY_TAG[cls.TAG] is cls
        if cls in NATIVE_EVENTS:  # the compiled core's native events (ora_core.command_events)
            assert "TAG" not in {name for name, _, _ in cls.FIELDS}
            assert "__slots__" in vars(cls) or "__mypyc_attrs__" in vars(cls)  # no __dict__
            continue
        assert "__slots__" in vars(cls)
        assert issubclass(cls, Event) and attrs.has(cls)
        assert "TAG" not in {a.name for a in attrs.fields(cls)}  # a class fact, never stored
        assert all(a.kw_only for a in attrs.fields(cls)), cls


def test_the_native_events_are_frozen_and_compare_hash_copy_and_pickle_by_their_fields(
) -> None:
    played = MovePlayed(seat=1, move="COMMIT")
    assert played == MovePlayed(seat=1, move="COMMIT") != MovePlayed(seat=2, move="COMMIT")
    assert hash(played) == hash(MovePlayed(seat=1, move="COMMIT"))
    assert repr(played) == "MovePlayed(seat=1, move='COMMIT', took=None, left=None)"
    assert amended(played, took=5) == MovePlayed(seat=1, move="COMMIT", took=5)
    assert played.took is None
    with pytest.raises(TypeError, match="no field 'tok'"):
        amended(played, tok=5)
    changed = FlowChanged(flow=Flow(Turn("action", 2), queue=(("action", 3),)))
    for native in (played, changed):
        assert pickle.loads(pickle.dumps(native)) == native
        assert copy.deepcopy(native) == native
    if ora_core.compiled.status().startswith("compiled"):  # the pure classes are frozen for mypy
        with pytest.raises(AttributeError, match="not writable"):
            played.seat = 2  # type: ignore[misc]


def test_an_event_is_immutable_and_its_bytes_carry_no_tag_field() -> None:
    taken = WonderTaken(seat=1, tile="W03", dark=True)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        taken.seat = 2  # type: ignore[misc]
    codec = EventJsonCodec()
    assert codec.tag(taken) == "wonder_taken"
    assert codec.encode(taken) == b'{"dark":true,"seat":1,"tile":"W03"}'
    with pytest.raises(TypeError):
        WonderTaken(1, "W03", True)  # type: ignore[call-arg]
    paid = GoodsPaid(seat=1, goods={Good.WOOD: 2})  # a native event: the same bytes as before
    assert codec.tag(paid) == "goods_paid"
    assert codec.encode(paid) == b'{"goods":{"wood":2},"seat":1}'


def test_a_tag_cannot_be_declared_twice() -> None:
    with pytest.raises(TypeError, match="goods_paid"):

        @event("goods_paid")
        class Again(Event):
            seat: int

    assert events.EVENT_BY_TAG["goods_paid"] is GoodsPaid


def test_amended_copies_an_event_with_changes_and_leaves_it_alone() -> None:
    paid = GoodsPaid(seat=1, goods={Good.WOOD: 2})
    dearer = amended(paid, goods={Good.WOOD: 3})
    assert (type(dearer), dearer.seat, dearer.goods) == (GoodsPaid, 1, {Good.WOOD: 3})
    assert paid.goods == {Good.WOOD: 2}
    with pytest.raises(TypeError):
        amended(paid, colour="red")
