"""The PostgreSQL pool after a restart (issue 22, finding 3): connections that died with the
server are found before use (a check on checkout), so the requests after the restart are
answered, none refused with store_unavailable."""

from __future__ import annotations

import os
import subprocess
import threading
import time

import pytest

from ora_api.service import open_service
from tests.support import rules

needs_pg_restart = pytest.mark.skipif(
    not (os.environ.get("ORA_TEST_POSTGRES") == "1" and os.environ.get("ORA_PG_RESTART")),
    reason="needs the throwaway PostgreSQL of scripts/pg_throwaway.sh")


@needs_pg_restart
def test_dead_connections_are_not_handed_out_after_a_restart() -> None:
    service = open_service("postgres:", rules=rules())
    try:
        barrier = threading.Barrier(4)

        def read() -> None:  # four readers at once: the pool holds several connections
            barrier.wait()
            for _ in range(20):
                service.list_games()

        threads = [threading.Thread(target=read) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        subprocess.run(os.environ["ORA_PG_RESTART"], shell=True, check=True, timeout=60)
        time.sleep(1)
        took = []
        for _ in range(20):  # every one answered, none waits for a dead connection
            started = time.monotonic()
            service.list_games()
            took.append(time.monotonic() - started)
        assert max(took) < 2, took  # within the pool's documented wait (POOL_WAIT_S)
        assert service.health.failing is None
    finally:
        service.close()
