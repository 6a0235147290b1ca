"""The walk over a game's decisions (docs/analysis.md).

For each move played: the estimate of every scored seat's final score before it and after it
(``estimate.final_estimate``), the move the analysing bot prefers in the position and the
estimate after that move, and the points the played move cost the mover by the estimate. Each
estimate draws from a random stream named by the analysis's seed and the position's number, and
the bot's from one named by the move's: the same game, bot, budget and seed give the same
analysis byte for byte, and a move the bot would have played itself costs exactly nothing.

A decision depends only on its position, so each is cached on its own (``AnalysisCache``): a
second run reads them, an interrupted one resumes at the first decision not stored, and a game
in progress analysed again later reuses its earlier moves.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from attrs import frozen

from ora_core.errors import OraError
from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import evolve
from ora_core.state import State
from ora_rules.analysis.estimate import final_estimate
from ora_rules.bots import Bot, make_bot
from ora_rules.bots.per_game import PerGame
from ora_rules.bots.planner import Planner
from ora_rules.bots.rollout import RolloutPlanner
from ora_rules.decide import execute
from ora_rules.moves import MoveSet
from ora_rules.specs import Rules

#: The marks of a decision by the points its move cost the mover, largest first: a move at
#: least this much below the bot's preferred one by the estimate (docs/analysis.md, "Marks").
MARKS: tuple[tuple[str, float], ...] = (("blunder", 20.0), ("mistake", 10.0),
                                        ("inaccuracy", 5.0))
#: The default budget: positions valued by each estimate's rollout.
DEFAULT_EVALUATIONS = 2000
#: A budget in time still stops its rollouts after this many positions.
TIMED_CAP = 1_000_000
#: Bot families whose default budget is time (``mcts`` is 100 ms a move): not reproducible.
TIMED_BOTS = ("mcts", "uct", "planmcts")


class AnalysisError(OraError):
    """A request the analysis cannot run: ``field`` names the bad parameter."""

    code = "invalid_analysis"

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@frozen
class Budget:
    """Each estimate's work: ``evaluations`` positions valued by its rollout, or (a budget in
    time, not reproducible) ``seconds`` of rollout."""

    evaluations: int
    seconds: float | None = None

    @property
    def text(self) -> str:
        if self.seconds is None:
            return str(self.evaluations)
        return f"{round(self.seconds * 1000)}ms"


def parse_budget(text: str | int) -> Budget:
    """``2000`` (positions valued, reproducible), ``1s`` or ``500ms`` (time, not)."""
    raw = str(text).strip()
    if re.fullmatch("[0-9]+", raw) and int(raw) > 0:  # ASCII digits: str.isdigit takes "²"
        return Budget(int(raw))
    found = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)(ms|s)", raw)
    if found and float(found[1]) > 0:
        seconds = float(found[1]) / (1000 if found[2] == "ms" else 1)
        return Budget(TIMED_CAP, seconds)
    raise AnalysisError(f"budget {raw!r}: give a number of positions valued (2000) or a time "
                        "(1s, 500ms)", "budget")


@frozen
class Decision:
    """One move's analysis. ``before``, ``after`` and ``best_after`` are the estimates of every
    scored seat (``Analysis.seats``); ``best`` is None where the move was forced (nothing else
    was legal) or the bot found no move (``error``); ``loss`` is what the played move cost the
    mover by the estimate (negative: the played move looks better than the bot's)."""

    number: int
    version: int
    seat: int
    played: str
    before: tuple[float, ...]
    after: tuple[float, ...]
    best: str | None
    best_after: tuple[float, ...] | None
    loss: float
    mark: str | None
    forced: bool = False
    error: str | None = None

    @property
    def disagrees(self) -> bool:
        """Whether the bot prefers another move than the one played."""
        return self.best is not None and self.best != self.played

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "version": self.version, "seat": self.seat,
                "played": self.played, "before": list(self.before), "after": list(self.after),
                "best": self.best,
                "best_after": None if self.best_after is None else list(self.best_after),
                "loss": self.loss, "mark": self.mark, "forced": self.forced,
                "error": self.error}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        best_after = data["best_after"]
        return cls(int(data["number"]), int(data["version"]), int(data["seat"]),
                   str(data["played"]), tuple(data["before"]), tuple(data["after"]),
                   data["best"], None if best_after is None else tuple(best_after),
                   float(data["loss"]), data["mark"], bool(data["forced"]), data["error"])


