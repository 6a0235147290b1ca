"""The commands of the move notation are native classes of the compiled core
(``ora_core.native.Record``; issue 34) that behave as the attrs classes they were: ``parse``
gives back an equal and equally hashed command, ``FIELDS`` names the fields in the order of
``fields()`` and ``__init__``, a command pickles and copies, goods are held frozen, and the
fields are read-only. The commands checked are the legal moves of every position of random
games, with the rare kinds made directly."""

from __future__ import annotations

import pickle
from functools import cache

from ora_core.evolve import replace
from ora_core.native import REQUIRED
from ora_core.values import Good
from ora_rules.moves import legal_moves
from ora_rules.notation import (
    AnswerContract,
    Build,
    BuyDistrict,
    BuyPlot,
    Command,
    Commit,
    Convert,
    CutPeat,
    FellTrees,
    Settle,
    Use,
    WorkContract,
    parse,
    settle_with,
)
from ora_rules.testing.strategies import random_game, rules
from tests.support import assert_read_only

COMMAND_CLASSES: tuple[type[Command], ...] = (
    Use, Build, FellTrees, CutPeat, WorkContract, AnswerContract, BuyDistrict, BuyPlot, Convert,
    Settle, Commit)

#: Commands random games seldom or never offer (a coin piece exchanged needs the reading that
#: keeps the pieces apart; a bare fell or cut when no forest or moor is left).
RARE: tuple[Command, ...] = (
    Convert({}, exchange=-2), Convert({}, exchange=1), FellTrees(), CutPeat(),
    FellTrees((1, 0), True), CutPeat((0, -1), True), WorkContract("G13", "-"),
    WorkContract("F05", "Wh"), AnswerContract(True), AnswerContract(False),
    BuyDistrict(3, "HILLS"), BuyPlot(-1, "MOUNTAIN"), Settle("S01", (1, 1), {}),
    Use("G01", prior=True))

GAMES = ((4, "france", "long", 0), (3, "ireland", "short", 1))


@cache
def _sample() -> tuple[Command, ...]:
    """Every legal move of every position of two random games, and the rare commands."""
    found: dict[Command, None] = {}
    for game in GAMES:
        _, states = random_game(*game)
        for state in states:
            if not state.finished:
                found.update(dict.fromkeys(legal_moves(state, rules())))
    return (*found, *RARE)


def test_every_command_class_is_native_and_sampled() -> None:
    assert {type(c) for c in _sample()} == set(COMMAND_CLASSES)
    assert {type(c) for c in _sample()[:-len(RARE)]} >= {Use, Build, Settle, Commit, Convert}
    for cls in COMMAND_CLASSES:
        assert not hasattr(cls, "__attrs_attrs__"), cls


def test_the_text_parses_back_to_an_equal_and_equally_hashed_command() -> None:
    for command in _sample():
        back = parse(str(command))
        assert type(back) is type(command) and back == command, command
        assert hash(back) == hash(command), command
        assert str(back) == str(command)


def test_equal_commands_are_one_key() -> None:
    """The legal moves keep commands in sets and dicts: one entry per text."""
    commands = _sample()
    assert len(set(commands)) == len({str(c) for c in commands})
    assert len(set(commands) | {parse(str(c)) for c in commands}) == len(set(commands))


def test_fields_agrees_with_FIELDS_and_init() -> None:
    for command in _sample():
        cls = type(command)
        names = [name for name, _, _ in cls.FIELDS]
        assert command.fields() == tuple(getattr(command, name) for name in names), command
        assert cls(*command.fields()) == command
        assert cls(**dict(zip(names, command.fields(), strict=True))) == command
        assert replace(command) == command and command.__replace__() == command
        if names:
            assert replace(command, **{names[-1]: getattr(command, names[-1])}) == command


def test_the_defaults_are_those_of_the_attrs_classes() -> None:
    defaults = {cls.__name__: [(name, default) for name, _, default in cls.FIELDS
                               if default is not REQUIRED] for cls in COMMAND_CLASSES}
    assert defaults == {
        "Use": [("params", ()), ("prior", False)], "Build": [],
        "FellTrees": [("coord", None), ("joker", False)],
        "CutPeat": [("coord", None), ("joker", False)], "WorkContract": [],
        "AnswerContract": [], "BuyDistrict": [], "BuyPlot": [], "Convert": [("exchange", 0)],
        "Settle": [], "Commit": []}
    assert Use("G01").fields() == ("G01", (), False)
    assert FellTrees().fields() == (None, False) and CutPeat().fields() == (None, False)
    assert Convert({Good.GRAIN: 1}).exchange == 0


def test_a_command_pickles() -> None:
    for command in _sample():
        back = pickle.loads(pickle.dumps(command))
        assert type(back) is type(command) and back == command, command
        assert hash(back) == hash(command)


def test_goods_are_held_frozen() -> None:
    """As attrs' converter did: a payment is held as (good, count) pairs in the canonical order
    without zeros, so equal payments give equal commands, however they were written."""
    a = Convert({Good.WHISKEY: 1, Good.GRAIN: 2, Good.WINE: 0})
    b = Convert({Good.GRAIN: 2, Good.WHISKEY: 1})
    assert a.goods == ((Good.GRAIN, 2), (Good.WHISKEY, 1))
    assert a == b and hash(a) == hash(b) and str(a) == str(b) == "CONVERT GnGnWh"
    assert Convert(a.goods) == a
    settle = Settle("S02", (0, 0), {Good.LIVESTOCK: 2, Good.STRAW: 6, Good.COIN: 0})
    assert settle.payment == ((Good.STRAW, 6), (Good.LIVESTOCK, 2))
    assert settle == settle_with("S02", (0, 0), settle.payment)
    assert hash(settle) == hash(settle_with("S02", (0, 0), settle.payment))


def test_commands_differ_by_class() -> None:
    assert FellTrees((0, 0)) != CutPeat((0, 0))
    assert BuyDistrict(1, "PLAINS") != BuyPlot(1, "PLAINS")
    assert len({FellTrees(), CutPeat(), Commit(), Commit()}) == 3
    assert Commit() != object() and Use("G01") != "USE G01"


def test_the_repr_names_the_fields_as_attrs_did() -> None:
    assert repr(Use("G01")) == "Use(building='G01', params=(), prior=False)"
    assert repr(Build("G13", (0, -1))) == "Build(building='G13', coord=(0, -1))"
    assert repr(Commit()) == "Commit()"
    assert repr(Convert({Good.GRAIN: 1})) == f"Convert(goods=(({Good.GRAIN!r}, 1),), exchange=0)"


def test_a_field_cannot_be_assigned_nor_one_added() -> None:
    assert_read_only({type(c): c for c in _sample()}.values())
