"""The players: bots that choose a move from a state (docs/bots.md).

``players`` holds the simple bots and plain UCT, ``search`` the search bot, ``by_name`` the
names the CLI, the lobby and the arena know them by. The names are re-exported here, so
``from ora_rules.bots import make_bot`` stays the public path.
"""

from ora_rules.bots.by_name import keeps_plans, make_bot
from ora_rules.bots.players import (
    Bot,
    apply,
    builder_bot,
    evaluate,
    make_greedy,
    make_mcts,
    make_seeker,
    random_bot,
    relative,
    uniform_bot,
)
from ora_rules.bots.search import SearchBot

__all__ = [
    "Bot", "SearchBot", "apply", "builder_bot", "evaluate", "keeps_plans", "make_bot",
    "make_greedy", "make_mcts", "make_seeker", "random_bot", "relative", "uniform_bot",
]
