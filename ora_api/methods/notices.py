"""Turn notices over the API: ``game.wait_turn`` (a long poll) and ``game.notify`` (a seat's
webhook); the mechanics are in ``ora_api.table.notices`` (docs/api.md "Turn notices")."""

from __future__ import annotations

from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import BAD_TOKEN, GAME_ID, UNKNOWN_GAME, meta
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.service import GameService
from ora_api.table.notices import wait_turn

#: The longest long poll: it holds one of the server's worker threads while it waits.
MAX_WAIT_S = 60


@frozen(kw_only=True)
class WaitTurnParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("the seat's token", max_length=256))
    timeout: float = field(default=30, metadata=meta(
        f"seconds to wait at most (0 .. {MAX_WAIT_S}; 0 answers at once)", minimum=0,
        maximum=MAX_WAIT_S))


@frozen(kw_only=True)
class TurnResult:
    your_turn: bool = field(metadata=meta("the token's seat decides now"))
    seat: int | None = field(metadata=meta("the seat that decides now; null once it is over"))
    version: int = field(metadata=meta("the game's version"))
    finished: bool = field(metadata=meta("the game is over"))


@frozen(kw_only=True)
class NotifyParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("the seat's token", max_length=256))
    url: str | None = field(metadata=meta(
        "http(s) URL the server POSTs the seat's turn notices to; null: no more notices",
        max_length=2048))


@frozen(kw_only=True)
class NotifyResult:
    secret: str | None = field(metadata=meta(
        "the key of the notices' X-Ora-Signature (HMAC-SHA256 of the body), shown once; new "
        "at each registration; null when notices were turned off"))


METHODS = Registry()


def _seat(svc: GameService, game_id: UUID, token: str) -> int:
    with svc._game_lock(game_id):
        hot = svc._entry(game_id)
        seat = svc._seat_of(game_id, hot, token)
    if seat is None:
        raise BAD_TOKEN.error("the token is not a seat's token of this game")
    return seat


@METHODS.method("game.wait_turn", params=WaitTurnParams, result=TurnResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="Wait until the token's seat must decide (a long poll).")
def game_wait_turn(svc: GameService, session: Session, p: WaitTurnParams) -> TurnResult:
    """Answers at once when the seat decides or the game is over, else as soon as it does, or
    after timeout seconds with your_turn false: then ask again."""
    turn = wait_turn(svc, p.game_id, _seat(svc, p.game_id, p.token), p.timeout)
    return TurnResult(your_turn=turn.your_turn, seat=turn.seat, version=turn.version,
                      finished=turn.finished)


@METHODS.method("game.notify", params=NotifyParams, result=NotifyResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN),
                summary="Register the URL the seat's turn notices are POSTed to (a webhook).")
def game_notify(svc: GameService, session: Session, p: NotifyParams) -> NotifyResult:
    """Each time the turn passes to the seat (and at once if it decides now) the server POSTs
    {id, type: "your_turn", game_id, seat, version}, signed in X-Ora-Signature, retried with
    backoff until a 2xx answer; the id (also X-Ora-Delivery) drops duplicates."""
    if p.url is not None and not p.url.startswith(("http://", "https://")):
        raise invalid_params("url must be an http:// or https:// URL", "url",
                             reason="invalid_url")
    seat = _seat(svc, p.game_id, p.token)
    return NotifyResult(secret=svc.webhooks.register(p.game_id, seat, p.url))
