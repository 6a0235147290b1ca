"""Solo books: the plan of a whole solo game made offline, where the solo planner starts
(docs/bots.md, "Thirty-third pass", issue 36).

The solo planner improves its plan by rollouts to the game's end (``ora_rules.bots.solo``). In
the first rounds a rollout costs some 20,000 positions valued, four decisions' budgets, so the
game's first sixty decisions see some fifteen rollouts between them, and a plan's opening is
mostly its planner's own. Offline there is time for more. The solo game is deterministic once
begun: the seed draws only the colours, so one plan serves every game of a set-up, with one
exact final score. A book is such a plan (:data:`RECIPES`): the best of two dozen of the solo
planner's own games at the shipped budget, improved by a chain of its games at ten times the
shipped budget over their first sixty decisions, each starting from the plan the game before
ended on (so each scores no less). ``expert`` starts a solo game with the book's plan as its
incumbent and improves it as it improves its own: it never scores less than the book.

A book applies to the set-up it was made for (France or Ireland, the rulebook's readings, no
Liesborn, not a fork), at a position of its plan: the game's start, or any position the book's
moves lead to (the analysis board's positions of such a game). Every other solo game is the
planner's own.
``ora train-book`` makes the shipped files again; a plan is a function of its recipe (budgets
in positions valued, never in time), so the file is the same on any machine.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import frozen

from ora_core.config import GameConfig, Readings
from ora_core.errors import OraError
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.decide import execute, start
from ora_rules.notation import Command, parse
from ora_rules.scoring import score_player
from ora_rules.specs import Rules

DATA = Path(__file__).with_name("data")


def make_recipe(variant: str, first_seed: int, seeds: int, first_trial: int,
                trials: int) -> dict[str, Any]:
    """A book's recipe. First ``trials`` independent games of the solo planner at the shipped
    budget (4800 positions a decision), from seeds ``first_trial`` on: the planner's games
    spread by some 30 points with their draws, so the best of them is a better start than one
    game. Then a chain of ``seeds`` games from the best trial's plan, each from the next seed
    and starting from the plan the game before ended on, at 48,000 positions a decision (ten
    times the shipped budget) over its first 60 decisions (the first dozen rounds, where a
    rollout costs most) and the shipped budget after; the last game's plan is the book."""
    return {"variant": variant, "length": "long",
            "trials": [first_trial, first_trial + trials], "trial_evaluations": 4800,
            "seeds": [first_seed, first_seed + seeds],
            "opening_evaluations": 48_000, "opening_decisions": 60, "evaluations": 4800}


#: The shipped books and how each is made (seeds apart from every arena's and tuning run's).
RECIPES: dict[str, dict[str, Any]] = {
    "france": make_recipe("france", 20_000, 8, 22_000, 24),
    "ireland": make_recipe("ireland", 21_000, 4, 23_000, 24),
}


@frozen
class Plan:
    """A whole solo game's moves (``costs``: the positions valued choosing each, what a
    rollout from there is expected to cost) and its final score."""

    score: int
    moves: tuple[Command, ...]
    costs: tuple[int, ...]


@frozen
class Booked:
    """A book's plan from a position of it on: ``states`` (one more than ``moves``, the first
    the position), its moves and their costs, and the plan's final score."""

    states: tuple[State, ...]
    moves: tuple[Command, ...]
    costs: tuple[int, ...]
    score: int


#: Where the solo planner finds a plan to start from: a position's book line, or None.
BookSource = Callable[[State, Rules], "Booked | None"]


def final_score(state: State, rules: Rules) -> int:
    """The solo player's total (R-SCORE-1..4) in a finished game."""
    player = next(p for p in state.players if not p.neutral)
    return score_player(player, rules, state.config.mode if state.config.liesborn else None).total


def book_path(name: str) -> Path:
    """Where the shipped book ``name`` is."""
    return DATA / f"book_{name}.json"


def to_json(name: str, recipe: dict[str, Any], plan: Plan) -> str:
    """A book file's text: the recipe, the score, the plan."""
    return json.dumps({"book": name, "recipe": recipe, "score": plan.score,
                       "moves": [str(move) for move in plan.moves],
                       "costs": list(plan.costs)}, indent=1) + "\n"


@functools.cache
def shipped(name: str) -> Plan | None:
    """The shipped book ``name`` (None when its file is absent)."""
    path = book_path(name)
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return Plan(data["score"], tuple(parse(text) for text in data["moves"]),
                tuple(data["costs"]))


def applies(config: GameConfig) -> bool:
    """Whether ``config`` is a set-up the books are made for (module doc)."""
    return (config.players == 1 and config.length == "long" and not config.liesborn
            and config.readings == Readings() and config.fork is None
            and config.variant in RECIPES)


#: The books replayed lately, by the game's set-up (the rules they were replayed under kept
#: beside, as ``Rules`` is not hashable): a game's decisions replay its book once.
_REPLAYED: dict[GameConfig, tuple[Rules, Booked | None]] = {}
REPLAYED_KEPT = 4


def _replayed(config: GameConfig, rules: Rules) -> Booked | None:
    """The book of ``config``'s variant replayed from that game's start, kept for the next
    call; None if a move of it is illegal there or it does not end the game with its score
    (the rules changed since it was made: ``ora train-book`` makes it again)."""
    kept = _REPLAYED.get(config)
    if kept is not None and kept[0] is rules:
        return kept[1]
    if config not in _REPLAYED and len(_REPLAYED) >= REPLAYED_KEPT:
        del _REPLAYED[next(iter(_REPLAYED))]
    booked = _replay(config, rules)
    _REPLAYED[config] = (rules, booked)
    return booked


def _replay(config: GameConfig, rules: Rules) -> Booked | None:
    plan = shipped(config.variant)
    return None if plan is None else replay(plan, fold(start(config, rules)), rules)


def replay(plan: Plan, state: State, rules: Rules) -> Booked | None:
    """``plan`` played from ``state``; None if a move of it is illegal there or it does not
    end the game with its score."""
    states = [state]
    try:
        for move in plan.moves:
            states.append(execute(states[-1], move, rules).state)
    except OraError:
        return None
    if not states[-1].finished or final_score(states[-1], rules) != plan.score:
        return None
    return Booked(tuple(states), plan.moves, plan.costs, plan.score)


def book_line(state: State, rules: Rules) -> Booked | None:
    """The book's plan from ``state`` on, if ``state`` is a position of a shipped book (module
    doc); None otherwise."""
    if not applies(state.config):
        return None
    booked = _replayed(state.config, rules)
    if booked is None:
        return None
    for index, known in enumerate(booked.states[:-1]):
        if known == state:
            return Booked(booked.states[index:], booked.moves[index:],
                          booked.costs[index:], booked.score)
    return None
