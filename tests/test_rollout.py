"""The fourth pass of issue 25 (docs/bots.md, "Strength, fourth pass"): actions valued with
what finishes them, and ``hard``, the rollout planner. Strength itself is measured with
``ora arena``, never in a timed test."""

from __future__ import annotations

import random
from functools import cache

from ora_api.tools.selfplay import play_game
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import make_bot
from ora_rules.bots.levels import Expert, Hard
from ora_rules.bots.planner import Planner
from ora_rules.bots.rollout import RolloutPlanner
from ora_rules.bots.strategy import settled, strategic_value
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.notation import Build, WorkContract
from ora_rules.setup import make_config
from tests.support import place, rules


class _SoloGame:
    """A solo game (France) played by the planner, as far as it has been asked for: every state
    is kept, so a later round goes on from the last one instead of replaying the game."""

    def __init__(self, seed: int) -> None:
        self.states = [fold(start(make_config(1, "france", "long", seed), rules()))]
        self.rng = random.Random(seed)
        self.planner = Planner(rules())

    def first_action(self, round_: int) -> State:
        """The first state of an action turn in ``round_`` (or later)."""
        for state in self.states:
            if state.round >= round_ and state.flow.turn.kind == "action":
                return state
        r = rules()
        while True:
            state = self.states[-1]
            state = execute(state, self.planner(state, MoveSet(state, r), self.rng), r).state
            self.states.append(state)
            if state.round >= round_ and state.flow.turn.kind == "action":
                return state


@cache
def _solo_game(seed: int) -> _SoloGame:
    return _SoloGame(seed)


def solo_position(seed: int, round_: int) -> State:
    """A solo game (France) played by the planner up to the first action of ``round_``: the
    same game for every round of a seed (one run of the planner, not one per round)."""
    return _solo_game(seed).first_action(round_)


def test_a_work_contract_is_valued_with_the_function_it_pays_for() -> None:
    """R-SOLO-8 (a neutral building used for the work-contract price, R-WC-1..3): the contract
    alone is only its price; the planner values it with the best use it pays for."""
    r = rules()
    state = solo_position(40, 9)
    contracts = [m for m in MoveSet(state, r) if isinstance(m, WorkContract)]
    assert contracts
    ranked = {move: value for value, move, _ in Planner(r).ranked(state, contracts,
                                                                  random.Random(1))}
    gains = []
    for move in contracts:
        alone = strategic_value(settled(execute(state, move, r).state, r), 0, r)
        assert ranked[move] >= alone - 1e-5
        gains.append(ranked[move] - alone)
    assert max(gains) > 1.0  # some neutral building's function is worth more than its price


def test_a_build_is_valued_with_the_prior_s_use_of_it() -> None:
    """R-BUILD-7: right after a build the prior may use the new building; the planner counts
    that use in the build's value (never less than the build alone)."""
    r = rules()
    gains = []
    for round_ in range(3, 15):
        state = solo_position(40, round_)
        builds = [m for m in MoveSet(state, r) if isinstance(m, Build)]
        if state.players[0].clergy[0] is not None or len(builds) < 2:
            continue  # the prior is busy: no use right after a build
        for value, _, after in Planner(r).ranked(state, builds, random.Random(1)):
            gains.append(value - strategic_value(after, 0, r))
    assert gains and min(gains) >= -1e-5
    assert max(gains) > 0.5


def test_the_rollout_planner_is_bounded_in_work_and_reproducible() -> None:
    """``hard``'s budget is a number of positions valued (time is only its backstop): the bound
    holds and the same seed picks the same move; its pick is one of the planner's best."""
    r = rules()
    state = solo_position(41, 6)
    picks = []
    for _ in range(2):
        bot = RolloutPlanner(r, evaluations=120, seconds=60.0)
        picks.append(bot(state, MoveSet(state, r), random.Random(5)))
        assert 1 <= bot.root.spent + bot.base.spent <= 120 + 2
    assert picks[0] == picks[1]
    best = [move for _, move, _ in Planner(r, per_group=8).ranked(
        state, MoveSet(state, r), random.Random(5))][:4]
    assert picks[0] in best


def test_hard_plays_a_two_player_game_to_its_end_reproducibly() -> None:
    """R-END-3 (mode 2L): the rollout planner (``hard``'s machinery, with a small budget) ends
    a long two-player game by the rules, and the same seed plays the same game."""
    def bot() -> RolloutPlanner:
        return RolloutPlanner(rules(), evaluations=60, seconds=60.0)

    first = play_game(rules(), 2, "ireland", "long", 11, [bot()], max_rounds=150)
    assert first.finished and first.rounds <= 150
    second = play_game(rules(), 2, "ireland", "long", 11, [bot()], max_rounds=3)
    assert second.moves == first.moves[: len(second.moves)]


def test_the_levels_are_steps_and_hard_stays_within_a_second() -> None:
    """``hard``: the rollout planner with two players, the bounded planner solo and at a table
    of three or four, each under 1 s a move; ``medium`` and ``easy`` value a move alone (no
    finishing of contracts)."""
    hard = make_bot("hard", rules())
    assert isinstance(hard, Hard)
    depth = hard.rollout.depth
    assert hard.rollout.seconds < 1.0 and hard.rollout.width > 1
    assert isinstance(depth, int) and depth > 1
    medium = make_bot("medium", rules())
    assert isinstance(medium, Planner) and hard.planners[4].per_group > medium.per_group
    assert set(hard.planners) == {1, 3, 4}
    for planner in hard.planners.values():
        assert planner.bounded and planner.finish and planner.seconds < 1.0
    for name in ("easy", "medium"):
        level = make_bot(name, rules())
        assert isinstance(level, Planner) and not level.finish
    assert isinstance(make_bot("roll", rules()), RolloutPlanner)
    shaped = make_bot("roll:3x12", rules())
    assert isinstance(shaped, RolloutPlanner) and (shaped.width, shaped.depth) == (3, 12)
    plan8 = make_bot("plan:8", rules())
    assert isinstance(plan8, Planner) and plan8.per_group == 8 and plan8.finish


