#!/usr/bin/env python
"""How soon a move made through one worker reaches a subscriber on another (docs/scaling.md,
docs/performance.md "Cross-worker delivery").

    .venv/bin/python scripts/delivery_latency.py postgres: [--moves 200]
    .venv/bin/python scripts/delivery_latency.py sqlite

Starts two ``ora serve`` workers on the store (a fresh SQLite file for ``sqlite``), subscribes
to a game over the WebSocket of the second and makes moves through the first, one at a time,
each after a random pause of 0-100 ms (so that the moves do not keep step with a polling
follower). A delivery is the time from sending a ``game.move`` to the second worker's push of
its last event. Prints the deliveries' p50/p90/p99/max and the moves' own round trip. The
workers run ``python -m ora_api.transport.server`` from the current directory: run the script from
another checkout to measure that one's code.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ora_api.tools.bench_api import Connection, start_worker  # noqa: E402


class Pushes:
    """The versions pushed to one WebSocket subscription, each with when it arrived."""

    def __init__(self, port: int, game_id: str, token: str) -> None:
        from websockets.sync.client import connect

        self._stack = contextlib.ExitStack()
        self._ws: Any = self._stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws"))
        self._ws.send(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.subscribe",
                                    "params": {"game_id": game_id, "token": token}}).decode())
        orjson.loads(self._ws.recv(timeout=30))
        self._arrived: dict[int, float] = {}
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for text in self._ws:
                version = orjson.loads(text)["params"]["version"]
                with self._cond:
                    self._arrived[version] = time.perf_counter()
                    self._cond.notify_all()
        except Exception:  # closed
            return

    def arrival(self, version: int, timeout: float = 30) -> float:
        with self._cond:
            if not self._cond.wait_for(lambda: version in self._arrived, timeout):
                raise TimeoutError(f"version {version} was not pushed within {timeout} s")
            return self._arrived[version]

    def close(self) -> None:
        self._stack.close()
        self._thread.join(timeout=10)


def measure(store: str, moves: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """(deliveries, move round trips) in seconds, ``moves`` of each."""
    folder = Path(tempfile.mkdtemp(prefix="ora-delivery-"))
    url = f"sqlite:{folder / 'ora.sqlite3'}" if store == "sqlite" else store
    workers = [start_worker(url, folder, i) for i in range(2)]
    try:
        a, rng = Connection(workers[0].port, False), random.Random(seed)
        deliveries: list[float] = []
        trips: list[float] = []
        while len(deliveries) < moves:
            created = a.call("game.create", {
                "config": {"players": 2, "variant": "france", "length": "short",
                           "seed": rng.randrange(2**31)},
                "seats": [{"name": "Ann"}, {"name": "Bob"}]})
            game_id = created["game_id"]
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            pushes = Pushes(workers[1].port, game_id, tokens[0])
            for _ in range(60):  # a fresh game now and then: early moves are cheap
                legal = a.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
                if legal["seat"] is None or len(deliveries) >= moves:
                    break
                time.sleep(rng.uniform(0, 0.1))
                sent = time.perf_counter()
                version = a.call("game.move", {"game_id": game_id,
                                               "token": tokens[legal["seat"]],
                                               "move": rng.choice(legal["moves"])})["version"]
                trips.append(time.perf_counter() - sent)
                deliveries.append(pushes.arrival(version) - sent)
            pushes.close()
        a.close()
        return deliveries, trips
    finally:
        for w in workers:
            w.proc.terminate()
        for w in workers:
            w.proc.wait(timeout=20)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("store", help="'sqlite' (a fresh file) or a store url, e.g. postgres:")
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args(argv)
    deliveries, trips = measure(args.store, args.moves)

    def ms(x: float) -> str:
        return f"{x * 1000:.1f}"

    print(f"{args.store}: {len(deliveries)} moves; delivery p50 {ms(statistics.median(deliveries))}"
          f" p90 {ms(percentile(deliveries, 90))} p99 {ms(percentile(deliveries, 99))} max "
          f"{ms(max(deliveries))} ms; game.move round trip p50 {ms(statistics.median(trips))} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
