"""The :class:`EventStore`: appending to and reading games' chained event streams."""

from __future__ import annotations

import contextlib
import importlib
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, Generic, TypeVar
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, RecordConflictError
from eventsourcing.persistence import StoredEvent as _Row
from eventsourcing.sqlite import SQLiteApplicationRecorder

from ora_core.chain import GENESIS_HASH, chain_hash
from ora_core.errors import UnknownGame, VersionConflict
from ora_core.listen import AppendListener
from ora_core.store.backends import check_on_checkout, fail_at_once, settings_for, tune_sqlite
from ora_core.store.mapper import Envelope, OraApplication, as_uuid
from ora_core.store.pg_heads import HeadReader
from ora_core.store.records import EventCodec, Payload, StoredEvent, verify_chain

E = TypeVar("E")
S = TypeVar("S")

_NOTIFICATION_PAGE = 5000
#: The largest version a database is asked about (SQLite's and PostgreSQL's 64-bit integers).
MAX_VERSION = 2**63 - 1


class EventStore(Generic[E]):
    """Games' event streams with optimistic concurrency and a hash chain.

    ``settings`` adds library settings (e.g. ``SQLITE_LOCK_TIMEOUT``, ``POSTGRES_SCHEMA``,
    ``COMPRESSOR_TOPIC``) to the ones the url gives. Safe to share between threads; several
    stores (or processes) on one database are safe too: the database refuses a second event at
    a version, and the loser gets :class:`VersionConflict`.
    """

    def __init__(
        self,
        codec: EventCodec[E],
        url: str = "memory",
        *,
        settings: Mapping[str, str] | None = None,
    ) -> None:
        env = settings_for(url)
        env.update(settings or {})
        self.url = url
        self._codec = codec
        self._app: OraApplication[E] = OraApplication(codec, env)
        self._mapper = self._app.chain_mapper
        self._recorder: ApplicationRecorder = self._app.recorder
        self._pg_heads: HeadReader | None = None  # PostgreSQL: version() on connections of its own
        if isinstance(self._recorder, SQLiteApplicationRecorder):
            tune_sqlite(self._recorder, os.environ.get("ORA_SQLITE_SYNCHRONOUS", "NORMAL"))
        elif url.startswith("postgres:"):
            fail_at_once(self._recorder)
            check_on_checkout(self._recorder)
            recorder: Any = self._recorder
            datastore = recorder.datastore
            self._pg_heads = HeadReader(
                datastore.pool.kwargs, datastore.pool.get_password_func, datastore.schema,
                recorder.events_table_name, text_ids=datastore.originator_id_type == "text",
                wait_s=float(env["POSTGRES_CONNECT_TIMEOUT"]))
        self._lock = threading.Lock()
        self._heads: dict[UUID, tuple[int, str]] = {}  # game -> (version, hash) known stored
        self._games: dict[UUID, None] = {}  # games seen in the notification log, in order
        self._games_seen_upto = 0  # last notification id scanned for game_ids()
        self._threads = threading.local()  # each thread's SQLite connection for version()
        self._head_readers: list[sqlite3.Connection] = []

    # -- writing ----------------------------------------------------------------------------------

    def append(
        self,
        game_id: UUID,
        expected_version: int,
        events: Sequence[E],
        *,
        also: Callable[[Any], None] | None = None,
    ) -> list[StoredEvent[E]]:
        """Store ``events`` at versions ``expected_version + 1 ...`` in one transaction.

        Raises :class:`VersionConflict` if the game is no longer at ``expected_version``
        (another writer stored that version first) and nothing is stored then;
        :class:`UnknownGame` if ``expected_version > 0`` names a game with no events.

        ``also(cursor)`` runs inside that transaction after the insert, with its DB-API cursor
        (SQLite or psycopg, see :attr:`dialect`), so tables kept beside the events change
        with them or not at all; on the memory backend it runs after the insert with None.
        """
        if expected_version < 0:
            raise ValueError(f"expected_version must be >= 0, not {expected_version}")
        if not events:
            return []
        prev = self._prev_hash(game_id, expected_version)
        records: list[StoredEvent[E]] = []
        for version, event in enumerate(events, start=expected_version + 1):
            tag = self._codec.tag(event)
            if not tag or "\n" in tag:
                raise ValueError(f"invalid event tag {tag!r}")
            data = self._codec.encode(event)
            hash_ = chain_hash(prev, tag, data)
            records.append(StoredEvent(game_id, version, event, hash_, prev, tag, data))
            prev = hash_
        try:
            # One insert in one transaction. Application.save() would do the same through
            # ProcessingEvent, whose runtime Protocol isinstance() check per event costs more
            # than the rest of an in-memory append; we use no snapshots nor save hooks.
            envelopes = [Envelope(r.game_id, r.version, r) for r in records]
            if also is None:
                self._app.events.put(envelopes)
            elif self.dialect is None:
                self._app.events.put(envelopes)
                also(None)
            else:
                rows = [self._mapper.to_stored_event(e) for e in envelopes]
                recorder: Any = self._recorder
                if self.dialect == "postgres":
                    self._append_postgres(rows, also)
                else:
                    with recorder.datastore.transaction(commit=True) as cursor:
                        recorder._insert_events(cursor, rows)
                        also(cursor)
        except RecordConflictError as e:
            with self._lock:
                self._heads.pop(game_id, None)
            raise VersionConflict(
                f"game {game_id}: version {expected_version + 1} is already stored "
                f"(expected version {expected_version} is stale)"
            ) from e
        self._remember_head(game_id, records[-1].version, records[-1].hash)
        return records

    def _append_postgres(self, rows: list[Any], also: Callable[[Any], None]) -> None:
        """The insert and ``also`` in one transaction, holding the events table's lock as
        briefly as PostgreSQL allows.

        The library's insert takes ``LOCK TABLE ... IN EXCLUSIVE MODE`` (notification ids in
        commit order), so every append of every process waits for the lock's holder to
        commit. Here ``also`` runs first, before the lock, and the lock, the ``NOTIFY``, the
        insert and the ``COMMIT`` go to the server in one pipeline: the lock is held for the
        server's own work, not for round trips between it and this process (docs/scaling.md).
        """
        recorder: Any = self._recorder
        with recorder.datastore.get_connection() as conn:  # autocommit: BEGIN/COMMIT are ours
            cursor = conn.cursor()
            cursor.execute("BEGIN")
            try:
                also(cursor)
                with conn.pipeline():
                    recorder._insert_stored_events(cursor, rows)
                    cursor.execute("COMMIT")
            except BaseException:
                if conn.info.transaction_status.name != "IDLE":  # in or failed in BEGIN
                    conn.rollback()
                raise

    def _prev_hash(self, game_id: UUID, expected_version: int) -> str:
        """The hash of the event at ``expected_version`` (cached head, else read)."""
        with self._lock:
            cached = self._heads.get(game_id)
        if cached is not None:
            version, hash_ = cached
            if version == expected_version:
                return hash_
            if version > expected_version:  # stored events are never removed
                raise VersionConflict(
                    f"game {game_id} is at version {version}, not {expected_version}"
                )
        if expected_version == 0:
            return GENESIS_HASH  # the insert fails with a conflict if the game exists
        rows = self._recorder.select_events(game_id, desc=True, limit=1)
        if not rows:
            raise UnknownGame(f"unknown game {game_id}")
        head = rows[0]
        version = head.originator_version
        hash_ = self._mapper.head_hash((version, head.topic, head.state))
        self._remember_head(game_id, version, hash_)
        if version != expected_version:
            raise VersionConflict(f"game {game_id} is at version {version}, not {expected_version}")
        return hash_

    def _remember_head(self, game_id: UUID, version: int, hash_: str) -> None:
        with self._lock:
            cached = self._heads.get(game_id)
            if cached is None or cached[0] < version:
                self._heads[game_id] = (version, hash_)

    # -- tables beside the events -----------------------------------------------------------------

    @property
    def dialect(self) -> str | None:
        """``"sqlite"`` or ``"postgres"``: the SQL of :meth:`transaction`; None in memory."""
        if isinstance(self._recorder, SQLiteApplicationRecorder):
            return "sqlite"
        if self.url.startswith("postgres:"):
            return "postgres"
        return None

    @contextlib.contextmanager
    def transaction(self, *, commit: bool) -> Iterator[Any]:
        """A DB-API cursor in a transaction of the store's own database (not in memory), for
        tables kept beside the events; committed at the end when ``commit``, else rolled back.
        Rows read through it are mappings by column name."""
        if self.dialect is None:
            raise RuntimeError("the memory store has no database")
        recorder: Any = self._recorder
        with recorder.datastore.transaction(commit=commit) as cursor:
            yield cursor

    # -- reading ----------------------------------------------------------------------------------

    def events(
        self,
        game_id: UUID,
        from_version: int = 1,
        to_version: int | None = None,
        limit: int | None = None,
    ) -> list[StoredEvent[E]]:
        """The game's events from ``from_version`` to ``to_version`` (inclusive), at most
        ``limit`` of them; raises :class:`UnknownGame` for a game with no events."""
        if from_version < 1:
            raise ValueError(f"from_version must be >= 1, not {from_version}")
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, not {limit}")
        rows: Sequence[_Row] = []
        if limit != 0 and (to_version is None or to_version >= from_version):
            rows = self._recorder.select_events(
                game_id, gt=from_version - 1, lte=to_version, limit=limit
            )
        if not rows:
            if self.version(game_id) == 0:
                raise UnknownGame(f"unknown game {game_id}")
            return []
        stored = [self._mapper.decode_record(row) for row in rows]
        if to_version is None and limit is None:
            self._remember_head(game_id, stored[-1].version, stored[-1].hash)
        return stored

    def version(self, game_id: UUID) -> int:
        """The game's current version: the number of its events (0 for an unknown game).

        One index lookup on SQLite (no payload read): cheap enough to ask before each answer
        from a cache, so a second process writing to the same file is seen at once. It runs
        on a connection of the calling thread's own in autocommit (WAL: it sees every commit),
        not through the library's pool and transaction, which cost six times the lookup."""
        recorder = self._recorder
        if isinstance(recorder, SQLiteApplicationRecorder):
            found = self._head_reader(recorder).execute(
                f"SELECT MAX(originator_version) FROM {recorder.events_table_name} "
                "WHERE originator_id=?", (game_id.hex,)).fetchone()[0]
            return int(found) if found is not None else 0
        if self._pg_heads is not None:
            return self._pg_heads.version(game_id)
        rows = recorder.select_events(game_id, desc=True, limit=1)
        return rows[0].originator_version if rows else 0

    def _head_reader(self, recorder: SQLiteApplicationRecorder) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._threads, "head_reader", None)
        if conn is None:
            pool: Any = recorder.datastore.pool
            conn = sqlite3.connect(pool.db_name, uri=True, check_same_thread=False,
                                   isolation_level=None, timeout=pool.lock_timeout or 5)
            self._threads.head_reader = conn
            with self._lock:
                self._head_readers.append(conn)
        return conn

    def game_ids(self) -> list[UUID]:
        """Every stored game, in the order their first events were stored.

        Scans the notification log (one sequence over all games) once for each new event; on
        SQLite and PostgreSQL a query that skips the payloads does that scan about 50x faster.
        """
        with self._lock:
            if isinstance(self._recorder, SQLiteApplicationRecorder):
                self._scan_sqlite_games(self._recorder)
            elif self.url.startswith("postgres:"):
                self._scan_postgres_games(self._recorder)
            else:
                self._scan_notifications()
            return list(self._games)

    def _scan_notifications(self) -> None:
        while True:
            page = self._recorder.select_notifications(
                start=self._games_seen_upto, limit=_NOTIFICATION_PAGE, inclusive_of_start=False
            )
            for n in page:
                if n.originator_version == 1:
                    self._games[as_uuid(n.originator_id)] = None
            if page:
                self._games_seen_upto = page[-1].id
            if len(page) < _NOTIFICATION_PAGE:
                return

    def _scan_sqlite_games(self, recorder: SQLiteApplicationRecorder) -> None:
        # The notification id of a SQLite event is its rowid (as in select_notifications).
        table = recorder.events_table_name
        with recorder.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT MAX(rowid) FROM {table}")
            last = c.fetchone()[0]
            if last is None or last <= self._games_seen_upto:
                return
            c.execute(
                f"SELECT originator_id FROM {table} "
                "WHERE rowid>? AND rowid<=? AND originator_version=1 ORDER BY rowid",
                (self._games_seen_upto, last),
            )
            rows = c.fetchall()
        for (originator_id,) in rows:
            self._games[as_uuid(recorder.convert_originator_id(originator_id))] = None
        self._games_seen_upto = last

    def _scan_postgres_games(self, recorder: Any) -> None:
        # A PostgresApplicationRecorder (psycopg is an optional dependency, hence Any). Its
        # inserts lock the table, so every id up to the current maximum is committed.
        last = recorder.max_notification_id()
        if last is None or last <= self._games_seen_upto:
            return
        sql = importlib.import_module("psycopg.sql")
        statement = sql.SQL(
            "SELECT originator_id FROM {}.{} WHERE notification_id>%s AND notification_id<=%s "
            "AND originator_version=1 ORDER BY notification_id"
        ).format(
            sql.Identifier(recorder.datastore.schema), sql.Identifier(recorder.events_table_name)
        )
        with recorder.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(statement, (self._games_seen_upto, last))
            rows = curs.fetchall()
        for row in rows:
            self._games[as_uuid(row["originator_id"])] = None
        self._games_seen_upto = last

    def changes(self, after: int | None) -> tuple[int, dict[UUID, int]]:
        """The games appended to since the notification id ``after``, each with its newest
        version, and the id to ask from next; ``after=None`` only finds that id (the log's end).

        One query over the notification log (SQLite: the rowid; PostgreSQL: the notification
        id, committed in order because its inserts lock the table), whatever the number of
        games: what several processes on one database use to follow each other's writes."""
        recorder: Any = self._recorder
        if isinstance(recorder, SQLiteApplicationRecorder):
            table = recorder.events_table_name
            with recorder.datastore.transaction(commit=False) as c:
                c.execute(f"SELECT MAX(rowid) FROM {table}")
                last = c.fetchone()[0] or 0
                if after is None or last <= after:
                    return (last if after is None else max(after, last)), {}
                c.execute(f"SELECT originator_id, MAX(originator_version) FROM {table} "
                          "WHERE rowid>? AND rowid<=? GROUP BY originator_id", (after, last))
                rows = [(recorder.convert_originator_id(r[0]), r[1]) for r in c.fetchall()]
        elif self.url.startswith("postgres:"):
            last = recorder.max_notification_id() or 0
            if after is None or last <= after:
                return (last if after is None else max(after, last)), {}
            sql = importlib.import_module("psycopg.sql")
            statement = sql.SQL(
                "SELECT originator_id, MAX(originator_version) AS version FROM {}.{} "
                "WHERE notification_id>%s AND notification_id<=%s GROUP BY originator_id"
            ).format(sql.Identifier(recorder.datastore.schema),
                     sql.Identifier(recorder.events_table_name))
            with recorder.datastore.get_connection() as conn, conn.cursor() as curs:
                curs.execute(statement, (after, last))
                rows = [(r["originator_id"], r["version"]) for r in curs.fetchall()]
        else:  # in memory: one process, nobody else appends
            return after or 0, {}
        return last, {as_uuid(game): int(version) for game, version in rows}

    def listen(self) -> AppendListener | None:
        """A new :class:`~ora_core.listen.AppendListener`, woken by every append to this
        database from any process (PostgreSQL ``LISTEN`` on the channel the library's insert
        notifies); None where the backend has no such thing (memory, SQLite: poll
        :meth:`changes`). Raises :class:`StoreUnavailable` if the database cannot be reached."""
        if not self.url.startswith("postgres:"):
            return None
        recorder: Any = self._recorder
        pool = recorder.datastore.pool
        return AppendListener(pool.kwargs, recorder.channel_name, pool.get_password_func)

    def fold(
        self,
        game_id: UUID,
        fold_fn: Callable[[Iterable[E]], S],
        version: int | None = None,
    ) -> S:
        """``fold_fn`` over the game's events 1..``version`` (all of them when None).

        Every event is checked against the hash chain as it is read: a stream altered outside
        the store raises :class:`TamperedLog` naming the first bad version, and ``fold_fn``
        never sees the event. Raises :class:`UnknownGame` for a game with no events,
        ValueError for a version beyond the game's head.
        """
        if version is not None and version < 0:
            raise ValueError(f"version must be >= 0, not {version}")
        payloads: Sequence[Payload] = []
        if version != 0:  # a version past any database's integers reads every event
            payloads = self._payloads(game_id, min(version, MAX_VERSION)
                                      if version is not None else None)
        if not payloads:  # no event at or below version (>= 1), or version 0 of a known game?
            if version != 0 or self.version(game_id) == 0:
                raise UnknownGame(f"unknown game {game_id}")
        else:
            head = payloads[-1][0]
            if version is not None and version > head:
                raise ValueError(f"game {game_id} is at version {head}, not {version}")
            if version is None:
                self._remember_head(game_id, head, self._mapper.head_hash(payloads[-1]))
        decode = self._mapper.event_decoder()
        events: Iterator[E] = (decode(payload) for payload in payloads)
        return fold_fn(events)

    def _payloads(self, game_id: UUID, version: int | None) -> Sequence[Payload]:
        """``(version, tag, stored bytes)`` of the game's events up to ``version``, in order.

        On SQLite one query whose rows are read as they come: the library's ``select_events``
        builds a frozen dataclass per row, which cost a third of a fold.
        """
        recorder = self._recorder
        if not isinstance(recorder, SQLiteApplicationRecorder):
            return [(r.originator_version, r.topic, r.state)
                    for r in recorder.select_events(game_id, lte=version)]
        query = (f"SELECT originator_version, topic, state FROM {recorder.events_table_name} "
                 "WHERE originator_id=?")
        params: list[Any] = [game_id.hex]  # the library's stored form of a UUID id
        if version is not None:
            query += " AND originator_version<=?"
            params.append(version)
        with recorder.datastore.transaction(commit=False) as c:
            c.execute(query + " ORDER BY originator_version", params)
            return c.fetchall()  # type: ignore[no-any-return]

    def verify(self, game_id: UUID) -> None:
        """:func:`verify_chain` over the whole stored game."""
        verify_chain(self.events(game_id))

    # -- lifetime ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database connections."""
        with self._lock:
            readers, self._head_readers = self._head_readers, []
        for conn in readers:
            conn.close()
        if self._pg_heads is not None:
            self._pg_heads.close()
        self._app.close()

    def __enter__(self) -> EventStore[E]:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> None:
        self.close()
