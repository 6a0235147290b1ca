"""``ora serve --http HOST:PORT --workers N``: N server processes accepting on one socket.

The parent reserves the port (bound, not listening, ``SO_REUSEPORT``), then starts N ordinary
``ora serve`` processes (their options the parent's) that each listen on it with
``SO_REUSEPORT``: the kernel spreads new connections evenly over their sockets (one shared
listening socket would hand a burst to whichever worker accepts first: 0/32 was seen). Each
opens its own service on the shared store and shares nothing else with the others
(docs/scaling.md). The parent restarts a worker that dies, and on SIGINT or SIGTERM stops them
all and exits 0. A worker dies with its parent (``PR_SET_PDEATHSIG``, else a check of the
parent's pid): after a ``kill -9`` of the parent no worker keeps serving unsupervised.
"""

from __future__ import annotations

import argparse
import ctypes
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import orjson

log = logging.getLogger("ora.api")

#: The Namespace of the parent, for its workers (a worker's ``--worker-args``).
WORKER_ARGS_FLAG = "--worker-args"


def worker_command(args: argparse.Namespace, host: str, port: int) -> list[str]:
    plain = {k: v for k, v in vars(args).items()
             if isinstance(v, str | int | float | bool | list | type(None))}
    plain.update(workers=1, http=f"{host}:{port}", reuse_port=True, supervisor=os.getpid(),
                 stdio=False)
    return [sys.executable, "-m", "ora_api.transport.server", WORKER_ARGS_FLAG,
            orjson.dumps(plain).decode()]


def supervise(args: argparse.Namespace, sock: socket.socket, workers: int,
              announce: Callable[[], None] = lambda: None) -> int:
    """Run ``workers`` processes on ``sock``'s port until SIGINT or SIGTERM; the exit code.
    ``announce`` is called once a worker listens (before, connections would be refused)."""
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    host, port = sock.getsockname()[:2]
    command = worker_command(args, host, port)

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL)

    procs = [start() for _ in range(workers)]
    try:
        probe = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
        while not stop.is_set() and all(p.poll() is None for p in procs):
            try:
                socket.create_connection((probe, port), timeout=1).close()
                break
            except OSError:
                stop.wait(0.1)
        announce()
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


def reserve(host: str, port: int) -> socket.socket:
    """The port the workers will share: bound with ``SO_REUSEPORT``, not listening (so it gets
    no connection itself, and no other user's process can take the port meanwhile)."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


#: prctl(2)'s option: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """SIGTERM this worker when its supervisor dies (at once, by the kernel; where prctl is
    missing, a thread notices within a second)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1)
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=watch, daemon=True, name="ora-parent-watch").start()
    if os.getppid() != parent:  # it died before prctl took effect
        os.kill(os.getpid(), signal.SIGTERM)
