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

from typing import Any
from uuid import UUID

from attrs import frozen

from ora_api.lobby import Lobby

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

    @staticmethod
    def record(c: Any, game_id: UUID, seat: int, request_id: str, move: str,
               first_version: int, version: int) -> None:
        """The request's row, inside the append of its events (a second insert of the same
        request fails and rolls that append back)."""
        c.execute("INSERT INTO ora_requests (game_id, seat, request_id, move, first_version, "
                  "version) VALUES (?, ?, ?, ?, ?, ?)",
                  (str(game_id), seat, request_id, move, first_version, version))
