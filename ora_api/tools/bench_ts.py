"""The TypeScript engine beside ora, in the same run (``ora bench``, issue 34).

The kennerspiel engine (the npm package ``hathora-et-labora-game``) plays random 4-player France
games in Node (``ts_reducer_bench.mjs``), tokens chosen one by one from its ``control`` as a
client would: each command through its ``reducer``, each position's ``control(state, [])`` (the
completion of an empty prefix: every first token of a command), best of three, and each game
whole. The headline ratios set ora's figures of the same run on its own random 4-player France
games (``ora bench``'s corpus: ``execute``, ``legal_moves``, a game of ``random_bot`` over a
``MoveSet``) beside them, as issue 34 measured. As a check on identical work, ora also reads
the TypeScript games as kennerspiel records under that engine's profile (``ora import
--as-recorded``) and times ``execute`` and ``legal_moves`` on those very positions, as far as
it reads each game (random play reaches corners that real records do not, where ora's reader
stops: ``read_in_part`` says where).

Node and npm are looked up on the PATH; the package is installed once into ora's cache
(``$ORA_CACHE``, else ``~/.cache/ora``). Without them the figures are absent and the reason says
why (``TsUnavailable``): the bench never fails for want of Node.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import orjson

from ora_core.errors import OraError
from ora_core.events import MovePlayed
from ora_core.evolve import evolve
from ora_core.state import State
from ora_rules.decide import execute
from ora_rules.moves import legal_moves
from ora_rules.notation import Command, parse
from ora_rules.records import read_record
from ora_rules.specs import Rules

PACKAGE = "hathora-et-labora-game"
VERSION = "0.21.1"
HARNESS = Path(__file__).with_name("ts_reducer_bench.mjs")
#: The harness's games: one random 4-player France game per seed (a game its random player
#: drives into a position with no command offered is left out: its own dead end).
SEEDS = tuple(range(1000, 1006))


class TsUnavailable(OraError):
    """The TypeScript engine cannot run here: no Node or npm, or the install failed."""


def cache_dir() -> Path:
    return Path(os.environ.get("ORA_CACHE") or Path.home() / ".cache" / "ora") / f"ts-{VERSION}"


def engine_dir() -> Path:
    """Where the package is installed (installing it the first time)."""
    where = cache_dir()
    if (where / "node_modules" / PACKAGE / "package.json").exists():
        return where
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        raise TsUnavailable("node and npm are not both on the PATH")
    where.mkdir(parents=True, exist_ok=True)
    (where / "package.json").write_text('{"private": true}\n')
    run = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(where),
                          f"{PACKAGE}@{VERSION}"], capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no output"])[-1]
        raise TsUnavailable(f"npm install {PACKAGE}@{VERSION} failed: {last}")
    return where


def run_harness(seeds: tuple[int, ...], runs: int) -> dict[str, Any]:
    """The harness's JSON: ``command_us``, ``completion_us``, ``games`` (each with its commands)."""
    options = {"players": 4, "country": "france", "length": "long", "seeds": list(seeds),
               "runs": runs}
    node = shutil.which("node")
    if node is None:
        raise TsUnavailable("node is not on the PATH")
    run = subprocess.run([node, str(HARNESS), str(engine_dir()), orjson.dumps(options).decode()],
                         capture_output=True, text=True, timeout=1800)
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no output"])[-1]
        raise TsUnavailable(f"the TypeScript harness failed: {last}")
    result: dict[str, Any] = orjson.loads(run.stdout)
    return result


def same_positions(rules: Rules, commands: list[str], seed: int
                   ) -> tuple[list[tuple[State, Command]], str | None, int]:
    """ora's positions of a kennerspiel game, each with ora's command there (the game read as a
    record under the kennerspiel profile) as far as ora reads it; why it stopped (None when it
    read the whole game); and how many of the game's commands it read."""
    record = "\n".join(["CONFIG 4 france long", f"START {seed} R G B W", *commands])
    imported = read_record(record, rules, "kennerspiel", rules.readings.sources.get("kennerspiel"))
    pairs: list[tuple[State, Command]] = []
    state: State | None = None
    for event in imported.events:
        if isinstance(event, MovePlayed) and state is not None:
            pairs.append((state, parse(event.move)))
        state = evolve(state, event)
    stop = imported.stop
    if stop is None:
        return pairs, None, len(commands)
    return pairs, f"line {stop.line} {stop.source!r}: {stop.detail}", stop.line - 3


def compare(rules: Rules, best_of: Callable[[Callable[[], object]], float],
            ours: dict[str, float], quick: bool) -> dict[str, Any]:
    """The TypeScript figures beside ora's, and their ratios (p50s; games: medians).

    ``ours`` holds ora's own figures of this run on its random 4-player France games
    (``execute_us``, ``legal_moves_us``, ``game_ms``): the headline ratios compare each
    engine on its own random games, as issue 34 measured them. ``same_positions`` compares
    them on the TypeScript games ora reads (module doc)."""
    seeds = SEEDS[:2] if quick else SEEDS
    ts = run_harness(seeds, runs=3)
    finished = [g for g in ts["games"] if g["finished"]]
    if not finished:
        raise TsUnavailable("no TypeScript game reached its end")
    ts_figures = {
        "reducer_us": statistics.median(t for g in finished for t in g["command_us"]),
        "completion_us": statistics.median(t for g in finished for t in g["completion_us"]),
        "game_ms": statistics.median(g["ms"] for g in finished),
    }
    ours_us: list[float] = []
    ours_legal: list[float] = []
    theirs_us: list[float] = []
    theirs_completion: list[float] = []
    stops = []
    for game in finished:
        pairs, stop, read = same_positions(rules, game["commands"], game["seed"])
        if stop is not None:
            stops.append({"seed": game["seed"], "commands": len(game["commands"]),
                          "read": read, "stop": stop})
        theirs_us += game["command_us"][:read]
        theirs_completion += game["completion_us"][:read]
        for state, command in pairs:
            ours_us.append(best_of(partial(execute, state, command, rules)) * 1e6)
            ours_legal.append(best_of(partial(legal_moves, state, rules)) * 1e6)
    same: dict[str, Any] = {"positions": len(ours_us), "read_in_part": stops}
    if ours_us:
        same.update({
            "ora_execute_us": statistics.median(ours_us),
            "ora_legal_moves_us": statistics.median(ours_legal),
            "ts_reducer_us": statistics.median(theirs_us),
            "ts_completion_us": statistics.median(theirs_completion),
        })
        same["ratios"] = {
            "command": same["ora_execute_us"] / same["ts_reducer_us"],
            "legal_moves": same["ora_legal_moves_us"] / same["ts_completion_us"],
        }
    return {
        "engine": f"{PACKAGE} {ts['package']} on Node {ts['node']}",
        "games": len(finished),
        "games_left_out": [{"seed": g["seed"], "stopped": g["stopped"]}
                           for g in ts["games"] if not g["finished"]],
        "ts": ts_figures,
        "ratios": {
            "command": ours["execute_us"] / ts_figures["reducer_us"],
            "legal_moves": ours["legal_moves_us"] / ts_figures["completion_us"],
            "game_4p_france": ours["game_ms"] / ts_figures["game_ms"],
        },
        "same_positions": same,
    }
