"""Issue 36: the ``expert`` level and the learned evaluation (docs/bots.md, "Expert").
Strength itself is measured with ``ora arena``, never in a timed test; these tests check what
the level is made of: budgets in positions valued, the shipped model and its reproducible
training, and whole games ending by the rules."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from ora_api.tools.selfplay import play_game
from ora_core.evolve import fold
from ora_rules.bots import make_bot, training
from ora_rules.bots.expert import Learned
from ora_rules.bots.levels import EXPERT_EVALUATIONS, Expert, Hard, expert_leaf
from ora_rules.bots.per_game import PerGame
from ora_rules.bots.solo import EVALUATIONS as SOLO_EVALUATIONS
from ora_rules.bots.solo import SoloPlanner
from ora_rules.bots.strategy import strategic_value
from ora_rules.bots.value import DATA, FEATURE_VERSION, MODELS, features, from_json, model, progress
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.setup import make_config
from tests.support import rules


def test_every_shipped_model_loads_and_names_its_recipe() -> None:
    """Each mode's model file is in the package, of this feature version, and holds the recipe
    (seeds, policy) that ``ora train-eval`` made it from; its text round-trips."""
    for mode, name in MODELS.items():
        text = (DATA / name).read_text()
        shipped = from_json(text)
        assert shipped.mode == mode and shipped.to_json() == text
        assert f'"feature_version": {FEATURE_VERSION}' in text
        recipe = dict(shipped.recipe)
        assert recipe.pop("name") in training.RECIPES
        assert recipe == training.RECIPES[str(shipped.recipe["name"])]
        assert len(shipped.weights) == len(shipped.knots) >= 2


def test_every_shipped_model_was_trained_on_the_present_policy() -> None:
    """The model learns from its policy's games (``hard`` solo), so a change to ``hard`` (its
    evaluation, its planner, the rules it plays) leaves the shipped file stale. The recipe's
    first game, played again now, must be the game the file was made from; when it is not,
    ``ora train-eval`` makes the file again (docs/bots.md)."""
    for name in MODELS.values():
        shipped = from_json((DATA / name).read_text())
        recipe_name = str(shipped.recipe["name"])
        recipe = training.RECIPES[recipe_name]  # the shipped one (the test above)
        first = (recipe_name, recipe, recipe["variants"][0], recipe["seeds"][0])
        assert training.witness(training.play(first)) == shipped.witness, (
            f"{name} is stale: its policy now plays another game; run ./run.sh train-eval")


def test_the_learned_value_is_the_final_score_once_the_game_is_over() -> None:
    """R-SCORE-1: a finished game's value is its final total; before that the model adds the
    points it expects to come (a start position expects many)."""
    r = rules()
    solo = model(MODELS["1"])
    state = fold(start(make_config(1, "ireland", "long", 7), r))
    assert progress(state, r) == 0.0 and features(state, 0, r)
    assert solo.value(state, 0, r) > 100


def test_a_budget_in_positions_gives_the_same_move_under_load() -> None:
    """With its time backstop out of reach, the learned rollouts pick the same move for the
    same seed whether the process is idle or busy (a thread keeping the interpreter loaded)."""
    r = rules()
    state = fold(start(make_config(1, "france", "long", 5), r))
    rng = random.Random(2)
    for _ in range(6):  # a few decisions in
        state = execute(state, Hard(r, seconds=60.0)(state, MoveSet(state, r), rng), r).state
    quiet = Learned(r, evaluations=120, seconds=60.0)(state, MoveSet(state, r), random.Random(9))
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            sum(i * i for i in range(2000))

    worker = threading.Thread(target=busy)
    worker.start()
    try:
        loaded = Learned(r, evaluations=120, seconds=60.0)(state, MoveSet(state, r),
                                                           random.Random(9))
    finally:
        stop.set()
        worker.join()
    assert loaded == quiet


def test_expert_is_a_level_bounded_in_work() -> None:
    """``expert`` and ``expert:N`` are bots of ``make_bot``: at a table the rollout planner with
    a larger budget in positions valued than ``hard``'s, solo the solo planner
    (tests/bots/test_solo.py); every time backstop is under 1 s. ``learned`` and ``learned:N``
    play the learned evaluation."""
    expert = make_bot("expert", rules())
    assert isinstance(expert, Expert) and isinstance(expert.solo, PerGame)
    planner = expert.solo.make()
    assert isinstance(planner, SoloPlanner) and planner.seconds < 1.0
    assert sorted(expert.tables) == [2, 3, 4]
    for players, table in expert.tables.items():
        assert table.evaluations > Hard(rules()).rollout.evaluations
        assert table.seconds < 1.0
        assert table.evaluations == EXPERT_EVALUATIONS[players]
    small = make_bot("expert:300", rules())
    assert isinstance(small, Expert)
    assert [t.evaluations for t in small.tables.values()] == [300, 300, 300]
    # solo too: ``expert:N`` once left the solo planner at its own budget
    small_solo = small.solo.make()
    assert isinstance(small_solo, SoloPlanner) and small_solo.evaluations == 300
    assert planner.evaluations == SOLO_EVALUATIONS
    for name, budget in (("learned", 300), ("learned:50", 50)):
        learned = make_bot(name, rules())
        assert isinstance(learned, Learned)
        assert [(b.evaluations, b.seconds < 1.0) for b in learned.bots.values()] == [
            (budget, True)]


def test_training_is_reproducible_byte_for_byte() -> None:
    """The training games are functions of their seeds and its fit is deterministic:
    a tiny recipe run twice writes the same model text."""
    recipe = {**training.RECIPES["solo"], "seeds": [3, 4], "variants": ["france"],
              "policy": "medium", "min_count": 1}
    texts = []
    for _ in range(2):
        games = training.samples("solo", recipe, 1, 1)
        texts.append(training.fit(games, recipe, "1", "solo").to_json())
    assert texts[0] == texts[1]
    assert len(from_json(texts[0]).weights[0]) > 10


def test_expert_plays_a_two_player_game_to_its_end() -> None:
    """R-END-3 (mode 2L): ``expert`` against ``hard`` ends a long two-player game by the rules
    (the display built down, R-END-2/3), within the arena's 180 turns."""
    r = rules()
    game = play_game(r, 2, "france", "long", 31, [make_bot("expert", r), make_bot("hard", r)],
                     max_rounds=180)
    assert game.finished and game.rounds <= 180


