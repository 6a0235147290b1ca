"""A game's head version on PostgreSQL, read on connections of the store's own (issue 34).

A server asks :meth:`ora_core.store.EventStore.version` before each answer from its cache (twice
a move: the legal moves, then the move), so that another worker's append is seen at once.
Through the library that read took two round trips and a payload: the pool's check of the
connection on checkout, then ``SELECT *`` of the game's last event. Here it is one prepared,
index-only ``SELECT MAX(originator_version)`` on an idle connection kept for these reads and
handed out unchecked: a read can be made again, so a connection found dead on use (a restarted
server) is closed and the read made once more on a new one.
"""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from ora_core.listen import CONNECT_OPTIONS

#: Idle connections kept for the next reads; more readers at once connect and then close.
MAX_IDLE = 16


class HeadReader:
    """``version(game_id)`` on PostgreSQL; safe to call from any thread."""

    def __init__(self, connect_kwargs: Mapping[str, Any], password: Callable[[], str] | None,
                 schema: str, table: str, *, text_ids: bool = False) -> None:
        self._psycopg: Any = importlib.import_module("psycopg")
        sql: Any = importlib.import_module("psycopg.sql")
        self._kwargs = {k: v for k, v in connect_kwargs.items() if k != "row_factory"}
        self._kwargs.update(CONNECT_OPTIONS)
        self._password = password
        self._statement = sql.SQL(
            "SELECT MAX(originator_version) FROM {}.{} WHERE originator_id = %s"
        ).format(sql.Identifier(schema), sql.Identifier(table))
        self._text_ids = text_ids  # ids stored as text (ORIGINATOR_ID_TYPE), not as uuid
        self._idle: list[Any] = []
        self._lock = threading.Lock()

    def version(self, game_id: UUID) -> int:
        """The game's newest stored version, 0 if it has none. A connection error on an idle
        connection is retried once on a new one; any other error is raised (psycopg's own, which
        :func:`ora_core.store.failures.storage_failure` reads)."""
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is not None:
            try:
                return self._read(conn, game_id)
            except self._psycopg.OperationalError:
                pass  # it died since its last use: make the read once more
        return self._read(self._connect(), game_id)

    def _read(self, conn: Any, game_id: UUID) -> int:
        key = str(game_id) if self._text_ids else game_id
        try:
            row = conn.execute(self._statement, (key,), prepare=True).fetchone()
        except BaseException:
            self._discard(conn)  # rare: a new connection is cheaper than knowing its state
            raise
        self._give_back(conn)
        return int(row[0] or 0)

    def _connect(self) -> Any:
        kwargs = dict(self._kwargs)
        if self._password is not None:
            kwargs["password"] = self._password()
        return self._psycopg.Connection.connect(autocommit=True, **kwargs)

    def _give_back(self, conn: Any) -> None:
        with self._lock:
            if len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                return
        self._discard(conn)

    def _discard(self, conn: Any) -> None:
        with contextlib.suppress(self._psycopg.Error):
            conn.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            self._discard(conn)
