"""``game.analyse``: a stored game's decisions judged by a bot (issue 35, docs/analysis.md).
Only calls the rules floor (``ora_rules.analysis``) through the cache beside the game
(``ora_api.table.analyses``). Its own family (``METHODS``), joined in ``ora_api.api``."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

import attrs
from attrs import field, frozen

from ora_api.jsonrpc.rpc import MAX_BATCH_WORK, Registry, Session, invalid_params
from ora_api.methods.common import BAD_TOKEN, GAME_ID, READ_TOKEN, TAMPERED_LOG, UNKNOWN_GAME, meta
from ora_api.methods.records import stored_events
from ora_api.table.analyses import analyse_stored
from ora_core.events import GameEvent
from ora_rules.analysis import Analysis, Budget, parse_budget
from ora_rules.analysis.analyse import AnalysisError

if TYPE_CHECKING:
    from ora_api.service import GameService

#: The most positions one estimate may value through the API, and the longest time budget: a
#: call analyses at most ``limit`` decisions, each about three estimates and a bot's move.
MAX_EVALUATIONS = 5000
MAX_SECONDS = 2.0
#: Decisions not yet cached analysed in one call by default, and at most.
LIMIT = 40
MAX_LIMIT = 500


@frozen(kw_only=True)
class AnalyseParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str | None = field(default=None, metadata=READ_TOKEN)
    bot: str = field(default="hard", metadata=meta(
        "the analysing bot (docs/bots.md); its time backstop is lifted", max_length=64))
    budget: str = field(default="2000", metadata=meta(
        "positions valued by each estimate's rollout (1 .. 5000); a time (500ms, at most 2s) "
        "is allowed, but then the analysis is not reproducible", max_length=16))
    seed: int = field(default=0, metadata=meta("the analysis's random streams", minimum=0))
    first: int = field(default=1, metadata=meta("the first move analysed (from 1)", minimum=1))
    last: int | None = field(default=None, metadata=meta(
        "the last move analysed; the game's last when omitted", minimum=1))
    limit: int = field(default=LIMIT, metadata=meta(
        "at most this many decisions not yet cached are analysed in this call (0: only read "
        "the cache); the answer is then not complete and the next call goes on from the cache",
        minimum=0, maximum=MAX_LIMIT))


@frozen(kw_only=True)
class DecisionView:
    number: int = field(metadata=meta("the move's number, from 1"))
    version: int = field(metadata=meta("the version of the move's move_played event"))
    seat: int = field(metadata=meta("the seat that moved"))
    played: str = field(metadata=meta("the move played, in the notation"))
    before: list[float] = field(metadata=meta("every scored seat's estimate before the move"))
    after: list[float] = field(metadata=meta("... and after it"))
    best: str | None = field(metadata=meta(
        "the bot's preferred move; null where the move was forced or the bot found none"))
    best_after: list[float] | None = field(metadata=meta("the estimates after the bot's move"))
    loss: float = field(metadata=meta(
        "the points the played move cost the mover by the estimate (negative: it looks "
        "better than the bot's)"))
    mark: str | None = field(metadata=meta("inaccuracy (5+ points), mistake (10+) or blunder "
                                           "(20+)"))
    forced: bool
    error: str | None


@frozen(kw_only=True)
class SeatSummaryView:
    seat: int
    judged: int = field(metadata=meta("the seat's decisions judged (not forced, a bot's move "
                                      "found)"))
    disagreements: int = field(metadata=meta("... where the bot prefers another move"))
    mean_loss: float = field(metadata=meta("the mean points lost (a gain counts as 0)"))
    blunders: int
    mistakes: int
    inaccuracies: int


@frozen(kw_only=True)
class AnalyseResult:
    bot: str
    budget: str = field(metadata=meta("the budget as stored (positions, or ms for time)"))
    seed: int
    reproducible: bool = field(metadata=meta(
        "the same game, bot, budget and seed give the same analysis on any machine"))
    version: int = field(metadata=meta("the game's version analysed"))
    moves: int = field(metadata=meta("the game's moves"))
    finished: bool
    seats: list[int] = field(metadata=meta("the scored seats, the estimates' order"))
    first: int
    last: int
    start: list[float] = field(metadata=meta("the estimate before move first"))
    decisions: list[DecisionView]
    marked: list[int] = field(metadata=meta("the moves with a mark, largest loss first"))
    summary: list[SeatSummaryView] = field(metadata=meta("per scored seat"))
    cached: int = field(metadata=meta("decisions read from the cache"))
    complete: bool = field(metadata=meta("every move first .. last is analysed"))


METHODS = Registry()


def _budget(text: str) -> Budget:
    try:
        budget = parse_budget(text)
    except AnalysisError as e:
        raise invalid_params(e.message, "budget") from None
    if budget.seconds is None and budget.evaluations > MAX_EVALUATIONS:
        raise invalid_params(f"budget {text}: at most {MAX_EVALUATIONS} positions", "budget",
                             reason="out_of_range")
    if budget.seconds is not None and budget.seconds > MAX_SECONDS:
        raise invalid_params(f"budget {text}: at most {MAX_SECONDS:g}s", "budget",
                             reason="out_of_range")
    return budget


def result_of(analysis: Analysis) -> AnalyseResult:
    return AnalyseResult(
        bot=analysis.bot, budget=analysis.budget, seed=analysis.seed,
        reproducible=analysis.reproducible, version=analysis.version, moves=analysis.moves,
        finished=analysis.finished, seats=list(analysis.seats), first=analysis.first,
        last=analysis.last, start=list(analysis.start), cached=analysis.cached,
        complete=analysis.complete, marked=[d.number for d in analysis.marked()],
        summary=[SeatSummaryView(**attrs.asdict(s)) for s in analysis.summary()],
        decisions=[DecisionView(**d.to_json()) for d in analysis.decisions])


@METHODS.method("game.analyse", params=AnalyseParams, result=AnalyseResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, TAMPERED_LOG), cost=MAX_BATCH_WORK,
                summary="Each decision judged by a bot: estimates, its better move, marks.")
def game_analyse(svc: GameService, session: Session, p: AnalyseParams) -> AnalyseResult:
    """For each move ``first`` .. ``last``: every scored seat's estimated final score before
    and after it, the bot's preferred move with the estimate after it, and the points the
    played move cost the mover, marked inaccuracy, mistake or blunder (docs/analysis.md). The
    decisions are cached beside the game by bot, budget and seed: asked again, they are read;
    a call analyses at most ``limit`` new ones (``complete`` false: call again). Read like
    ``game.events``: a private game needs a seat's or a spectator's token."""
    return result_of(analysed(svc, p)[0])


def analysed(svc: GameService, p: AnalyseParams) -> tuple[Analysis, list[GameEvent]]:
    """The analysis ``p`` asks for and the game's events (``game.analyse``, the graph's
    route); refusals are the API's errors."""
    budget = _budget(p.budget)
    if not 0 <= p.limit <= MAX_LIMIT:
        raise invalid_params(f"limit: 0 .. {MAX_LIMIT}", "limit", reason="out_of_range")
    events = stored_events(svc, p.game_id, p.token)
    try:
        analysis = analyse_stored(svc.lobby, svc.rules, p.game_id, events, bot=p.bot,
                                  budget=budget, seed=p.seed, first=p.first, last=p.last,
                                  limit=p.limit)
    except AnalysisError as e:
        raise invalid_params(e.message, {"from": "first", "to": "last"}.get(e.field, e.field)
                             ) from None
    return analysis, events


METHODS.http_routes.append({
    "method": "GET",
    "path": "/games/{game_id}/analysis.svg",
    "summary": "The graph of the game's analysis, read and computed like game.analyse "
               "(docs/analysis.md).",
    "params": [
        {"name": "game_id", "in": "path", "required": True,
         "schema": {"type": "string", "format": "uuid"}},
        {"name": "bot", "in": "query", "required": False, "schema": {"type": "string"}},
        {"name": "budget", "in": "query", "required": False, "schema": {"type": "string"},
         "description": "as game.analyse's budget (default 2000)"},
        {"name": "seed", "in": "query", "required": False,
         "schema": {"type": "integer", "minimum": 0}},
        {"name": "limit", "in": "query", "required": False,
         "schema": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
         "description": "new decisions analysed at most (default 40): the graph shows the "
                        "moves analysed so far"},
        {"name": "token", "in": "query", "required": False, "schema": {"type": "string"},
         "description": "a seat's or a spectator's token: needed for a private game"},
    ],
    "responses": {"200": "image/svg+xml: the graph", "400": "text/plain: a bad parameter, "
                  "one line", "403": "text/plain: a private game without a token that may "
                  "read it", "404": "text/plain: no such game"},
})
