"""The score explained line by line (ora_rules.views.explain, R-SCORE-1..8) sums to the score."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ora_core.values import Good
from ora_rules.scoring import score
from ora_rules.testing.strategies import random_game
from ora_rules.views.explain import explain, explanation_text
from tests.modes.games import CONFIGS, Config
from tests.support import new_state, rules, set_goods


@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2), at=st.floats(0, 1))
def test_the_explanation_sums_to_the_score_in_finished_and_unfinished_games(
        config: Config, seed: int, at: float) -> None:
    _, states = random_game(config.players, config.variant, config.length, seed)
    for state in (states[int(at * (len(states) - 1))], states[-1]):
        explained = explain(state, rules())
        scores = state.scores if state.finished else score(state, rules())
        assert scores is not None
        assert [e.score for e in explained] == list(scores)
        for e, s in zip(explained, scores, strict=True):
            assert sum(line.points for line in e.goods) == s.goods  # R-SCORE-2
            assert sum(line.points for line in e.economic) == s.economic  # R-SCORE-3
            assert tuple(line.points for line in e.settlements) == s.settlements  # R-SCORE-4
            for line in e.settlements:
                assert line.dwelling + sum(n.points for n in line.neighbours) == line.points
            assert s.total == s.goods + s.economic + sum(s.settlements)
            assert str(s.total) in e.text


def test_coins_wine_and_whiskey_are_one_line_with_the_best_conversion() -> None:
    # R-SCORE-2, AMB-26: 4 coins and 1 wine score 2 points when the wine counts as a coin.
    state = set_goods(new_state(4, seed=1), 0, coin=4, wine=1, book=2, wood=3)
    (red,) = explain(state, rules(), seat=0)
    coin_line, *others = red.goods
    assert coin_line.goods == {Good.COIN: 4, Good.WINE: 1} and coin_line.points == 2
    assert coin_line.text == "4 coins and 1 wine: 2 points (counting 1 wine as coins)"
    assert [(line.text, line.points) for line in others] == [
        ("3 wood at 0 each: 0 points", 0), ("2 books at 2 each: 4 points", 4)]


def test_the_start_landscape_explained() -> None:
    state = new_state(4, seed=1)
    (red,) = explain(state, rules(), seat=0)
    names = [line.text for line in red.economic]
    assert any(text.startswith("the Farmyard (LR2) at ") for text in names)
    assert red.settlements == ()
    text = explanation_text(red)
    assert text.splitlines()[0] == red.text
    assert "economic value: " in text
