"""A bot by its name, as the CLI, the lobby and the arena ask for one (docs/bots.md)."""

from __future__ import annotations

from ora_rules.bots.levels import LEVELS, Expert, planner_search
from ora_rules.bots.planner import Planner
from ora_rules.bots.players import (
    Bot,
    builder_bot,
    make_greedy,
    make_mcts,
    make_seeker,
    random_bot,
    uniform_bot,
)
from ora_rules.bots.rollout import RolloutPlanner
from ora_rules.bots.search import SearchBot
from ora_rules.specs import Rules


def keeps_plans(name: str, players: int) -> bool:
    """Whether the bot ``name`` keeps a plan between its decisions at a table of ``players``
    (``expert`` and ``solo`` solo, ``ora_rules.bots.per_game``): a game's decisions should then
    all reach the same bot object, in order, for the game to be the same when replayed."""
    family = name.partition(":")[0]
    return players == 1 and family in ("expert", "solo")


#: What the parameter of each bot that takes one must be (the refusal of a malformed one).
PARAMETERS = {
    "expert": "write expert:N, N positions valued a decision (1 or more)",
    "learned": "write learned:N, N positions valued a decision (1 or more)",
    "solo": "write solo:N, N positions valued a decision (1 or more)",
    "plan": "write plan:N, N moves weighed of every large group (1 or more)",
    "roll": "write roll:WxD, W candidates and D decisions (each 1 or more)",
    "greedy": "write greedy:N, N candidates sampled",
    "mcts": "write mcts:N (simulations) or mcts:Nms (milliseconds) a move",
    "uct": "write uct:N (playouts) or uct:Nms (milliseconds) a move",
    "planmcts": "write planmcts:N (simulations) or planmcts:Nms (milliseconds) a move",
    "seek": "write seek:ID, ID a building's (seek:G01)",
}


def make_bot(name: str, rules: Rules) -> Bot:
    """A bot by name: a level (``easy``, ``medium``, ``hard``, ``expert``), ``expert:N`` (``expert``
    valuing at most N positions a decision at a table), ``learned``, ``learned:N`` (the
    rollout planner ending in the learned evaluation), ``plan`` (the planner),
    ``plan:N`` (the planner weighing N moves of every large group), ``roll``, ``roll:WxD`` (the
    rollout planner: W candidates, D decisions), ``plan2`` (the planner looking at its own next
    move),
    ``planmcts``, ``planmcts:N``, ``planmcts:Nms`` (the search bot led by the planner's
    evaluation), ``random``, ``uniform``, ``builder``, ``greedy``, ``greedy:N`` (N sampled
    candidates), ``mcts`` (the search bot of ``ora_rules.bots.search``, 100 ms per move),
    ``mcts:N`` (N simulations per move), ``mcts:Nms`` (N milliseconds per move), ``uct``,
    ``uct:N``, ``uct:Nms`` (plain UCT with random playouts) or ``seek:ID``."""
    if name in LEVELS:
        return LEVELS[name](rules)
    if name.startswith("expert:") and name[7:].isdigit() and int(name[7:]) > 0:
        return Expert(rules, evaluations=int(name[7:]))
    if name == "learned" or (name.startswith("learned:") and name[8:].isdigit()
                             and int(name[8:]) > 0):
        from ora_rules.bots.expert import LEARNED_EVALUATIONS, Learned

        return Learned(rules, evaluations=int(name[8:]) if name[8:] else LEARNED_EVALUATIONS)
    if name == "solo" or (name.startswith("solo:") and name[5:].isdigit() and int(name[5:]) > 0):
        from ora_rules.bots.per_game import PerGame
        from ora_rules.bots.solo import EVALUATIONS, SoloPlanner

        valued = int(name[5:]) if name[5:] else EVALUATIONS
        # the search alone: no book (``expert`` starts from one, ``ora_rules.bots.books``)
        return PerGame(lambda: SoloPlanner(rules, evaluations=valued, book=None))
    if name == "random":
        return random_bot
    if name == "uniform":
        return uniform_bot
    if name == "builder":
        return builder_bot
    if name == "plan":
        return Planner(rules)
    if name.startswith("plan:") and name[5:].isdigit() and int(name[5:]) > 0:
        return Planner(rules, per_group=int(name[5:]))
    if name == "roll":
        return RolloutPlanner(rules)
    shape = name.removeprefix("roll:").split("x")
    if name.startswith("roll:") and len(shape) == 2 and all(n.isdigit() and int(n) for n in shape):
        return RolloutPlanner(rules, width=int(shape[0]), depth=int(shape[1]))
    if name == "plan2":  # the planner looking at its own next move
        return Planner(rules, lookahead=3)
    if name == "greedy":
        return make_greedy(rules)
    if name.startswith("greedy:") and name[7:].isdigit():
        return make_greedy(rules, sample=int(name[7:]))
    if name.startswith("seek:"):
        if name[5:] not in rules.buildings:  # not known until the seeker first looks
            raise ValueError(f"bot {name!r}: {PARAMETERS['seek']}")
        return make_seeker(name[5:], rules)
    family, _, budget = name.partition(":")
    if family in ("mcts", "uct", "planmcts"):
        playouts: int | None = None
        seconds: float | None = 0.1
        if budget.isdigit():
            playouts, seconds = int(budget), None
        elif budget.endswith("ms") and budget[:-2].isdigit():
            seconds = int(budget[:-2]) / 1000
        elif budget:
            seconds = -1
        if seconds is None or seconds >= 0:
            if family == "planmcts":
                return planner_search(rules, seconds, playouts or 0)
            if family == "mcts":
                return SearchBot(rules, seconds=seconds, simulations=playouts or 0)
            if not budget:
                return make_mcts(rules)
            return make_mcts(rules, playouts=playouts or 64, seconds=seconds)
    if family in PARAMETERS and ":" in name:  # a known bot, its parameter malformed
        raise ValueError(f"bot {name!r}: {PARAMETERS[family]}")
    raise ValueError(f"unknown bot {name!r}; bots are easy, medium, hard, expert, expert:N, "
                     "learned, learned:N, solo, solo:N, plan, plan:N, roll, "
                     "roll:WxD, plan2, planmcts, planmcts:N, planmcts:Nms, random, uniform, "
                     "builder, greedy, greedy:N, mcts, mcts:N, mcts:Nms, uct, uct:N, uct:Nms, "
                     "seek:ID")
