"""One bot object a game, for the bots that keep a plan between their decisions (the solo
planner, ``ora_rules.bots.solo``; docs/bots.md, "Seventh pass").

A process that plays several games with one bot object (the server's bot workers,
``ora_api.table.bot_pool``) would otherwise drop a game's plan whenever another game's decision
came between two of its own, and rebuild it from there: the same game replayed could then get
other moves. ``PerGame`` keeps a bot object for each game in play and gives a position to the
one whose plan expects it, so each game's decisions reach its own plan in order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ora_core.state import State
from ora_rules.notation import Command

#: The games a ``PerGame`` keeps plans for; the one unused longest goes first (a game abandoned,
#: or taken back past its plan, leaves its bot object behind until then).
KEPT = 8


class PlanKeeper(Protocol):
    """A bot object that keeps a plan for one game between its decisions."""

    #: Its time backstop a decision (a loaded machine only: its budget is in positions).
    seconds: float

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command: ...

    def continues(self, state: State) -> bool:
        """Whether ``state`` is the position its plan expects next."""
        ...


class PerGame:
    """A bot object (``Bot``) holding one ``PlanKeeper`` a game, made by ``make``: a position
    goes to the keeper whose plan expects it, else to a new one (its plan starts there)."""

    def __init__(self, make: Callable[[], PlanKeeper], kept: int = KEPT) -> None:
        self.make = make
        self.kept = kept
        self.keepers: list[PlanKeeper] = []  # the one used last at the end
        #: When set, the time backstop of every keeper made from then on (the analysis lifts
        #: it, ``ora_rules.analysis.analyse.analysis_bot``).
        self.seconds: float | None = None

    def __call__(self, state: State, moves: Sequence[Command], rng: random.Random) -> Command:
        keeper = self.keeper(state)
        return keeper(state, moves, rng)

    def keeper(self, state: State) -> PlanKeeper:
        """The keeper whose plan expects ``state`` (now the last used), or a new one."""
        for index in range(len(self.keepers) - 1, -1, -1):
            if self.keepers[index].continues(state):
                keeper = self.keepers.pop(index)
                break
        else:
            keeper = self.make()
            if self.seconds is not None:
                keeper.seconds = self.seconds
            if len(self.keepers) >= self.kept:
                del self.keepers[0]
        self.keepers.append(keeper)
        return keeper
