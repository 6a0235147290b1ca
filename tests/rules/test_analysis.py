"""The analysis of a game (docs/analysis.md): estimates that end at the real score, a bot's
move that costs nothing, marks by the documented thresholds, the same analysis for the same
seed and budget, and a cache that a second run reads and an interrupted one resumes from."""

from __future__ import annotations

import math
import random

import orjson
import pytest

from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_rules.analysis import (
    MARKS,
    Analysis,
    MemoryCache,
    analyse,
    analysis_bot,
    parse_budget,
)
from ora_rules.analysis.analyse import DEFAULT_EVALUATIONS, AnalysisError, reproducible
from ora_rules.analysis.estimate import final_estimate, position_estimate, promise
from ora_rules.analysis.plot import analysis_svg
from ora_rules.bots import make_bot
from ora_rules.bots.levels import Expert, Hard
from ora_rules.bots.per_game import PerGame
from ora_rules.bots.solo import SoloPlanner
from ora_rules.bots.value import MODELS, model
from ora_rules.decide import start
from ora_rules.game import Game
from ora_rules.moves import MoveSet
from ora_rules.scoring import score
from ora_rules.setup import make_config
from ora_rules.views.diff import states_after
from tests.support import read_test_record, rules

#: The people's solo Ireland game of 519 points (a file of tests/data).
PEOPLE = "records/weblabora/Game27378.txt"
SMALL = parse_budget(20)


def peoples_game() -> list[GameEvent]:
    """The people's solo Ireland game of 519 points (weblabora Game27378), as recorded."""
    game = read_test_record(PEOPLE, "weblabora", rules().readings.sources["weblabora"])
    return list(game.events)


def check_consistent(analysis: Analysis) -> None:
    """What holds of every analysis: each estimate before a move is the one after the move
    before; a move the bot prefers too costs nothing; the marks follow the thresholds."""
    before = analysis.start
    for d in analysis.decisions:
        assert d.before == before
        before = d.after
        if d.best == d.played:
            assert d.best_after == d.after and d.loss == 0
        if d.best_after is not None:
            index = analysis.seats.index(d.seat)
            assert d.loss == round(d.best_after[index] - d.after[index], 1)
        expected = next((name for name, points in MARKS if d.loss >= points), None)
        assert d.mark == expected
        assert (d.best is None) == (d.forced or d.error is not None)


def test_the_end_of_the_peoples_519_point_game_reaches_its_real_score() -> None:
    analysis = analyse(peoples_game(), rules(), bot="medium", budget=SMALL, first=205)
    assert (analysis.first, analysis.last, analysis.moves) == (205, 217, 217)
    assert analysis.finished and analysis.complete and analysis.reproducible
    assert analysis.decisions[-1].after == (519.0,)  # R-SCORE-1: the estimate of the end
    check_consistent(analysis)
    disagree = [d for d in analysis.decisions if d.disagrees]
    assert disagree and all(d.best_after is not None for d in disagree)
    assert analysis.marked() == sorted((d for d in analysis.decisions if d.mark),
                                       key=lambda d: (-d.loss, d.number))
    (red,) = analysis.summary()
    judged = [d for d in analysis.decisions if d.best is not None]
    assert (red.seat, red.judged, red.disagreements) == (0, len(judged), len(disagree))
    assert red.blunders + red.mistakes + red.inaccuracies == len(analysis.marked())
    assert red.mean_loss == round(sum(max(0.0, d.loss) for d in judged) / len(judged), 1)


def test_the_peoples_519_point_game_is_analysed_to_its_end() -> None:
    events = peoples_game()
    analysis = analyse(events, rules(), bot="medium", budget=SMALL)
    assert len(analysis.decisions) == analysis.moves == 217 and analysis.complete
    assert analysis.decisions[-1].after == (519.0,)
    assert analysis.start[0] < 519  # the set-up's estimate is no final score yet
    check_consistent(analysis)
    assert any(d.disagrees for d in analysis.decisions)
    svg = analysis_svg(analysis, fold(events))
    assert svg.count('class="point') == 217


def test_a_finished_positions_estimate_is_its_score() -> None:
    # Any finished game will do: the random bot's (the analysis's ``medium`` bot took seconds
    # to play one).
    game = Game.new(rules(), 4, "france", "short", seed=2)
    game.play_bots([make_bot("random", rules())], seed=2)
    assert game.finished
    assert position_estimate(game.state, rules()) == tuple(
        float(s.total) for s in game.scores())


