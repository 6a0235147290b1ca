"""What the store keeps of an event: the codec that turns it into bytes, its place in the hash
chain (:class:`StoredEvent`, :func:`verify_chain`) and the stored payload's layout."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar
from uuid import UUID

import orjson
from attrs import frozen

from ora_core.chain import GENESIS_HASH, chain_hash
from ora_core.errors import TamperedLog

E = TypeVar("E")


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
Payload = tuple[int, str, bytes]

# --- the stored payload -------------------------------------------------------------------------

_P0, _P1, _P2 = b'{"prev":"', b'","hash":"', b'","event":'
_HASH_AT = len(_P0) + 64 + len(_P1)  # where the hash starts
_DATA_AT = _HASH_AT + 64 + len(_P2)  # where the event bytes start


def wrap_payload(prev_hash: str, hash_: str, data: bytes) -> bytes:
    """The payload: compact JSON with the event's bytes embedded verbatim."""
    return b"".join((_P0, prev_hash.encode(), _P1, hash_.encode(), _P2, data, b"}"))


def unwrap_payload(state: bytes, version: int) -> tuple[str, str, bytes]:
    """``(prev_hash, hash, event bytes)`` of a payload written by :func:`wrap_payload`.

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


def chained(state: bytes, version: int) -> tuple[bytes, bytes, bytes]:
    """``(prev_hash, hash, event bytes)`` of a payload, the hashes as ASCII bytes: what a fold
    checks the chain with, without decoding either hash."""
    if (state[_DATA_AT - len(_P2) : _DATA_AT] == _P2 and state.startswith(_P0)
            and state[_HASH_AT - len(_P1) : _HASH_AT] == _P1 and state.endswith(b"}")):
        return state[len(_P0) : _HASH_AT - len(_P1)], state[_HASH_AT : _DATA_AT - len(_P2)], \
            state[_DATA_AT:-1]
    prev, hash_, data = unwrap_payload(state, version)
    return prev.encode("utf-8", "surrogatepass"), hash_.encode("utf-8", "surrogatepass"), data
