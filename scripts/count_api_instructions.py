#!/usr/bin/env python
"""The server's instructions per move against the engine's own, counted by valgrind (issue 34):
the ratio of ``ora bench --api`` (``server_cpu_to_engine``) in a measure the neighbours on a
shared machine cannot move.

    .venv/bin/python scripts/count_api_instructions.py [--moves N] [--store sqlite|postgres:]

One ``ora serve --http`` runs under ``valgrind --tool=callgrind`` with its instrumentation
switched on only around the measured moves (``callgrind_control``), so its start-up and the
games' set-up are not counted. One client in this process plays the same ``--moves`` random
moves (seeded) of a 2-player short France game twice, once over HTTP (``POST /rpc``, one
kept-alive connection) and once over the WebSocket, each move being ``game.legal_moves`` then
``game.move`` with ``expected_version``, as the bench's clients do; then the server idles for
as long as the WebSocket run took (its timers and threads: what no move costs). The engine
alone (``legal_moves`` of each position and ``execute``, as ``engine_cost`` of the bench) is
counted in a process of its own, with and without the moves, the difference being theirs.

What valgrind does not count: the kernel's work (the sockets' system calls, about a sixth of
the server's CPU in the bench) and, with PostgreSQL, the database server's. Takes about two
minutes; needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ora_api.tools.bench_api import Connection  # noqa: E402

SEED = 2024
MOVE_SEED = 7

ENGINE = """
import pickle, sys
from ora_rules.decide import execute
from ora_rules.moves import legal_moves
from ora_rules.specs import load_rules
from ora_core.evolve import fold
rules = load_rules()
events, moves = pickle.loads(open(sys.argv[1], "rb").read())
state = fold(events)
for seat, move in moves[:COUNT]:
    legal_moves(state, rules)
    state = execute(state, move, rules, seat=seat).state
"""


#: The same calls through the dispatcher in one process (no transport, no threads): what the
#: service, the JSON-RPC layer and the store cost. COUNT moves after the set-up.
DISPATCHER = """
import pickle, random, sys
import orjson
from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher, Session
from ora_api.service import open_service
svc = open_service("sqlite:" + sys.argv[2])
dispatcher, session = Dispatcher(API, svc), Session()
moves = pickle.loads(open(sys.argv[1], "rb").read())[1]
def call(method, params):
    reply = orjson.loads(dispatcher.handle(orjson.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}), session))
    return reply["result"]
created = call("game.create", {"config": {"players": 2, "variant": "france",
    "length": "short", "seed": SEED}, "seats": [{"name": "A"}, {"name": "B"}]})
game, tokens = created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}
for seat, move in moves[:COUNT]:
    legal = call("game.legal_moves", {"game_id": game, "token": tokens[0]})
    call("game.move", {"game_id": game, "token": tokens[seat], "move": move,
                       "expected_version": legal["version"]})
