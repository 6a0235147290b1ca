"""SIGTERM while a WebSocket client reads nothing (issue 22): the close frame cannot reach it
(it sits behind the unread reply), so the server drops that connection at once instead of
waiting out its grace period and cancelling the application with a traceback."""

from __future__ import annotations

import contextlib
import signal
import time
from pathlib import Path

import orjson

from tests.api.conftest import HttpServer
from tests.api.support_net import handshake, text_frame


def test_sigterm_drops_a_client_that_reads_nothing_without_a_traceback(tmp_path: Path) -> None:
    server = HttpServer("memory", tmp_path)
    try:
        status, _, sock = handshake(server.port, {}, rcvbuf=4096)
        assert status == 101
        sock.setblocking(False)
        frame = text_frame(orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": "rpc.discover"}
                                         for i in range(100)]))
        for _ in range(20):  # replies of 2 MiB each, never read
            with contextlib.suppress(BlockingIOError):
                sock.send(frame)
            time.sleep(0.05)
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(30) == 0
        sock.close()
    finally:
        server.stop()  # (collects the whole log)
    assert "Traceback" not in server.stderr
    assert "graceful shutdown exceeded" not in server.stderr
