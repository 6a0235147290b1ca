"""A storage failure is logged once when it starts and once when it ends, whatever its cause
(issue 22, finding 4): a file-size limit (EFBIG, which SQLite reports as "disk I/O error") is
the disk-full family, so the reads that still work do not end it at each request."""

from __future__ import annotations

import errno
import logging
import sqlite3

import pytest

from ora_api.games.storehealth import StoreHealth
from ora_core.store import storage_failure


@pytest.mark.parametrize("error", [
    sqlite3.OperationalError("disk I/O error"),
    OSError(errno.EFBIG, "File too large"),
    sqlite3.OperationalError("file too large"),
])
def test_a_file_size_limit_is_disk_full(error: BaseException) -> None:
    assert storage_failure(error) == "disk_full"


def test_writes_failing_while_reads_work_log_two_lines(caplog: pytest.LogCaptureFixture
                                                       ) -> None:
    health = StoreHealth()
    with caplog.at_level(logging.INFO, logger="ora.api"):
        for _ in range(100):  # each write refused, each read served
            assert health.failure(sqlite3.OperationalError("disk I/O error")) == "disk_full"
            health.ok(wrote=False)
        health.ok(wrote=True)
    lines = [r.getMessage() for r in caplog.records if r.name == "ora.api"]
    assert len(lines) == 2, lines
    assert "unavailable (disk_full)" in lines[0]
    assert "available again (disk_full" in lines[1] and "100 request(s)" in lines[1]
