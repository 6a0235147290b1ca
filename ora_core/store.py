"""The event store: one game is one hash-chained event stream (design §3).

The store is generic over an :class:`EventCodec`, which turns the engine's events into canonical
JSON bytes and back, so it knows no event class. Underneath it is an ``eventsourcing``
``Application`` with a custom ``Mapper`` (tech-notes §1.2 way b): the library's ``Aggregate`` and
``@event`` machinery is not used. Its recorder table is the log: one row per event keyed by
``(game_id, version)``, whose primary key is the whole concurrency model (tech-notes §1.5).

Backends (the ``url`` of :class:`EventStore`):

- ``"memory"``: ``eventsourcing.popo``, gone when the process ends.
- ``"sqlite:PATH"``: ``eventsourcing.sqlite``, one file (WAL mode); parent folders are created.
- ``"postgres:"``: ``eventsourcing.postgres``, configured by the ``POSTGRES_*`` variables of the
  process environment (``POSTGRES_DBNAME``, ``POSTGRES_HOST``, ``POSTGRES_USER``,
  ``POSTGRES_PASSWORD``, ...); ``"postgres:NAME"`` overrides ``POSTGRES_DBNAME``. Needs the
  ``postgres`` extra (psycopg). ``POSTGRES_CONNECT_TIMEOUT`` is how many seconds a read or an
  append waits for a connection of the pool (:data:`POOL_WAIT_S` unless set): while the server
  is down or restarting the pool has none, and the wait ends as :class:`StoreUnavailable`.

Every stored row's payload is the event's canonical JSON wrapped with its place in the chain::

    {"prev":"<64 hex>","hash":"<64 hex>","event":<the codec's bytes, verbatim>}

with ``hash = sha256(prev + "\\n" + tag + "\\n" + event bytes)`` and the first ``prev`` 64 zeros;
the row's topic is the event's tag. :func:`verify_chain` recomputes the hashes of a read stream.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import importlib
import importlib.util
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar
from uuid import UUID

import orjson
from attrs import frozen
from eventsourcing.application import Application
from eventsourcing.persistence import (
    ApplicationRecorder,
    JSONTranscoder,
    Mapper,
    PersistenceError,
    RecordConflictError,
)
from eventsourcing.persistence import StoredEvent as _Row
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import Environment, EnvType

from ora_core.chain import GENESIS_HASH, chain_hash
from ora_core.errors import BadStoreUrl, OraError, UnknownGame, VersionConflict

if TYPE_CHECKING:
    from ora_core.listen import AppendListener

__all__ = [
    "GENESIS_HASH",
    "EventCodec",
    "EventStore",
    "StoreUnavailable",
    "StoredEvent",
    "TamperedLog",
    "chain_hash",
    "storage_failure",
    "verify_chain",
]

E = TypeVar("E")
S = TypeVar("S")

_NOTIFICATION_PAGE = 5000


class EventCodec(Protocol[E]):
    """Turns events into canonical JSON bytes and back (the store's only view of an event)."""

    def tag(self, event: E) -> str:
        """The event's stable type tag (stored as the row's topic)."""
        ...

    def encode(self, event: E) -> bytes:
        """Canonical JSON bytes (orjson, sorted keys): equal events give equal bytes."""
        ...

    def decode(self, tag: str, data: bytes) -> E:
        """The event that ``encode`` turned into ``data``, whose tag is ``tag``."""
        ...


class TamperedLog(OraError):
    """A stored event does not match the hash chain: the log was altered outside the store."""

    code = "tampered_log"

    def __init__(self, version: int, detail: str) -> None:
        super().__init__(f"tampered log at version {version}: {detail}")
        self.version = version
        self.detail = detail


class StoreUnavailable(OraError):
    """The database cannot be written or reached; ``reason`` is ``disk_full``, ``read_only`` or
    ``unreachable`` (:func:`storage_failure`)."""

    code = "store_unavailable"

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"the store is unavailable ({reason}): {detail}")
        self.reason = reason
        self.detail = detail


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


@frozen
class StoredEvent(Generic[E]):
    """One event at its place in a game's stream.

    ``tag`` and ``data`` are the codec's tag and the exact bytes that were hashed, so that
    :func:`verify_chain` needs no codec.
    """

    game_id: UUID
    version: int
    event: E
    hash: str
    prev_hash: str
    tag: str
    data: bytes


