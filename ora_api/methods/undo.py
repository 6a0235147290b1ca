"""Take-backs over the API: ``game.undo_request`` and ``game.undo_answer`` (docs/api.md "Undo").

What may be taken back, who must consent and what the restored position is are decided by
``ora_rules.undo``; here only the seat's token is checked and the events are stored, pushed to
subscribers and handed to the bot runner like a move's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import (
    BAD_TOKEN,
    GAME_ID,
    ILLEGAL_MOVE,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    EventView,
    meta,
)
from ora_api.jsonrpc.rpc import Registry, Session
from ora_api.service import GameService
from ora_api.table.table_events import store_events
from ora_core.errors import IllegalCommand
from ora_core.events import GameEvent
from ora_rules import undo


@frozen(kw_only=True)
class UndoRequestParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("the requesting seat's token", max_length=256))
    to_move: int = field(metadata=meta(
        "go back to the position after this move (0: the set-up), a move of the game's line "
        "before its last", minimum=0))


@frozen(kw_only=True)
class UndoAnswerParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("the token of a seat asked to consent", max_length=256))
    accept: bool = field(metadata=meta("true: consent; false: refuse (ends the request)"))


@frozen(kw_only=True)
class UndoResult:
    version: int = field(metadata=meta("the game's version after these events"))
    restored: bool = field(metadata=meta("the moves were taken back (position_restored)"))
    waiting: list[int] = field(metadata=meta("the seats whose consent is still awaited"))
    events: list[EventView]


def _decided(svc: GameService, game_id: UUID, token: str,
             decide: Callable[[Sequence[GameEvent], int], list[GameEvent]]) -> UndoResult:
    """``decide(stream, seat)``'s events stored for the token's seat, under the game's lock."""
    with svc._game_lock(game_id):
        hot = svc._entry(game_id)
        seat = svc._seat_of(game_id, hot, token)
        if seat is None:
            raise BAD_TOKEN.error("the token is not a seat's token of this game")
        stream = [s.event for s in svc.store.events(game_id)]
        try:
            events = decide(stream, seat)
        except IllegalCommand as e:
            raise ILLEGAL_MOVE.error(e.detail, reason=e.reason, rule=e.rule) from None
        views = store_events(svc, game_id, hot, events)  # no MovePlayed among them
        new_state = hot.state
    asked = new_state.undo_request
    return UndoResult(version=new_state.version, restored=events[-1].TAG == "position_restored",
                      waiting=list(asked.waiting) if asked else [], events=views)


METHODS = Registry()


@METHODS.method("game.undo_request", params=UndoRequestParams, result=UndoResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN, ILLEGAL_MOVE, VERSION_CONFLICT),
            summary="Ask to take the game back to the position after a move.")
def game_undo_request(svc: GameService, session: Session, p: UndoRequestParams) -> UndoResult:
    """By the game's undo policy (game.create config.undo): none refuses (rule UNDO-1);
    own_last takes back the seat's own last moves at once; by_consent (the default) waits for
    every other seat a person plays (bots accept), or takes back at once when there is none.
    A move of anyone while it waits lapses the request. Refusals are illegal_move errors
    naming UNDO-1 .. UNDO-3."""
    return _decided(svc, p.game_id, p.token,
                    lambda stream, seat: undo.request(stream, seat, p.to_move))


@METHODS.method("game.undo_answer", params=UndoAnswerParams, result=UndoResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN, ILLEGAL_MOVE, VERSION_CONFLICT),
            summary="Accept or refuse the take-back another seat asked.")
def game_undo_answer(svc: GameService, session: Session, p: UndoAnswerParams) -> UndoResult:
    """Only a seat asked answers, once (UNDO-4); the last consent restores the position
    (restored true), one refusal ends the request."""
    return _decided(svc, p.game_id, p.token,
                    lambda stream, seat: undo.answer(stream, seat, p.accept))
