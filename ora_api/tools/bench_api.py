"""``ora bench --api``: the server under load, as a command (issue 15).

Starts ``--workers`` real ``ora serve --http 127.0.0.1:0`` processes on one store (a fresh
SQLite file unless ``--store`` names one), then ``--clients`` clients play complete games
against them for ``--seconds``: half over HTTP (``POST /rpc``, one kept-alive connection each),
half over the WebSocket, the pair of clients 2k and 2k+1 on worker ``k % workers`` (the workers
stand side by side as behind a proxy). A move is ``game.legal_moves`` (every page of it, in the
rare positions whose moves are more than one reply holds) then ``game.move`` with
``expected_version``. Reported: acknowledged moves per second, p50/p99 per method, errors by
reason, each worker's RSS and the CPU it used. Afterwards every game is read back from a
worker: every acknowledged move must be stored (``lost_moves`` is 0), else the exit code is 1.

Only 127.0.0.1 is used; the load is bounded by ``--clients`` and ``--seconds``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
from attrs import define, field
from websockets.exceptions import WebSocketException

#: A worker gone or a connection dropped: the client reconnects and goes on.
TRANSPORT_ERRORS = (OSError, http.client.HTTPException, ValueError, TimeoutError,
                    WebSocketException)

#: How long a worker may take to announce its port.
START_TIMEOUT_S = 60.0


@define
class Worker:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    def usage(self) -> dict[str, float]:
        """RSS now and at its peak (MiB), CPU seconds used so far (user + system)."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        stat = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return {"rss_mib": int(fields["VmRSS"].split()[0]) / 1024,
                "peak_rss_mib": int(fields["VmHWM"].split()[0]) / 1024,
                "cpu_s": (int(stat[11]) + int(stat[12])) / ticks}


def machine_busy_s() -> float:
    """CPU seconds the whole machine has spent busy (all cores, /proc/stat: everything but idle
    and I/O wait), or 0.0 where there is no /proc."""
    try:
        first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return 0.0
    ticks = [int(x) for x in first[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def own_cpu_s() -> float:
    """CPU seconds this process has used (user + system, every thread): the bench's clients."""
    t = os.times()
    return t.user + t.system


def start_worker(store_url: str, folder: Path, index: int, options: Sequence[str] = (),
                 cwd: Path | None = None) -> Worker:
    """One ``ora serve`` on a free port of 127.0.0.1 (with ``options``; ``cwd``: another
    checkout's server); returns once it listens."""
    log = folder / f"worker-{index}.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ora_api.transport.server", "--http", "127.0.0.1:0", "--store",
             store_url, *options], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=err, cwd=cwd)
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        if "JSON-RPC on http://" in text:
            port = int(text.split("JSON-RPC on http://", 1)[1].split("/", 1)[0].rsplit(":")[1])
            return Worker(proc, port, log)
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    tail = log.read_text(errors="replace").strip().splitlines()[-1:] or ["no output"]
    raise RuntimeError(f"worker {index} did not start: {tail[0]}")


class RpcFailed(Exception):
    """A JSON-RPC error reply: ``reason`` names it, ``code:reason`` from its data (just the code
    when they are the same, e.g. ``version_conflict``, ``store_unavailable:unreachable``)."""

    def __init__(self, error: dict[str, Any]) -> None:
        data = error.get("data") or {}
        code = str(data.get("code") or error.get("message"))
        reason = str(data.get("reason") or code)
        self.reason = code if reason == code else f"{code}:{reason}"
        super().__init__(self.reason)


class Connection:
    """One client's connection to a worker: HTTP keep-alive or a WebSocket."""

    def __init__(self, port: int, websocket: bool) -> None:
        self.port, self.websocket = port, websocket
        self._id = 0
        self._http: http.client.HTTPConnection | None = None
        self._ws: Any = None
        self._stack = contextlib.ExitStack()

    def call(self, method: str, params: dict[str, Any]) -> Any:
        self._id += 1
        body = orjson.dumps({"jsonrpc": "2.0", "id": self._id, "method": method,
                             "params": params})
        if self.websocket:
            if self._ws is None:
                from websockets.sync.client import connect

                self._ws = self._stack.enter_context(
                    connect(f"ws://127.0.0.1:{self.port}/ws", max_size=None))
            self._ws.send(body.decode())
            while True:  # skip notifications (a bench client subscribes to nothing)
                reply = orjson.loads(self._ws.recv(timeout=60))
                if reply.get("id") == self._id:
                    break
        else:
            if self._http is None:
                self._http = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self._http.request("POST", "/rpc", body, {"Content-Type": "application/json"})
            reply = orjson.loads(self._http.getresponse().read())
        if "error" in reply:
            raise RpcFailed(reply["error"])
        return reply["result"]

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
        self._stack.close()
        self._http = self._ws = None


