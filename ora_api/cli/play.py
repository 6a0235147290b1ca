"""The ``ora`` commands that play games between bots: ``selfplay``, ``arena``, ``bench`` and
``demo`` (``./run.sh``); the games and the measurements are ``ora_api.tools``'."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import orjson

from ora_rules.specs import load_rules


def add_play_commands(sub: Any, default_store: Callable[[], str]) -> None:
    """Add ``selfplay``, ``arena``, ``bench`` and ``demo`` to the ``ora`` subparsers."""

    selfplay = sub.add_parser("selfplay", help="play complete games between bots")
    selfplay.add_argument("--players", type=int, default=4)
    selfplay.add_argument("--variant", choices=("france", "ireland"), default="france")
    selfplay.add_argument("--length", choices=("long", "short"), default="long")
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--bots", default="random", help="comma-separated bot names per seat")
    selfplay.add_argument("--store", default="memory",
                          help="memory | sqlite:PATH | none (default: memory)")
    selfplay.add_argument("--json", action="store_true", help="one JSON line per game")
    selfplay.add_argument("--liesborn", action="store_true",
                          help="with the Liesborn wonders mini expansion (R-LIES-1)")
    selfplay.add_argument("--wonder-tiles", default=None, metavar="SET",
                          help="the Liesborn tile set: all (default) or known (AMB-28)")
    selfplay.set_defaults(func=_selfplay)

    arena_p = sub.add_parser("arena", help="bots against each other, seats rotated")
    arena_p.add_argument("--players", type=int, default=4)
    arena_p.add_argument("--bots", default="greedy,random",
                         help="comma-separated bot names: a level (easy, medium, hard, expert) "
                              "or a raw bot such as mcts:200ms (docs/bots.md)")
    arena_p.add_argument("--games", type=int, default=8)
    arena_p.add_argument("--seed", type=int, default=0)
    arena_p.add_argument("--variant", choices=("france", "ireland"), default="france")
    arena_p.add_argument("--length", choices=("long", "short"), default="long")
    arena_p.add_argument("--jobs", type=int, default=None, metavar="N",
                         help="games played at once in worker processes (default: the cores)")
    arena_p.add_argument("--adjudicate-after", type=int, default=None, metavar="TURNS",
                         help="stop a two-player game (open-ended, R-END-2/3) after TURNS "
                              "turns and let the scores decide (default 180; 0: never)")
    arena_p.add_argument("--json", action="store_true")
    arena_p.set_defaults(func=_arena)

    bench = sub.add_parser("bench", help="benchmarks (docs/performance.md)")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="a smaller corpus, for a smoke run")
    bench.add_argument("--api", action="store_true",
                       help="load test: real server processes, clients playing whole games over "
                            "HTTP and WebSocket (docs/performance.md)")
    bench.add_argument("--clients", type=int, default=10, help="with --api: clients (default 10)")
    bench.add_argument("--seconds", type=float, default=20.0,
                       help="with --api: how long they play (default 20)")
    bench.add_argument("--workers", type=int, default=1,
                       help="with --api: server processes on the one store (default 1)")
    bench.add_argument("--store", metavar="URL", default=None,
                       help="with --api: the store (default: a temporary SQLite file)")
    bench.add_argument("--bots", action="store_true",
                       help="with --api: the bot-seat run instead: slow bots' games and a "
                            "person against a cheap bot (bot moves/s, the cheap bot's delay)")
    bench.add_argument("--bot-thinkers", type=int, default=1,
                       help="with --bots: the server's --bot-thinkers (default 1)")
    bench.add_argument("--slow-games", type=int, default=3,
                       help="with --bots: games of two slow bots (default 3)")
    bench.add_argument("--slow-bot", default="mcts:1000ms",
                       help="with --bots: the slow bot, with a time budget (default mcts:1000ms)")
    bench.set_defaults(func=_bench)

    demo = sub.add_parser("demo", help="one stored 4-player game between bots (./run.sh)")
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--store", default=default_store())
    demo.set_defaults(func=_demo)


def _selfplay(args: argparse.Namespace) -> int:
    from ora_api.tools.progress import progress
    from ora_api.tools.selfplay import open_store, play_game
    from ora_core.errors import InvalidCommand
    from ora_rules.bots import make_bot
    from ora_rules.decide import start
    from ora_rules.setup import make_config

    if args.games < 1:
        raise InvalidCommand(f"--games must be at least 1, got {args.games}")
    rules = load_rules()
    liesborn = {"liesborn": args.liesborn, "wonder_tiles": args.wonder_tiles}
    # Refuse a bad configuration before storing anything (start checks the tile set).
    start(make_config(args.players, args.variant, args.length, args.seed, **liesborn), rules)
    bots = [make_bot(name, rules) for name in args.bots.split(",")]
    store = open_store(args.store) if args.store != "none" else None
    started = time.perf_counter()
    try:
        with progress(args.games, "games", quiet=args.json) as done:
            for i in range(args.games):
                result = play_game(rules, args.players, args.variant, args.length,
                                   args.seed + i, bots, store, **liesborn)
                if args.json:
                    sys.stdout.write(orjson.dumps(result.to_json()).decode() + "\n")
                else:
                    _print_result(result)
                done(i + 1)
    finally:
        if store is not None:
            store.close()
    if not args.json:
        took = time.perf_counter() - started
        kept = {"memory": "kept in memory only", "none": "not stored"}.get(
            args.store, f"stored in {args.store}")
        print(f"{args.games} game(s) in {took:.2f} s; events {kept}")
    if args.store in ("memory", "none") and not args.json:
        print("ora: these games were not kept, so `ora show` cannot find their ids; "
              "--store sqlite:PATH keeps them", file=sys.stderr)
    return 0


def _print_result(result: object) -> None:
    from ora_api.tools.selfplay import SelfPlayResult

    assert isinstance(result, SelfPlayResult)
    expansion = f", Liesborn ({result.wonder_tiles})" if result.liesborn else ""
    print(f"game {result.game_id}  {result.players} players, {result.variant}, {result.length}"
          f"{expansion}, seed {result.seed}: {'finished' if result.finished else 'NOT finished'} "
          "after "
          f"{result.rounds} rounds, {len(result.moves)} commands, {result.events} events")
    print("  seat  goods  economic  settlements  total")
    for s in result.scores:
        mark = "  winner" if s["seat"] in result.winners else ""
        print(f"  {s['seat']:>4}  {s['goods']:>5}  {s['economic']:>8}  {s['settlements']:>11}  "
              f"{s['total']:>5}{mark}")
        tiles = [f"{w['tile']} {'dark' if w['dark'] else 'light'} {w['points']}"
                 for w in s.get("wonders", ())]
        if tiles:  # Liesborn: each wonder tile's points, part of the goods (R-LIES-6)
            print(f"        wonders: {', '.join(tiles)}")


def _demo(args: argparse.Namespace) -> int:
    """The main job of ``./run.sh``: one complete 4-player game between bots, stored."""
    args.players, args.variant, args.length, args.games, args.json = 4, "france", "long", 1, False
    args.liesborn, args.wonder_tiles = False, None
    args.bots = "random"
    return _selfplay(args)


def _arena(args: argparse.Namespace) -> int:
    from ora_api.tools.arena import ADJUDICATE_AFTER, default_jobs, run_arena
    from ora_api.tools.progress import progress
    from ora_core.errors import InvalidCommand

    names = [n for n in args.bots.split(",") if n]
    if not names or args.games < 1 or args.players < 1:
        raise InvalidCommand("arena: give --bots, and --games and --players of at least 1")
    if args.adjudicate_after is not None and args.adjudicate_after < 0:
        raise InvalidCommand("arena: --adjudicate-after takes a number of turns, 0 for never")
    jobs = args.jobs if args.jobs is not None else default_jobs()
    start = time.perf_counter()
    try:
        with progress(args.games, "games", quiet=args.json) as done:
            result = run_arena(load_rules(), args.players, names, args.games, args.seed,
                               args.variant, args.length, jobs, on_done=done,
                               adjudicate_after=args.adjudicate_after)
    except ValueError as e:
        raise InvalidCommand(f"arena: {e}") from None
    took = time.perf_counter() - start
    if args.json:
        report = {
            "games": args.games, "players": args.players, "variant": args.variant,
            "length": args.length, "seed": args.seed, "jobs": jobs, "seconds": took,
            "standings": [{"bot": s.bot, "seats": s.games, "wins": s.wins, "rate": s.rate,
                           "ci95": [s.low, s.high], "mean_total": s.mean,
                           "mean_goods": s.mean_goods, "mean_economic": s.mean_economic,
                           "mean_settlements": s.mean_settlements,
                           "mean_settlements_built": s.mean_settlements_built}
                          for s in result.standings],
            "ratings": [{"bot": r.bot, "rating": r.rating, "ci95": [r.low, r.high],
                         "pairs": r.pairs} for r in result.ratings],
            "results": [{"seed": g.seed, "bots": list(g.bots), "totals": list(g.totals),
                         "winners": list(g.winners), "finished": g.finished,
                         "adjudicated": g.adjudicated, "rounds": g.rounds,
                         "parts": [{"goods": p.goods, "economic": p.economic,
                                    "settlements": p.settlements,
                                    "settlements_built": p.settlements_built}
                                   for p in g.parts]}
                        for g in result.games],
            "move_times": [{"bot": t.bot, "moves": t.moves, "p50": t.p50, "p99": t.p99,
                            "max": t.longest, "work_p50": t.work_p50, "work_p99": t.work_p99,
                            "work_max": t.work_max} for t in result.times],
        }
        sys.stdout.write(orjson.dumps(report).decode() + "\n")
        return 0
    adjudicated = sum(1 for g in result.games if g.adjudicated)
    unfinished = sum(1 for g in result.games if not g.finished and not g.adjudicated)
    print(f"{args.games} games, {args.players} players, {args.variant}, {args.length}, "
          f"seed {args.seed}: {took:.1f} s with {jobs} process(es)"
          + (f"; {adjudicated} adjudicated by the scores after "
             f"{args.adjudicate_after or ADJUDICATE_AFTER} turns" if adjudicated else "")
          + (f"; {unfinished} game(s) stopped unfinished" if unfinished else ""))
    ended = sorted(g.rounds for g in result.games if g.finished)
    totals = [t for g in result.games for t in g.totals]
    if ended:
        print(f"  {len(ended)} of {args.games} ended by the rules, in {ended[0]}..{ended[-1]} "
              f"rounds (turns with 2 players), median {ended[len(ended) // 2]}; "
              f"mean total {sum(totals) / len(totals):.0f}")
    print("  bot            seats   wins   rate   95% interval (Wilson)   mean total")
    for s in result.standings:
        print(f"  {s.bot:<13} {s.games:>6} {s.wins:>6.1f} {s.rate:>6.1%}   "
              f"{s.low:>6.1%} .. {s.high:<6.1%}{'':>8}{s.mean:>7.1f}")
    print("  bot             goods  buildings  settlements  built   "
          "a seat's mean total in parts")
    for s in result.standings:
        print(f"  {s.bot:<13} {s.mean_goods:>7.1f} {s.mean_economic:>10.1f} "
              f"{s.mean_settlements:>12.1f} {s.mean_settlements_built:>6.2f}")
    print("  bot           rating   95% interval (bootstrap)   pairs   Bradley-Terry, Elo scale")
    for r in result.ratings:
        print(f"  {r.bot:<13} {r.rating:>6.0f}   {r.low:>6.0f} .. {r.high:<6.0f}"
              f"{'':>14}{r.pairs:>6}")
    print("  bot            moves   p50 s   p99 s   max s   time a decision, move generation in")
    for t in result.times:
        print(f"  {t.bot:<13} {t.moves:>6} {t.p50:>7.3f} {t.p99:>7.3f} {t.longest:>7.3f}")
    print("  bot            moves     p50     p99     max   work a decision: positions valued")
    for t in result.times:
        print(f"  {t.bot:<13} {t.moves:>6} {t.work_p50:>7} {t.work_p99:>7} {t.work_max:>7}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.api:
        if args.bots:
            from ora_api.tools.bench_bots import run_bench_bots

            return run_bench_bots(args)
        from ora_api.tools.bench_api import run_bench_api

        return run_bench_api(args)
    from ora_api.tools.bench import run_bench

    return run_bench(args)