def verify_chain(stored: Sequence[StoredEvent[Any]]) -> None:
    """Check that ``stored`` (one game's events, in order) is an unbroken, unaltered chain.

    Checks that versions are consecutive, each ``prev_hash`` is the previous event's ``hash``
    (or :data:`GENESIS_HASH` at version 1) and each ``hash`` matches the event's tag and bytes.
    A slice that starts after version 1 is checked from its first ``prev_hash`` on. Raises
    :class:`TamperedLog` at the first mismatch. (A chain cannot show that events were cut off
    its end: compare the head hash with one kept elsewhere for that.)
    """
    prev: StoredEvent[Any] | None = None
    for s in stored:
        if prev is not None:
            if s.game_id != prev.game_id:
                raise TamperedLog(s.version, f"game {s.game_id} follows game {prev.game_id}")
            if s.version != prev.version + 1:
                raise TamperedLog(s.version, f"version {s.version} follows {prev.version}")
            if s.prev_hash != prev.hash:
                raise TamperedLog(s.version, "prev_hash is not the hash of the previous event")
        elif s.version == 1 and s.prev_hash != GENESIS_HASH:
            raise TamperedLog(s.version, "the first event's prev_hash is not the genesis hash")
        if chain_hash(s.prev_hash, s.tag, s.data) != s.hash:
            raise TamperedLog(s.version, "hash does not match the event's content")
        prev = s


#: A stored event as a fold reads it: (version, tag, stored bytes).
_Payload = tuple[int, str, bytes]

# --- the stored payload -------------------------------------------------------------------------

_P0, _P1, _P2 = b'{"prev":"', b'","hash":"', b'","event":'
_HASH_AT = len(_P0) + 64 + len(_P1)  # where the hash starts
_DATA_AT = _HASH_AT + 64 + len(_P2)  # where the event bytes start


def _wrap(prev_hash: str, hash_: str, data: bytes) -> bytes:
    """The payload: compact JSON with the event's bytes embedded verbatim."""
    return b"".join((_P0, prev_hash.encode(), _P1, hash_.encode(), _P2, data, b"}"))


def _unwrap(state: bytes, version: int) -> tuple[str, str, bytes]:
    """``(prev_hash, hash, event bytes)`` of a payload written by :func:`_wrap`.

    A payload whose layout was changed (say re-serialised by another tool) is parsed as JSON
    and its event re-encoded canonically (sorted keys); anything else is a :class:`TamperedLog`.
    """
    if (
        state.startswith(_P0)
        and state[_HASH_AT - len(_P1) : _HASH_AT] == _P1
        and state[_DATA_AT - len(_P2) : _DATA_AT] == _P2
        and state.endswith(b"}")
    ):
        return (  # latin-1 never fails: a forged non-hex hash just will not verify
            state[len(_P0) : _HASH_AT - len(_P1)].decode("latin-1"),
            state[_HASH_AT : _DATA_AT - len(_P2)].decode("latin-1"),
            state[_DATA_AT:-1],
        )
    try:
        obj = orjson.loads(state)
        prev, hash_, event = obj["prev"], obj["hash"], obj["event"]
        if not (isinstance(prev, str) and isinstance(hash_, str)):
            raise TypeError("prev and hash must be strings")
        return prev, hash_, orjson.dumps(event, option=orjson.OPT_SORT_KEYS)
    except (orjson.JSONDecodeError, TypeError, KeyError) as e:
        raise TamperedLog(version, f"payload is not a chained event ({e})") from e


def _chained(state: bytes, version: int) -> tuple[bytes, bytes, bytes]:
    """``(prev_hash, hash, event bytes)`` of a payload, the hashes as ASCII bytes: what a fold
    checks the chain with, without decoding either hash."""
    if (state[_DATA_AT - len(_P2) : _DATA_AT] == _P2 and state.startswith(_P0)
            and state[_HASH_AT - len(_P1) : _HASH_AT] == _P1 and state.endswith(b"}")):
        return state[len(_P0) : _HASH_AT - len(_P1)], state[_HASH_AT : _DATA_AT - len(_P2)], \
            state[_DATA_AT:-1]
    prev, hash_, data = _unwrap(state, version)
    return prev.encode("utf-8", "surrogatepass"), hash_.encode("utf-8", "surrogatepass"), data


