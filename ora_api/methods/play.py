"""Game play: ``game.move``, ``game.state``, ``game.legal_moves``, ``game.complete``,
``game.events`` and ``game.score``, with their params and results. The service decides and
stores (``ora_api.service``); these handlers only check params and shape the replies."""

from __future__ import annotations

from uuid import UUID

import orjson
from attrs import field, frozen

from ora_api.games.projection import StateView, project, score_views
from ora_api.jsonrpc.common import (
    BAD_TOKEN,
    GAME_ID,
    ILLEGAL_MOVE,
    INVALID_MOVE,
    NOT_YOUR_TURN,
    READ_TOKEN,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    EventView,
    GameParams,
    meta,
)
from ora_api.jsonrpc.param_limits import digits
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params, reply_room
from ora_api.service import EVENTS_PAGE, EVENTS_PAGE_BYTES, GameService
from ora_api.table.hot import decider
from ora_core.state import State
from ora_rules.complete import complete_from
from ora_rules.scoring import neutral_score, score, winners
from ora_rules.views.view import ScoreLine, score_line


@frozen(kw_only=True)
class MoveParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("the token of the seat that decides now", max_length=256))
    move: str = field(metadata=meta("one command of the move notation, e.g. \"USE LR2 Gn\"",
                                    max_length=4096))
    expected_version: int | None = field(default=None, metadata=meta(
        "refuse the move (version_conflict) unless the game is at this version", minimum=0))
    request_id: str | None = field(default=None, metadata=meta(
        "the client's id of this request: sent again by the same seat, it answers the "
        "original result and stores nothing (safe retries)", max_length=128))


@frozen(kw_only=True)
class MoveResult:
    version: int = field(metadata=meta("the game's version after the move"))
    events: list[EventView]


@frozen(kw_only=True)
class StateParams:
    game_id: UUID = field(metadata=GAME_ID)
    version: int | None = field(default=None, metadata=meta(
        "the version to show (1 .. the game's version); the current state when omitted",
        minimum=1))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    move: int | None = field(default=None, metadata=meta(
        "instead of version: the position after this many moves (0: the set-up, before the "
        "first move; the move numbers of the game's record)", minimum=0))


@frozen(kw_only=True)
class LegalMovesParams:
    game_id: UUID = field(metadata=GAME_ID)
    seat: int | None = field(default=None, metadata=meta(
        "only if this seat decides now (else the result is empty)", minimum=0))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    limit: int | None = field(default=None, metadata=meta(
        "at most this many moves in this page; when omitted, as many as fit in one reply "
        "(all of them unless there are too many)", minimum=1, maximum=1_000_000))
    cursor: str | None = field(default=None, metadata=meta(
        "next_cursor of the previous page; the first page when omitted. A cursor lists the "
        "version it was drawn at: once the game has moved on it is refused (version_conflict, "
        "reason stale_cursor)", max_length=32))


@frozen(kw_only=True)
class LegalMovesResult:
    version: int = field(metadata=meta("the game's version: the moves are legal at it"))
    seat: int | None = field(metadata=meta("the seat that decides now; null once finished"))
    total: int = field(metadata=meta(
        "how many legal moves there are, on all pages together"))
    moves: list[str] = field(metadata=meta(
        "this page's moves, in the order of the whole list"))
    next_cursor: str | None = field(metadata=meta(
        "pass it as cursor for the next page (at the same version); null on the last page"))


@frozen(kw_only=True)
class CompleteParams:
    game_id: UUID = field(metadata=GAME_ID)
    prefix: str = field(default="", metadata=meta(
        "the whole tokens written so far, separated by spaces", max_length=4096))
    token: str | None = field(default=None, metadata=READ_TOKEN)
    partial: str = field(default="", metadata=meta(
        "a half-typed next token: only tokens starting with it are offered", max_length=256))


@frozen(kw_only=True)
class CompleteResult:
    version: int
    seat: int | None
    tokens: list[str] = field(metadata=meta(
        "the possible next tokens; \"\" means the prefix is itself a legal move"))


@frozen(kw_only=True)
class EventsParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_version: int = field(default=1, metadata=meta("the first version to return",
                                                       minimum=1))
    limit: int | None = field(default=None, metadata=meta(
        f"at most this many events (a page holds at most {EVENTS_PAGE} events and about "
        f"{EVENTS_PAGE_BYTES // 1024} KiB of them)", minimum=0, maximum=100_000))
    token: str | None = field(default=None, metadata=READ_TOKEN)


@frozen(kw_only=True)
class EventsResult:
    version: int = field(metadata=meta("the game's version (its last event)"))
    events: list[EventView]
    next_version: int | None = field(default=None, metadata=meta(
        "where the next page starts (from_version), when this page stopped before the "
        "version asked for; null when nothing more was asked"))


@frozen(kw_only=True)
class ScoreResult:
    version: int
    final: bool = field(metadata=meta("true once the game has ended; else provisional"))
    scores: list[ScoreLine]
    winners: list[int] | None = field(metadata=meta("the winning seats once final"))
    neutral: ScoreLine | None = field(default=None, metadata=meta(
        "solo: the neutral player's buildings' points, as engines that score it report "
        "them (weblabora); a note, not a seat: the rules do not score it (R-SCORE-8)"))



# --- the methods ----------------------------------------------------------------------------------

