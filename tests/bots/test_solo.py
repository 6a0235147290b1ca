"""Issue 36: the solo planner, ``expert`` solo (docs/bots.md, "Seventh pass"). Its strength is
measured with ``ora arena``; these tests check what it rests on: the solo game is a function of
its moves, so the bot scores exactly the plan it keeps, the plan only ever gets better, and its
work a decision is bounded in positions valued."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import Bot, make_bot
from ora_rules.bots.books import final_score
from ora_rules.bots.levels import Expert
from ora_rules.bots.per_game import PerGame
from ora_rules.bots.solo import (
    OTHER_GROUPS,
    PLACEMENTS,
    STEP_EVALUATIONS,
    SoloPlanner,
    alternatives,
)
from ora_rules.bots.work import positions
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet, group_key
from ora_rules.notation import Command
from ora_rules.setup import make_config
from ora_rules.specs import Rules
from tests.support import promises_to_the_end, rules, solo_game_at


def test_the_solo_planner_scores_the_plan_it_keeps_and_the_plan_only_improves() -> None:
    """From round 29 the planner's plan to the end is found within a decision or two; the bot
    then plays it, trying other moves as it goes (a rollout with an incumbent): the plan's
    promised score (0 until the plan is whole) never falls, and the game ends on exactly the
    last plan's score."""
    r = rules()
    # 2000 positions a decision: since the wheel's term (docs/bots.md, twenty-ninth pass)
    # `medium` plays another game to round 29, whose plan costs more than two decisions of 1500.
    bot = SoloPlanner(r, evaluations=2000, seconds=60.0)
    state, promised = promises_to_the_end(solo_game_at("ireland", 11, 29), bot)
    assert promised == sorted(promised) and promised[2] > 0
    assert final_score(state, r) == promised[-1]


def test_the_solo_planner_is_a_function_of_its_seed_and_bounded_in_work() -> None:
    """The same position and draws give the same move (the budget is in positions valued, the
    time backstop out of reach), and a decision values at most its budget and one planner
    step more (a step is not cut short, so a plan's moves do not depend on the slicing)."""
    r = rules()
    state = solo_game_at("france", 5, 2)
    chosen, work = [], []
    for _ in range(2):
        bot = SoloPlanner(r, evaluations=200, seconds=60.0)
        before = positions()
        chosen.append(bot(state, MoveSet(state, r), random.Random(7)))
        work.append(positions() - before)
    assert chosen[0] == chosen[1] and work[0] == work[1]
    assert 200 <= work[0] <= 200 + STEP_EVALUATIONS + 1


def test_expert_solo_is_the_solo_planner() -> None:
    """``expert`` plays the solo planner in the solo game, the rollout planner at a table."""
    expert = make_bot("expert", rules())
    assert isinstance(expert, Expert) and isinstance(expert.solo, PerGame)
    planner = expert.solo.make()
    assert isinstance(planner, SoloPlanner) and planner.seconds < 1.0


def _moves_of(games: dict[int, State], order: list[int], bot: Bot,
              r: Rules) -> dict[int, list[str]]:
    """Each game's bot moves when ``bot`` decides for the games in ``order`` (a game's index a
    decision), each decision's draws from the game's seed and version, as the server's bot
    workers draw them (``ora_api.table.bot_pool.choose``)."""
    chosen: dict[int, list[str]] = {seed: [] for seed in games}
    for seed in order:
        state = games[seed]
        move = bot(state, MoveSet(state, r), random.Random(f"{seed}:{state.version}"))
        chosen[seed].append(str(move))
        games[seed] = execute(state, move, r).state
    return chosen


def test_a_solo_game_gets_the_same_moves_when_other_games_interleave() -> None:
    """One ``expert`` object playing two solo games at once (the server's bot workers keep one
    a level) keeps a plan for each: every game gets the moves it gets when played alone. A
    single plan would be dropped at each switch and rebuilt from there, with other draws."""
    r = rules()
    starts = {seed: solo_game_at("ireland", seed, 6) for seed in (3, 4)}

    def bot() -> Bot:
        return PerGame(lambda: SoloPlanner(r, evaluations=150, seconds=math.inf))

    alone = {seed: _moves_of(dict(starts), [seed] * 6, bot(), r)[seed] for seed in starts}
    interleaved = _moves_of(dict(starts), [3, 4] * 6, bot(), r)
    assert interleaved == alone and len(alone[3]) == len(alone[4]) == 6


class _Follower:
    """A plan keeper that expects a later position of the game it last decided in."""

    seconds = 1.0

    def __init__(self) -> None:
        self.seen: State | None = None

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        self.seen = state
        return moves[0]

    def continues(self, state: State) -> bool:
        return (self.seen is not None and state.config == self.seen.config
                and state.version > self.seen.version)


def test_per_game_keeps_a_bounded_number_of_plans_the_latest_used() -> None:
    """A game no longer played (abandoned, or taken back past its plan) leaves its keeper
    behind until ``kept`` others were used since; a game in play keeps its own."""
    made: list[_Follower] = []

    def make() -> _Follower:
        made.append(_Follower())
        return made[-1]

    per_game = PerGame(make, kept=2)
    first = solo_game_at("france", 1, 1)
    per_game(first, MoveSet(first, rules()), random.Random(0))
    assert per_game.keeper(execute(first, MoveSet(first, rules())[0], rules()).state) is made[0]
    assert [per_game.keeper(fold(start(make_config(1, "france", "long", seed), rules())))
            for seed in (2, 3)] == made[1:3]
    assert per_game.keepers == made[1:3] and len(made) == 3


def test_a_branch_point_tries_other_groups_and_another_placement() -> None:
    """The moves tried instead of the plan's at a branch point: the best move of each of the
    planner's next groups (another verb or building) and, for a placement, the next best
    placement of the same group; for any other move, no other move of its group."""
    r = rules()
    state = fold(start(make_config(1, "ireland", "long", 3), r))
    bot, rng = make_bot("medium", r), random.Random(3)
    while True:  # the first decision with a choice of placements and of other groups
        moves = list(MoveSet(state, r))
        keys = [group_key(m) for m in moves]
        placing = [m for m, k in zip(moves, keys, strict=True)
                   if k[0] in PLACEMENTS and keys.count(k) > 1]
        using = [m for m, k in zip(moves, keys, strict=True) if k[0] not in PLACEMENTS]
        if placing and using and len(set(keys)) > OTHER_GROUPS + 1:
            break
        state = execute(state, bot(state, moves, rng), r).state
    for chosen in (placing[0], using[0]):
        others = [m for m in moves if m != chosen]
        tried = alternatives(chosen, others)
        tried_keys = [group_key(m) for m in tried]
        groups = tried_keys[:OTHER_GROUPS]
        assert len(set(groups)) == OTHER_GROUPS and group_key(chosen) not in groups
        assert groups == list(dict.fromkeys(k for k in map(group_key, others)
                                            if k != group_key(chosen)))[:OTHER_GROUPS]
        if chosen in placing:  # the next placement: the first of its group in ``others``
            assert tried[OTHER_GROUPS:] == [next(m for m in others
                                                 if group_key(m) == group_key(chosen))]
        else:
            assert len(tried) == OTHER_GROUPS