# --- the eventsourcing edge ---------------------------------------------------------------------


@frozen
class _Envelope(Generic[E]):
    """What the library saves: satisfies its ``DomainEventProtocol``, carries our record."""

    originator_id: UUID
    originator_version: int
    record: StoredEvent[E]


class _ChainMapper(Mapper[UUID], Generic[E]):
    """Stores :class:`StoredEvent` records as chained JSON payloads, topic = the codec's tag.

    Applies the library's compressor and cipher when they are configured.
    """

    def __init__(self, codec: EventCodec[E], app: Application[UUID]) -> None:
        factory = app.factory
        super().__init__(
            transcoder=JSONTranscoder(),  # required by the base class, unused
            compressor=factory.compressor(),
            cipher=factory.cipher(),
        )
        self.codec = codec

    def to_stored_event(self, domain_event: Any) -> _Row:
        if not isinstance(domain_event, _Envelope):
            raise TypeError(f"not an ora event envelope: {domain_event!r}")
        return self.encode_record(domain_event.record)

    def to_domain_event(self, stored_event: _Row) -> Any:
        record: StoredEvent[E] = self.decode_record(stored_event)
        return _Envelope(record.game_id, record.version, record)

    def encode_record(self, r: StoredEvent[E]) -> _Row:
        state = _wrap(r.prev_hash, r.hash, r.data)
        if self.compressor:
            state = self.compressor.compress(state)
        if self.cipher:
            state = self.cipher.encrypt(state)
        return _Row(originator_id=r.game_id, originator_version=r.version, topic=r.tag, state=state)

    def plain(self, state: bytes) -> bytes:
        """Stored bytes without the library's cipher and compression, if configured."""
        if self.cipher:
            state = self.cipher.decrypt(state)
        if self.compressor:
            state = self.compressor.decompress(state)
        return state

    def decode_record(self, row: _Row) -> StoredEvent[E]:
        prev, hash_, data = _unwrap(self.plain(row.state), row.originator_version)
        return StoredEvent(
            game_id=_as_uuid(row.originator_id),
            version=row.originator_version,
            event=self.codec.decode(row.topic, data),
            hash=hash_,
            prev_hash=prev,
            tag=row.topic,
            data=data,
        )

    def event_decoder(self) -> Callable[[_Payload], E]:
        """The events of one read from their payloads, in order from version 1, each checked
        against the hash chain (a :class:`TamperedLog` names the first bad version); a payload
        seen before in the read is decoded once.

        A game repeats many payloads (about half of a 4-player game: ``COMMIT`` by the same
        seat, the same flow at the same point of different rounds); events are immutable, so
        the repeats share one object. The chain costs one SHA-256 of each payload's bytes.
        """
        seen: dict[tuple[str, bytes], E] = {}
        decode = self.codec.decode
        plain = self.plain if self.cipher or self.compressor else None
        tags: dict[str, bytes] = {}  # tag -> b"\n" + tag + b"\n", the hashed separator
        # The version and hash the next payload must follow.
        last_version, last_hash = 0, GENESIS_HASH.encode()
        sha256 = hashlib.sha256

        def decode_payload(payload: _Payload) -> E:
            nonlocal last_version, last_hash
            version, tag, state = payload
            if plain:
                state = plain(state)
            prev, hash_, data = _chained(state, version)
            if version != last_version + 1:
                raise TamperedLog(last_version + 1, f"version {last_version + 1} is missing "
                                  f"(the next stored event is version {version})")
            if prev != last_hash:
                raise TamperedLog(version, "prev_hash is not the hash of the previous event"
                                  if version > 1 else
                                  "the first event's prev_hash is not the genesis hash")
            sep = tags.get(tag)
            if sep is None:
                sep = tags[tag] = b"\n" + tag.encode() + b"\n"
            if sha256(prev + sep + data).hexdigest().encode() != hash_:
                raise TamperedLog(version, "hash does not match the event's content")
            last_version, last_hash = version, hash_
            key = (tag, data)
            event = seen.get(key)
            if event is None:
                event = seen[key] = decode(tag, data)
            return event

        return decode_payload

    def head_hash(self, payload: _Payload) -> str:
        version, _, state = payload
        return _unwrap(self.plain(state), version)[1]


