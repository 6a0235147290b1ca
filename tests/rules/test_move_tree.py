"""The legal moves as a tree (ora_rules.move_tree, issue #12 item 3): the same set as
legal_moves, with counts, opened along a path, each move with its sentence."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ora_rules.complete import complete
from ora_rules.decide import execute
from ora_rules.move_tree import UnknownPath, grouped, leaves, move_tree
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.testing.strategies import random_game
from ora_rules.views.narrate import narrate_move
from tests.modes.games import CONFIGS, Config
from tests.support import new_state, rules


@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2), at=st.floats(0, 1))
def test_the_tree_holds_exactly_the_legal_moves_with_counts_and_pages(config: Config, seed: int,
                                                                       at: float) -> None:
    _, states = random_game(config.players, config.variant, config.length, seed)
    state = states[int(at * (len(states) - 1))]
    legal = [str(m) for m in legal_moves(state, rules())]
    tree = grouped(MoveSet(state, rules()))
    assert sorted(str(m) for t in tree.values() for g in t.values() for m in g) == sorted(legal)
    root = move_tree(state, rules())
    assert root.count == len(legal)
    assert all(v.targets is None for v in root.verbs)
    for verb in root.verbs:
        opened = move_tree(state, rules(), [verb.verb], limit=2)
        (node,) = [v for v in opened.verbs if v.verb == verb.verb]
        assert node.targets is not None and sum(t.count for t in node.targets) == verb.count
        for target in node.targets:
            assert target.count == len(tree[verb.verb][target.target])
            if target.target:
                assert target.name.endswith(f"({target.target})")
        page = move_tree(state, rules(), [verb.verb, node.targets[-1].target], offset=1,
                         limit=2)
        expected = [str(m) for m in tree[verb.verb][node.targets[-1].target][1:3]]
        assert leaves(page) == expected


def test_a_whole_position_opened_is_the_legal_moves_each_with_its_sentence() -> None:
    state = new_state(4, seed=1)
    legal = [str(m) for m in legal_moves(state, rules())]
    every = []
    for verb in move_tree(state, rules()).verbs:
        for target in move_tree(state, rules(), [verb.verb]).verbs:
            if target.verb != verb.verb:
                continue
            for t in target.targets or ():
                opened = move_tree(state, rules(), [verb.verb, t.target])
                for v in opened.verbs:
                    for node in v.targets or ():
                        for leaf in node.moves or ():
                            every.append(leaf.move)
                            expected = narrate_move(state, execute(state, leaf.move,
                                                                   rules()).events, rules())
                            assert leaf.text == expected.text
                            assert f"{verb.verb} {t.target} {leaf.rest}".split() == \
                                leaf.move.split()
    assert sorted(every) == sorted(legal)


def test_farmyard_leaves_say_what_they_do() -> None:
    tree = move_tree(new_state(4, seed=1), rules(), ["USE", "LR2"])
    (use,) = [v for v in tree.verbs if v.verb == "USE"]
    assert use.targets is not None
    (farmyard,) = [t for t in use.targets if t.target == "LR2"]
    assert farmyard.name == "the Farmyard (LR2)" and farmyard.moves is not None
    texts = {leaf.move: leaf.text for leaf in farmyard.moves}
    assert texts["USE LR2 Sh"] == ("Red places a lay brother on the Farmyard (LR2) and takes 2 "
                                   "livestock.")


def test_unknown_paths_are_refused() -> None:
    state = new_state(4, seed=1)
    for path in (["SETTLE"], ["USE", "G01"], ["USE", "LR2", "Sh"]):
        with pytest.raises(UnknownPath):
            move_tree(state, rules(), path)


def test_completion_accepts_a_partial_token() -> None:
    state = new_state(4, seed=1)
    whole = complete(state, rules(), ["USE"])
    assert complete(state, rules(), ["USE"], "LR") == [t for t in whole if t.startswith("LR")]
    assert set(complete(state, rules(), ["USE"], "LR")) == {"LR1", "LR2", "LR3"}
    assert all(t.startswith("CO") for t in complete(state, rules(), [], "CO"))
    assert complete(state, rules(), ["USE"], "XX") == []
