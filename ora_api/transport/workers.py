"""``ora serve --http HOST:PORT --workers N``: N server processes accepting on one socket.

The parent binds the socket once, then starts N ordinary ``ora serve`` processes that inherit
it (``--inherit-socket FD``, their other options the parent's): each opens its own service on
the shared store and shares nothing else with the others (docs/scaling.md). The kernel hands
each new connection to one of them. The parent restarts a worker that dies, and on SIGINT or
SIGTERM stops them all and exits 0.
"""

from __future__ import annotations

import argparse
import logging
import signal
import socket
import subprocess
import sys
import threading
import time

import orjson

log = logging.getLogger("ora.api")

#: The Namespace of the parent, for its workers (a worker's ``--worker-args``).
WORKER_ARGS_FLAG = "--worker-args"


def worker_command(args: argparse.Namespace, fd: int) -> list[str]:
    plain = {k: v for k, v in vars(args).items()
             if isinstance(v, str | int | float | bool | list | type(None))}
    plain.update(workers=1, inherit_socket=fd)
    return [sys.executable, "-m", "ora_api.transport.server", WORKER_ARGS_FLAG,
            orjson.dumps(plain).decode()]


def supervise(args: argparse.Namespace, sock: socket.socket, workers: int) -> int:
    """Run ``workers`` processes on ``sock`` until SIGINT or SIGTERM; the exit code."""
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    fd = sock.fileno()
    command = worker_command(args, fd)

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(command, pass_fds=(fd,), stdin=subprocess.DEVNULL)

    procs = [start() for _ in range(workers)]
    try:
        while not stop.wait(0.5):
            for i, proc in enumerate(procs):
                if proc.poll() is not None:
                    log.warning("worker %d (pid %d) ended with %s; starting another", i,
                                proc.pid, proc.returncode)
                    time.sleep(0.5)  # a worker that cannot start must not spin
                    procs[i] = start()
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        sock.close()
    return 0
