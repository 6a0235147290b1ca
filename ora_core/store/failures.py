"""Which errors say that the database failed (full, read-only, unreachable), as opposed to a bug."""

from __future__ import annotations

import errno
import sqlite3

from eventsourcing.persistence import PersistenceError

# "disk I/O error" is what SQLite says when a write meets a file-size limit (EFBIG) or a failing
# disk: writes fail while reads go on, like a full disk (as "unreachable", ended by each read,
# the failure would flap and log two lines per request).
_DISK_FULL = ("database or disk is full", "no space left", "disk full", "quota exceeded",
              "disk i/o error", "file too large")
_READ_ONLY = ("readonly database", "read-only", "read only")
_UNREACHABLE = ("unable to open database", "database is locked",
                "connection", "could not connect", "server closed", "timeout", "terminating")


def storage_failure(error: BaseException) -> str | None:
    """Why ``error`` (or an exception it was raised from) says the database failed:
    ``disk_full``, ``read_only`` or ``unreachable``; None for any other error (a bug stays a
    bug: a syntax error or a missing table is not a storage failure)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        reason = _failure_of(current)
        if reason is not None:
            return reason
        current = current.__cause__ or current.__context__
    return None


def _failure_of(e: BaseException) -> str | None:
    if isinstance(e, OSError):
        if e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
            return "disk_full"
        if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return "read_only"
        return None
    sqlstate = getattr(e, "sqlstate", None)  # psycopg's errors carry the SQLSTATE
    if isinstance(sqlstate, str):
        if sqlstate == "53100":
            return "disk_full"
        if sqlstate == "25006":
            return "read_only"
        if sqlstate.startswith(("08", "57P", "53")):
            return "unreachable"
    module = type(e).__module__
    if not (isinstance(e, sqlite3.Error | PersistenceError) or module.startswith("psycopg")):
        return None
    text = str(e).lower()
    if any(words in text for words in _DISK_FULL):
        return "disk_full"
    if any(words in text for words in _READ_ONLY):
        return "read_only"
    if any(words in text for words in _UNREACHABLE):
        return "unreachable"
    if module.startswith("psycopg") and type(e).__name__ in (
            "OperationalError", "InterfaceError", "PoolTimeout", "TooManyRequests"):
        return "unreachable"
    return None
