"""A game's head version on PostgreSQL, read on connections of the store's own (issue 34).

A server asks :meth:`ora_core.store.EventStore.version` before answering from its cache, so
that another worker's append is seen at once. Through the library that read took two round
trips and a payload: the pool's check of the connection on checkout, then ``SELECT *`` of the
game's last event. Here it is one prepared, index-only ``SELECT MAX(originator_version)`` on
one of a few connections kept for these reads and handed out unchecked: a read can be made
again, so a connection found dead on use (a restarted server) is closed and the read made once
more on a new one.
"""

from __future__ import annotations

import contextlib
import importlib
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any
from uuid import UUID

from ora_core.errors import StoreUnavailable
from ora_core.listen import CONNECT_OPTIONS

#: Connections a store holds for head reads at most (docs/scaling.md counts them); a read that
#: finds them all busy waits for one. Four were too few: ten clients on one worker then waited
#: or, when extra ones were opened and closed, made 200 connections in 10 s.
MAX_CONNECTIONS = 8


class HeadReader:
    """``version(game_id)`` on PostgreSQL; safe to call from any thread."""

    def __init__(self, connect_kwargs: Mapping[str, Any], password: Callable[[], str] | None,
                 schema: str, table: str, *, text_ids: bool = False,
                 wait_s: float = 2.0) -> None:
        self._psycopg: Any = importlib.import_module("psycopg")
        sql: Any = importlib.import_module("psycopg.sql")
        self._kwargs = {k: v for k, v in connect_kwargs.items() if k != "row_factory"}
        self._kwargs.update(CONNECT_OPTIONS)
        self._password = password
        self._statement = sql.SQL(
            "SELECT MAX(originator_version) FROM {}.{} WHERE originator_id = %s"
        ).format(sql.Identifier(schema), sql.Identifier(table))
        self._text_ids = text_ids  # ids stored as text (ORIGINATOR_ID_TYPE), not as uuid
        self._wait_s = wait_s
        self._idle: list[Any] = []
        self._open = 0  # connections made and not yet closed: idle or in use
        self._free = threading.Condition()

    def version(self, game_id: UUID) -> int:
        """The game's newest stored version, 0 if it has none. A connection error on an idle
        connection is retried once on a new one; any other error is raised (psycopg's own, which
        :func:`ora_core.store.failures.storage_failure` reads), and :class:`StoreUnavailable`
        if no connection is free within the wait."""
        conn = self._take()
        if conn is not None:
            try:
                return self._read(conn, game_id)
            except self._psycopg.OperationalError:  # it died since its last use (closed):
                with self._free:                     # its place goes to a new one
                    self._open += 1
        return self._read(self._connect(), game_id)

    def _take(self) -> Any:
        """An idle connection, or None with a place reserved for a new one."""
        deadline = time.monotonic() + self._wait_s
        with self._free:
            while not self._idle and self._open >= MAX_CONNECTIONS:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise StoreUnavailable("unreachable", "no connection for a head read within "
                                           f"{self._wait_s:g} s")
                self._free.wait(left)
            if self._idle:
                return self._idle.pop()
            self._open += 1
            return None

    def _connect(self) -> Any:
        kwargs = dict(self._kwargs)
        if self._password is not None:
            kwargs["password"] = self._password()
        try:
            return self._psycopg.Connection.connect(autocommit=True, **kwargs)
        except BaseException:
            self._release()
            raise

    def _read(self, conn: Any, game_id: UUID) -> int:
        key = str(game_id) if self._text_ids else game_id
        try:
            row = conn.execute(self._statement, (key,), prepare=True).fetchone()
        except BaseException:
            self._discard(conn)  # rare: a new connection is cheaper than knowing its state
            raise
        with self._free:
            self._idle.append(conn)
            self._free.notify()
        return int(row[0] or 0)

    def _discard(self, conn: Any) -> None:
        with contextlib.suppress(self._psycopg.Error):
            conn.close()
        self._release()

    def _release(self) -> None:
        with self._free:
            self._open -= 1
            self._free.notify()

    def close(self) -> None:
        with self._free:
            idle, self._idle = self._idle, []
        for conn in idle:
            self._discard(conn)
