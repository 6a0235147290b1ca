"""Storing the table's events (a seat's time run out, a seat handed to a bot): appended like a
move's, with the summary, pushed to subscribers and handed to the bot runner."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol
from uuid import UUID

from ora_api.games.projection import status_of
from ora_api.games.storehealth import StoreHealth
from ora_api.games.subscribers import Subscribers, event_view
from ora_api.jsonrpc.common import VERSION_CONFLICT, EventView
from ora_api.table.bot_seats import BotRunner
from ora_api.table.hot import Hot
from ora_api.table.lobby import Lobby
from ora_api.table.summaries import scores_of
from ora_core.errors import VersionConflict
from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_core.store import EventStore
from ora_rules.specs import Rules


class GameService(Protocol):
    """What the table's events use of ``ora_api.service.GameService`` (which imports the
    clocks, which import this module): its store, cache, locks and the bot runner."""

    store: EventStore[GameEvent]
    rules: Rules
    lobby: Lobby
    health: StoreHealth
    subscribers: Subscribers
    bot_runner: BotRunner
    _lock: threading.Lock
    _hot: OrderedDict[UUID, Hot]

    def _game_lock(self, game_id: UUID) -> threading.Lock: ...

    def _entry(self, game_id: UUID) -> Hot: ...

    def _evict(self, game_id: UUID) -> None: ...


def store_events(svc: GameService, game_id: UUID, hot: Hot, events: Sequence[GameEvent]
                 ) -> list[EventView]:
    """Append ``events`` at the hot state's version; call with the game's lock held."""
    state = hot.state
    new_state = fold(events, state)
    status, scores = status_of(new_state), scores_of(new_state)
    moves = sum(type(e) is MovePlayed for e in events)

    def write(c: Any) -> None:
        Lobby.update_game(c, game_id, new_state.version, moves, status, scores)

    try:
        stored = svc.store.append(game_id, state.version, list(events),
                                  also=svc.lobby.writer(write))
    except VersionConflict as e:
        svc._evict(game_id)
        raise VERSION_CONFLICT.error(e.message, version=None) from None
    svc.health.ok(wrote=True)
    hot.state = new_state
    hot.moves = None
    views = [event_view(s) for s in stored]
    svc.subscribers.push(game_id, views)
    svc.bot_runner.changed(game_id, new_state)
    return views
