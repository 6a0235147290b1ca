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

The package's modules: :mod:`~ora_core.store.records` (codec, chain, payload),
:mod:`~ora_core.store.mapper` (the eventsourcing edge), :mod:`~ora_core.store.backends` (the urls),
:mod:`~ora_core.store.failures` (storage failures) and :mod:`~ora_core.store.event_store`.
"""

from __future__ import annotations

from ora_core.chain import GENESIS_HASH, chain_hash
from ora_core.errors import StoreUnavailable, TamperedLog
from ora_core.store.backends import POOL_WAIT_S, SQLITE_SYNCHRONOUS
from ora_core.store.event_store import EventStore
from ora_core.store.failures import storage_failure
from ora_core.store.records import EventCodec, StoredEvent, verify_chain

__all__ = [
    "GENESIS_HASH",
    "POOL_WAIT_S",
    "SQLITE_SYNCHRONOUS",
    "EventCodec",
    "EventStore",
    "StoreUnavailable",
    "StoredEvent",
    "TamperedLog",
    "chain_hash",
    "storage_failure",
    "verify_chain",
]