class _OraApplication(Application[UUID], Generic[E]):
    """The library application: configured only by its ``env`` argument, never os.environ."""

    name = "OraStore"  # env prefix; on PostgreSQL the table is orastore_events

    def __init__(self, codec: EventCodec[E], env: EnvType) -> None:
        self._codec = codec
        super().__init__(env=env)

    def construct_env(self, name: str, env: EnvType | None = None) -> Environment:
        # The library merges os.environ over the class settings; the store's url must be the
        # only source of truth (a PERSISTENCE_MODULE exported for one store must not move another).
        return Environment(name, dict(env or {}))

    def construct_mapper(self) -> Mapper[UUID]:
        return _ChainMapper(self._codec, self)

    @property
    def chain_mapper(self) -> _ChainMapper[E]:
        mapper = self.mapper
        assert isinstance(mapper, _ChainMapper)
        return mapper


def _as_uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)


#: Seconds a PostgreSQL read or append waits for a connection of the pool, unless the
#: environment sets ``POSTGRES_CONNECT_TIMEOUT`` (the library's name; its default is 30). A
#: healthy pool hands one over in milliseconds; a pool with none has lost the server, and a
#: request should answer ``store_unavailable`` soon rather than hang until it comes back.
POOL_WAIT_S = 2


def _settings_for(url: str) -> dict[str, str]:
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
        return settings
    raise BadStoreUrl(f"unknown store url {url!r}: use 'memory', 'sqlite:PATH' or 'postgres:'")


#: The values of ``PRAGMA synchronous`` the store accepts (``ORA_SQLITE_SYNCHRONOUS``).
SQLITE_SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")


def _tune_sqlite(recorder: SQLiteApplicationRecorder, synchronous: str) -> None:
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


def _fail_at_once(recorder: ApplicationRecorder) -> None:
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


def _check_on_checkout(recorder: ApplicationRecorder) -> None:
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
        env = _settings_for(url)
        env.update(settings or {})
        self.url = url
        self._codec = codec
        self._app: _OraApplication[E] = _OraApplication(codec, env)
        self._mapper = self._app.chain_mapper
        self._recorder: ApplicationRecorder = self._app.recorder
        if isinstance(self._recorder, SQLiteApplicationRecorder):
            _tune_sqlite(self._recorder, os.environ.get("ORA_SQLITE_SYNCHRONOUS", "NORMAL"))
        elif url.startswith("postgres:"):
            _fail_at_once(self._recorder)
            _check_on_checkout(self._recorder)
        self._lock = threading.Lock()
        self._heads: dict[UUID, tuple[int, str]] = {}  # game -> (version, hash) known stored
        self._games: dict[UUID, None] = {}  # games seen in the notification log, in order
        self._games_seen_upto = 0  # last notification id scanned for game_ids()

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
            envelopes = [_Envelope(r.game_id, r.version, r) for r in records]
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
        from a cache, so a second process writing to the same file is seen at once."""
        recorder = self._recorder
        if isinstance(recorder, SQLiteApplicationRecorder):
            with recorder.datastore.transaction(commit=False) as c:
                c.execute(f"SELECT MAX(originator_version) FROM {recorder.events_table_name} "
                          "WHERE originator_id=?", (game_id.hex,))
                found = c.fetchone()[0]
            return int(found) if found is not None else 0
        rows = recorder.select_events(game_id, desc=True, limit=1)
        return rows[0].originator_version if rows else 0

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
                    self._games[_as_uuid(n.originator_id)] = None
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
            self._games[_as_uuid(recorder.convert_originator_id(originator_id))] = None
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
            self._games[_as_uuid(row["originator_id"])] = None
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
        return last, {_as_uuid(game): int(version) for game, version in rows}

    def listen(self) -> AppendListener | None:
        """A new :class:`~ora_core.listen.AppendListener`, woken by every append to this
        database from any process (PostgreSQL ``LISTEN`` on the channel the library's insert
        notifies); None where the backend has no such thing (memory, SQLite: poll
        :meth:`changes`). Raises :class:`StoreUnavailable` if the database cannot be reached."""
        if not self.url.startswith("postgres:"):
            return None
        from ora_core.listen import AppendListener  # here: it imports this module

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
        payloads: Sequence[_Payload] = []
        if version != 0:
            payloads = self._payloads(game_id, version)
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

    def _payloads(self, game_id: UUID, version: int | None) -> Sequence[_Payload]:
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
