"""The analyses' cache (issue 35): table ``ora_analyses`` beside the games' events, in the
store's own database (the lobby's; an in-memory database for the memory store).

One row per analysed decision, keyed by the game, the bot, the budget, the seed and the version
of the decision's ``MovePlayed`` event: stored events never change, so a row stays true for
as long as the estimate's method (``ora_rules.analysis.estimate.method()``, written in the row:
its number and a digest of the bots' code and models) does; a row of another method, as after
a bot or model changed, is analysed again and replaced. Nothing of it is mixed into the
game's stream; ``ora analyse`` and ``game.analyse`` read the rows an earlier run stored and add
each new decision as soon as it is done, so an interrupted run resumes where it stopped
(``ora_rules.analysis``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from uuid import UUID

import orjson

from ora_api.table.lobby import Lobby
from ora_core.events import GameEvent
from ora_rules.analysis import Analysis, Budget, Decision, analyse, check_seed
from ora_rules.analysis.estimate import method
from ora_rules.specs import Rules

SCHEMA = ("CREATE TABLE IF NOT EXISTS ora_analyses (game_id TEXT NOT NULL, bot TEXT NOT NULL, "
          "budget TEXT NOT NULL, seed INTEGER NOT NULL, version INTEGER NOT NULL, "
          "decision TEXT NOT NULL, PRIMARY KEY (game_id, bot, budget, seed, version))")


#: The lobbies (databases) whose table is known to exist: created once, not per call.
_READY: weakref.WeakSet[Lobby] = weakref.WeakSet()


class StoredAnalysis:
    """The ``AnalysisCache`` of one game, bot, budget and seed, read once and written a row at
    a time."""

    def __init__(self, lobby: Lobby, game_id: UUID, bot: str, budget: str, seed: int) -> None:
        self.lobby = lobby
        self.key = (str(game_id), bot, budget, seed)
        if lobby not in _READY:
            with lobby.transaction(commit=True) as c:
                c.execute(SCHEMA)
            _READY.add(lobby)
        with lobby.transaction(commit=False) as c:
            c.execute("SELECT version, decision FROM ora_analyses WHERE game_id = ? AND "
                      "bot = ? AND budget = ? AND seed = ?", self.key)
            rows = c.fetchall()
        stored = ((int(r["version"]), orjson.loads(r["decision"])) for r in rows)
        self.decisions = {version: Decision.from_json(data) for version, data in stored
                          if data.get("method") == method()}

    def get(self, version: int) -> Decision | None:
        return self.decisions.get(version)

    def put(self, decision: Decision) -> None:
        self.decisions[decision.version] = decision
        with self.lobby.transaction(commit=True) as c:
            c.execute("INSERT INTO ora_analyses (game_id, bot, budget, seed, version, decision) "
                      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, bot, budget, seed, version) "
                      "DO UPDATE SET decision = excluded.decision",
                      (*self.key, decision.version,
                       orjson.dumps({"method": method(), **decision.to_json()}).decode()))


def analyse_stored(lobby: Lobby, rules: Rules, game_id: UUID, events: Sequence[GameEvent], *,
                   bot: str, budget: Budget, seed: int, first: int = 1,
                   last: int | None = None, limit: int | None = None,
                   progress: Callable[[int, int], None] | None = None) -> Analysis:
    """``ora_rules.analysis.analyse`` of a stored game through its cached rows."""
    check_seed(seed)  # before the cache's rows are looked up by it
    cache = StoredAnalysis(lobby, game_id, bot, budget.text, seed)
    return analyse(events, rules, bot=bot, budget=budget, seed=seed, first=first, last=last,
                   cache=cache, progress=progress, limit=limit)
