"""Bradley-Terry ratings of the arena (docs/bots.md): pairwise results of multi-player games,
fitted by MM, bootstrap intervals over games."""

from __future__ import annotations

from ora_api.tools.ratings import GameOutcome, fit, pairs_of, ratings


def test_a_game_gives_one_result_per_pair_of_different_bots() -> None:
    game = GameOutcome(bots=("a", "b", "a", "c"), totals=(50, 40, 40, 30), winners=(0,))
    pairs = pairs_of(game)
    # a-a is left out; the tie of b and the second a (40 each, neither won) is half each.
    assert sorted(pairs) == sorted([("a", "b", 1.0), ("a", "c", 1.0), ("b", "a", 0.5),
                                    ("b", "c", 1.0), ("a", "c", 1.0)])


def test_a_tie_of_totals_goes_to_the_game_winner() -> None:
    game = GameOutcome(bots=("a", "b"), totals=(40, 40), winners=(1,))
    assert pairs_of(game) == [("a", "b", 0.0)]


def test_the_stronger_bot_rates_higher_and_ratings_centre_on_1500() -> None:
    pairs = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2
    elo = fit(["a", "b"], pairs)
    assert elo["a"] > 1500 > elo["b"]
    assert abs((elo["a"] + elo["b"]) / 2 - 1500) < 1e-6
    # Bradley-Terry: about 4:1 in wins is about 240 Elo points (400 log10 4), the prior pulls
    # it in a little.
    assert 150 < elo["a"] - elo["b"] < 241


def test_a_bot_that_won_everything_gets_a_finite_rating_with_an_interval() -> None:
    games = [GameOutcome(("a", "b"), (60, 20), (0,)) for _ in range(10)]
    table = ratings(["a", "b"], games, seed=3)
    assert [r.bot for r in table] == ["a", "b"]
    for r in table:
        assert r.low <= r.rating <= r.high
        assert r.pairs == 10
    assert table == ratings(["a", "b"], games, seed=3)  # seeded: the same table