@frozen
class Analysis:
    """The analysis of moves ``first`` .. ``last`` of a game at ``version`` (``moves`` in
    all). ``reproducible``: budget and bot bounded in work, not time. ``start``: the
    estimate before move ``first``."""

    bot: str
    budget: str
    seed: int
    reproducible: bool
    version: int
    moves: int
    finished: bool
    seats: tuple[int, ...]
    first: int
    last: int
    start: tuple[float, ...]
    decisions: tuple[Decision, ...]
    cached: int = 0
    complete: bool = True

    def marked(self) -> list[Decision]:
        """The decisions with a mark, largest loss first."""
        return sorted((d for d in self.decisions if d.mark), key=lambda d: (-d.loss, d.number))

    def summary(self) -> list[SeatSummary]:
        """Per scored seat: its decisions judged (not forced, a bot's move found), how often
        the bot preferred another, the mean loss (losses below 0 count as 0) and the marks."""
        out = []
        for seat in self.seats:
            judged = [d for d in self.decisions if d.seat == seat and d.best is not None]
            marks = [d.mark for d in judged]
            mean = sum(max(0.0, d.loss) for d in judged) / len(judged) if judged else 0.0
            out.append(SeatSummary(seat, len(judged), sum(d.disagrees for d in judged),
                                   round(mean, 1), *(marks.count(name) for name, _ in MARKS)))
        return out


@frozen
class SeatSummary:
    """One seat's part of an analysis (``Analysis.summary``)."""

    seat: int
    judged: int
    disagreements: int
    mean_loss: float
    blunders: int
    mistakes: int
    inaccuracies: int


class AnalysisCache(Protocol):
    """The stored decisions of one analysis (one game, bot, budget and seed), by the version
    of their move's ``MovePlayed`` event (stored events never change)."""

    def get(self, version: int) -> Decision | None: ...

    def put(self, decision: Decision) -> None: ...


class MemoryCache:
    """An :class:`AnalysisCache` in a dict (tests, and games not stored)."""

    def __init__(self) -> None:
        self.decisions: dict[int, Decision] = {}

    def get(self, version: int) -> Decision | None:
        return self.decisions.get(version)

    def put(self, decision: Decision) -> None:
        self.decisions[decision.version] = decision


def reproducible(bot: str, budget: Budget) -> bool:
    family, _, size = bot.partition(":")
    counted = re.fullmatch("[0-9]+", size) is not None
    return budget.seconds is None and not (family in TIMED_BOTS and not counted)


def analysis_bot(name: str, rules: Rules) -> Bot:
    """The bot ``name`` (``make_bot``) with its time backstops lifted: bounded in positions
    valued only, it chooses the same move on any machine."""
    try:
        bot = make_bot(name, rules)
    except ValueError as e:  # make_bot's list of names, or a number it could not read
        text = str(e) if str(e).startswith(("unknown bot", "bot ")) else f"unknown bot {name!r}"
        raise AnalysisError(text, "bot") from None
    # the levels' parts: ``hard``'s rollout and planners, ``expert``'s tables and solo
    # planners (``PerGame``: each plan's planner made from now on)
    parts = [bot, getattr(bot, "rollout", None), *getattr(bot, "planners", {}).values(),
             *getattr(bot, "tables", {}).values(), getattr(bot, "solo", None)]
    for part in parts:
        if isinstance(part, Planner | RolloutPlanner | PerGame):
            part.seconds = math.inf
    return bot


def _stream(seed: int, what: str, number: int) -> random.Random:
    # A string seed is hashed by SHA-512 (random.seed, version 2): the same on every run.
    return random.Random(f"ora-analysis:{seed}:{what}:{number}")


def _forced(moves: MoveSet) -> bool:
    groups = [g for by_target in moves.groups().values() for g in by_target.values()]
    return len(groups) == 1 and len(groups[0].moves()) == 1


def _mark(loss: float) -> str | None:
    return next((name for name, points in MARKS if loss >= points), None)


class _Position:
    """A decision's position: the state before the move, the move's event and its version,
    the state after the move's events (and before the next move's)."""

    def __init__(self, before: State, move: MovePlayed, version: int) -> None:
        self.before = before
        self.move = move
        self.version = version
        self.after = before


def positions(events: Sequence[GameEvent]) -> list[_Position]:
    """One entry per ``MovePlayed``, in the order stored."""
    found: list[_Position] = []
    state: State | None = None
    for version, event in enumerate(events, start=1):
        if isinstance(event, MovePlayed):
            assert state is not None
            found.append(_Position(state, event, version))
        state = evolve(state, event)
        if found:
            found[-1].after = state
    return found


def check_seed(seed: int) -> None:
    """Refuses a seed a stored analysis cannot keep (a 64-bit integer, as the API's)."""
    if not -(2**63) <= seed < 2**63:
        raise AnalysisError(f"seed {seed}: a seed is a 64-bit integer", "seed")


