"""The backends a store url names (``memory``, ``sqlite:PATH``, ``postgres:``) and how each
recorder is tuned: SQLite's ``PRAGMA synchronous``, PostgreSQL without the library's retries."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from eventsourcing.persistence import ApplicationRecorder
from eventsourcing.sqlite import SQLiteApplicationRecorder

from ora_core.errors import BadStoreUrl

#: Seconds a PostgreSQL read or append waits for a connection of the pool, unless the
#: environment sets ``POSTGRES_CONNECT_TIMEOUT`` (the library's name; its default is 30). A
#: healthy pool hands one over in milliseconds; a pool with none has lost the server, and a
#: request should answer ``store_unavailable`` soon rather than hang until it comes back.
POOL_WAIT_S = 2


def settings_for(url: str) -> dict[str, str]:
    if url == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if url.startswith("sqlite:"):
        path = url[len("sqlite:") :]
        if not path:
            raise ValueError("sqlite store url needs a path: 'sqlite:PATH'")
        if path.lower().startswith("file:") or ":memory:" in path:
            # SQLite would read these as a URI with options or as a memory database: a file
            # under a name the operator did not write, or a store that vanishes.
            raise BadStoreUrl(f"a sqlite store url is 'sqlite:' and a plain path, not {url!r} "
                              "(use 'memory' for a store in memory)")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Ids are stored as hex text either way; "text" only skips the library's UUID(...) per
        # row read (a third of a fold's reading time); the store turns ids back into UUIDs.
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
                "ORIGINATOR_ID_TYPE": "text"}
    if url.startswith("postgres:"):
        if importlib.util.find_spec("psycopg") is None:
            raise BadStoreUrl("the postgres store needs psycopg: pip install 'ora[postgres]'")
        settings = {k: v for k, v in os.environ.items() if k.startswith("POSTGRES_")}
        settings["PERSISTENCE_MODULE"] = "eventsourcing.postgres"
        settings.setdefault("POSTGRES_CONNECT_TIMEOUT", str(POOL_WAIT_S))
        # A connection is checked as it leaves the pool: those that died with a restarted server
        # are replaced there, not handed to a request that would fail on them.
        settings.setdefault("POSTGRES_PRE_PING", "y")
        if dbname := url[len("postgres:") :]:
            settings["POSTGRES_DBNAME"] = dbname
        if not settings.get("POSTGRES_DBNAME"):
            raise BadStoreUrl("the postgres store names no database: write postgres:DBNAME or "
                              "set POSTGRES_DBNAME")
        return settings
    raise BadStoreUrl(f"unknown store url {url!r}: use 'memory', 'sqlite:PATH' or 'postgres:'")


#: The values of ``PRAGMA synchronous`` the store accepts (``ORA_SQLITE_SYNCHRONOUS``).
SQLITE_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


def tune_sqlite(recorder: SQLiteApplicationRecorder, synchronous: str) -> None:
    """``PRAGMA synchronous`` on every connection of the recorder (docs/performance.md).

    In WAL mode NORMAL syncs the log only at checkpoints, not at each commit: a commit costs no
    fsync (about 10 ms of a move's 14 ms on the reference machine). A process killed at any
    point loses nothing it acknowledged, and the file is never corrupted; a power cut or an OS
    crash may roll back the last commits before the last checkpoint. FULL (SQLite's default)
    syncs at every commit and keeps them too."""
    mode = synchronous.upper()
    if mode not in SQLITE_SYNCHRONOUS:
        raise ValueError(f"ORA_SQLITE_SYNCHRONOUS must be one of {', '.join(SQLITE_SYNCHRONOUS)}"
                         f", not {synchronous!r}")
    pool: Any = recorder.datastore.pool
    create = pool._create_connection

    def create_tuned() -> Any:
        conn = create()
        conn._sqlite_conn.execute(f"PRAGMA synchronous={mode}")
        return conn

    pool._create_connection = create_tuned
    for conn in list(pool._pool):  # the connections the recorder opened already
        conn._sqlite_conn.execute(f"PRAGMA synchronous={mode}")


#: The PostgreSQL recorder's methods that the library retries on a connection error.
_RETRIED = ("insert_events", "select_events", "select_notifications", "max_notification_id")


def fail_at_once(recorder: ApplicationRecorder) -> None:
    """Take the library's retries off the PostgreSQL recorder's reads and inserts.

    The library tries each of them 10 times, 0.2 s apart, on a connection error, each time
    waiting for a connection of the pool: while the server is down a read would hang for
    10 x (pool wait + 0.2 s) and then fail, or succeed late if the server came back meanwhile,
    whereas the appends of :meth:`EventStore.append` (not retried) failed at once. Without the
    retries every operation meeting a lost server raises at once, or after the pool wait
    (:data:`POOL_WAIT_S`): a request answers ``store_unavailable`` and its client asks again.
    (An insert retried after a lost reply to its COMMIT would even turn a stored event into a
    version conflict.)"""
    for name in _RETRIED:
        method = getattr(type(recorder), name, None)
        inner = getattr(method, "__wrapped__", None)  # the retry decorator uses functools.wraps
        if inner is not None:
            setattr(recorder, name, inner.__get__(recorder))


def check_on_checkout(recorder: ApplicationRecorder) -> None:
    """On checkout (``POSTGRES_PRE_PING``), one dead connection replaces every idle one.

    After a server restart all the pool's connections are dead. The pool's own check would find
    them one per checkout, sleeping a growing backoff (1 s, 2 s, ...) after each: a request
    could meet several and wait past :data:`POOL_WAIT_S`. Checking them all at the first dead
    one leaves one backoff, then connections made anew."""
    pool: Any = getattr(getattr(recorder, "datastore", None), "pool", None)
    if pool is None or getattr(pool, "_check", None) is None:
        return

    def check(conn: Any) -> None:
        try:
            pool.check_connection(conn)
        except Exception:
            pool.check()  # the others died with it: dispose of them and connect anew
            raise

    pool._check = check
