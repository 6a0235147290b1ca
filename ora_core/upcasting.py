"""Event schema versions and upcasters: a store written today replays after the events change.

Every event type has a schema version (:data:`EVENT_VERSIONS`, one reviewed line per type). An
event is stored at its type's version of the day: version 1 writes no marker, so the bytes of
every event stored before versions existed are version 1 as they are; a later version writes
``"_v": N`` among the event's fields (inside the hashed bytes: the chain covers the version).

Reading, the codec hands the stored JSON object to :meth:`Schema.upcast`, which applies the
type's upcasters one version at a time (``(tag, 1)`` turns version 1 into 2, ``(tag, 2)`` 2
into 3, ...) until the object has today's shape, then structures it. Stored bytes are never
rewritten: the chain's hashes stay those of the bytes as stored, and an upcast is done on every
read. This is the ``eventsourcing`` library's scheme (``class_version`` and ``upcast_v1_v2``
on an aggregate's event classes) moved into the codec, since the store keeps its own records
rather than the library's aggregates (ora_core/store.py). How to change an event safely:
docs/architecture.md, "Changing an event".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import orjson
from attrs import frozen

from ora_core.errors import OraError

#: The key of the schema version among a stored event's fields (absent: version 1).
VERSION_KEY = "_v"

#: An upcaster: the JSON object of an event at version N (without the key) -> at N + 1.
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

#: Today's schema version of every event type, by tag. A new type starts at 1; a changed one
#: goes up by one and gets an upcaster from the version before in :data:`UPCASTERS`.
EVENT_VERSIONS: Mapping[str, int] = {
    "game_started": 1,
    "move_played": 1,
    "goods_paid": 1,
    "goods_gained": 1,
    "goods_converted": 1,
    "coin_pieces_counted": 1,
    "indicator_used": 1,
    "wheel_rotated": 1,
    "indicator_entered": 1,
    "clergy_placed": 1,
    "clergy_returned": 1,
    "building_used": 1,
    "building_built": 1,
    "settlement_built": 1,
    "card_removed": 1,
    "landscape_added": 1,
    "work_contract_price_set": 1,
    "round_began": 1,
    "settlement_phase_began": 1,
    "buildings_revealed": 1,
    "settlements_dealt": 1,
    "flow_changed": 1,
    "game_ended": 1,
    "seat_taken": 1,
    "wonder_taken": 1,
    "undo_requested": 1,
    "undo_answered": 1,
    "undo_lapsed": 1,
    "position_restored": 1,
    "clock_expired": 1,
    "seat_replace_requested": 1,
    "seat_replace_answered": 1,
    "seat_replaced": 1,
    "move_annotated": 1,
}

#: ``(tag, N)`` -> the upcaster from version N to N + 1. None yet: no event has changed.
UPCASTERS: Mapping[tuple[str, int], Upcaster] = {}


class UnknownEventVersion(OraError):
    """A stored event of a schema version this engine does not know (a newer engine wrote it,
    or an upcaster is missing): refused rather than read wrongly."""

    code = "unknown_event_version"

    def __init__(self, tag: str, version: object, known: int) -> None:
        super().__init__(f"event {tag!r} is stored at schema version {version!r}; this engine "
                         f"reads versions 1 to {known}")
        self.tag = tag
        self.version = version


@frozen
class Schema:
    """Versions and upcasters: :data:`EVENT_VERSIONS` and :data:`UPCASTERS` unless a test
    builds another (a change of an event, tried before it is made)."""

    versions: Mapping[str, int]
    upcasters: Mapping[tuple[str, int], Upcaster]

    def __attrs_post_init__(self) -> None:
        for tag, version in self.versions.items():
            missing = [n for n in range(1, version) if (tag, n) not in self.upcasters]
            if missing:
                raise ValueError(f"event {tag!r} is at version {version} but has no upcaster "
                                 f"from version(s) {missing}")

    def version(self, tag: str) -> int:
        return self.versions.get(tag, 1)

    def stamp(self, tag: str, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` as stored: with ``_v`` when the type is past version 1."""
        version = self.version(tag)
        if version > 1:
            data[VERSION_KEY] = version
        return data

    def upcast(self, tag: str, data: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """The stored object ``data`` in today's shape (without ``_v``), and the version it
        was stored at."""
        stored = data.pop(VERSION_KEY, 1)
        known = self.version(tag)
        if not isinstance(stored, int) or isinstance(stored, bool) or not 1 <= stored <= known:
            raise UnknownEventVersion(tag, stored, known)
        for n in range(stored, known):
            data = self.upcasters[(tag, n)](data)
        return data, stored


SCHEMA = Schema(EVENT_VERSIONS, UPCASTERS)


@frozen
class Upcast:
    """``events`` stored events of type ``tag`` were read from ``from_version`` (today's
    version is ``to_version``)."""

    tag: str
    from_version: int
    to_version: int
    events: int


def upcasts(stored: Iterable[tuple[str, bytes]], schema: Schema | None = None) -> list[Upcast]:
    """What reading these stored events ``(tag, bytes)`` upcasts, by type and version (sorted):
    empty when every event is at today's version. Raises :class:`UnknownEventVersion`."""
    schema = schema or SCHEMA
    counts: dict[tuple[str, int], int] = {}
    for tag, data in stored:
        version = orjson.loads(data).get(VERSION_KEY, 1) if b'"_v"' in data else 1
        known = schema.version(tag)
        if not isinstance(version, int) or not 1 <= version <= known:
            raise UnknownEventVersion(tag, version, known)
        if version < known:
            counts[(tag, version)] = counts.get((tag, version), 0) + 1
    return [Upcast(tag, v, schema.version(tag), n) for (tag, v), n in sorted(counts.items())]
