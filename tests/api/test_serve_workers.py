"""``ora serve --workers N``: N processes on one socket and one store (issue 15)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import orjson

from ora_api.tools.bench_api import Connection


def test_serve_with_two_workers_plays_and_pushes_across_them(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    pids: list[str] = []
    log = tmp_path / "serve.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ora_api.transport.server", "--http", "127.0.0.1:0",
             "--workers", "2",
             "--store", f"sqlite:{tmp_path / 'ora.sqlite3'}"], stdout=subprocess.DEVNULL,
            stderr=err)
    try:
        deadline = time.monotonic() + 60
        # The supervisor's line, not a worker's own "JSON-RPC on" line, which may come first.
        while "workers)" not in log.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()
            time.sleep(0.05)
        text = log.read_text()
        assert "2 workers" in text
        port = int(text.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        while len(children.read_text().split()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        pids = children.read_text().split()
        assert len(pids) == 2
        conns = [Connection(port, False) for _ in range(4)]  # connections land on either
        created = conns[0].call("game.create", {
            "config": {"players": 2, "variant": "france", "length": "short", "seed": 4},
            "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        game_id = created["game_id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.subscribe",
                                  "params": {"game_id": game_id,
                                             "token": tokens[0]}}).decode())
            start = orjson.loads(ws.recv(timeout=30))["result"]["version"]
            head = start
            for i in range(12):
                conn = conns[i % 4]
                legal = conn.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
                head = conn.call("game.move", {"game_id": game_id,
                                               "token": tokens[legal["seat"]],
                                               "move": legal["moves"][0]})["version"]
            seen: list[int] = []
            while not seen or seen[-1] < head:
                seen.append(orjson.loads(ws.recv(timeout=30))["params"]["version"])
        assert seen == list(range(start + 1, head + 1))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert proc.returncode == 0  # SIGTERM stops the workers, then the parent
    assert not any(Path(f"/proc/{pid}").exists() for pid in pids)
