"""Issue 36: the solo planner's goal rollouts (docs/bots.md, "Tenth pass"). A goal is a
building the plan lets the neutral player take at a settlement phase (R-SOLO-9 step 3); a
rollout pursuing it values every good gathered for it, and the rollout is adopted only if its
final score is higher (the plan never gets worse)."""

from __future__ import annotations

from ora_core.evolve import replace
from ora_core.state import Placement, State
from ora_core.values import Good
from ora_rules.bots.books import final_score
from ora_rules.bots.goals import (
    LOST,
    OPEN_SHARE,
    SHORT_WEIGHT,
    GoalEvaluation,
    lost_to_neutral,
    worth,
)
from ora_rules.bots.solo import SoloPlanner
from ora_rules.bots.strategy import SHORT_PRICE, strategic_value
from tests.support import promises_to_the_end, rules, solo_game_at


def _solo_seat(state: State) -> int:
    return next(p.seat for p in state.players if not p.neutral)


def _neutral_seat(state: State) -> int:
    return next(p.seat for p in state.players if p.neutral)


def test_the_neutral_players_buildings_from_the_display_are_the_goals_dearest_first() -> None:
    """After the settlement phases of rounds 12 and 16 the neutral player holds what the
    display offered (R-SOLO-9); its own start buildings are not goals."""
    r = rules()
    state = solo_game_at("ireland", 5, 20)
    neutral = _neutral_seat(state)
    taken = {b for b, placed in state.built.items() if placed.seat == neutral}
    goals = lost_to_neutral(state, r)
    assert goals and set(goals) < taken
    assert all(b[0] in "GIF" for b in goals)
    assert not any(b[0] in "GIF" for b in taken - set(goals))
    worths = [worth(r.building(b)) for b in goals]
    assert worths == sorted(worths, reverse=True)


def test_a_goal_on_the_display_counts_half_its_worth_less_each_unit_missing() -> None:
    """Every unit of its cost gathered counts (no floor at zero, as the display's promise in
    the strategic evaluation has); built it counts whole, taken by the neutral player it costs
    ``LOST``."""
    r = rules()
    state = solo_game_at("france", 7, 3)
    seat = _solo_seat(state)
    goal = max(state.display, key=lambda b: sum(r.building(b).cost.values()))
    spec = r.building(goal)
    evaluation = GoalEvaluation([goal], r)
    # none of the goal's materials held (what ``medium`` gathered by round 3 depends on it)
    bare = {g: n for g, n in state.players[seat].goods.items() if g not in spec.cost}
    state = state.next_with_players(tuple(
        p.with_goods(bare) if p.seat == seat else p for p in state.players))
    player = state.players[seat]
    short = sum(max(0, n - player.goods.get(good, 0)) * SHORT_PRICE.get(good, 1.0)
                for good, n in spec.cost.items() if good not in (Good.STRAW, Good.COIN))
    assert short > 0
    if not (set(spec.cost) & {Good.STRAW, Good.COIN}):
        assert evaluation(state, seat, r) - strategic_value(state, seat, r) == (
            OPEN_SHARE * worth(spec) - SHORT_WEIGHT * short)

    # one more of a good it costs and lacks: the goal's term gains that good's price
    good = next(g for g, n in spec.cost.items() if player.goods.get(g, 0) < n
                and g not in (Good.STRAW, Good.COIN))
    goods = dict(player.goods)
    goods[good] = goods.get(good, 0) + 1
    richer = state.next_with_players(tuple(
        p.with_goods(goods) if p.seat == seat else p for p in state.players))
    gain = ((evaluation(richer, seat, r) - strategic_value(richer, seat, r))
            - (evaluation(state, seat, r) - strategic_value(state, seat, r)))
    assert abs(gain - SHORT_WEIGHT * SHORT_PRICE.get(good, 1.0)) < 1e-9

    coord = next(iter(player.landscape))
    built = replace(state, built={**state.built, goal: Placement(seat, coord)})
    assert evaluation(built, seat, r) - strategic_value(built, seat, r) == worth(spec)
    lost = replace(state, built={**state.built, goal: Placement(_neutral_seat(state), coord)})
    assert evaluation(lost, seat, r) - strategic_value(lost, seat, r) == LOST


def test_goal_rollouts_are_tried_and_the_game_ends_on_the_plans_score() -> None:
    """From round 20 (the plan's end finds buildings lost to the neutral player at the phases
    of rounds 22 and 26, still to be had): the bot tries goals as well as other moves, its
    promised score never falls, and the game ends on exactly the last plan's score."""
    r = rules()
    bot = SoloPlanner(r, evaluations=2500, seconds=60.0)
    state, promised = promises_to_the_end(solo_game_at("ireland", 11, 20), bot)
    assert len(bot.goal_planners) > 1  # the plain planner and at least one pursuing a goal
    assert promised == sorted(promised)
    assert final_score(state, r) == promised[-1]
