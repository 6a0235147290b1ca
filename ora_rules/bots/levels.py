"""The levels people choose among: ``easy``, ``medium``, ``hard`` and ``expert`` (docs/bots.md,
"Levels", "Expert").

Each is a name for one configured bot, each bounded in positions valued a decision with a time
backstop under 1 s; ``expert`` is the rollout planner with a larger budget at a table (at three
or four its rollouts ending in the learned evaluation of that table, ``ora_rules.bots.value``)
and the solo planner solo (``ora_rules.bots.solo``; solo the learned evaluation plays in
``learned``, ``ora_rules.bots.expert``). All four build and settle, so their two-player games
end by the rules (R-END-2, R-END-3).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ora_core.state import State
from ora_rules.bots.per_game import PerGame
from ora_rules.bots.planner import Planner, candidates
from ora_rules.bots.players import Bot
from ora_rules.bots.rollout import DEPTH, WIDTH, RolloutPlanner
from ora_rules.bots.search import SearchBot
from ora_rules.bots.solo import EVALUATIONS as SOLO_EVALUATIONS
from ora_rules.bots.solo import SoloPlanner
from ora_rules.bots.strategy import strategic_value
from ora_rules.bots.value import MODELS, model
from ora_rules.moves import MoveSet
from ora_rules.notation import Build, Command
from ora_rules.specs import Rules

#: ``easy``'s noise: a random number up to this many points added to each move's value.
EASY_NOISE = 12.0
#: ``hard``'s time backstop a move (the whole decision; its budget is a number of positions
#: valued, about 0.7 s of work on an idle core), under 1 s with room for a loaded machine.
HARD_SECONDS = 0.8


#: The placements of one build (or purchases, fellings) a search node weighs at most: expanding
#: a node values every candidate, and a budget of 1 s cannot afford a hundred of them.
SEARCH_CAP = 6


def _capped(moves: Sequence[Command], per_group: int, rng: random.Random) -> list[Command]:
    return candidates(moves, per_group, rng, cap=SEARCH_CAP)


def planner_search(rules: Rules, seconds: float | None, simulations: int = 0) -> SearchBot:
    """The search bot led by the strategic evaluation and the planner's candidate moves."""
    return SearchBot(rules, seconds=seconds, simulations=simulations, evaluation=strategic_value,
                     chooser=_capped)


#: ``hard``'s planner solo and at a table of three or four: positions valued at most a decision
#: (about 0.7 s on an idle core; the planner's decisions value 50 on average and seldom more
#: than 600), and the moves it weighs of every large group, by the number of players (measured:
#: solo 8 scored less than 4, at a table more).
HARD_EVALUATIONS = 900
HARD_PER_GROUP = {1: 4, 3: 8, 4: 8}


class Hard:
    """``hard``: the best bot measured within 1 s a move, by mode (docs/bots.md, "Levels"):
    the rollout planner with two players; solo and at a table of three or four, the planner,
    bounded in work (rollouts scored less there: solo no opponent's replies are to be
    foreseen, and at a table of four the players' means fell)."""

    def __init__(self, rules: Rules, seconds: float = HARD_SECONDS) -> None:
        self.rollout = RolloutPlanner(rules, seconds=seconds)
        self.planners = {players: Planner(rules, per_group=n, bounded=True,
                                          evaluations=HARD_EVALUATIONS, seconds=seconds)
                         for players, n in HARD_PER_GROUP.items()}

    def planner(self, players: int) -> Planner:
        """The planner it plays (or its rollouts start from) at a table of ``players``."""
        return self.rollout.root if players == 2 else self.planners[players]

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        players = state.config.players
        bot = self.rollout if players == 2 else self.planners[players]
        return bot(state, moves, rng)


