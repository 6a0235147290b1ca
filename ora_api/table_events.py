"""Storing the table's events (a seat's time run out, a seat handed to a bot): appended like a
move's, with the summary, pushed to subscribers and handed to the bot runner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID

from ora_api.lobby import Lobby
from ora_api.methods.common import VERSION_CONFLICT, EventView
from ora_api.projection import status_of
from ora_api.subscribers import event_view
from ora_api.summaries import scores_of
from ora_core.errors import VersionConflict
from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold

if TYPE_CHECKING:
    from ora_api.hot import Hot
    from ora_api.service import GameService


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
