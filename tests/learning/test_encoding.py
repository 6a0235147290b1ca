"""The stable action encoding of the learning surface (docs/learning.md)."""

from __future__ import annotations

import random

from ora_rules.bots import random_bot
from ora_rules.decide import execute
from ora_rules.learning import encoding
from ora_rules.learning.session import Session
from ora_rules.moves import MoveSet
from tests.support import rules


def test_ids_are_fixed_by_rule_not_by_the_specs() -> None:
    """An id keeps its meaning across versions: these exact numbers are the contract."""
    assert encoding.spell("BUILD G02 3 1") == (4, 1, 294, 1, 67, 1, 65, 0)
    assert encoding.spell("COMMIT") == (14, 0)
    assert encoding.spell("USE LG2 JoSh") == (2, 1, 496, 1, 151, 133, 0)
    assert encoding.spell("SETTLE S03 2 0 GnMt") == (
        13, 1, 514, 1, 66, 1, 64, 1, 131, 134, 0)
    assert encoding.NUM_ACTIONS == 1024


def test_every_legal_command_spells_and_unspells_to_itself() -> None:
    """R-GEN (notation): each legal command of a random game has exactly one spelling."""
    r = rules()
    session = Session(2, "ireland", "short", 4, rules=r)
    rng = random.Random(4)
    for _ in range(60):
        moves = [str(m) for m in MoveSet(session.state, r)]
        spellings = {encoding.spell(m) for m in moves}
        assert len(spellings) == len(moves)
        for m in moves[:200]:
            assert encoding.unspell(encoding.spell(m)) == m
        state = session.state
        session.play(str(random_bot(state, MoveSet(state, r), rng)))


def test_the_tokens_offered_spell_exactly_the_legal_commands() -> None:
    """Walking every continuation the session offers reaches the legal commands, no other."""
    r = rules()
    session = Session(3, "france", "short", 2, rules=r)
    state = session.state
    for move in (random_bot(state, MoveSet(state, r), random.Random(1)),):
        state = execute(state, move, r).state
    session.play(str(move))
    legal = {str(m) for m in MoveSet(session.state, r)}
    reached: set[str] = set()

    def walk(prefix: list[int]) -> None:
        session.prefix = prefix
        for token in session.legal_tokens():
            if token == encoding.END:
                reached.add(encoding.unspell(prefix))
            else:
                walk([*prefix, token])

    walk([])
    assert reached == legal


def test_a_token_that_continues_no_command_is_refused_and_changes_nothing() -> None:
    session = Session(2, rules=rules())
    before = (session.state, list(session.prefix))
    bad = max(set(range(encoding.NUM_ACTIONS)) - set(session.legal_tokens()))
    try:
        session.choose(bad)
    except ValueError as e:
        assert "continues no legal command" in str(e)
    else:
        raise AssertionError("an illegal token was accepted")
    assert (session.state, session.prefix) == before


def test_the_observation_has_one_shape_in_every_mode() -> None:
    for players, length in ((1, "long"), (2, "short"), (4, "long")):
        session = Session(players, "france", length, 1, rules=rules())
        for seat in range(players):
            assert len(session.observe(seat)) == encoding.OBSERVATION_SIZE