#: ``expert``'s time backstop a decision, and its budget by the number of players at the table
#: (``hard``: 900 with two). Three or four: 2400, affordable since the strategic evaluation
#: counts once what a search shares (about 0.3 ms a position; p99 0.84 s at load 3), and
#: stronger than 1200 against three ``hard`` (docs/bots.md, "Expert"). Two: 2400 too since the
#: compiled core (p99 0.37 s at load 2; against ``hard`` 27 of 40 where 1200 won 22.5,
#: docs/bots.md, "Twenty-first pass").
EXPERT_SECONDS = 0.9
EXPERT_EVALUATIONS = {2: 2400, 3: 2400, 4: 2400}
#: The points by which another candidate's rollout must beat the planner's first choice's, by
#: the number of players: at four it won games against three ``hard``, at three it lost them
#: (docs/bots.md, "Twelfth pass"); 5 at four until its rollouts ended in the learned value,
#: which ranks them with less noise (2.5 won 52.5 of 64 tuning games, 5 won 48, 8 won 34:
#: "Twenty-second pass").
EXPERT_MARGIN = {2: 0.0, 3: 0.0, 4: 2.5}
#: The candidates played on and the rollouts a candidate, by the number of players: at four a
#: candidate's value is the mean of two rollouts (a rollout there plays three rivals' moves
#: as well as its own, and one is mostly their draws); three candidates rather than four, so
#: that six rollouts share the work four had (docs/bots.md, "Eighteenth pass").
EXPERT_WIDTH = {2: WIDTH, 3: WIDTH, 4: 3}
EXPERT_ROLLOUTS = {2: 1, 3: 1, 4: 2}
#: The opening, by the number of players: buildings ``expert`` builds, when it can, in the
#: first :data:`OPENING_ROUNDS` rounds, before anything else (its rollout planner chooses only
#: where). At four the Priory (G01), which carries out the function of any building a prior
#: stands on (R-CLG-4): worth a use of the best of four players' buildings every time, while
#: the planner values it by its printed points and its first use, which in round 1 finds no
#: prior on the board to follow. Against three ``hard`` it raised ``expert``'s wins on the tuning
#: seeds from 23.5 to 34.5 of 64 (docs/bots.md, "Twentieth pass").
EXPERT_OPENING: dict[int, tuple[str, ...]] = {4: ("G01",)}
OPENING_ROUNDS = 3
#: The modes whose rollouts end in the learned evaluation (``ora_rules.bots.value``, the
#: mode's shipped model) rather than the strategic one: the long games of three and four. At
#: four it won 48 of 64 games against three ``hard`` where the strategic value won 34.5, at
#: three 25.5 of 30 against 20.5 (docs/bots.md, "Twenty-second pass"); solo it lost points
#: (docs/bots.md, "The learned evaluation"); in the short game of four it won fewer.
EXPERT_LEARNED = frozenset({"3", "4"})
#: The decisions a rollout may last in those modes (elsewhere :data:`~ora_rules.bots.rollout.DEPTH`,
#: 8): the learned value judges where a rollout stops better than the strategic one, and eight
#: scored 5 points a player less at a table of four ``expert`` and won fewer games against
#: ``hard`` at three and four (docs/bots.md, "Twenty-third pass"). A bound, not a length: at
#: four the budget stops most rollouts after 4..11 decisions ("Twenty-fourth pass").
LEARNED_DEPTH = 24


def expert_leaf(state: State, seat: int, rules: Rules) -> float:
    """What ``expert``'s rollouts are worth where they stop: the seat's learned value in the
    modes of :data:`EXPERT_LEARNED`, else its strategic value."""
    mode = state.config.mode
    if mode in EXPERT_LEARNED:
        return model(MODELS[mode]).value(state, seat, rules)
    return strategic_value(state, seat, rules)


def expert_depth(state: State) -> int:
    """The decisions ``expert``'s rollouts last in the game of ``state``: longer where they end
    in the learned value (:func:`expert_leaf`)."""
    return LEARNED_DEPTH if state.config.mode in EXPERT_LEARNED else DEPTH


def opening(state: State, moves: Sequence[Command],
            buildings: tuple[str, ...]) -> Sequence[Command]:
    """The builds among ``moves`` of the opening's ``buildings`` while the opening lasts, else
    ``moves``; a ``MoveSet``'s groups are read without enumerating its uses."""
    if not buildings or state.round > OPENING_ROUNDS:
        return moves
    if isinstance(moves, MoveSet):
        groups = moves.groups().get("BUILD", {})
        builds = [move for building in buildings if building in groups
                  for move in groups[building].moves()]
    else:
        builds = [move for move in moves
                  if isinstance(move, Build) and move.building in buildings]
    return builds or moves


class Expert:
    """``expert``, the top level (docs/bots.md, "Expert", "Seventh pass"): with two, three or
    four players the rollout planner at :data:`EXPERT_EVALUATIONS` positions a decision (at four
    after :data:`EXPERT_OPENING`'s building, its rollouts valued by :func:`expert_leaf`); solo
    the solo planner, a whole game's plan improved by rollouts to the end (the solo game is
    deterministic once begun, so its plan's score is exact), one plan a game
    (``ora_rules.bots.per_game``). ``evaluations`` (``expert:N``) sets every budget."""

    def __init__(self, rules: Rules, evaluations: int | None = None,
                 seconds: float = EXPERT_SECONDS) -> None:
        self.tables = {players: RolloutPlanner(rules, evaluations=evaluations or budget,
                                               seconds=seconds, margin=EXPERT_MARGIN[players],
                                               width=EXPERT_WIDTH[players],
                                               depth=expert_depth,
                                               rollouts=EXPERT_ROLLOUTS[players],
                                               leaf=expert_leaf)
                       for players, budget in EXPERT_EVALUATIONS.items()}
        # a plan a game: one bot object may play several solo games at once (the server's);
        # ``expert:N`` sets the solo planner's budget too (it had kept its own default)
        solo_budget = evaluations or SOLO_EVALUATIONS
        self.solo = PerGame(lambda: SoloPlanner(rules, evaluations=solo_budget))

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        players = state.config.players
        if players > 1:
            chosen = opening(state, moves, EXPERT_OPENING.get(players, ()))
            return self.tables[players](state, chosen, rng)
        return self.solo(state, moves, rng)


LEVELS: dict[str, Callable[[Rules], Bot]] = {
    "easy": lambda rules: Planner(rules, per_group=2, noise=EASY_NOISE, finish=False),
    "medium": lambda rules: Planner(rules, finish=False),
    "hard": Hard,
    "expert": Expert,
}
