"""The eventsourcing edge: the library's ``Application`` with our own ``Mapper``, which stores
:class:`~ora_core.store.records.StoredEvent` records as chained payloads and checks the chain as
a fold reads them."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, Generic, TypeVar
from uuid import UUID

from attrs import frozen
from eventsourcing.application import Application
from eventsourcing.persistence import JSONTranscoder, Mapper
from eventsourcing.persistence import StoredEvent as _Row
from eventsourcing.utils import Environment, EnvType

from ora_core.chain import GENESIS_HASH
from ora_core.errors import TamperedLog
from ora_core.store.records import (
    EventCodec,
    Payload,
    StoredEvent,
    chained,
    unwrap_payload,
    wrap_payload,
)

E = TypeVar("E")


@frozen
class Envelope(Generic[E]):
    """What the library saves: satisfies its ``DomainEventProtocol``, carries our record."""

    originator_id: UUID
    originator_version: int
    record: StoredEvent[E]


class ChainMapper(Mapper[UUID], Generic[E]):
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
        if not isinstance(domain_event, Envelope):
            raise TypeError(f"not an ora event envelope: {domain_event!r}")
        return self.encode_record(domain_event.record)

    def to_domain_event(self, stored_event: _Row) -> Any:
        record: StoredEvent[E] = self.decode_record(stored_event)
        return Envelope(record.game_id, record.version, record)

    def encode_record(self, r: StoredEvent[E]) -> _Row:
        state = wrap_payload(r.prev_hash, r.hash, r.data)
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
        prev, hash_, data = unwrap_payload(self.plain(row.state), row.originator_version)
        return StoredEvent(
            game_id=as_uuid(row.originator_id),
            version=row.originator_version,
            event=self.codec.decode(row.topic, data),
            hash=hash_,
            prev_hash=prev,
            tag=row.topic,
            data=data,
        )

    def event_decoder(self) -> Callable[[Payload], E]:
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

        def decode_payload(payload: Payload) -> E:
            nonlocal last_version, last_hash
            version, tag, state = payload
            if plain:
                state = plain(state)
            prev, hash_, data = chained(state, version)
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

    def head_hash(self, payload: Payload) -> str:
        version, _, state = payload
        return unwrap_payload(self.plain(state), version)[1]


class OraApplication(Application[UUID], Generic[E]):
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
        return ChainMapper(self._codec, self)

    @property
    def chain_mapper(self) -> ChainMapper[E]:
        mapper = self.mapper
        assert isinstance(mapper, ChainMapper)
        return mapper


def as_uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)
