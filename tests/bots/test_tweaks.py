"""Issue 36: tweaks of the solo plan (``ora_rules.bots.tweaks``, docs/bots.md, "Fourteenth
pass"): one move changed or two placements exchanged, the plan's other commands replayed as they
stand. The solo game is a function of its moves (R-SOLO-9), so a tweak that still ends the game
has an exact final score; where buildings and settlements stand is worth points (R-SCORE-4)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from ora_core.state import State
from ora_rules.bots import solo
from ora_rules.bots.books import final_score
from ora_rules.bots.planner import Planner
from ora_rules.bots.solo import Line, SoloPlanner
from ora_rules.bots.tweaks import COMMANDS_PER_POSITION, Tweaker, at_space, replay
from ora_rules.bots.work import positions
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.notation import Build, Command
from tests.support import promises_to_the_end, rules, solo_game_at


def _planner_game(start: State) -> tuple[list[State], list[Command]]:
    """The planner's game from ``start`` to the end, as the solo planner keeps a plan."""
    r = rules()
    planner, rng = Planner(r, per_group=4), random.Random(5)
    states, moves = [start], []
    while not states[-1].finished:
        state = states[-1]
        moves.append(planner(state, MoveSet(state, r), rng))
        states.append(execute(state, moves[-1], r).state)
    return states, moves


@pytest.fixture(scope="module")
def plan() -> tuple[list[State], list[Command]]:
    return _planner_game(solo_game_at("ireland", 11, 22))


def test_two_buildings_exchange_their_spaces_and_the_rest_replays_as_it_stands(
        plan: tuple[list[State], list[Command]]) -> None:
    """An exchange of two builds' spaces that the plan's other commands survive ends the game
    with each building on the other's space, and a final score of its own."""
    states, moves = plan
    r = rules()
    builds = [k for k, m in enumerate(moves)
              if isinstance(m, Build) and states[k].flow.turn.kind != "neutral"]
    exchanged = 0
    for first, second in combinations(builds, 2):
        one, two = moves[first], moves[second]
        assert isinstance(one, Build) and isinstance(two, Build)
        changed = list(moves[first:])
        changed[0], changed[second - first] = at_space(one, two.coord), at_space(two, one.coord)
        replayed, executed = replay(states[first], changed, r)
        if replayed is None:
            assert executed <= len(changed)
            continue
        exchanged += 1
        end = replayed[-1]
        assert end.finished and executed == len(changed)
        assert end.built[one.building].coord == two.coord
        assert end.built[two.building].coord == one.coord
    assert exchanged > 0


def test_a_replay_that_breaks_or_stops_short_of_the_end_is_no_plan(
        plan: tuple[list[State], list[Command]]) -> None:
    """A command no longer legal (a building built twice) or a plan that does not reach the
    game's end leaves nothing to keep."""
    states, moves = plan
    r = rules()
    first = next(k for k, m in enumerate(moves) if isinstance(m, Build))
    twice = [*moves[first:first + 1], *moves[first:]]
    replayed, executed = replay(states[first], twice, r)
    assert replayed is None and executed < len(twice)
    assert replay(states[first], moves[first:-1], r)[0] is None
    whole, executed = replay(states[first], moves[first:], r)
    assert whole is not None and whole[-1] == states[-1] and executed == len(moves) - first


def test_tweaks_change_at_most_two_moves_after_the_low_mark_and_count_their_work(
        plan: tuple[list[State], list[Command]]) -> None:
    """Every tweak kept changes one move, or two placements, none before ``low``; each draw
    counts a position valued and every eight commands replayed one more."""
    states, moves = plan
    r = rules()
    tweaker, rng = Tweaker(r), random.Random(2)
    low, draws, kept = len(moves) // 3, 200, 0
    before = positions()
    for _ in range(draws):
        tweaked = tweaker.tweak(states, moves, low, rng)
        if tweaked is None:
            continue
        kept += 1
        at = tweaked.index
        assert at >= low and tweaked.states[0] is states[at] and tweaked.states[-1].finished
        assert len(tweaked.moves) == len(moves) - at
        differ = [k for k, m in enumerate(tweaked.moves) if m != moves[at + k]]
        assert differ[0] == 0 and len(differ) <= 2
    work = positions() - before
    assert kept > 0
    assert draws <= work <= draws + draws * (len(moves) - low) // COMMANDS_PER_POSITION + 1


def test_the_solo_planner_keeps_tweaks_that_score_no_less(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """With every position of its budget spent on tweaks, the solo planner still plays the plan
    it promises (the game ends on the last promise, which never falls), and the game it plays
    is not the planner's own game: tweaks were kept."""
    monkeypatch.setattr(solo, "TWEAK_SHARE", 1.0)
    r = rules()
    start = solo_game_at("ireland", 11, 27)
    bot = SoloPlanner(r, evaluations=400, seconds=60.0)
    state, promised = promises_to_the_end(start, bot)
    assert promised == sorted(promised) and final_score(state, r) == promised[-1]
    assert bot.tweaks_kept > 0


def test_a_finished_rollout_is_polished_without_losing_its_first_move_or_points(
        plan: tuple[list[State], list[Command]]) -> None:
    """Before a rollout is compared with the plan, tweaks polish it: its score never falls, its
    first move (the move it tries) stays, and its moves still play to the score it claims."""
    states, moves = plan
    r = rules()
    at = len(moves) // 4
    line = Line(states[at])
    line.states, line.moves = list(states[at:]), list(moves[at:])
    before = final_score(states[-1], r)
    bot = SoloPlanner(r, evaluations=400, seconds=60.0)
    after = bot._polish(line, before)
    assert after >= before and line.moves[0] == moves[at]
    replayed, _ = replay(states[at], line.moves, r)
    assert replayed is not None and replayed[-1] == line.states[-1]
    assert final_score(replayed[-1], r) == after