def test_a_bounded_planner_values_at_most_its_budget() -> None:
    """The planner with ``bounded`` (``hard`` solo) keeps to its positions a decision and picks
    the same move for the same seed."""
    r = rules()
    state = solo_position(41, 6)
    picks = []
    for _ in range(2):
        bot = Planner(r, bounded=True, evaluations=8, seconds=60.0)
        picks.append(bot(state, MoveSet(state, r), random.Random(5)))
        assert 1 <= bot.spent <= 8 + 1
    assert picks[0] == picks[1]


def test_solo_a_building_owned_is_worth_more_than_with_players() -> None:
    """R-SOLO-9 step 3: solo, every building left on the display goes to the neutral player at
    the next settlement phase, so owning one counts more than in a game with players."""
    r = rules()
    solo = fold(start(make_config(1, "france", "long", 3), r))
    four = fold(start(make_config(4, "france", "long", 3), r))

    def bonus(state: State) -> float:
        """The evaluation's worth of one more building owned by seat 0 (no cost, no space)."""
        at = next(c for c, s in state.players[0].landscape.items() if s.card is None)
        placed = place(state, 0, "I08", at)  # an Ireland card: on no display, in no stack
        return strategic_value(placed, 0, r) - strategic_value(state, 0, r)

    assert bonus(solo) > bonus(four)


def test_a_rollout_plays_forced_moves_too() -> None:
    """A decision with one legal move (the ``COMMIT`` that ends a turn, R-ROUND-3) is played
    in a rollout like any other: the rollout goes on past it, it does not stand still."""
    r = rules()
    state = fold(start(make_config(2, "france", "short", 3), r))
    rng = random.Random(3)
    planner = Planner(r, finish=False)
    while len(list(MoveSet(state, r))) != 1:
        state = execute(state, planner(state, MoveSet(state, r), rng), r).state
    forced = next(iter(MoveSet(state, r)))
    seat = state.flow.turn.seat
    rollout = RolloutPlanner(r, depth=1, seconds=60.0)
    value = rollout._play_on(state, seat, random.Random(1), float("inf"), 10**6)
    played = settled(execute(state, forced, r).state, r)
    assert value == strategic_value(played, seat, r)
    assert played.version > state.version and not played.flow.turn.main_done  # a new slot


def test_another_candidate_replaces_the_first_choice_only_by_the_margin() -> None:
    """Issue 36, twelfth pass: with a margin no rollout can clear, the rollout planner plays
    the planner's first choice (what it plays with one candidate); with none, the rollouts
    choose another move here. ``expert`` keeps a margin of 5 points at a table of four only."""
    r = rules()
    state = solo_position(41, 5)

    def pick(bot: RolloutPlanner) -> object:
        return bot(state, MoveSet(state, r), random.Random(5))

    first = pick(RolloutPlanner(r, width=1, evaluations=240, seconds=60.0))
    assert pick(RolloutPlanner(r, evaluations=240, seconds=60.0, margin=float("inf"))) == first
    assert pick(RolloutPlanner(r, evaluations=240, seconds=60.0, margin=0.0)) != first
    expert = make_bot("expert", rules())
    assert isinstance(expert, Expert)
    assert {n: table.margin for n, table in expert.tables.items()} == {2: 0.0, 3: 0.0, 4: 2.5}


def test_a_candidate_is_valued_by_the_mean_of_its_rollouts() -> None:
    """Issue 36, eighteenth pass: with ``rollouts=2`` each candidate is played on twice and
    valued by the mean, so one lucky rollout does not carry it; ``expert`` does so at a table
    of four only, with three candidates."""
    r = rules()
    state = solo_position(41, 5)

    class Scripted(RolloutPlanner):
        """Rollouts whose values are given: the first candidate's best single rollout (10)
        has the lower mean (5 against 6)."""

        values = iter([10.0, 0.0, 6.0, 6.0, 4.0, 5.0])
        stops: list[int] = []

        def _play_on(self, state: State, seat: int, rng: random.Random, deadline: float,
                     stop: int) -> float:
            self.stops.append(stop)
            return next(self.values)

    bot = Scripted(r, width=3, rollouts=2, evaluations=240, seconds=60.0)
    pick = bot(state, MoveSet(state, r), random.Random(5))
    ranked = Planner(r, per_group=8).ranked(state, MoveSet(state, r), random.Random(5))
    assert len(bot.stops) == 6 and bot.stops == sorted(bot.stops)
    assert bot.stops[-1] <= 240  # six shares of what the root left, within the budget
    assert pick == ranked[1][1]
    expert = make_bot("expert", r)
    assert isinstance(expert, Expert)
    assert [(players, table.width, table.rollouts) for players, table
            in sorted(expert.tables.items())] == [(2, 4, 1), (3, 4, 1), (4, 3, 2)]
