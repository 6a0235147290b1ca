"""Safe retries of ``game.move``: a ``request_id`` answered once, whatever the network does.

A client whose reply was lost cannot tell whether its move landed; sending it again would be
refused (``version_conflict``, or the next seat's ``not_your_turn``) or, worse, played twice.
With a ``request_id`` the server keeps, per game and seat, which events that request stored:
table ``ora_requests`` beside the events, written by the append's own transaction
(``EventStore.append(also=...)``), so a stored move always has its row and a refused one never
does. The same id from the same seat again answers the original result (the same version, the
same events, rebuilt from the store) and stores nothing. The row holds no secret: the seat,
the id, the move's text and the versions of its events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from attrs import frozen

from ora_api.games.subscribers import event_view
from ora_api.jsonrpc.common import VERSION_CONFLICT, EventView
from ora_api.jsonrpc.rpc import RpcError, invalid_params
from ora_api.table.lobby import Lobby
from ora_core.store import EventStore

#: A move's answer: the game's version after it and its events.
Answer = tuple[int, list[EventView]]

SCHEMA = ("CREATE TABLE IF NOT EXISTS ora_requests (game_id TEXT NOT NULL, "
          "seat INTEGER NOT NULL, request_id TEXT NOT NULL, move TEXT NOT NULL, "
          "first_version INTEGER NOT NULL, version INTEGER NOT NULL, "
          "PRIMARY KEY (game_id, seat, request_id))")


@frozen
class Answered:
    """A request already stored: its move and the versions of the events it stored."""

    move: str
    first_version: int
    version: int


class Requests:
    """The ``ora_requests`` table of one lobby's database."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        with lobby.transaction(commit=True) as c:
            c.execute(SCHEMA)

    def find(self, game_id: UUID, seat: int, request_id: str) -> Answered | None:
        with self.lobby.transaction(commit=False) as c:
            c.execute("SELECT move, first_version, version FROM ora_requests WHERE "
                      "game_id = ? AND seat = ? AND request_id = ?",
                      (str(game_id), seat, request_id))
            row = c.fetchone()
        if row is None:
            return None
        return Answered(row["move"], int(row["first_version"]), int(row["version"]))

    def once(self, store: EventStore[Any], game_id: UUID, seat: int, move: str,
             request_id: str, play: Callable[[], Answer]) -> Answer:
        """The stored answer of the request, else ``play()``'s (which records it); called
        with the game's lock held. A version conflict may be another server storing the same
        request first: its answer then."""
        answered = self.answer(store, game_id, seat, move, request_id)
        if answered is not None:
            return answered
        try:
            return play()
        except RpcError as e:
            answered = self.answer(store, game_id, seat, move, request_id)
            if e.code != VERSION_CONFLICT.code or answered is None:
                raise
            return answered

    def answer(self, store: EventStore[Any], game_id: UUID, seat: int, move: str,
               request_id: str) -> Answer | None:
        """The original answer of a request already stored (rebuilt from its events), or
        None; the same id for another move is refused (``request_id_reused``)."""
        done = self.find(game_id, seat, request_id)
        if done is None:
            return None
        if done.move != move:
            raise invalid_params(f"request_id {request_id!r} was used for another move "
                                 f"({done.move!r})", "request_id", reason="request_id_reused")
        stored = store.events(game_id, done.first_version, done.version)
        return done.version, [event_view(s) for s in stored]

    @staticmethod
    def record(c: Any, game_id: UUID, seat: int, request_id: str, move: str,
               first_version: int, version: int) -> None:
        """The request's row, inside the append of its events (a second insert of the same
        request fails and rolls that append back)."""
        c.execute("INSERT INTO ora_requests (game_id, seat, request_id, move, first_version, "
                  "version) VALUES (?, ?, ?, ?, ?, ?)",
                  (str(game_id), seat, request_id, move, first_version, version))
