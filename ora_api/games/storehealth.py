"""A failing store, told once: ``store_unavailable`` for clients, one log line per failure.

When the database fails (a full disk, a read-only file, a lost PostgreSQL server), every request
that needs it would otherwise be an internal error with a traceback in the log. Instead the
server answers ``store_unavailable`` (``data.reason``: ``disk_full``, ``read_only`` or
``unreachable``; nothing was stored), logs the failure once when it begins and once when it
ends, and needs no restart: each request tries the store again, and the first write that
succeeds (or, for ``unreachable``, the first read) ends the failure.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

from ora_core.store import StoreUnavailable, storage_failure

log = logging.getLogger("ora.api")

#: What each reason tells a client.
DETAILS = {
    "disk_full": "the server's disk is full: nothing was stored; try again later",
    "read_only": "the server's store is read-only: nothing was stored; try again later",
    "unreachable": "the server cannot reach its store: nothing was stored; try again later",
}


class StoreHealth:
    """Whether the store is failing now, and why; logs each change once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.failing: str | None = None
        self._since = 0.0
        self._refused = 0

    def failure(self, error: BaseException) -> str | None:
        """The reason if ``error`` is the store failing (logged when the failure begins or
        changes), else None."""
        reason = storage_failure(error)
        if reason is None:
            return None
        with self._lock:
            self._refused += 1
            if self.failing == reason:
                return reason
            self.failing, self._since, self._refused = reason, time.monotonic(), 1
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        log.error("the store is unavailable (%s): %s; answering store_unavailable until it "
                  "recovers", reason, first)
        return reason

    def ok(self, *, wrote: bool) -> None:
        """The store answered: a write ends any failure, a read ends an ``unreachable`` one."""
        if self.failing is None or (not wrote and self.failing != "unreachable"):
            return
        with self._lock:
            if self.failing is None:
                return
            reason, took, refused = self.failing, time.monotonic() - self._since, self._refused
            self.failing = None
        log.warning("the store is available again (%s for %.1f s, %d request(s) refused)",
                    reason, took, refused)


def unavailable(error: Exception, store_url: str) -> Exception:
    """``error`` as :class:`StoreUnavailable` when it is the database failing."""
    reason = storage_failure(error)
    if reason is None:
        return error
    if reason == "unreachable" and store_url.startswith("sqlite:"):
        # SQLite says "unable to open database file" when it may not create its journal
        # beside the file: a read-only folder.
        folder = Path(store_url[len("sqlite:"):]).parent
        if folder.is_dir() and not os.access(folder, os.W_OK):
            reason = "read_only"
    lines = str(error).splitlines()
    return StoreUnavailable(reason, lines[0] if lines else type(error).__name__)
