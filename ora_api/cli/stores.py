"""Which commands may create a store: only those that write (``demo``, ``selfplay --store``,
``import``, ``serve``, ``mcp``). A command that only reads (``list``, ``show``, ``log``, ...)
refuses a store that does not exist, so a mistyped ``--store`` or ``$ORA_DATA`` is reported
instead of answering "unknown game" from a new, empty database."""

from __future__ import annotations

import sys
from pathlib import Path

from ora_core.errors import OraError


class NoStore(OraError):
    """A command that only reads was pointed at a store that does not exist."""

    code = "no_store"


def _sqlite_path(url: str) -> Path | None:
    path = url[len("sqlite:"):] if url.startswith("sqlite:") else ""
    return Path(path) if path and ":memory:" not in path and not path.startswith("file:") \
        else None


def existing_store(url: str) -> str:
    """``url`` if its store exists (or is in memory, or a server's); ``NoStore`` otherwise."""
    path = _sqlite_path(url)
    if path is not None and not path.is_file():
        folder = path.parent
        where = "" if folder.is_dir() else f" (the folder {folder} does not exist either)"
        raise NoStore(f"no store at {path}{where}: a command that only reads never creates one; "
                      "check --store or $ORA_DATA (ora demo, import and serve create a store)")
    return url


def announce_new_store(url: str) -> str:
    """``url``; says on stderr when a command is about to create its SQLite store."""
    path = _sqlite_path(url)
    if path is not None and not path.exists():
        print(f"ora: creating a new store at {path}", file=sys.stderr)
    return url
