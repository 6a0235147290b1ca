"""The lobby: seats, invitations, spectators, visibility and the games' summaries (design §7b).

Access is the server's business, not the rules': nothing here is a rule and nothing of it is in
``ora_rules``. It lives in three tables of the store's own database, beside the events (the
SQLite file, or the PostgreSQL database; an in-memory SQLite database for the memory store):

- ``ora_games``: one row per game, the summary ``game.list`` reads: creation order (``seq``),
  config, visibility, version, number of moves, status, open seats, final scores. It is written
  in the same transaction as each append (``EventStore.append(also=...)``), and made consistent
  with the streams when a server starts (a crash of another tool, games stored without a
  server), so listing costs the same whatever the number of stored games.
- ``ora_seats``: one row per seat: the player's name, the bot's name for a bot seat, the
  SHA-256 digest of the seat's token once the seat is taken and of its invitation while open.
- ``ora_spectators``: digests of spectator tokens (read access to a private game).

Tokens, invitations and spectator tokens are drawn with ``secrets.token_urlsafe`` and handed
out once; only their digests are kept, so the tables give nobody a way in.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, Literal
from uuid import UUID

import attrs
import orjson
from attrs import frozen

from ora_core.store import EventStore

Visibility = Literal["public", "private"]

#: Every statement is written with ``?`` placeholders; PostgreSQL's driver wants ``%s``.
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS ora_games ({seq}, game_id TEXT NOT NULL UNIQUE, "
    "config TEXT NOT NULL, visibility TEXT NOT NULL, version INTEGER NOT NULL, "
    "moves INTEGER NOT NULL, status TEXT NOT NULL, open_seats INTEGER NOT NULL, scores TEXT)",
    "CREATE INDEX IF NOT EXISTS ora_games_visibility ON ora_games (visibility, seq)",
    "CREATE TABLE IF NOT EXISTS ora_seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
    "name TEXT, bot TEXT, token_sha256 TEXT, invite_sha256 TEXT, PRIMARY KEY (game_id, seat))",
    "CREATE INDEX IF NOT EXISTS ora_seats_token ON ora_seats (token_sha256)",
    "CREATE INDEX IF NOT EXISTS ora_seats_invite ON ora_seats (invite_sha256)",
    "CREATE TABLE IF NOT EXISTS ora_spectators (token_sha256 TEXT PRIMARY KEY, "
    "game_id TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ora_meta (key TEXT PRIMARY KEY, value TEXT)",
)
_SEQ = {"sqlite": "seq INTEGER PRIMARY KEY AUTOINCREMENT",
        "postgres": "seq BIGSERIAL PRIMARY KEY"}

_COLUMNS = "seq, game_id, config, visibility, version, moves, status, open_seats, scores"


def digest(secret: str) -> str:
    """The SHA-256 digest kept for a token or an invitation (never the secret itself)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(32)


# --- values -------------------------------------------------------------------------------------


@frozen
class SeatRow:
    """A seat as the lobby keeps it: taken (``token`` digest), open (``invite`` digest) or a
    bot (neither)."""

    seat: int
    name: str | None
    bot: str | None
    token: str | None = None
    invite: str | None = None


@frozen
class Summary:
    """A game's row of ``ora_games``; ``scores`` is ``{"totals": [...], "winners": [...]}``
    once the game has ended."""

    game_id: UUID
    config: dict[str, Any]
    visibility: Visibility
    version: int
    moves: int
    status: str
    open_seats: int
    scores: dict[str, list[int]] | None = None
    seq: int = 0


@frozen
class Access:
    """Who may do what in one game: seat tokens (digest -> seat) and spectator digests."""

    visibility: Visibility
    seats: dict[str, int]
    spectators: frozenset[str]

    def seat_of(self, token_digest: str) -> int | None:
        return self.seats.get(token_digest)

    def may_read(self, token_digest: str | None) -> bool:
        return (self.visibility == "public" or (token_digest is not None
                and (token_digest in self.seats or token_digest in self.spectators)))


