"""``ora_rules.complete``: the next tokens of a partly written command, derived from legal moves."""

from __future__ import annotations

import random

from ora_core.state import State
from ora_rules.complete import END, complete, complete_from
from ora_rules.game import Game
from ora_rules.moves import legal_moves
from tests.support import rules


def _walk(state: State) -> set[str]:
    """Every move reached by following the offered tokens from the empty prefix."""
    reached: set[str] = set()
    stack: list[list[str]] = [[]]
    while stack:
        prefix = stack.pop()
        tokens = complete(state, rules(), prefix)
        assert tokens, f"dead end at {prefix}"  # every offered token leads somewhere
        assert len(tokens) == len(set(tokens))
        for token in tokens:
            if token == END:
                reached.add(" ".join(prefix))
            else:
                assert token and " " not in token
                stack.append([*prefix, token])
    return reached


def test_following_the_tokens_reaches_exactly_the_legal_moves() -> None:
    rng = random.Random(3)
    for players, variant in ((3, "france"), (4, "ireland")):
        game = Game.new(rules(), players, variant, "long", seed=players)
        checked = 0
        while not game.finished and checked < 12:
            moves = {str(m) for m in legal_moves(game.state, rules())}
            if rng.random() < 0.3:
                assert _walk(game.state) == moves
                checked += 1
            game.play(rng.choice(sorted(moves)))


def test_a_complete_move_that_is_also_a_prefix_offers_end_and_more() -> None:
    moves = ["USE LG1 -", "USE LG1", "USE LG1 Jo", "COMMIT"]
    assert complete_from(moves, []) == ["USE", "COMMIT"]
    assert complete_from(moves, ["USE", "LG1"]) == ["-", END, "Jo"]
    assert complete_from(moves, ["COMMIT"]) == [END]
    assert complete_from(moves, ["USE", "LG2"]) == []
    assert complete_from(moves, ["COMMIT", "x"]) == []


def test_nothing_is_offered_once_the_game_is_over() -> None:
    game = Game.new(rules(), 3, "france", "short", seed=1)
    rng = random.Random(0)
    while not game.finished:
        game.play(rng.choice(game.legal_moves()))
    assert complete(game.state, rules(), []) == []
