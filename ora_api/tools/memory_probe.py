"""What WebSocket clients that send and never read cost a real server (issue 22, finding 7).

``python -m ora_api.tools.memory_probe [--clients 1 10] [--batches 300] [--seconds 20]
[--checkout PATH] [-- SERVER OPTIONS]`` starts a fresh ``ora serve --http 127.0.0.1:0 --store
memory`` for each count of clients (``--checkout``: the server of another checkout, for a
before/after comparison), then that many clients each write up to ``--batches`` frames of one
batch (100 ``rpc.discover`` by default: 10 MB of replies, cut at ``--max-reply-bytes``) and
read nothing. Meanwhile another WebSocket client calls ``game.list`` ten times a second.
Reported per run: the server's RSS before, at its peak and after the clients went (MiB), how
many clients the server dropped (their connections closed), and the other client's call
latency (p50, max). The window (``--seconds``) stays under the server's send timeout (30 s)
unless the options shorten it.

Only 127.0.0.1 is used; the load is bounded by the clients, the batches and the seconds.
"""

from __future__ import annotations

import argparse
import base64
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import orjson

from ora_api.tools.bench_api import TRANSPORT_ERRORS, Connection, Worker, start_worker


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def masked_text_frame(payload: bytes) -> bytes:
    """A client's text frame (masked, as clients must)."""
    key = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x81, 0x80 | n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
    mask = (key * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(mask, "big")).to_bytes(n, "big")
    return head + key + masked


def ws_socket(port: int) -> socket.socket:
    """A WebSocket connection to ``/ws`` after its handshake, as a plain socket."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)  # byte by byte: nothing after the head is read
        if not chunk:
            raise RuntimeError("the server closed the WebSocket handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"no WebSocket: {head.splitlines()[0]!r}")
    return sock


class Hog(threading.Thread):
    """A client that writes ``batches`` frames without reading anything."""

    def __init__(self, port: int, frame: bytes, batches: int, until: float) -> None:
        super().__init__(daemon=True)
        self.sock = ws_socket(port)
        self.sock.setblocking(False)
        self.frame, self.batches, self.until = frame, batches, until
        self.sent = 0
        self.dropped = False

    def run(self) -> None:
        pending = self.frame
        while time.monotonic() < self.until and self.sent < self.batches:
            try:
                pending = pending[self.sock.send(pending):]
            except BlockingIOError:
                time.sleep(0.01)
                continue
            except OSError:
                self.dropped = True
                return
            if not pending:
                self.sent, pending = self.sent + 1, self.frame
        while time.monotonic() < self.until and not self.dropped:  # dropped later?
            self.dropped = self._closed_by_peer()
            time.sleep(0.1)

    def _closed_by_peer(self) -> bool:
        info = self.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
        return info[0] in (7, 8)  # TCP_CLOSE (reset), TCP_CLOSE_WAIT (closed)


def probe(clients: int, *, batches: int, seconds: float, method: str,
          server_options: list[str], folder: Path, checkout: Path | None = None
          ) -> dict[str, Any]:
    worker = start_worker("memory", folder, clients, server_options, cwd=checkout)
    try:
        return _run(worker, clients, batches=batches, seconds=seconds, method=method)
    finally:
        worker.proc.terminate()
        try:
            worker.proc.wait(10)
        except subprocess.TimeoutExpired:  # a stuck server is killed
            worker.proc.kill()
            worker.proc.wait()


def _run(worker: Worker, clients: int, *, batches: int, seconds: float, method: str
         ) -> dict[str, Any]:
    other = Connection(worker.port, websocket=True)
    for _ in range(5):  # warm: the first calls import and cache
        other.call("game.list", {})
        other.call(method, {})
    time.sleep(0.5)
    pid = worker.proc.pid
    base = rss_mib(pid)
    batch = orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": method} for i in range(100)])
    frame = masked_text_frame(batch)
    until = time.monotonic() + seconds
    hogs = [Hog(worker.port, frame, batches, until) for _ in range(clients)]
    for hog in hogs:
        hog.start()
    latencies: list[float] = []
    other_dropped = 0
    peak = base
    next_call = time.monotonic()
    while time.monotonic() < until:
        peak = max(peak, rss_mib(pid))
        if time.monotonic() >= next_call:
            t = time.perf_counter()
            try:
                other.call("game.list", {})
                latencies.append(time.perf_counter() - t)
            except TRANSPORT_ERRORS:  # the server dropped the client that reads
                other_dropped += 1
                other.close()  # (the next call connects again)
            next_call = time.monotonic() + 0.1
        time.sleep(0.02)
    for hog in hogs:
        hog.join()
    dropped = sum(h.dropped for h in hogs)
    sent = sum(h.sent for h in hogs)
    for hog in hogs:
        hog.sock.close()
    time.sleep(2)
    after = rss_mib(pid)
    other.close()
    latencies.sort()
    return {"clients": clients, "frames_sent": sent, "dropped": dropped,
            "rss_base_mib": base, "rss_peak_mib": peak, "rss_after_mib": after,
            "growth_peak_mib": peak - base, "growth_after_mib": after - base,
            "other_calls": len(latencies), "other_dropped": other_dropped,
            "other_p50_ms": latencies[len(latencies) // 2] * 1e3 if latencies else None,
            "other_max_ms": latencies[-1] * 1e3 if latencies else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ora_api.tools.memory_probe",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--batches", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--method", default="rpc.discover",
                        help="the method of the 100 requests of each frame")
    parser.add_argument("--checkout", type=Path, default=None,
                        help="run the server of another checkout (a before/after comparison)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("server_options", nargs="*",
                        help="options for ora serve, after --")
    args = parser.parse_args(argv)
    import tempfile

    results = []
    with tempfile.TemporaryDirectory(prefix="ora-memory-probe-") as tmp:
        for n in args.clients:
            result = probe(n, batches=args.batches, seconds=args.seconds, method=args.method,
                           server_options=args.server_options, folder=Path(tmp),
                           checkout=args.checkout)
            results.append(result)
            if not args.json:
                print(f"{n:3d} client(s): RSS {result['rss_base_mib']:.0f} MiB, peak "
                      f"+{result['growth_peak_mib']:.1f}, after +{result['growth_after_mib']:.1f}"
                      f"; {result['dropped']} dropped ({result['other_dropped']} times the "
                      f"client that reads), {result['frames_sent']} frames sent; "
                      f"another client's game.list p50 {result['other_p50_ms']:.1f} ms, max "
                      f"{result['other_max_ms']:.1f} ms", flush=True)
    if args.json:
        sys.stdout.write(orjson.dumps(results, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