def test_a_cut_rollout_is_valued_by_the_learned_evaluation_of_its_mode() -> None:
    """R-SCORE-1: the estimate is a final score. In rounds 10 and 11 of the people's 519-point
    game, a rollout of the default budget stops in round 11 or 12; its score and promise there
    were 227 after move 51 and 114 after move 52 (a blunder of 109 points marked on a COMMIT).
    The learned evaluation of the solo game values where the rollout stops as a final score."""
    events, r = peoples_game(), rules()
    solo = model(MODELS["1"])
    at_51, at_52 = states_after(events, [51, 52]).values()
    assert position_estimate(at_52, r) == (round(solo.value(at_52, 0, r), 1),)
    estimates = [final_estimate(s, r, DEFAULT_EVALUATIONS, random.Random(0))[0]
                 for s in (at_51, at_52)]
    assert not at_51.finished and all(250 < e < 519 for e in estimates), estimates
    assert abs(estimates[0] - estimates[1]) < 30, estimates


def test_every_mode_has_a_model_and_the_wonder_tiles_keep_the_score_and_the_promise() -> None:
    """Every mode's cut rollouts are valued by its learned evaluation (R-GEN-2's modes); the
    models learned no wonder tiles (R-LIES-6 scores them apart), so a game with them is valued
    by its score plus what the strategic evaluation counts only while the game goes on."""
    r = rules()
    assert set(MODELS) == set(r.modes)
    short = Game.new(r, 4, "france", "short", seed=3)
    short.play_bots([make_bot("random", r)], seed=3, max_rounds=3)
    state = short.state
    assert position_estimate(state, r) == tuple(
        round(model(MODELS["4s"]).value(state, s.seat, r), 1) for s in score(state, r))
    wonders = Game.new(r, 4, "france", "short", seed=3, liesborn=True)
    wonders.play_bots([make_bot("random", r)], seed=3, max_rounds=3)
    state = wonders.state
    assert not state.finished and state.config.liesborn
    assert position_estimate(state, r) == tuple(
        round(s.total + promise(state, s.seat, r), 1) for s in score(state, r))


def test_the_analysis_bots_have_no_time_backstop() -> None:
    """An analysis is reproducible on any machine: every level's parts that carry a time
    backstop (``hard``'s planners, ``expert``'s tables and solo planner) lose it, so only the
    budget in positions valued bounds a decision."""
    hard = analysis_bot("hard", rules())
    assert isinstance(hard, Hard)
    assert [hard.rollout.seconds, *(p.seconds for p in hard.planners.values())] == [math.inf] * 4
    expert = analysis_bot("expert", rules())
    assert isinstance(expert, Expert)
    assert [t.seconds for t in expert.tables.values()] == [math.inf] * 3
    for solo in (expert.solo, analysis_bot("solo", rules())):
        # every game's plan is made by a solo planner without the backstop
        assert isinstance(solo, PerGame)
        state = fold(start(make_config(1, "france", "long", 3), rules()))
        keeper = solo.keeper(state)
        assert isinstance(keeper, SoloPlanner) and keeper.seconds == math.inf


def bot_game(moves: int, seed: int = 0) -> Game:
    """A game whose every move is the one the analysis's ``medium`` bot chooses there (with
    the analysis's own random stream of that move)."""
    from ora_rules.analysis.analyse import _stream

    game = Game.new(rules(), 3, "ireland", "short", seed=5)
    bot = analysis_bot("medium", rules())
    for number in range(1, moves + 1):
        game.play(bot(game.state, MoveSet(game.state, rules()), _stream(seed, "bot", number)))
    return game


def test_the_bots_own_moves_cost_nothing_and_a_changed_move_is_judged() -> None:
    game = bot_game(12)
    analysis = analyse(game.events, rules(), bot="medium", budget=SMALL)
    assert all(not d.disagrees and d.loss == 0 and d.mark is None
               for d in analysis.decisions)
    check_consistent(analysis)
    assert len(analysis.seats) == 3 and analysis.last == 12 and not analysis.finished
    # Another legal move at move 12: the bot's move is now the other one, judged against it.
    other = Game(rules(), game.events[:_version_of(game, 12) - 1])
    played = analysis.decisions[-1].played
    moves = [m for m in MoveSet(other.state, rules()) if str(m) != played]
    other.play(random.Random(3).choice(moves))
    judged = analyse(other.events, rules(), bot="medium", budget=SMALL, first=12)
    (decision,) = judged.decisions
    assert decision.best == played and decision.played != played
    check_consistent(judged)