class InviteRefused(Exception):
    """An invitation that opens no seat: ``reason`` is ``unknown_invite`` or ``invite_used``."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


#: What ``EventStore.append(also=...)`` runs inside the append's transaction.
Writer = Callable[[Any], None]


# --- the lobby ----------------------------------------------------------------------------------


class Lobby:
    """The lobby tables of one store (module doc)."""

    def __init__(self, store: EventStore[Any]) -> None:
        self.store = store
        self.dialect = store.dialect or "sqlite"
        self._own: sqlite3.Connection | None = None
        self._own_lock = threading.Lock()
        if store.dialect is None:  # the memory store: an in-memory database of our own
            self._own = sqlite3.connect(":memory:", check_same_thread=False,
                                        isolation_level=None)
            self._own.row_factory = sqlite3.Row
        with self.transaction(commit=True) as c:
            for statement in _SCHEMA:
                c.execute(statement.format(seq=_SEQ[self.dialect]))
            self._migrate_legacy_tokens(c)

    def check_writable(self) -> None:
        """Write one row (``ora_meta.write_check``): the database's own error if it cannot be
        written (a read-only file or folder, a full disk). A server checks this at start."""
        with self.transaction(commit=True) as c:
            c.execute("DELETE FROM ora_meta WHERE key = ?", ("write_check",))
            c.execute("INSERT INTO ora_meta (key, value) VALUES (?, ?)",
                      ("write_check", datetime.now(UTC).isoformat()))

    def close(self) -> None:
        if self._own is not None:
            with self._own_lock:
                self._own.close()

    # -- plumbing ---------------------------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self, *, commit: bool) -> Iterator[Any]:
        """A cursor on the lobby's database in a transaction (rows are mappings)."""
        if self._own is None:
            with self.store.transaction(commit=commit) as c:
                yield _Cursor(c, self.dialect)
            return
        with self._own_lock:
            conn = self._own
            conn.execute("BEGIN")
            try:
                yield _Cursor(conn.cursor(), "sqlite")
            except BaseException:
                conn.rollback()
                raise
            if commit:
                conn.commit()
            else:
                conn.rollback()

    def writer(self, write: Callable[[Any], None]) -> Writer:
        """``write(cursor)`` for ``EventStore.append(also=...)``: inside the append's
        transaction, or (memory store) in a transaction of its own after it."""

        def also(cursor: Any) -> None:
            if cursor is not None:
                write(_Cursor(cursor, self.dialect))
                return
            with self.transaction(commit=True) as c:
                write(c)

        return also

    def _migrate_legacy_tokens(self, c: _Cursor) -> None:
        """Seats of games created before the lobby (table ``ora_seat_tokens``): taken."""
        if self.dialect != "sqlite":
            return
        c.execute("SELECT name FROM sqlite_master WHERE type='table' AND name='ora_seat_tokens'")
        if c.fetchone() is None:
            return
        c.execute("INSERT OR IGNORE INTO ora_seats (game_id, seat, token_sha256) "
                  "SELECT game_id, seat, token_sha256 FROM ora_seat_tokens")

    # -- writing ----------------------------------------------------------------------------------

    @staticmethod
    def insert_game(c: Any, summary: Summary, seats: Sequence[SeatRow]) -> None:
        """A new game's summary and seats (run inside the append of its first events)."""
        c.execute("INSERT INTO ora_games (game_id, config, visibility, version, moves, status, "
                  "open_seats, scores) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  _summary_values(summary))
        c.executemany("INSERT INTO ora_seats (game_id, seat, name, bot, token_sha256, "
                      "invite_sha256) VALUES (?, ?, ?, ?, ?, ?)",
                      [(str(summary.game_id), s.seat, s.name, s.bot, s.token, s.invite)
                       for s in seats])

    @staticmethod
    def update_game(c: Any, game_id: UUID, version: int, new_moves: int, status: str,
                    scores: dict[str, list[int]] | None) -> None:
        """The summary after an append: never moved backwards (another process may have
        appended later events first)."""
        c.execute("UPDATE ora_games SET version = ?, moves = moves + ?, status = ?, scores = ? "
                  "WHERE game_id = ? AND version < ?",
                  (version, new_moves, status, _json(scores), str(game_id), version))

    @staticmethod
    def take_seat(c: Any, game_id: UUID, seat: int, invite: str, token: str, name: str) -> None:
        """Seat ``seat`` is taken by the holder of ``invite`` (digests); raises
        :class:`InviteRefused` (rolling the append back) when another join came first."""
        c.execute("UPDATE ora_seats SET token_sha256 = ?, name = ? WHERE game_id = ? AND "
                  "seat = ? AND invite_sha256 = ? AND token_sha256 IS NULL",
                  (token, name, str(game_id), seat, invite))
        if c.rowcount != 1:
            raise InviteRefused("invite_used", "this invitation was already used")
        c.execute("UPDATE ora_games SET open_seats = open_seats - 1 WHERE game_id = ?",
                  (str(game_id),))

    def add_spectator(self, game_id: UUID, token: str) -> None:
        with self.transaction(commit=True) as c:
            c.execute("INSERT INTO ora_spectators (token_sha256, game_id) VALUES (?, ?)",
                      (token, str(game_id)))

    def replace_summary(self, summary: Summary, seats: Sequence[SeatRow] = ()) -> None:
        """Bring a game's summary up to ``summary`` (consistency on start): a row behind it is
        updated in place (its creation order, visibility and seats kept), a missing one is
        added with ``seats`` if the game has none."""
        key = str(summary.game_id)
        with self.transaction(commit=True) as c:
            c.execute("UPDATE ora_games SET config = ?, version = ?, moves = ?, status = ?, "
                      "scores = ? WHERE game_id = ? AND version < ?",
                      (orjson.dumps(summary.config).decode(), summary.version, summary.moves,
                       summary.status, _json(summary.scores), key, summary.version))
            c.execute("SELECT COUNT(*) AS n FROM ora_games WHERE game_id = ?", (key,))
            if c.fetchone()["n"]:
                return
            c.execute("SELECT COUNT(*) AS n FROM ora_seats WHERE game_id = ?", (key,))
            if c.fetchone()["n"] == 0:
                c.executemany("INSERT INTO ora_seats (game_id, seat, name, bot) "
                              "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                              [(key, s.seat, s.name, s.bot) for s in seats])
            c.execute("SELECT COUNT(*) AS n FROM ora_seats WHERE game_id = ? AND "
                      "invite_sha256 IS NOT NULL AND token_sha256 IS NULL", (key,))
            open_seats = int(c.fetchone()["n"])
            # Two servers starting at once may both find the row missing: one insert wins.
            c.execute("INSERT INTO ora_games (game_id, config, visibility, version, moves, "
                      "status, open_seats, scores) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                      "ON CONFLICT DO NOTHING",
                      _summary_values(attrs.evolve(summary, open_seats=open_seats)))

    # -- reading ----------------------------------------------------------------------------------

    def invitation(self, invite: str) -> tuple[UUID, int]:
        """The game and seat that the invitation (digest) opens; :class:`InviteRefused`."""
        with self.transaction(commit=False) as c:
            c.execute("SELECT game_id, seat, token_sha256 FROM ora_seats "
                      "WHERE invite_sha256 = ?", (invite,))
            row = c.fetchone()
        if row is None:
            raise InviteRefused("unknown_invite", "no seat has this invitation")
        if row["token_sha256"] is not None:
            raise InviteRefused("invite_used", "this invitation was already used")
        return UUID(row["game_id"]), int(row["seat"])

    def access(self, game_id: UUID) -> Access:
        """Visibility and tokens of a game (a game without a summary row is private)."""
        key = str(game_id)
        with self.transaction(commit=False) as c:
            c.execute("SELECT visibility FROM ora_games WHERE game_id = ?", (key,))
            row = c.fetchone()
            c.execute("SELECT seat, token_sha256 FROM ora_seats WHERE game_id = ? AND "
                      "token_sha256 IS NOT NULL", (key,))
            seats = {r["token_sha256"]: int(r["seat"]) for r in c.fetchall()}
            c.execute("SELECT token_sha256 FROM ora_spectators WHERE game_id = ?", (key,))
            spectators = frozenset(r["token_sha256"] for r in c.fetchall())
        visibility: Visibility = "public" if row and row["visibility"] == "public" else "private"
        return Access(visibility=visibility, seats=seats, spectators=spectators)

    def seats(self, game_ids: Sequence[UUID]) -> dict[UUID, list[SeatRow]]:
        """The seats of these games (names, bots, open or taken; no digests)."""
        if not game_ids:
            return {}
        marks = ", ".join("?" * len(game_ids))
        with self.transaction(commit=False) as c:
            c.execute("SELECT game_id, seat, name, bot, token_sha256 IS NOT NULL AS taken, "
                      "invite_sha256 IS NOT NULL AS invited FROM ora_seats "
                      f"WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                      [str(g) for g in game_ids])
            rows = c.fetchall()
        found: dict[UUID, list[SeatRow]] = {g: [] for g in game_ids}
        for r in rows:
            open_ = bool(r["invited"]) and not r["taken"]
            found[UUID(r["game_id"])].append(SeatRow(
                seat=int(r["seat"]), name=r["name"], bot=r["bot"],
                invite="open" if open_ else None))
        return found

    def summaries(self) -> dict[UUID, tuple[int, Visibility]]:
        """Every summarised game: its version and visibility (for the consistency check)."""
        with self.transaction(commit=False) as c:
            c.execute("SELECT game_id, version, visibility FROM ora_games")
            return {UUID(r["game_id"]): (int(r["version"]), r["visibility"])
                    for r in c.fetchall()}

    def has_seats(self, game_id: UUID) -> bool:
        with self.transaction(commit=False) as c:
            c.execute("SELECT COUNT(*) AS n FROM ora_seats WHERE game_id = ?", (str(game_id),))
            return bool(c.fetchone()["n"])

    def games_of(self, token_digests: Sequence[str]) -> dict[UUID, list[int]]:
        """The games (and seats) that these token digests open; a spectator's seat list is
        empty."""
        if not token_digests:
            return {}
        marks = ", ".join("?" * len(token_digests))
        found: dict[UUID, list[int]] = {}
        with self.transaction(commit=False) as c:
            c.execute(f"SELECT game_id FROM ora_spectators WHERE token_sha256 IN ({marks})",
                      list(token_digests))
            for r in c.fetchall():
                found.setdefault(UUID(r["game_id"]), [])
            c.execute(f"SELECT game_id, seat FROM ora_seats WHERE token_sha256 IN ({marks})",
                      list(token_digests))
            for r in c.fetchall():
                found.setdefault(UUID(r["game_id"]), []).append(int(r["seat"]))
        return {g: sorted(s) for g, s in found.items()}

    def page(self, *, mine: Sequence[UUID], after: int, limit: int, open_seats: bool | None,
             finished: bool | None, everything: bool = False) -> list[Summary]:
        """Up to ``limit`` summaries after creation number ``after``, in creation order: the
        public games and ``mine`` (every game when ``everything``), filtered."""
        where = ["seq > ?"]
        params: list[Any] = [after]
        if not everything:
            if mine:
                where.append(f"(visibility = 'public' OR game_id IN "
                             f"({', '.join('?' * len(mine))}))")
                params += [str(g) for g in mine]
            else:
                where.append("visibility = 'public'")
        if open_seats is not None:
            where.append("open_seats > 0" if open_seats else "open_seats = 0")
        if finished is not None:
            where.append("status = ?")
            params.append("finished" if finished else "playing")
        params.append(limit)
        with self.transaction(commit=False) as c:
            c.execute(f"SELECT {_COLUMNS} FROM ora_games WHERE {' AND '.join(where)} "
                      "ORDER BY seq LIMIT ?", params)
            return [_summary(r) for r in c.fetchall()]


class _Cursor:
    """A DB-API cursor that takes ``?`` placeholders on either database."""

    def __init__(self, cursor: Any, dialect: str) -> None:
        self._c = cursor
        self._pg = dialect == "postgres"

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s") if self._pg else statement

    def execute(self, statement: str, params: Sequence[Any] = ()) -> None:
        self._c.execute(self._sql(statement), params)

    def executemany(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self._c.executemany(self._sql(statement), rows)

    def fetchone(self) -> Any:
        return self._c.fetchone()

    def fetchall(self) -> list[Any]:
        return list(self._c.fetchall())

    @property
    def rowcount(self) -> int:
        # The library's SQLite cursor wraps sqlite3's and does not pass rowcount on.
        return int(getattr(self._c, "sqlite_cursor", self._c).rowcount)


def _json(value: Any) -> str | None:
    return None if value is None else orjson.dumps(value).decode()


def _summary_values(s: Summary) -> tuple[Any, ...]:
    return (str(s.game_id), orjson.dumps(s.config).decode(), s.visibility, s.version, s.moves,
            s.status, s.open_seats, _json(s.scores))


def _summary(r: Any) -> Summary:
    return Summary(game_id=UUID(r["game_id"]), config=orjson.loads(r["config"]),
                   visibility=r["visibility"], version=int(r["version"]),
                   moves=int(r["moves"]), status=r["status"], open_seats=int(r["open_seats"]),
                   scores=orjson.loads(r["scores"]) if r["scores"] else None, seq=int(r["seq"]))
