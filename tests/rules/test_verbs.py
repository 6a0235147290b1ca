"""The commands' one table (ora_rules/verbs.py): every command class of the notation has one
row, and each row is both decided (``ora_rules.decide``) and told (``ora_rules.views.narrate``),
so the two can no longer drift apart as parallel dispatch chains."""

from __future__ import annotations

import typing

import pytest

from ora_core.errors import InvalidCommand
from ora_rules import decide as _decide  # fills the decided column
from ora_rules import verbs
from ora_rules.decide import execute
from ora_rules.moves import legal_moves
from ora_rules.notation import Command, Commit
from ora_rules.views import narrate as _narrate  # fills the told column
from ora_rules.views.narrate import narrate_move
from tests.support import new_state, rules

assert _decide and _narrate


def test_every_command_class_has_exactly_one_row() -> None:
    classes = list(typing.get_args(Command))
    rows = [cls for verb in verbs.VERBS for cls in verb.commands]
    assert sorted(c.__name__ for c in rows) == sorted(c.__name__ for c in classes)
    assert set(verbs.BY_COMMAND) == set(classes)


@pytest.mark.parametrize("verb", verbs.VERBS, ids=[v.name for v in verbs.VERBS])
def test_every_row_is_decided_and_told(verb: verbs.Verb) -> None:
    assert verb.decide is not None, f"decide does not carry out {verb}"
    assert verb.narrate is not None, f"the log does not tell {verb}"


def test_decide_and_the_log_go_through_the_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-ACT-1: the first player's first move is a legal main action; swapping its row's told
    column changes the log's sentence, so the log reads the row decide does (no second chain)."""
    state = new_state(4)
    move = legal_moves(state, rules())[0]
    executed = execute(state, move, rules())
    verb = verbs.BY_COMMAND[type(move)]
    before = narrate_move(state, executed.events, rules()).text
    monkeypatch.setattr(verb, "narrate", lambda words, command, events: ("rests", events))
    after = narrate_move(state, executed.events, rules()).text
    assert "rests" not in before and "rests" in after


def test_a_command_without_a_row_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Design §6: what is not a command of the table raises InvalidCommand, nothing emitted.
    The command classes are compiled (no Python class can subclass one), so a command loses
    its row instead."""
    monkeypatch.delitem(verbs.BY_COMMAND, Commit)
    with pytest.raises(InvalidCommand):
        execute(new_state(4), Commit(), rules())