class _Analyst:
    def __init__(self, rules: Rules, bot: str, budget: Budget, seed: int) -> None:
        self.rules = rules
        self.name = bot
        analysis_bot(bot, rules)  # an unknown bot is refused before any work
        check_seed(seed)
        self.budget = budget
        self.seed = seed

    def estimate(self, state: State, number: int) -> tuple[float, ...]:
        """The estimate of the position after move ``number`` (0: the set-up)."""
        return final_estimate(state, self.rules, self.budget.evaluations,
                              _stream(self.seed, "estimate", number), self.budget.seconds)

    def decide(self, at: _Position, number: int, before: tuple[float, ...],
               seats: tuple[int, ...]) -> Decision:
        after = self.estimate(at.after, number)
        state, played = at.before, at.move.move
        moves = MoveSet(state, self.rules)
        best: str | None = None
        best_after: tuple[float, ...] | None = None
        error = None
        forced = _forced(moves)
        if not forced:
            try:
                # A new bot each decision: a search bot keeps its tree between calls, and a
                # decision must not depend on which others this run analysed before it.
                bot = analysis_bot(self.name, self.rules)
                command = bot(state, moves, _stream(self.seed, "bot", number))
                executed = execute(state, command, self.rules)
            except OraError as e:  # the bot's search met a listed move the rules refuse
                error = f"the bot found no move: {e.message.partition(' (')[0]}"
            else:
                head = executed.events[0]
                assert isinstance(head, MovePlayed)
                best = head.move
                best_after = (after if best == played
                              else self.estimate(executed.state, number))
        loss = 0.0
        if best_after is not None and at.move.seat in seats:
            index = seats.index(at.move.seat)
            loss = round(best_after[index] - after[index], 1)
        return Decision(number, at.version, at.move.seat, played, before, after, best,
                        best_after, loss, _mark(loss), forced, error)


def analyse(events: Sequence[GameEvent], rules: Rules, *, bot: str = "hard",
            budget: Budget | None = None, seed: int = 0, first: int = 1,
            last: int | None = None, cache: AnalysisCache | None = None,
            progress: Callable[[int, int], None] | None = None,
            limit: int | None = None) -> Analysis:
    """The analysis of moves ``first`` .. ``last`` (counted from 1; all by default) of the
    game of ``events``, by ``bot`` within ``budget``; ``cache`` gives the decisions stored and
    keeps the new ones as each is done, ``progress(done, total)`` hears of each. ``limit``:
    at most that many decisions not in the cache are analysed (the answer is then not
    ``complete``; a next call goes on from the cache)."""
    budget = budget or Budget(DEFAULT_EVALUATIONS)
    found = positions(events)
    end = len(found) if last is None else last
    if not found and (first != 1 or last is not None):
        raise AnalysisError("the game has no moves yet", "from" if first != 1 else "to")
    if found and not 1 <= first <= len(found):
        raise AnalysisError(f"from {first}: the game has moves 1 .. {len(found)}", "from")
    if found and end < first:
        raise AnalysisError(f"to {end} is before from {first}: the last move analysed "
                            "comes after the first", "to")
    if found and end > len(found):
        raise AnalysisError(f"to {end}: the game has moves 1 .. {len(found)}", "to")
    analyst = _Analyst(rules, bot, budget, seed)
    cache = cache if cache is not None else MemoryCache()
    head = found[-1].after if found else _final(events)
    seats = tuple(s.seat for s in _scores(head, rules))
    earlier = cache.get(found[first - 2].version) if first > 1 and found else None
    if earlier is not None:
        before = earlier.after
    elif found:
        before = analyst.estimate(found[first - 1].before, first - 1)
    else:
        before = analyst.estimate(head, 0)
    start = before
    decisions: list[Decision] = []
    cached = new = 0
    chosen = found[first - 1:end] if found else []
    for number, at in enumerate(chosen, start=first):
        decision = cache.get(at.version)
        if decision is None:
            if limit is not None and new >= limit:  # 0: only what is cached
                break
            new += 1
            decision = analyst.decide(at, number, before, seats)
            cache.put(decision)
        else:
            cached += 1
        decisions.append(decision)
        before = decision.after
        if progress is not None:
            progress(len(decisions), len(chosen))
    return Analysis(bot, budget.text, seed, reproducible(bot, budget), len(events), len(found),
                    head.finished, seats, first if found else 0, end, start, tuple(decisions),
                    cached, len(decisions) == len(chosen))


def _final(events: Sequence[GameEvent]) -> State:
    state: State | None = None
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise AnalysisError("the game has no events", "game_id")
    return state


def _scores(state: State, rules: Rules) -> Sequence[Any]:
    from ora_rules.scoring import score

    return state.scores if state.scores is not None else score(state, rules)
