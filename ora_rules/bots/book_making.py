"""Making the solo books (``ora_rules.bots.books``): the best of independent trial games of the
solo planner, then a chain of its games, each starting from the plan the game before ended on
(docs/bots.md, "Thirty-third pass" and "Thirty-fourth pass"; ``ora train-book`` runs it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots.books import Booked, Plan, final_score, replay
from ora_rules.bots.solo import SoloPlanner
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules


def search(recipe: dict[str, Any], seed: int, incumbent: Plan | None = None) -> Plan:
    """The solo planner's game from ``seed`` under ``recipe`` (module doc), starting from
    ``incumbent``'s plan when given (so it scores no less), with no time backstop (its budgets
    in positions valued only): its plan at the end."""
    rules = load_rules()
    state = fold(start(make_config(1, recipe["variant"], recipe["length"], seed), rules))

    def book(at: State, rules: Rules) -> Booked | None:
        return None if incumbent is None else replay(incumbent, at, rules)

    bot = SoloPlanner(rules, evaluations=recipe["opening_evaluations"], seconds=1e9,
                      book=book)
    rng = random.Random(seed)
    decisions = 0
    while not state.finished:
        if decisions == recipe["opening_decisions"]:
            bot.evaluations = recipe["evaluations"]
        move = bot(state, MoveSet(state, rules), rng)
        state = execute(state, move, rules).state
        decisions += 1
    plan = bot.plan
    assert plan is not None
    # a tweak replaces moves but not their costs (``Line.take``): one cost a move, 0 unknown
    costs = [*plan.costs[:len(plan.moves)], *[0] * (len(plan.moves) - len(plan.costs))]
    return Plan(final_score(state, rules), tuple(plan.moves), tuple(costs))


def trial(recipe: dict[str, Any], seed: int) -> Plan:
    """The recipe's trial game from ``seed``: the solo planner's own game (no incumbent) at
    the trials' budget throughout."""
    budget = recipe["trial_evaluations"]
    return search({**recipe, "opening_evaluations": budget, "evaluations": budget}, seed)


def trial_seeds(recipe: dict[str, Any], games: int | None = None) -> list[int]:
    """The seeds of the recipe's trials (its first ``games`` only, for a quick run)."""
    first, last = recipe["trials"]
    return list(range(first, last))[:games]


def chain_seeds(recipe: dict[str, Any], games: int | None = None) -> list[int]:
    """The seeds of the recipe's chained games (its first ``games`` only)."""
    first, last = recipe["seeds"]
    return list(range(first, last))[:games]


def best(trials: list[Plan]) -> Plan:
    """The trial the chain starts from: the highest score, the first of equals."""
    return max(trials, key=lambda plan: plan.score)


def chain(recipe: dict[str, Any], generations: int | None = None,
          on_done: Callable[[int, Plan], None] | None = None,
          start_from: Plan | None = None) -> Plan:
    """The recipe's chain: its first ``generations`` games (all by default), each from the
    next seed and starting from the plan of the one before (the first from ``start_from``, the
    best trial's), so each scores no less; ``on_done`` hears each game's number and plan. The
    last plan."""
    plan = start_from
    for number, seed in enumerate(chain_seeds(recipe, generations), 1):
        plan = search(recipe, seed, plan)
        if on_done is not None:
            on_done(number, plan)
    assert plan is not None
    return plan
