"""``ora serve --workers N`` spreads connections over its workers and its workers die with it
(issue 22, finding 6)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _sockets(pid: int) -> int:
    fds = Path(f"/proc/{pid}/fd")
    count = 0
    for fd in fds.iterdir():
        with contextlib.suppress(OSError):
            count += os.readlink(fd).startswith("socket:")
    return count


def _listening(port: int) -> int:
    """The sockets listening on ``port`` (``/proc/net/tcp``, state 0A): one a worker once it
    has joined the port's ``SO_REUSEPORT`` group."""
    rows = [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]]
    return sum(1 for row in rows if row[1].endswith(f":{port:04X}") and row[3] == "0A")


@pytest.fixture
def supervisor(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int, list[int]]]:
    log = tmp_path / "serve.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ora_api.transport.server", "--http", "127.0.0.1:0",
             "--workers", "2", "--store", f"sqlite:{tmp_path / 'ora.sqlite3'}"],
            stdout=subprocess.DEVNULL, stderr=err)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while "JSON-RPC on http://" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        port = int(log.read_text().split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        # Both workers listening: a worker that logs before it joins the port's group missed
        # the burst's first connections (26 of 32 went to the other once, on a loaded run).
        while (len(_children(proc.pid)) < 2 or log.read_text().count("JSON-RPC on") < 3
               or _listening(port) < 2):
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        workers = _children(proc.pid)
        yield proc, port, workers
    finally:
        for pid in [proc.pid, *workers]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        proc.wait()


def test_a_burst_of_connections_is_spread_over_the_workers(
        supervisor: tuple[subprocess.Popen[bytes], int, list[int]]) -> None:
    _, port, workers = supervisor
    before = {pid: _sockets(pid) for pid in workers}
    # The kernel hashes each connection to one of the port's listeners: 128 of them make a
    # share under a quarter a 5.7-sigma event (32 gave 7/25 once, about 1 run in 500), while a
    # shared socket gave 0/32 and 11/21.
    conns = [socket.create_connection(("127.0.0.1", port)) for _ in range(128)]
    try:
        deadline = time.monotonic() + 10  # each worker accepts its share
        got = {pid: _sockets(pid) - before[pid] for pid in workers}
        while sum(got.values()) < 128 and time.monotonic() < deadline:
            time.sleep(0.1)
            got = {pid: _sockets(pid) - before[pid] for pid in workers}
        assert sum(got.values()) == 128, got
        assert min(got.values()) >= 32, got
    finally:
        for c in conns:
            c.close()


def test_workers_exit_when_their_supervisor_is_killed(
        supervisor: tuple[subprocess.Popen[bytes], int, list[int]]) -> None:
    proc, port, workers = supervisor
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() and "Z" not in
              Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
              for pid in workers):
        assert time.monotonic() < deadline, "a worker goes on serving without its supervisor"
        time.sleep(0.1)
    with socket.create_server(("127.0.0.1", port)):  # the port is free for a new server
        pass