METHODS = Registry()


@METHODS.method("game.move", params=MoveParams, result=MoveResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, VERSION_CONFLICT, NOT_YOUR_TURN, ILLEGAL_MOVE,
                        INVALID_MOVE),
                summary="Play one command for the seat that decides now.", inline=True)
def game_move(svc: GameService, session: Session, p: MoveParams) -> MoveResult:
    """The token must be the token of the seat that decides now (the building's owner while
    a work contract is answered). Checked in this order: unknown game, bad token, version
    conflict (only with expected_version), then the engine's checks: invalid move (not the
    notation), illegal move (game_over), not your turn, illegal move. A refused move stores
    nothing. Two moves racing at one version: exactly one is stored."""
    version, events = svc.move(p.game_id, p.token, p.move, p.expected_version, p.request_id)
    return MoveResult(version=version, events=events)


@METHODS.method("game.state", params=StateParams, result=StateView, result_name="state",
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The game at its current or at an earlier version.")
def game_state(svc: GameService, session: Session, p: StateParams) -> StateView:
    """A version beyond the game's is an invalid params error on data.path "version", a move
    beyond the game's on "move"; version and move together are an invalid params error."""
    if p.move is not None:
        if p.version is not None:
            raise invalid_params("give version or move, not both", "move", reason="conflict")
        return project(p.game_id, state_at_move(svc, p.game_id, p.move, p.token))
    return project(p.game_id, svc.state_at(p.game_id, p.version, p.token))


@METHODS.method("game.legal_moves", params=LegalMovesParams, result=LegalMovesResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, VERSION_CONFLICT),
                summary="Every legal move of the seat that decides now, a page at a time.",
                inline=True)
def game_legal_moves(svc: GameService, session: Session, p: LegalMovesParams
                     ) -> LegalMovesResult | orjson.Fragment:
    """Move strings in the notation, ready for game.move; empty when ``seat`` is given and is
    not the deciding seat, and once the game is over. Without limit and cursor the reply holds
    every move when they fit in one reply (next_cursor null); else it holds the first page and
    next_cursor continues it. A cursor is bound to the version it was drawn at: after a move
    it is refused with version_conflict (reason stale_cursor, data.version the game's
    version). A cursor that is not one is an invalid params error (reason bad_cursor)."""
    at_version, offset = None, 0
    if p.cursor is not None:
        at_version, offset = _parse_moves_cursor(p.cursor)
    state, reply = svc.legal_moves_reply(p.game_id, p.token, at_version=at_version,
                                         offset=offset, limit=p.limit, room=reply_room())
    seat = decider(state)
    if p.seat is not None and p.seat != seat:
        return LegalMovesResult(version=state.version, seat=seat, total=0, moves=[],
                                next_cursor=None)
    return reply


def _parse_moves_cursor(cursor: str) -> tuple[int, int]:
    version, _, offset = cursor.partition(":")
    if not all(digits(x) for x in (version, offset)):
        raise invalid_params("cursor: not a cursor of game.legal_moves (pass next_cursor as "
                             "it came)", "cursor", reason="bad_cursor")
    return int(version), int(offset)


@METHODS.method("game.complete", params=CompleteParams, result=CompleteResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The next tokens of a partly written move.")
def game_complete(svc: GameService, session: Session, p: CompleteParams) -> CompleteResult:
    """Every offered token leads to a legal move; "" marks the prefix as a complete move. The
    prefix is split on whitespace into whole tokens; ``partial`` filters the next token by its
    beginning (``prefix: "USE", partial: "LR"`` offers the buildings LR1, LR2, LR3)."""
    state, moves = svc.legal_moves(p.game_id, p.token)
    return CompleteResult(version=state.version, seat=decider(state),
                          tokens=complete_from(moves, p.prefix.split(), p.partial))


@METHODS.method("game.events", params=EventsParams, result=EventsResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="The game's stored events with their hash chain.")
def game_events(svc: GameService, session: Session, p: EventsParams) -> EventsResult:
    """From ``from_version`` on, at most ``limit`` of them, one page at a time: when the page
    stops early, ``next_version`` is the ``from_version`` of the next one."""
    head, events, next_version = svc.events(p.game_id, p.from_version, p.limit, p.token)
    return EventsResult(version=head, events=events, next_version=next_version)


@METHODS.method("game.score", params=GameParams, result=ScoreResult,
                     errors=(UNKNOWN_GAME, BAD_TOKEN),
                 summary="The score breakdown per seat (provisional until the game ends).")
def game_score(svc: GameService, session: Session, p: GameParams) -> ScoreResult:
    """The final scores are the ones the game's end recorded."""
    state = svc.current(p.game_id, p.token)
    neutral = neutral_score(state, svc.rules)
    note = None if neutral is None else score_line(neutral)
    if state.scores is not None:
        return ScoreResult(version=state.version, final=True, scores=score_views(state.scores),
                           winners=list(winners(state.scores)), neutral=note)
    return ScoreResult(version=state.version, final=False,
                       scores=score_views(score(state, svc.rules)), winners=None, neutral=note)


def state_at_move(svc: GameService, game_id: UUID, move: int, token: str | None = None
                  ) -> State:
    """The state after ``move`` moves (0: the set-up); the whole game's chain is checked."""
    return svc.state_at(game_id, svc.version_after_move(game_id, move, token), token)
