"""The fast paths agree with the plain ones (design §5), in all 14 configurations:

- ``MoveSet`` lists exactly ``legal_moves``, in the same order, each move equal to the command
  its text parses to, and its groups are the legal moves grouped by (verb, target), each
  non-empty, without enumerating any use first;
- ``random_bot`` makes the same choice, with the same draws, from a ``MoveSet`` as from the list,
  so self-play and the golden games do not depend on which one a driver passes;
- ``execute`` returns the events ``decide`` returns and the state those events fold to.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import random_bot
from ora_rules.decide import decide, execute
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.notation import Command, parse
from tests.properties.common import NO_SHRINK, SCALE, configs, game_seeds, seeded_game
from tests.support import rules


def _key_by_text(move: Command) -> tuple[str, str]:
    """The group of a move read from its text: the verb, and the building where one follows."""
    words = str(move).split()
    by_building = words[0] in ("USE", "PRIOR", "WORK_CONTRACT", "BUILD") and len(words) > 1
    return words[0], words[1] if by_building else ""


def _positions(data: st.DataObject, config: tuple[int, str, str], seed: int
               ) -> list[tuple[int, State]]:
    """Eight positions (with their command numbers) of a seed-driven game, none finished."""
    states = seeded_game(config, seed)
    picks = data.draw(st.lists(st.integers(0, len(states) - 1), min_size=8, max_size=8))
    return [(i, states[i]) for i in picks if not states[i].finished]


@configs
@settings(max_examples=2 * SCALE, phases=NO_SHRINK, deadline=None)
@given(seed=game_seeds, data=st.data())
def test_move_set_lists_the_legal_moves_and_groups_them(config: tuple[int, str, str],
                                                        seed: int, data: st.DataObject) -> None:
    for i, state in _positions(data, config, seed):
        legal = legal_moves(state, rules())
        lazy = MoveSet(state, rules())
        groups = lazy.groups()
        expected: dict[tuple[str, str], list[str]] = {}
        for move in legal:
            expected.setdefault(_key_by_text(move), []).append(str(move))
        got = {(verb, target): [str(m) for m in group.moves()]
               for verb, by_target in groups.items() for target, group in by_target.items()}
        assert got == expected, f"groups differ at command {i}"
        assert all(got.values()), "an empty group"
        assert [str(m) for m in lazy] == [str(m) for m in legal], f"order differs at {i}"
        assert len(lazy) == len(legal)
        # Every move made by the enumeration (a settlement's without its converter) is the
        # command its text parses to: equal and with the same hash.
        assert all(m == parse(str(m)) and hash(m) == hash(parse(str(m))) for m in lazy)


@configs
@settings(max_examples=2 * SCALE, phases=NO_SHRINK, deadline=None)
@given(seed=game_seeds, data=st.data())
def test_random_bot_chooses_alike_from_both(config: tuple[int, str, str], seed: int,
                                            data: st.DataObject) -> None:
    for i, state in _positions(data, config, seed):
        draws = data.draw(st.integers(0, 2**32))
        plain_rng, lazy_rng = random.Random(draws), random.Random(draws)
        plain = random_bot(state, legal_moves(state, rules()), plain_rng)
        lazy = random_bot(state, MoveSet(state, rules()), lazy_rng)
        assert plain == lazy, f"command {i}: {plain} from the list, {lazy} from the set"
        assert plain_rng.getstate() == lazy_rng.getstate()


@configs
@settings(max_examples=2 * SCALE, phases=NO_SHRINK, deadline=None)
@given(seed=game_seeds, data=st.data())
def test_execute_is_decide_and_its_fold(config: tuple[int, str, str], seed: int,
                                        data: st.DataObject) -> None:
    for _, state in _positions(data, config, seed):
        moves = legal_moves(state, rules())
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        executed = execute(state, move, rules())
        assert executed.events == decide(state, move, rules())
        assert executed.state == fold(executed.events, state)
