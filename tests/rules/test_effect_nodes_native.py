"""The effect nodes are native classes of the compiled core (``ora_rules.effects.core.Effect``,
an ``ora_core.native.Record``; issue 34) that behave as the attrs classes they were: equality,
hashing and the repr go by the fields, ``FIELDS`` names them in the order of ``fields()``, a
node pickles, and its fields are read-only. Every node of the real spec set is checked."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from ora_rules.effects import Effect
from ora_rules.effects.goods_nodes import GainChoice, PayDifferent, Reward, Tiers, Upgrade
from ora_rules.effects.nodes import Choose, Convert, Gain, Seq, Wheel
from ora_rules.effects.redirects import Redirect
from ora_rules.effects.special_board import Grant, RemoveForests, ReturnClergy
from ora_rules.effects.special_points import PointGoods, Wonder
from ora_rules.specs import load_rules
from tests.support import assert_read_only

NODE_CLASSES: tuple[type[Effect], ...] = (
    Gain, Convert, Wheel, Choose, Seq, PayDifferent, GainChoice, Tiers, Reward, Upgrade,
    Redirect, RemoveForests, Grant, ReturnClergy, Wonder, PointGoods)


def _walk(node: Effect) -> Iterator[Effect]:
    yield node
    for value in node.fields():
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, Effect):
                yield from _walk(child)


@cache
def _nodes() -> tuple[Effect, ...]:
    rules = load_rules()
    return tuple(node for spec in rules.buildings.values() if spec.effect is not None
                 for node in _walk(spec.effect))


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def test_every_node_class_is_a_native_effect_and_appears_in_the_specs() -> None:
    assert {type(node) for node in _nodes()} == set(NODE_CLASSES)
    for cls in NODE_CLASSES:
        assert issubclass(cls, Effect), cls
        assert not hasattr(cls, "__attrs_attrs__"), cls


def test_fields_agrees_with_FIELDS() -> None:
    for node in _nodes():
        cls = type(node)
        names = [name for name, _, _ in cls.FIELDS]
        assert tuple(getattr(node, name) for name in names) == node.fields(), cls
        assert cls(*node.fields()) == node
        assert cls(**dict(zip(names, node.fields(), strict=True))) == node
        assert node.__replace__() == node


def test_equal_fields_give_equal_and_equally_hashed_nodes() -> None:
    """As with attrs: a node whose fields hold a dict (goods) is unhashable, as they are."""
    for node in _nodes():
        twin = copy.deepcopy(node)
        assert twin == node and twin is not node, node
        if _hashable(node.fields()):
            assert hash(twin) == hash(node), node
        else:
            with pytest.raises(TypeError):
                hash(node)


def test_nodes_differ_by_class_and_by_fields() -> None:
    nodes = _nodes()
    for a in nodes:
        assert a != object()
        for b in nodes:
            assert (a == b) == (type(a) is type(b) and a.fields() == b.fields()), (a, b)


def test_the_repr_names_the_fields_as_attrs_did() -> None:
    for node in _nodes():
        shown = ", ".join(f"{name}={value!r}" for (name, _, _), value
                          in zip(node.FIELDS, node.fields(), strict=True))
        assert repr(node) == f"{type(node).__name__}({shown})"
    assert repr(Wonder()) == "Wonder()" and Wonder() == Wonder()
    assert hash(Wonder()) == hash(Wonder())


def test_the_defaults_are_those_of_the_attrs_classes() -> None:
    assert Seq((Gain({}),)).max_total is None
    assert Reward((), "book", 1.0, {}).partial is False
    assert RemoveForests(0, 1, {}).leave is False
    assert [d for _, _, d in Seq.FIELDS][1:] == [None]
    assert [d for _, _, d in Reward.FIELDS][4:] == [False]
    assert [d for _, _, d in RemoveForests.FIELDS][3:] == [False]


def test_a_node_pickles() -> None:
    for node in _nodes():
        back = pickle.loads(pickle.dumps(node))
        assert type(back) is type(node) and back == node, node


def test_a_field_cannot_be_assigned_nor_one_added() -> None:
    assert_read_only(_nodes())