svc.close()
"""


def callgrind(pid: int, *args: str) -> str:
    return subprocess.run(["callgrind_control", *args, str(pid)], capture_output=True,
                          text=True, check=True).stdout


def dumped(folder: Path, before: set[Path], keep: Path | None, name: str) -> int:
    """The instructions of the dump callgrind_control -d just wrote (copied into ``keep``)."""
    for _ in range(200):
        new = set(folder.glob("callgrind.out.*")) - before
        done = [p for p in new if "totals:" in p.read_text(errors="replace")]
        if done:
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(done[0], keep / f"callgrind.{name}")
            found = re.search(r"^totals:\s*(\d+)", done[0].read_text(), re.M)
            assert found is not None
            return int(found.group(1))
        time.sleep(0.1)
    raise RuntimeError("callgrind wrote no dump")


def play(conn: Connection, game: str, tokens: dict[int, str], moves: int,
         rng: random.Random) -> list[tuple[int, str]]:
    played = []
    any_token = next(iter(tokens.values()))
    for _ in range(moves):
        legal = conn.call("game.legal_moves", {"game_id": game, "token": any_token})
        if legal["seat"] is None or legal["next_cursor"] is not None:
            raise RuntimeError("the game ended or paged: choose another seed")
        move = rng.choice(legal["moves"])
        conn.call("game.move", {"game_id": game, "token": tokens[legal["seat"]], "move": move,
                                "expected_version": legal["version"]})
        played.append((legal["seat"], move))
    return played


def in_process(folder: Path, code: str, setup: Sequence[object],
               moves: list[tuple[int, str]]) -> int:
    """The instructions of ``code``'s run of the moves: a run with them less one without."""
    import pickle

    data = folder / "moves.pickle"
    data.write_bytes(pickle.dumps((setup, moves)))

    def count(n: int) -> int:
        store = folder / f"in-process-{n}.sqlite3"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
             "-c", code.replace("COUNT", str(n)).replace("SEED", str(SEED)), str(data),
             str(store)], capture_output=True, text=True, check=True, cwd=ROOT)
        found = re.search(r"Collected : (\d+)", run.stderr)
        assert found is not None, run.stderr
        return int(found.group(1))

    return count(len(moves)) - count(0)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--store", default="sqlite", help="sqlite (a fresh file) or a URL")
    parser.add_argument("--serve-option", action="append", default=[],
                        help="an option for ora serve (repeatable)")
    parser.add_argument("--keep", type=Path, help="copy callgrind's dumps into this folder "
                        "(for callgrind_annotate: http, websocket, idle)")
    args = parser.parse_args(argv)
    from ora_core.codec import EventJsonCodec
    from ora_core.store import EventStore

    with tempfile.TemporaryDirectory(prefix="ora-count-api-") as tmp:
        folder = Path(tmp)
        url = f"sqlite:{folder / 'count.sqlite3'}" if args.store == "sqlite" else args.store
        log = folder / "server.log"
        with log.open("wb") as err:
            server = subprocess.Popen(
                ["valgrind", "--tool=callgrind", "--instr-atstart=no",
                 f"--callgrind-out-file={folder}/callgrind.out.%p", sys.executable, "-m",
                 "ora_api.transport.server", "--http", "127.0.0.1:0", "--store", url,
                 *args.serve_option], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=err, cwd=ROOT)
        try:
            deadline = time.monotonic() + 300
            while "JSON-RPC on http://" not in (text := log.read_text(errors="replace")):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{text[-2000:]}")
                time.sleep(0.2)
            port = int(text.split("JSON-RPC on http://", 1)[1].split("/", 1)[0].rsplit(":")[1])
            conns = {"http": Connection(port, websocket=False),
                     "websocket": Connection(port, websocket=True)}
            games = {}
            for name, conn in conns.items():
                created = conn.call("game.create", {
                    "config": {"players": 2, "variant": "france", "length": "short",
                               "seed": SEED}, "seats": [{"name": "A"}, {"name": "B"}]})
                tokens = {s["seat"]: s["token"] for s in created["seats"]}
                # Two warm-up moves on a game of their own: first calls import and cache.
                games[name] = created["game_id"], tokens
                warm = conn.call("game.create", {
                    "config": {"players": 2, "variant": "france", "length": "short",
                               "seed": SEED + 1}, "seats": [{"name": "A"}, {"name": "B"}]})
                play(conn, warm["game_id"], {s["seat"]: s["token"] for s in warm["seats"]}, 2,
                     random.Random(1))
            counts: dict[str, int] = {}
            played: list[tuple[int, str]] = []
            took = 0.0
            for name, conn in conns.items():
                before = set(folder.glob("callgrind.out.*"))
                callgrind(server.pid, "-i", "on")
                callgrind(server.pid, "-z")
                t = time.monotonic()
                game, tokens = games[name]
                played = play(conn, game, tokens, args.moves, random.Random(MOVE_SEED))
                took = time.monotonic() - t
                callgrind(server.pid, "-d")
                counts[name] = dumped(folder, before, args.keep, name)
                callgrind(server.pid, "-i", "off")
            before = set(folder.glob("callgrind.out.*"))
            callgrind(server.pid, "-i", "on")
            callgrind(server.pid, "-z")
            time.sleep(took)
            callgrind(server.pid, "-d")
            counts["idle"] = dumped(folder, before, args.keep, "idle")
            for conn in conns.values():
                conn.close()
        finally:
            server.terminate()
            server.wait(timeout=60)
        with EventStore(EventJsonCodec(), url) as store:
            stored = store.events(UUID(games["http"][0]), 1)
            first = next(i for i, s in enumerate(stored) if s.tag == "move_played")
            setup = [s.event for s in stored[:first]]
        counts["engine"] = in_process(folder, ENGINE, setup, played)
        if args.store == "sqlite":
            counts["dispatcher"] = in_process(folder, DISPATCHER, setup, played)
    n = args.moves
    print(f"{n} moves of a 2-player short game (seed {SEED}), store {args.store}, "
          f"load {os.getloadavg()[0]:.2f}")
    for name in ("http", "websocket"):
        print(f"  server over {name:<9} {counts[name] / n / 1e6:7.3f} M instructions a move, "
              f"{counts[name] / counts['engine']:5.2f}x the engine's")
    if "dispatcher" in counts:
        print(f"  dispatcher alone     {counts['dispatcher'] / n / 1e6:7.3f} M instructions a "
              f"move, {counts['dispatcher'] / counts['engine']:5.2f}x (no transport, one "
              "thread)")
    print(f"  server idle          {counts['idle'] / n / 1e6:7.3f} M a move's worth of time")
    print(f"  engine alone         {counts['engine'] / n / 1e6:7.3f} M instructions a move "
          "(legal_moves + execute)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
