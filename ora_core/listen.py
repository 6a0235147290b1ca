"""Wake-ups on every append to a PostgreSQL store, from any process (``LISTEN``/``NOTIFY``).

The eventsourcing library's insert runs ``NOTIFY <channel>`` inside every insert transaction, so
PostgreSQL tells each listening connection when an append commits. An :class:`AppendListener`
holds one connection of its own (not one of the store's pool) that listens on that channel.
A notification says only "something was appended": the listener's owner reads the log from its
own position (:meth:`ora_core.store.EventStore.changes`), so order and completeness never depend
on notifications, which a lost connection does lose.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ora_core.errors import StoreUnavailable

#: Seconds to wait for the server when connecting; the TCP keepalives find a silently dead
#: server within about 25 s, where a listener would otherwise wait forever.
CONNECT_OPTIONS = {"connect_timeout": 5, "keepalives": 1, "keepalives_idle": 10,
            "keepalives_interval": 5, "keepalives_count": 3}


class AppendListener:
    """One connection listening on the store's notification channel; one thread uses it.

    Raises :class:`StoreUnavailable` (``unreachable``) when the database cannot be reached, on
    connecting or while waiting (a server restart closes the connection): make a new one then,
    and read the log from where you were, since notifications sent meanwhile are lost.
    """

    def __init__(self, connect_kwargs: Mapping[str, Any], channel: str,
                 password: Callable[[], str] | None = None) -> None:
        psycopg = importlib.import_module("psycopg")
        sql = importlib.import_module("psycopg.sql")
        kwargs = {k: v for k, v in connect_kwargs.items() if k != "row_factory"}
        kwargs.update(CONNECT_OPTIONS)
        if password is not None:
            kwargs["password"] = password()
        self._errors: tuple[type[BaseException], ...] = (psycopg.Error,)
        try:
            self._conn: Any = psycopg.Connection.connect(autocommit=True, **kwargs)
        except self._errors as e:
            raise _unreachable(e) from e
        try:
            self._conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        except self._errors as e:
            self.close()
            raise _unreachable(e) from e

    @property
    def backend_pid(self) -> int:
        """The server process of the listening connection (as ``pg_stat_activity`` shows it)."""
        return int(self._conn.info.backend_pid)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for an append; True if there was one since the last
        call. Every notification that arrived is consumed: several appends wake once."""
        try:
            woke = any(True for _ in self._conn.notifies(timeout=timeout, stop_after=1))
            if woke:  # drain what else is already here
                for _ in self._conn.notifies(timeout=0):
                    pass
            return woke
        except self._errors as e:
            raise _unreachable(e) from e

    def close(self) -> None:
        with contextlib.suppress(*self._errors):  # the server may have closed it already
            self._conn.close()

    def __enter__(self) -> AppendListener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _unreachable(e: BaseException) -> StoreUnavailable:
    first = str(e).splitlines()[0] if str(e) else type(e).__name__
    return StoreUnavailable("unreachable", f"listening for appends: {first}")
