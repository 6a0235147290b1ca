"""The event classes, declared once with ``@event("tag")`` (ora_core/events.py): each is a frozen,
keyword-only attrs class with its stable tag, the registry ``GameEvent`` names exactly the
declared classes, and a tag cannot be declared twice (design §2: the tag is the stored name)."""

from __future__ import annotations

import attrs
import pytest

from ora_core import events
from ora_core.codec import EventJsonCodec
from ora_core.events import EVENT_BY_TAG, EVENT_TYPES, Event, GoodsPaid, amended, event
from ora_core.values import Good


def test_every_declared_event_is_a_frozen_keyword_only_attrs_class() -> None:
    # 25 of the game, 4 of a take-back, 4 of the table (a clock run out, a seat handed over),
    # 1 annotation
    assert len(EVENT_TYPES) == len(EVENT_BY_TAG) == 34
    for cls in EVENT_TYPES:
        assert EVENT_BY_TAG[cls.TAG] is cls
        assert issubclass(cls, Event) and attrs.has(cls)
        assert "TAG" not in {a.name for a in attrs.fields(cls)}  # a class fact, never stored
        assert all(a.kw_only for a in attrs.fields(cls)), cls
        assert not hasattr(cls, "__dict__") or "__slots__" in cls.__dict__


def test_an_event_is_immutable_and_its_bytes_carry_no_tag_field() -> None:
    paid = GoodsPaid(seat=1, goods={Good.WOOD: 2})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        paid.seat = 2  # type: ignore[misc]
    codec = EventJsonCodec()
    assert codec.tag(paid) == "goods_paid"
    assert codec.encode(paid) == b'{"goods":{"wood":2},"seat":1}'
    with pytest.raises(TypeError):
        GoodsPaid(1, {Good.WOOD: 2})  # type: ignore[call-arg]


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
