"""Issue 36: solo books, the best plan of a whole solo game found offline, where ``expert``
starts (``ora_rules.bots.books``; docs/bots.md, "Thirty-third pass"). The solo game is a
function of its moves once begun (R-SOLO-1..9: the neutral player's moves follow the rules), so
a plan has one exact final score on every seed of its set-up; the planner keeps it as its
incumbent and never scores less."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ora_api.cli import main
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import book_making, books, make_bot
from ora_rules.bots.book_making import best, chain, search, trial, trial_seeds
from ora_rules.bots.books import (
    RECIPES,
    Plan,
    book_line,
    final_score,
    shipped,
)
from ora_rules.bots.levels import Expert
from ora_rules.bots.per_game import PerGame
from ora_rules.bots.solo import SoloPlanner
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.notation import parse
from ora_rules.setup import make_config
from tests.support import promises_to_the_end, rules

#: A book made in seconds: the planner's game at a small budget (the shipped recipe's budgets
#: are ten and a hundred times these; its games take minutes).
TINY = {**books.make_recipe("france", 7, 1, 3, 2), "trial_evaluations": 300,
        "opening_evaluations": 600, "opening_decisions": 2, "evaluations": 300}


def game_start(variant: str, seed: int, **options: Any) -> State:
    return fold(start(make_config(1, variant, "long", seed, **options), rules()))


@pytest.fixture(scope="module")
def tiny_book() -> Plan:
    return search(TINY, 7)


@pytest.fixture
def only_the_tiny_book(tiny_book: Plan, monkeypatch: pytest.MonkeyPatch) -> Iterator[Plan]:
    """The tiny book as France's shipped one, and none for Ireland."""
    monkeypatch.setattr(books, "shipped", lambda name: tiny_book if name == "france" else None)
    books._REPLAYED.clear()
    yield tiny_book
    books._REPLAYED.clear()


@pytest.mark.parametrize("variant", sorted(RECIPES))
def test_each_shipped_book_replays_to_its_score_on_any_seed(variant: str) -> None:
    """The colours a seed draws change nothing a plan does (R-SOLO-1): the book's moves are
    legal from every start of its set-up and end the game on the score it records."""
    plan = shipped(variant)
    assert plan is not None and len(plan.moves) == len(plan.costs)
    for seed in (1, 5000, 5031):
        state = game_start(variant, seed)
        booked = book_line(state, rules())
        assert booked is not None and booked.score == plan.score
        for move in plan.moves:
            state = execute(state, move, rules()).state
        assert state.finished and final_score(state, rules()) == plan.score


def test_a_position_along_the_book_finds_the_rest_of_it(only_the_tiny_book: Plan) -> None:
    state = game_start("france", 3)
    for move in only_the_tiny_book.moves[:25]:
        state = execute(state, move, rules()).state
    booked = book_line(state, rules())
    assert booked is not None
    assert booked.states[0] == state and booked.moves == only_the_tiny_book.moves[25:]
    assert len(booked.states) == len(booked.moves) + 1 and booked.states[-1].finished
    # one move off the book's line: the book has nothing to say there
    off = execute(state, next(m for m in _legal(state) if m != booked.moves[0]), rules()).state
    assert book_line(off, rules()) is None


def test_a_book_applies_to_its_own_set_up_only(only_the_tiny_book: Plan) -> None:
    assert book_line(game_start("france", 11), rules()) is not None
    assert book_line(game_start("ireland", 11), rules()) is None  # no Ireland book here
    assert book_line(game_start("france", 11, liesborn=True), rules()) is None
    assert book_line(game_start("france", 11, readings="kennerspiel"), rules()) is None
    four = fold(start(make_config(4, "france", "long", 11), rules()))
    assert book_line(four, rules()) is None