@define
class ClientRecord:
    latencies: dict[str, list[float]] = field(factory=dict)
    errors: Counter[str] = field(factory=Counter)
    #: game id -> (a token of it, acknowledged moves, the version the last one acknowledged)
    games: dict[str, tuple[str, int, int]] = field(factory=dict)
    finished_games: int = 0
    #: Positions whose legal moves took more than one page (one reply) to read.
    paged_positions: int = 0
    #: game id -> the acknowledged moves, (seat, move) in order: the engine's work is timed on
    #: them afterwards (``engine_cost``).
    played: dict[str, list[tuple[int, str]]] = field(factory=dict)

    def timed(self, conn: Connection, method: str, params: dict[str, Any]) -> Any:
        t = time.perf_counter()
        try:
            return conn.call(method, params)
        finally:
            self.latencies.setdefault(method, []).append(time.perf_counter() - t)


def play(conn: Connection, seed: int, players: int, length: str, until: float,
         record: ClientRecord) -> None:
    """Complete games, one after another, until ``until`` (monotonic seconds)."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        try:
            created = record.timed(conn, "game.create", {
                "config": {"players": players, "variant": "france", "length": length,
                           "seed": rng.randrange(2**31)},
                "seats": [{"name": f"B{i}"} for i in range(players)]})
        except RpcFailed as e:
            record.errors[f"game.create:{e.reason}"] += 1
            continue
        except TRANSPORT_ERRORS as e:
            record.errors[f"transport:{type(e).__name__}"] += 1
            conn.close()
            time.sleep(0.1)
            continue
        game_id = created["game_id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        any_token = next(iter(tokens.values()))
        record.games[game_id] = (any_token, 0, created["version"])
        while time.monotonic() < until:
            try:
                legal = legal_moves(conn, record, game_id, any_token)
                if legal["seat"] is None:
                    record.finished_games += 1
                    break
                moved_text = rng.choice(legal["moves"])
                moved = record.timed(conn, "game.move", {
                    "game_id": game_id, "token": tokens[legal["seat"]],
                    "move": moved_text, "expected_version": legal["version"]})
            except RpcFailed as e:
                record.errors[e.reason] += 1
                continue
            except TRANSPORT_ERRORS as e:
                record.errors[f"transport:{type(e).__name__}"] += 1
                conn.close()
                time.sleep(0.1)
                continue
            _, moves, _ = record.games[game_id]
            record.games[game_id] = (any_token, moves + 1, moved["version"])
            record.played.setdefault(game_id, []).append((legal["seat"], moved_text))
        else:
            return


def legal_moves(conn: Connection, record: ClientRecord, game_id: str, token: str
                ) -> dict[str, Any]:
    """``game.legal_moves`` with every page's moves (random two-player play reaches positions
    of more than 100,000 moves, more than one reply holds): each page is one timed call."""
    params = {"game_id": game_id, "token": token}
    legal: dict[str, Any] = record.timed(conn, "game.legal_moves", params)
    cursor = legal["next_cursor"]
    record.paged_positions += cursor is not None
    while cursor is not None:
        page = record.timed(conn, "game.legal_moves", {**params, "cursor": cursor})
        legal["moves"] += page["moves"]
        cursor = page["next_cursor"]
    return legal


def stored_moves(conn: Connection, game_id: str, token: str) -> tuple[int, int]:
    """(moves stored, head version) of a game, read page by page through the API."""
    moves, head, start = 0, 0, 1
    while True:
        page = conn.call("game.events", {"game_id": game_id, "token": token,
                                         "from_version": start, "limit": 5000})
        moves += sum(e["type"] == "move_played" for e in page["events"])
        head = page["version"]
        if not page["events"] or page["events"][-1]["version"] >= head:
            return moves, head
        start = page["events"][-1]["version"] + 1


def engine_cost(store_url: str, played: dict[str, list[tuple[int, str]]]) -> float:
    """CPU seconds the engine alone spends on the acknowledged moves: for each, the legal moves
    of its position (``legal_moves``, what the server lists for ``game.legal_moves``) and
    ``execute``, replayed in this process from each game's stored set-up, with no store, no
    JSON and no transport. A move the replay refuses raises: the store holds another game."""
    from ora_core.codec import EventJsonCodec
    from ora_core.evolve import fold
    from ora_core.store import EventStore
    from ora_rules.decide import execute
    from ora_rules.moves import legal_moves
    from ora_rules.specs import load_rules

    rules = load_rules()
    spent = 0.0
    with EventStore(EventJsonCodec(), store_url) as store:
        for game_id, moves in played.items():
            stored = store.events(UUID(game_id), 1)
            setup = next(i for i, s in enumerate(stored) if s.tag == "move_played")
            state = fold(s.event for s in stored[:setup])
            for seat, move in moves:
                t = time.process_time()
                legal_moves(state, rules)
                state = execute(state, move, rules, seat=seat).state
                spent += time.process_time() - t
    return spent


def _percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def measure(*, clients: int, seconds: float, workers: int, store_url: str | None,
            players: int = 2, length: str = "short",
            progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="ora-bench-api-") as tmp:
        folder = Path(tmp)
        url = store_url or f"sqlite:{folder / 'bench.sqlite3'}"
        started: list[Worker] = []
        try:
            for i in range(workers):
                started.append(start_worker(url, folder, i))
            progress(f"{workers} worker(s) on {url}: ports "
                     f"{', '.join(str(w.port) for w in started)}")
            cpu_before = [w.usage()["cpu_s"] for w in started]
            clients_before, machine_before = own_cpu_s(), machine_busy_s()
            records = [ClientRecord() for _ in range(clients)]
            # Pairs of clients (one HTTP, one WebSocket) per worker in turn: every worker
            # serves both transports.
            conns = [Connection(started[(i // 2) % workers].port, websocket=i % 2 == 1)
                     for i in range(clients)]
            t0 = time.monotonic()
            until = t0 + seconds
            threads = [threading.Thread(target=play, args=(conns[i], 1000 + i, players, length,
                                                           until, records[i]), daemon=True)
                       for i in range(clients)]
            for t in threads:
                t.start()
            while any(t.is_alive() for t in threads):
                time.sleep(min(1.0, max(0.05, until - time.monotonic())))
                if time.monotonic() < until:
                    done = sum(n for r in records for _, n, _ in r.games.values())
                    progress(f"{time.monotonic() - t0:5.1f} s: {done} moves")
            elapsed = time.monotonic() - t0
            usage = [w.usage() for w in started]
            clients_s = own_cpu_s() - clients_before
            machine_s = machine_busy_s() - machine_before
            for c in conns:
                c.close()
            progress("checking that every acknowledged move is stored")
            lost = 0
            checker = Connection(started[0].port, websocket=False)
            for r in records:
                for game_id, (token, acked, version) in r.games.items():
                    moves, head = stored_moves(checker, game_id, token)
                    if moves < acked or head < version:
                        lost += max(1, acked - moves)
            checker.close()
        finally:
            for w in started:
                w.proc.terminate()
            for w in started:
                try:
                    w.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    w.proc.kill()
                    w.proc.wait()
        # With the workers stopped and the clients done, on the same moves: what the engine
        # alone spends, against what the server spent (issue 34).
        engine_s: float | None = None
        if not lost:
            progress("timing the engine alone on the acknowledged moves")
            engine_s = engine_cost(url, {g: m for r in records for g, m in r.played.items()})
    moves = sum(n for r in records for _, n, _ in r.games.values())
    methods: dict[str, dict[str, float]] = {}
    for name in sorted({m for r in records for m in r.latencies}):
        ordered = sorted(x for r in records for x in r.latencies.get(name, []))
        methods[name] = {"n": len(ordered), "p50_ms": _percentile(ordered, 0.5) * 1e3,
                         "p99_ms": _percentile(ordered, 0.99) * 1e3,
                         "max_ms": ordered[-1] * 1e3}
    errors: Counter[str] = Counter()
    for r in records:
        errors.update(r.errors)
    server_s = sum(u["cpu_s"] - before for u, before in zip(usage, cpu_before, strict=True))
    per_move = max(moves, 1)
    return {
        "clients": clients, "seconds": elapsed, "workers": workers,
        "store": "sqlite (temporary file)" if store_url is None else store_url,
        "cpus": os.cpu_count(), "load_average": list(os.getloadavg()),
        "moves": moves, "moves_per_s": moves / elapsed,
        "games_started": sum(len(r.games) for r in records),
        "games_finished": sum(r.finished_games for r in records),
        "positions_paged": sum(r.paged_positions for r in records),
        "methods": methods, "errors": dict(errors), "lost_moves": lost,
        # Where the machine's CPU went over the run: the workers (below), the clients (this
        # process's threads) and everything else (the PostgreSQL server, the neighbours).
        "clients_cpu_cores": clients_s / elapsed,
        "machine_cpu_cores": machine_s / elapsed,
        "workers_usage": [{**u, "cpu_cores": (u["cpu_s"] - before) / elapsed}
                          for u, before in zip(usage, cpu_before, strict=True)],
        # The servers' CPU (every worker, user + system) and the engine's, per acknowledged
        # move, and their ratio: what the API costs on top of the rules (target <= 5).
        "server_cpu_ms_per_move": server_s / per_move * 1e3,
        "engine_ms_per_move": None if engine_s is None else engine_s / per_move * 1e3,
        "server_cpu_to_engine": None if not engine_s else server_s / engine_s,
    }


def run_bench_api(args: argparse.Namespace) -> int:
    if args.clients < 1 or args.workers < 1 or args.seconds <= 0:
        print("ora bench: --clients and --workers must be at least 1, --seconds positive",
              file=sys.stderr)
        return 2

    def progress(line: str) -> None:
        print(f"ora bench --api: {line}", file=sys.stderr, flush=True)

    try:
        result = measure(clients=args.clients, seconds=args.seconds, workers=args.workers,
                         store_url=args.store, progress=progress)
    except RuntimeError as e:
        print(f"ora bench: {e}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        print(f"{result['clients']} clients, {result['workers']} worker(s), {result['store']}, "
              f"{result['seconds']:.1f} s, {result['cpus']} CPUs, load "
              f"{result['load_average'][0]:.2f}")
        print(f"moves: {result['moves']} ({result['moves_per_s']:.1f}/s), games "
              f"{result['games_started']} started, {result['games_finished']} finished; "
              f"{result['positions_paged']} positions' legal moves read in pages")
        for name, m in result["methods"].items():
            print(f"  {name:<18} n {m['n']:>7}  p50 {m['p50_ms']:8.2f} ms  "
                  f"p99 {m['p99_ms']:8.2f} ms  max {m['max_ms']:8.2f} ms")
        for i, u in enumerate(result["workers_usage"]):
            print(f"  worker {i}: RSS {u['rss_mib']:.0f} MiB (peak {u['peak_rss_mib']:.0f}), "
                  f"{u['cpu_cores']:.2f} cores")
        workers_cores = sum(u["cpu_cores"] for u in result["workers_usage"])
        clients_cores, machine_cores = result["clients_cpu_cores"], result["machine_cpu_cores"]
        print(f"  cores: workers {workers_cores:.2f}, clients {clients_cores:.2f}, the rest "
              f"{machine_cores - workers_cores - clients_cores:.2f} (machine {machine_cores:.2f} "
              f"of {result['cpus']})")
        if result["engine_ms_per_move"] is not None:
            print(f"server CPU per move {result['server_cpu_ms_per_move']:.3f} ms, the engine's "
                  f"(legal moves + execute) {result['engine_ms_per_move']:.3f} ms: "
                  f"{result['server_cpu_to_engine']:.2f}x")
        print(f"errors: {result['errors'] or 'none'}; lost moves: {result['lost_moves']}")
    return 1 if result["lost_moves"] else 0
