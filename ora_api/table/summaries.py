"""The games' summaries in the lobby's tables (``game.list`` reads only them): the scores a
summary keeps, and the reconciling of the summaries with the streams when a service starts."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator

import attrs

from ora_api.games.projection import config_view, status_of
from ora_api.table.lobby import Lobby, SeatRow, Summary, Visibility
from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.store import EventStore, TamperedLog, storage_failure

log = logging.getLogger("ora.api")


def scores_of(state: State) -> dict[str, list[int]] | None:
    if state.scores is None:
        return None
    return {"totals": [s.total for s in state.scores], "winners": list(state.winners)}


def reconcile(store: EventStore[GameEvent], lobby: Lobby) -> int:
    """Make the summaries consistent with the streams (games stored without a server, a
    summary behind its stream): the number of games summarised afresh."""
    known = lobby.summaries()
    redone = 0
    for game_id in store.game_ids():
        have = known.get(game_id)
        if have is not None and have[0] >= store.version(game_id):
            continue
        moves = 0

        def counting(events: Iterable[GameEvent]) -> Iterator[GameEvent]:
            nonlocal moves
            for e in events:
                moves += isinstance(e, MovePlayed)
                yield e

        try:
            state = store.fold(game_id, lambda events: fold(counting(events)))
        except TamperedLog as e:  # refused when read (tampered_log); the server still starts
            log.warning("game %s: %s; not summarised", game_id, e.message)
            continue
        except Exception as e:  # one unreadable game must not stop the server
            if storage_failure(e) is not None:
                raise
            log.warning("game %s cannot be summarised (%s: %s); it is not listed",
                        game_id, type(e).__name__, e)
            continue
        # A game stored by another tool (ora demo, selfplay) has no seats: nobody holds a
        # token, so it is public; a server's game keeps its visibility (private if unknown).
        has_seats = lobby.has_seats(game_id)
        visibility: Visibility = have[1] if have else ("private" if has_seats else "public")
        lobby.replace_summary(
            Summary(game_id=game_id, config=attrs.asdict(config_view(state)),
                    visibility=visibility, version=state.version, moves=moves,
                    status=status_of(state), open_seats=0, scores=scores_of(state)),
            [SeatRow(p.seat, p.name, p.bot) for p in state.players if not p.neutral])
        redone += 1
        if redone % 100 == 0:
            log.warning("summarised %d stored games", redone)
    return redone
