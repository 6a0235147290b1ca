"""``ora bench``: the performance figures of issue 5 on a fixed, seeded corpus.

Every figure is measured in one run on one machine. Besides absolute times, each is reported as a
multiple of a calibration loop timed in the same run (``calib``), so runs on different machines
compare as ratios; the targets are checked against the absolute figures on the reference machine
(docs/performance.md), never in unit tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import orjson

from ora_api.tools import bench_ts
from ora_api.tools.bench_learning import learning_figures
from ora_api.tools.bench_planner import (
    SPEEDUP_TARGET,
    planner_figures,
    replay_figures,
    solo_figures,
)
from ora_core import compiled
from ora_core.codec import EventJsonCodec
from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.store import EventStore
from ora_rules.bots import random_bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules

CONFIGS = [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"), (4, "long"),
           (4, "short")]
TARGETS_US = {"command": 20.0, "legal_moves": 250.0, "game_4p_france_ms": 130.0,
              "fold_sqlite_ms": 10.0, "selfplay_games_per_s": 15.0, "narrate_4p_ms": 50.0}
#: Issue 34's targets against the TypeScript engine, measured in the same run (bench_ts.py):
#: ora's figure over the TypeScript engine's, at most.
TARGETS_TO_TS = {"command": 0.3, "legal_moves": 0.1, "game_4p_france": 0.05}
#: The targets met by a figure at least as large (the others: at most as large).
AT_LEAST = frozenset({"selfplay_2proc_games_per_s", "hard_speedup_over_issue_34"})


def _calibrate() -> float:
    """Seconds for a fixed pure-Python workload (dict and tuple churn, like the engine's)."""
    def work() -> None:
        d: dict[int, int] = {}
        for i in range(20_000):
            d[i % 97] = d.get(i % 97, 0) + i
            _ = tuple(d.items())[:3]

    runs = []
    for _ in range(5):
        t = time.perf_counter()
        work()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50": ordered[len(ordered) // 2], "p90": ordered[int(len(ordered) * 0.9)],
            "max": ordered[-1], "n": len(ordered)}


def _random_game(rules: Rules, players: int, variant: str, length: str, seed: int
                 ) -> tuple[list[GameEvent], list[State]]:
    events = start(make_config(players, variant, length, seed), rules)
    state = fold(events)
    states = [state]
    rng = random.Random(seed)
    while not state.finished and len(states) < 20_000:
        executed = execute(state, random_bot(state, MoveSet(state, rules), rng), rules)
        state = executed.state
        events.extend(executed.events)
        states.append(state)
    return events, states


