"""The error of a record that cannot be read at all (as opposed to a move that cannot be played,
which is an :class:`~ora_rules.records.importing.ImportStop`)."""

from __future__ import annotations

from ora_core.errors import OraError


class RecordError(OraError):
    """The record text is not a record: a bad tag, a missing tag, a head that does not match.

    ``line`` is the 1-based line of the record it concerns (0 when it concerns the whole record),
    ``version`` the first event version that differs from the record's checkpoints, if any.
    """

    code = "bad_record"

    def __init__(self, line: int, detail: str, *, version: int | None = None) -> None:
        super().__init__(f"line {line}: {detail}" if line else detail)
        self.line = line
        self.detail = detail
        self.version = version
