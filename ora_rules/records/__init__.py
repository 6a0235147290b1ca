"""Game records: our format, the readers of other engines' records, export, import, verify.

Rules knowledge (design §7b): pure functions from commands, events and states to text and back;
the CLI and the API only call them. Every reader is a :data:`~ora_rules.records.importing.Reader`
registered in :data:`READERS` under the name ``ora import --from`` and ``game.import`` take.
"""

from __future__ import annotations

from ora_rules.records.errors import RecordError
from ora_rules.records.importing import Imported, ImportNote, ImportStop, Reader
from ora_rules.records.kennerspiel import read_kennerspiel
from ora_rules.records.ora_format import read_ora, write_record
from ora_rules.records.weblabora import read_weblabora
from ora_rules.specs import Rules

__all__ = ["READERS", "ImportNote", "ImportStop", "Imported", "Reader", "RecordError",
           "read_record", "write_record"]

#: The record readers by source name. Other engines' readers add their entries here.
READERS: dict[str, Reader] = {
    "ora": read_ora,
    "kennerspiel": read_kennerspiel,
    "weblabora": read_weblabora,
}


def read_record(text: str, rules: Rules, source: str = "ora",
                readings: str | None = None) -> Imported:
    """Read ``text`` with the reader of ``source``; an unknown source is a :class:`RecordError`."""
    reader = READERS.get(source)
    if reader is None:
        raise RecordError(0, f"unknown record source {source!r} (known: "
                          f"{', '.join(sorted(READERS))})")
    return reader(text, rules, readings)