def _time(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


#: Each timing of a position or a fold is the best of this many runs. On a shared machine the
#: slower runs measure the other processes (the advice of the ``timeit`` documentation); the
#: best is the code's cost.
RUNS_PER_SAMPLE = 3


def _best_of(fn: Callable[[], object]) -> float:
    return min(_time(fn) for _ in range(RUNS_PER_SAMPLE))


#: The stages of ``measure``, for the progress bar.
STAGES = 7


def measure(rules: Rules, quick: bool,
            stage: Callable[[int], None] = lambda done: None) -> dict[str, Any]:
    """Every figure of docs/performance.md; ``stage(n)`` is called as the n-th stage ends."""
    calib = _calibrate()
    corpus: list[State] = []
    for seed in range(1 if quick else 6):
        corpus += _random_game(rules, 4, "france", "long", 1000 + seed)[1][:-1]
    rng = random.Random(7)
    corpus = rng.sample(corpus, min(len(corpus), 100 if quick else 1500))
    stage(1)

    command_times, legal_times, counts, complete_times = [], [], [], []
    complete = _complete_fn()
    for state in corpus:
        moves = legal_moves(state, rules)
        legal_times.append(_best_of(partial(legal_moves, state, rules)))
        counts.append(float(len(moves)))
        # One legal, parsed command of a real position: decide, and the state its events lead to
        command_times.append(_best_of(partial(execute, state, rng.choice(moves), rules)))
        if complete is not None:
            complete_times.append(_best_of(partial(complete, state, rules, [])))
    learning = learning_figures(rules, corpus, quick, _best_of, _scaled)
    planner = planner_figures(rules, calib, _best_of)
    replays = replay_figures(rules, quick, _best_of)
    expert_solo = solo_figures(rules, quick, calib)
    stage(2)

    games: dict[str, Any] = {}
    for players, length in ([(4, "long")] if quick else CONFIGS):
        for variant in (("france",) if quick else ("france", "ireland")):
            times = []
            for seed in range(1 if quick else 3):
                t = time.perf_counter()
                _random_game(rules, players, variant, length, seed)
                times.append(time.perf_counter() - t)
            games[f"{players}-{variant}-{length}"] = statistics.median(times)
    stage(3)

    events, _ = _random_game(rules, 4, "france", "long", 4242)
    with tempfile.TemporaryDirectory() as tmp:
        store: EventStore[GameEvent] = EventStore(EventJsonCodec(), f"sqlite:{tmp}/bench.sqlite3")
        game_id = uuid.uuid4()
        store.append(game_id, 0, events)
        fold_times = [_best_of(partial(store.fold, game_id, fold))
                      for _ in range(5 if quick else 20)]
        store.close()
    stage(4)

    words = _words(rules, events, quick)
    stage(5)
    throughput = _selfplay_throughput(quick)
    stage(6)
    ours = {"execute_us": _percentiles(command_times)["p50"] * 1e6,
            "legal_moves_us": _percentiles(legal_times)["p50"] * 1e6,
            "game_ms": games["4-france-long"] * 1e3}
    try:
        against_ts: dict[str, Any] = bench_ts.compare(rules, _best_of, ours, quick)
    except bench_ts.TsUnavailable as e:
        against_ts = {"unavailable": str(e)}
    stage(7)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "calibration_s": calib,
                    "build": compiled.status()},
        "command_us": _scaled(command_times, 1e6),
        "legal_moves_us": _scaled(legal_times, 1e6),
        "complete_empty_prefix_us": _scaled(complete_times, 1e6) if complete_times else None,
        "legal_moves_per_position": _percentiles(counts),
        **learning,
        "random_game_ms": {k: v * 1e3 for k, v in games.items()},
        "fold_sqlite_4p_ms": _scaled(fold_times, 1e3),
        "fold_events": len(events),
        **words,
        "selfplay_2proc_games_per_s": throughput,
        "hard_planner": planner,
        "solo_replay": replays,
        "expert_solo": expert_solo,
        "peak_memory_mib": peak_kib / 1024,
        "against_ts": against_ts,
    }
    command_p50 = result["command_us"]["p50"]
    result["ratios_to_calibration"] = {
        "command": command_p50 / 1e6 / calib,
        "legal_moves": result["legal_moves_us"]["p50"] / 1e6 / calib,
        "game_4p_france": games["4-france-long"] / calib,
        # The log of a game costs a small multiple of folding it (one fold plus the words).
        "narrate_to_fold": words["narrate_4p_ms"]["p50"] / words["fold_memory_4p_ms"]["p50"],
        "encode_observation": learning["encode_observation_us"]["p50"] / 1e6 / calib,
        "learning_step": learning["learning_step_us"]["p50"] / 1e6 / calib,
        "hard_planner": planner["to_calibration"],
        "expert_solo_decision": expert_solo["to_calibration"],
    }
    result["targets"] = {
        "command_p50_us": [command_p50, TARGETS_US["command"]],
        "legal_moves_p50_us": [result["legal_moves_us"]["p50"], TARGETS_US["legal_moves"]],
        "game_4p_france_ms": [games["4-france-long"] * 1e3, TARGETS_US["game_4p_france_ms"]],
        "fold_sqlite_ms": [result["fold_sqlite_4p_ms"]["p50"], TARGETS_US["fold_sqlite_ms"]],
        "selfplay_2proc_games_per_s": [throughput, TARGETS_US["selfplay_games_per_s"]],
        "narrate_4p_ms": [words["narrate_4p_ms"]["p50"], TARGETS_US["narrate_4p_ms"]],
        "hard_speedup_over_issue_34": [planner["speedup_over_issue_34"], SPEEDUP_TARGET],
        **{f"{name}_to_ts": [against_ts["ratios"][name], target]
           for name, target in TARGETS_TO_TS.items() if "ratios" in against_ts},
    }
    return result