def _version_of(game: Game, number: int) -> int:
    from ora_core.events import MovePlayed

    versions = [v for v, e in enumerate(game.events, start=1) if isinstance(e, MovePlayed)]
    return versions[number - 1]


def test_the_same_seed_and_budget_give_the_same_bytes() -> None:
    events = bot_game(6).events
    first = analyse(events, rules(), bot="hard", budget=SMALL, seed=4)
    again = analyse(events, rules(), bot="hard", budget=SMALL, seed=4)
    dump = [orjson.dumps(d.to_json()) for d in first.decisions]
    assert dump == [orjson.dumps(d.to_json()) for d in again.decisions]
    assert first.decisions == again.decisions


def test_a_second_run_reads_the_cache_and_an_interrupted_run_resumes() -> None:
    events = bot_game(8).events
    whole = analyse(events, rules(), bot="medium", budget=SMALL)
    cache = MemoryCache()
    part = analyse(events, rules(), bot="medium", budget=SMALL, cache=cache, limit=3)
    assert not part.complete and len(part.decisions) == 3 and len(cache.decisions) == 3
    seen: list[tuple[int, int]] = []
    rest = analyse(events, rules(), bot="medium", budget=SMALL, cache=cache,
                   progress=lambda done, total: seen.append((done, total)))
    assert rest.complete and rest.cached == 3 and rest.decisions == whole.decisions
    assert seen == [(n, 8) for n in range(1, 9)]
    read = analyse(events, rules(), bot="medium", budget=SMALL, cache=cache)
    assert read.cached == 8 and read.decisions == whole.decisions
    middle = analyse(events, rules(), bot="medium", budget=SMALL, first=4, last=6)
    assert middle.decisions == whole.decisions[3:6] and middle.start == whole.decisions[2].after


@pytest.mark.parametrize(("text", "evaluations", "seconds"), [
    ("2000", 2000, None), (50, 50, None), ("1s", None, 1.0), ("250ms", None, 0.25)])
def test_budgets_in_positions_or_in_time(text: str | int, evaluations: int | None,
                                         seconds: float | None) -> None:
    budget = parse_budget(text)
    assert budget.seconds == seconds
    if evaluations is not None:
        assert budget.evaluations == evaluations and budget.text == str(evaluations)
    assert reproducible("hard", budget) is (seconds is None)
    assert not reproducible("mcts", parse_budget(10)) and reproducible("mcts:64", budget) \
        is (seconds is None)


def test_bad_requests_are_refused_by_name() -> None:
    events = bot_game(2).events
    for bad in ("0", "-3", "fast", "1h", "0s", "²", "٣s"):
        with pytest.raises(AnalysisError, match="budget") as e:
            parse_budget(bad)
        assert e.value.field == "budget"
    with pytest.raises(AnalysisError, match="unknown bot 'nobody'") as e:
        analyse(events, rules(), bot="nobody", budget=SMALL)
    assert e.value.field == "bot"
    with pytest.raises(AnalysisError, match=r"from 3: the game has moves 1 \.\. 2"):
        analyse(events, rules(), budget=SMALL, first=3)
    with pytest.raises(AnalysisError, match=r"to 5: the game has moves 1 \.\. 2"):
        analyse(events, rules(), budget=SMALL, last=5)
    with pytest.raises(AnalysisError, match="to 1 is before from 2") as e:
        analyse(events, rules(), budget=SMALL, first=2, last=1)
    assert e.value.field == "to"
    with pytest.raises(AnalysisError, match=f"seed {2**63}: a seed is a 64-bit integer") as e:
        analyse(events, rules(), budget=SMALL, seed=2**63)
    assert e.value.field == "seed"


def test_a_game_without_moves_has_only_its_start() -> None:
    game = Game.new(rules(), 2, "france", "short", seed=1)
    analysis = analyse(game.events, rules(), bot="medium", budget=SMALL)
    assert analysis.decisions == () and analysis.moves == 0 and len(analysis.start) == 2
    with pytest.raises(AnalysisError, match="no moves yet"):
        analyse(game.events, rules(), budget=SMALL, last=1)


def test_a_search_bots_decision_does_not_depend_on_the_ones_before() -> None:
    # mcts:N keeps its tree between calls: each decision gets a bot of its own, so the part
    # analysed alone equals the same moves analysed after the others.
    events = bot_game(4).events
    whole = analyse(events, rules(), bot="mcts:8", budget=SMALL)
    alone = analyse(events, rules(), bot="mcts:8", budget=SMALL, first=3)
    assert whole.reproducible and alone.decisions == whole.decisions[2:]