def test_a_book_the_rules_no_longer_bear_out_is_not_used(
        tiny_book: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    """A book whose moves are no longer legal, or whose score is no longer what they score
    (the specs changed since it was made), is not the planner's incumbent."""
    wrong_score = Plan(tiny_book.score + 1, tiny_book.moves, tiny_book.costs)
    illegal = Plan(tiny_book.score, (parse("BUILD F99 0 0"), *tiny_book.moves[1:]),
                   tiny_book.costs)
    for plan in (wrong_score, illegal):
        monkeypatch.setattr(books, "shipped", lambda name, plan=plan: plan)
        books._REPLAYED.clear()
        assert book_line(game_start("france", 2), rules()) is None
    books._REPLAYED.clear()


def test_the_planner_starts_from_the_book_and_never_scores_less(
        only_the_tiny_book: Plan) -> None:
    """From the first decision the plan promised is the book's; the game ends on at least its
    score, on exactly the last plan's."""
    bot = SoloPlanner(rules(), evaluations=600)
    state = game_start("france", 4)
    first = bot(state, _legal(state), random.Random(4))
    assert first == only_the_tiny_book.moves[0] and bot.score == only_the_tiny_book.score
    state, promised = promises_to_the_end(execute(state, first, rules()).state, bot)
    assert promised == sorted(promised) and promised[0] >= only_the_tiny_book.score
    assert final_score(state, rules()) == promised[-1]


def test_without_books_the_planner_makes_its_own_plan(only_the_tiny_book: Plan) -> None:
    bot = SoloPlanner(rules(), evaluations=300, book=None)
    state = game_start("france", 4)
    bot(state, _legal(state), random.Random(4))
    assert bot.score == 0 and bot.plan is not None and len(bot.plan.moves) < 20


def test_a_book_is_a_chain_of_games_each_from_the_plan_before(tiny_book: Plan) -> None:
    """The chain's games follow one another, each from the next seed and starting from the
    plan the one before ended on, so each scores no less; with nothing to start from the
    first is the planner's own game from its seed, the same every time (budgets in positions
    valued)."""
    played: list[Plan] = []
    book = chain({**TINY, "seeds": [7, 9]}, on_done=lambda number, plan: played.append(plan))
    assert played[0] == tiny_book and book == played[1]
    assert played[1].score >= played[0].score


def test_the_chain_starts_from_the_best_of_the_trials(tiny_book: Plan) -> None:
    """The trials are the planner's own games at the trials' budget, one a seed, the same
    every time; the chain starts from the best (the first of equals) and scores no less."""
    assert trial_seeds(TINY) == [3, 4] and trial_seeds(TINY, 1) == [3]
    trials = [trial(TINY, seed) for seed in trial_seeds(TINY)]
    assert trials[0] == trial(TINY, 3) and trials[0] != trials[1]
    assert trials[0] == search({**TINY, "opening_evaluations": 300}, 3)
    low, high = sorted(trials, key=lambda plan: plan.score)
    assert best(trials) == high and best([low, high, low]) == high
    tie = Plan(high.score, low.moves, low.costs)
    assert best([tie, high]) is tie
    started = chain(TINY, start_from=high)
    assert started.score >= high.score and started == search(TINY, 7, high)


def test_train_book_refuses_bad_arguments_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "book.json"
    for argv, said in ((["--variant", "wales"], "no book 'wales'; the recipes are france, "
                                                "ireland"),
                       (["--variant", "france", "--games", "0"], "--games takes a number"),
                       (["--jobs", "0", "--variant", "ireland"], "--jobs takes a number"),
                       (["--out", str(out)], "--out writes one book")):
        assert main(["train-book", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err
    assert not out.exists()


def test_train_book_writes_the_recipes_book_and_checks_it_byte_for_byte(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, tiny_book: Plan,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The trials are played, the chain starts from the best of them; the file holds the
    recipe and the chain's last plan; ``--check`` makes it again and finds the same bytes
    (exit 0); a file that differs would change (exit 1). (The games here are stand-ins: the
    trials and the chain themselves are the tests above.)"""
    trials = {seed: Plan(tiny_book.score - 10 + index, tiny_book.moves, tiny_book.costs)
              for index, seed in enumerate(trial_seeds(RECIPES["france"]))}
    asked: list[tuple[int | None, Plan | None]] = []

    def chain_stand_in(recipe: dict[str, Any], games: int | None = None, on_done: Any = None,
                       start_from: Plan | None = None) -> Plan:
        asked.append((games, start_from))
        on_done(1, tiny_book)
        return tiny_book

    monkeypatch.setattr(book_making, "trial", lambda recipe, seed: trials[seed])
    monkeypatch.setattr(book_making, "chain", chain_stand_in)
    out = tmp_path / "book.json"
    argv = ["train-book", "--variant", "france", "--games", "2", "--jobs", "1", "--out",
            str(out)]
    assert main(argv) == 0
    first, second = trial_seeds(RECIPES["france"], 2)
    assert asked == [(2, trials[second])]  # the better of the first two trials
    written = out.read_text(encoding="utf-8")
    assert f'"score": {tiny_book.score},' in written and '"opening_decisions": 60' in written
    err = capsys.readouterr().err
    assert f"trial from seed {first} ends on {trials[first].score}" in err
    assert f"france: the best trial ends on {trials[second].score}" in err
    assert f"train-book: france: chain game 1 of 2 ends on {tiny_book.score}" in err
    assert main([*argv, "--check"]) == 0 and "is unchanged" in capsys.readouterr().out
    out.write_text(written.replace('"score"', '"score" '), encoding="utf-8")
    assert main([*argv, "--check"]) == 1 and "would change" in capsys.readouterr().out


def _legal(state: State) -> MoveSet:
    return MoveSet(state, rules())


def test_expert_starts_from_the_books_and_solo_is_the_search_alone(
        only_the_tiny_book: Plan) -> None:
    state = game_start("france", 6)
    expert, solo = make_bot("expert", rules()), make_bot("solo", rules())
    assert isinstance(expert, Expert) and isinstance(solo, PerGame)
    with_book, without = expert.solo.keeper(state), solo.keeper(state)
    assert isinstance(with_book, SoloPlanner) and isinstance(without, SoloPlanner)
    assert with_book.book is book_line and without.book is None