def _words(rules: Rules, events: list[GameEvent], quick: bool) -> dict[str, Any]:
    """The game in words: narrating a whole 4-player game (``ora log``), against folding it in
    memory, and explaining its final score."""
    from ora_rules.views.explain import explain
    from ora_rules.views.narrate import narrate_game

    runs = 3 if quick else 10
    final = fold(events)
    return {
        "narrate_4p_ms": _scaled([_best_of(partial(narrate_game, events, rules))
                                  for _ in range(runs)], 1e3),
        "fold_memory_4p_ms": _scaled([_best_of(partial(fold, events)) for _ in range(runs)],
                                     1e3),
        "explain_final_us": _scaled([_best_of(partial(explain, final, rules))
                                     for _ in range(runs)], 1e6),
    }


def _scaled(samples: list[float], unit: float) -> dict[str, float]:
    p = _percentiles(samples)
    return {k: (v * unit if k != "n" else v) for k, v in p.items()}


def _complete_fn() -> Callable[[State, Rules, list[str]], object] | None:
    try:
        from ora_rules.complete import complete
    except ImportError:
        return None
    return complete


def _selfplay_throughput(quick: bool) -> float:
    """Two processes of ``ora selfplay`` (4 players, no store) at once: games per second."""
    games = 4 if quick else 15
    command = [sys.executable, "-m", "ora_api.cli", "selfplay", "--players", "4", "--games",
               str(games), "--store", "none", "--json"]
    t = time.perf_counter()
    procs = [subprocess.Popen([*command, "--seed", str(seed)], stdout=subprocess.DEVNULL,
                              cwd=Path.cwd()) for seed in (0, 1000)]
    for proc in procs:
        proc.wait()
    return 2 * games / (time.perf_counter() - t)


def run_bench(args: argparse.Namespace) -> int:
    from ora_api.tools.progress import progress

    with progress(STAGES, "stages", quiet=args.json) as done:
        result = measure(load_rules(), args.quick, done)
    if args.json:
        sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
        return 0
    m = result["machine"]
    print(f"ora bench — Python {m['python']}, {m['cpus']} CPUs, {m['platform']}")
    print(f"build: {m['build']}")
    print(f"calibration loop: {m['calibration_s'] * 1e3:.2f} ms")
    for key in ("command_us", "legal_moves_us", "complete_empty_prefix_us",
                "legal_moves_per_position", "fold_sqlite_4p_ms", "narrate_4p_ms",
                "fold_memory_4p_ms", "explain_final_us", "encode_observation_us",
                "learning_step_us"):
        value = result[key]
        if value:
            print(f"{key:<28} p50 {value['p50']:>10.1f}  p90 {value['p90']:>10.1f}  "
                  f"max {value['max']:>10.1f}")
    print("random game (ms, median, no store):")
    for name, ms in result["random_game_ms"].items():
        print(f"  {name:<22} {ms:>8.1f}")
    print(f"selfplay, 2 processes: {result['selfplay_2proc_games_per_s']:.1f} games/s")
    hard = result["hard_planner"]
    print(f"hard's planner: {hard['decisions']} decisions, {hard['positions_valued']} positions "
          f"valued in {hard['workload_ms']:.1f} ms ({hard['positions_per_s']:,.0f}/s), "
          f"{hard['speedup_over_issue_34']:.2f}x issue 34's baseline")
    replays = result["solo_replay"]
    print(f"solo tweaks: a command replayed {replays['command_us']:.1f} µs, a position valued "
          f"{replays['position_us']:.1f} µs: {replays['commands_per_position']:.1f} commands a "
          f"position (counted as {replays['counted']})")
    solo = result["expert_solo"]
    print(f"expert solo: {solo['decisions']} decisions, {solo['decision_ms']:.0f} ms a decision, "
          f"{solo['positions_valued']} positions valued ({solo['positions_per_s']:,.0f}/s)")
    print(f"peak memory: {result['peak_memory_mib']:.0f} MiB")
    ts = result["against_ts"]
    if "ratios" in ts:
        figures = ts["ts"]
        print(f"{ts['engine']}, {ts['games']} random 4-player France games: reducer "
              f"{figures['reducer_us']:.1f} µs, completion {figures['completion_us']:.1f} µs, "
              f"game {figures['game_ms']:.0f} ms (p50, p50, median)")
    else:
        print(f"the TypeScript engine: not measured ({ts['unavailable']})")
    print("targets (measured / target):")
    for name, (value, target) in result["targets"].items():
        better = value >= target if name in AT_LEAST else value <= target
        print(f"  {name:<28} {value:>9.{3 if name.endswith('_to_ts') else 1}f} / {target:<8g} "
              f"{'met' if better else 'MISSED'}")
    return 0