def test_expert_ends_its_rollouts_in_the_learned_value_at_three_and_four() -> None:
    """Issue 36 (docs/bots.md, "Twenty-second pass"): at a table of three or four (modes 3 and
    4, the long games) a rollout of ``expert`` is worth, where it stops, the seat's learned
    value (the model of that mode: its provisional score, R-SCORE-1, and the points the model
    expects to come); with two players, and in the short game of four (where the model,
    trained on the long game, won fewer games), its strategic value as before."""
    r = rules()
    expert = Expert(r)
    assert all(table.leaf is expert_leaf for table in expert.tables.values())
    for players, length, learned in ((4, "long", True), (3, "long", True), (2, "long", False),
                                     (4, "short", False)):
        state = fold(start(make_config(players, "france", length, 3), r))
        rng = random.Random(1)
        for _ in range(9):  # a few decisions into the first round
            state = execute(state, Hard(r)(state, MoveSet(state, r), rng), r).state
        seat = state.flow.turn.decider
        strategic = strategic_value(state, seat, r)
        if learned:
            mode = state.config.mode
            assert mode in MODELS
            learned_value = model(MODELS[mode]).value(state, seat, r)
            assert expert_leaf(state, seat, r) == learned_value != strategic
        else:
            assert expert_leaf(state, seat, r) == strategic


class _Counting:
    """A planner standing in for a rollout's: counts its steps into the last of ``steps``."""

    def __init__(self, planner: Any, steps: list[int]) -> None:
        self.planner = planner
        self.steps = steps

    @property
    def spent(self) -> int:
        return int(self.planner.spent)

    @spent.setter
    def spent(self, value: int) -> None:
        self.planner.spent = value

    def ranked(self, *args: Any) -> Any:
        self.steps[-1] += 1
        return self.planner.ranked(*args)


def test_expert_plays_its_rollouts_longer_in_the_long_games_of_three_and_four(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36 (docs/bots.md, "Twenty-third pass"): in the long games of three and four each
    rollout of ``expert`` plays 24 decisions of the planner before the learned value judges
    where it stopped; in the short game of four, and with two players, 8. A budget out of
    reach lets every rollout run its length."""
    r = rules()
    lengths: dict[tuple[int, str], list[int]] = {}
    for players, length in ((4, "long"), (4, "short"), (3, "long"), (2, "long")):
        table = Expert(r, evaluations=1_000_000, seconds=60.0).tables[players]
        steps: list[int] = []
        play_on = table._play_on

        def rollout(*args: Any, play_on: Any = play_on, steps: list[int] = steps) -> float:
            steps.append(0)
            return float(play_on(*args))

        monkeypatch.setattr(table, "base", _Counting(table.base, steps))
        monkeypatch.setattr(table, "_play_on", rollout)
        state = fold(start(make_config(players, "france", length, 3), r))
        rng = random.Random(1)
        for _ in range(5):  # a few decisions into the first round
            state = execute(state, Hard(r)(state, MoveSet(state, r), rng), r).state
        table(state, MoveSet(state, r), random.Random(4))
        lengths[players, length] = steps
    assert lengths[4, "long"] == [24] * 6  # three candidates, two rollouts each
    assert lengths[4, "short"] == [8] * 6
    assert lengths[3, "long"] == [24] * 4
    assert lengths[2, "long"] == [8] * 4
