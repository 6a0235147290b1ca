"""Subscriptions: ``game.subscribe`` and ``game.unsubscribe``, and the ``game.event``
notification they push (WebSocket and stdio only). The service keeps the sinks and pushes each
stored event once, in order; the session keeps its subscriptions and ends them when it closes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import (
    BAD_TOKEN,
    PUSH_UNAVAILABLE,
    UNKNOWN_GAME,
    EventView,
    GameParams,
    meta,
)
from ora_api.jsonrpc.rpc import Registry, Session, notification
from ora_api.service import GameService


@frozen(kw_only=True)
class GameEventParams:
    """The params of the ``game.event`` notification pushed to subscribers."""

    game_id: UUID
    version: int
    type: str
    data: dict[str, Any]
    hash: str
    prev_hash: str


@frozen(kw_only=True)
class SubscribeResult:
    game_id: UUID
    version: int = field(metadata=meta(
        "the game's version now: every later event is pushed as game.event, in order"))


@frozen(kw_only=True)
class UnsubscribeResult:
    game_id: UUID
    subscribed: bool = field(metadata=meta("whether a subscription was cancelled"))


#: Notifications the server sends (documented in the OpenRPC document's x-notifications).
NOTIFICATIONS: dict[str, tuple[type, str]] = {
    "game.event": (GameEventParams, "A new event of a subscribed game, in stream order."),
}



METHODS = Registry()


class _Encoded:
    """Each event's ``game.event`` notification, encoded once for all the game's subscribers
    (a game with a hundred spectators would otherwise encode every event a hundred times): the
    service hands every sink of a game the same views (``Subscribers.push``), so the last
    views' encodings are kept by identity. A game's sinks run on one thread at a time; two
    games' threads at once at worst encode a view twice."""

    KEPT = 256

    def __init__(self) -> None:
        self._known: dict[int, tuple[EventView, bytes]] = {}

    def of(self, game_id: UUID, e: EventView) -> bytes:
        known = self._known.get(id(e))
        if known is not None and known[0] is e:
            return known[1]
        encoded = notification("game.event", {
            "game_id": str(game_id), "version": e.version, "type": e.type, "data": e.data,
            "hash": e.hash, "prev_hash": e.prev_hash})
        if len(self._known) >= self.KEPT:
            self._known.clear()
        self._known[id(e)] = (e, encoded)
        return encoded


_ENCODED = _Encoded()


@METHODS.method("game.subscribe", params=GameParams, result=SubscribeResult, push=True,
                errors=(UNKNOWN_GAME, BAD_TOKEN, PUSH_UNAVAILABLE),
                summary="Receive every new event of the game as a game.event notification.")
def game_subscribe(svc: GameService, session: Session, p: GameParams) -> SubscribeResult:
    """WebSocket and stdio only. Notifications carry the events after the returned version, in
    order, none left out while subscribed (read earlier ones with game.events). On the
    connection that moves, a move's notifications come before the move's response."""
    if not session.push:
        raise PUSH_UNAVAILABLE.error("subscribe over the WebSocket (/ws) or stdio transport")
    if p.game_id in session.subscriptions:
        return SubscribeResult(game_id=p.game_id,
                               version=svc.current(p.game_id, p.token).version)

    def sink(game_id: UUID, events: Sequence[EventView]) -> None:
        for e in events:
            session.send(_ENCODED.of(game_id, e))

    version = svc.subscribe(p.game_id, sink, p.token)
    if not session.subscriptions:
        session.on_close.append(lambda: _unsubscribe_all(svc, session))
    session.subscriptions[p.game_id] = sink
    return SubscribeResult(game_id=p.game_id, version=version)


@METHODS.method("game.unsubscribe", params=GameParams, result=UnsubscribeResult, push=True,
                summary="Stop the game.event notifications of a game.")
def game_unsubscribe(svc: GameService, session: Session, p: GameParams) -> UnsubscribeResult:
    """Subscriptions also end with the connection."""
    sink = session.subscriptions.pop(p.game_id, None)
    if sink is None:
        return UnsubscribeResult(game_id=p.game_id, subscribed=False)
    svc.unsubscribe(p.game_id, sink)
    return UnsubscribeResult(game_id=p.game_id, subscribed=True)


def _unsubscribe_all(svc: GameService, session: Session) -> None:
    for game_id, sink in list(session.subscriptions.items()):
        svc.unsubscribe(game_id, sink)
    session.subscriptions.clear()
