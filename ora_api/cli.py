"""The ``ora`` command line: self-play, stored games, specs, the server, benchmarks."""

from __future__ import annotations

import argparse
import os
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from ora_api.records_cli import add_record_commands
from ora_core.errors import OraError
from ora_rules.specs import load_rules

if TYPE_CHECKING:
    from ora_core.events import GameEvent
    from ora_core.state import State


def default_store() -> str:
    """The embedded SQLite default: ``$ORA_DATA/ora.sqlite3`` or ``./data/ora.sqlite3``."""
    return "sqlite:" + str(Path(os.environ.get("ORA_DATA", "data")) / "ora.sqlite3")


def _selfplay(args: argparse.Namespace) -> int:
    from ora_api.progress import progress
    from ora_api.selfplay import open_store, play_game
    from ora_rules.bots import make_bot
    from ora_rules.decide import start
    from ora_rules.setup import make_config

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
        print(f"{args.games} game(s) in {took:.2f} s; events stored in {args.store}")
    return 0


def _print_result(result: object) -> None:
    from ora_api.selfplay import SelfPlayResult

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


def _list(args: argparse.Namespace) -> int:
    """``ora list``: every stored game's summary (the lobby's table, no stream is folded)."""
    from ora_api.service import open_service
    from ora_core.errors import InvalidCommand

    if args.store.startswith("sqlite:") and not Path(args.store[len("sqlite:"):]).exists():
        raise InvalidCommand(f"no store at {args.store[len('sqlite:'):]}")
    if args.cursor is not None and not args.cursor.isdigit():
        raise InvalidCommand(f"--cursor {args.cursor!r} is not a cursor of ora list")
    if args.limit < 1:
        raise InvalidCommand("--limit must be at least 1")
    service = open_service(args.store, check_writable=False)
    try:
        listed, after = service.list_games(limit=args.limit, after=int(args.cursor or 0),
                                           everything=True)
    finally:
        service.close()
    for item in listed:
        g = item.summary
        row = {"game_id": str(g.game_id), "config": g.config, "visibility": g.visibility,
               "version": g.version, "moves": g.moves, "finished": g.status == "finished",
               "open_seats": g.open_seats, "names": [s.name for s in item.seats],
               "scores": g.scores["totals"] if g.scores else None}
        if args.json:
            sys.stdout.write(orjson.dumps(row).decode() + "\n")
            continue
        c = g.config
        state = "finished" if row["finished"] else f"playing, {g.open_seats} open seat(s)"
        scores = f"  scores {' '.join(map(str, g.scores['totals']))}" if g.scores else ""
        print(f"{g.game_id}  {c['players']}p {c['variant']} {c['length']} seed {c['seed']}  "
              f"{g.visibility}  v{g.version}  {g.moves} moves  {state}{scores}")
    if after is not None:
        print(f"more: ora list --cursor {after}", file=sys.stderr)
    return 0


def _stored_events(args: argparse.Namespace) -> list[GameEvent]:
    """The events of the stored game ``args.game_id`` in ``args.store``."""
    from ora_api.selfplay import open_store
    from ora_core.errors import InvalidCommand

    try:
        game_id = uuid.UUID(args.game_id)
    except ValueError:
        raise InvalidCommand(f"{args.game_id!r} is not a game id") from None
    store = open_store(args.store)
    try:
        return store.fold(game_id, list)
    finally:
        store.close()


def _log(args: argparse.Namespace) -> int:
    """``ora log GAME``: one English sentence per move (ora_rules.views.narrate)."""
    from ora_rules.views.narrate import narrate_game

    events = _stored_events(args)
    if args.first < 1 or (args.last is not None and args.last < args.first):
        print("ora: --from is at least 1 and --to at least --from", file=sys.stderr)
        return 2
    moves = narrate_game(events, load_rules(), args.first, args.last)
    if args.json:
        for m in moves:
            sys.stdout.write(orjson.dumps({"number": m.number, "version": m.version,
                                           "seat": m.seat, "move": m.move, "text": m.text,
                                           "then": list(m.then)}).decode() + "\n")
        return 0
    for m in moves:
        print(f"{m.number}. {m.text}")
        for line in m.then:
            print(f"   {line}")
    return 0


def _plain(value: object) -> bytes:
    """A rules value (attrs classes, enums, tuples) as one line of JSON."""
    import cattrs

    return orjson.dumps(cattrs.Converter().unstructure(value), option=orjson.OPT_NON_STR_KEYS)


def _state_after(events: list[GameEvent], move: int | None) -> State:
    from ora_core.errors import InvalidCommand
    from ora_core.evolve import fold
    from ora_rules.views.diff import states_after

    if move is None:
        return fold(events)
    found = states_after(events, [move])
    if move not in found:
        raise InvalidCommand(f"the game has fewer than {move} moves")
    return found[move]


def _explain(args: argparse.Namespace) -> int:
    """``ora explain GAME``: the score line by line (ora_rules.views.explain)."""
    from ora_rules.views.explain import explain, explanation_text

    state = _state_after(_stored_events(args), args.at)
    explained = explain(state, load_rules(), args.seat)
    if args.json:
        for e in explained:
            sys.stdout.write(_plain(e).decode() + "\n")
        return 0
    print("\n\n".join(explanation_text(e) for e in explained))
    return 0


def _diff(args: argparse.Namespace) -> int:
    """``ora diff GAME A B``: what changed from the state after move A to the one after B."""
    from ora_core.errors import InvalidCommand
    from ora_rules.views.diff import diff, states_after

    found = states_after(_stored_events(args), [args.a, args.b])
    for move in (args.a, args.b):
        if move not in found:
            raise InvalidCommand(f"the game has fewer than {move} moves")
    d = diff(found[args.a], found[args.b], load_rules())
    if args.json:
        sys.stdout.write(_plain(d).decode() + "\n")
        return 0
    print("\n".join(d.text) if d.text else "no difference")
    return 0


def _moves(args: argparse.Namespace) -> int:
    """``ora moves GAME [VERB [TARGET]]``: the legal moves now as a tree (ora_rules.move_tree)."""
    from ora_core.evolve import fold
    from ora_rules.move_tree import move_tree
    from ora_rules.views.narrate import seat_name

    state = fold(_stored_events(args))
    tree = move_tree(state, load_rules(), args.path, limit=args.limit)
    if args.json:
        sys.stdout.write(_plain(tree).decode() + "\n")
        return 0
    if tree.seat is None:
        print("the game is over: no legal moves")
        return 0
    print(f"{seat_name(state, tree.seat)} decides: {tree.count} legal moves")
    for verb in tree.verbs:
        print(f"{verb.verb} ({verb.count}): {verb.text}")
        for target in verb.targets or ():
            if target.target:
                print(f"  {target.target} ({target.count}): {target.name}")
            for leaf in target.moves or ():
                print(f"    {leaf.move}  {leaf.text}")
            shown = len(target.moves or ())
            if target.moves is not None and shown < target.count:
                print(f"    ... {target.count - shown} more (--limit)")
    return 0


def _demo(args: argparse.Namespace) -> int:
    """The main job of ``./run.sh``: one complete 4-player game between bots, stored."""
    args.players, args.variant, args.length, args.games, args.json = 4, "france", "long", 1, False
    args.liesborn, args.wonder_tiles = False, None
    args.bots = "random"
    return _selfplay(args)


def _specs(args: argparse.Namespace) -> int:
    from ora_core.errors import SpecError
    from ora_rules.rulebook import load_rulebook

    try:
        rules = load_rules(args.dir)
        rulebook = load_rulebook(rules.directory)
    except SpecError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"ok: {len(rules.buildings)} buildings, {len(rules.settlements)} settlements, "
          f"{len(rules.wonders)} wonder tiles, "
          f"{len(rules.modes)} modes, {len(rulebook.rules)} rules in {rules.directory}")
    return 0


def _rules(args: argparse.Namespace) -> int:
    from ora_rules.rulebook import load_rulebook

    rulebook = load_rulebook(args.dir)
    if args.markdown:
        text = rulebook.markdown()
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"wrote {args.out}")
        else:
            sys.stdout.write(text)
        return 0
    if not args.ids:
        print("ora: name one or more rule ids (ora rules R-BUY-2), or --markdown", file=sys.stderr)
        return 2
    rules = [rulebook.get(rule_id) for rule_id in args.ids]  # UnknownRule: one line, exit 2
    for rule in rules:
        title = f" ({rule.title})" if rule.title else ""
        print(f"{rule.id}{title} — {rule.section}\n{rule.text}")
        if rule.source:
            print(f"Source: {rule.source}")
        print()
    return 0


def _arena(args: argparse.Namespace) -> int:
    from ora_api.arena import ADJUDICATE_AFTER, default_jobs, run_arena
    from ora_api.progress import progress
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
                           "ci95": [s.low, s.high]} for s in result.standings],
            "ratings": [{"bot": r.bot, "rating": r.rating, "ci95": [r.low, r.high],
                         "pairs": r.pairs} for r in result.ratings],
            "results": [{"seed": g.seed, "bots": list(g.bots), "totals": list(g.totals),
                         "winners": list(g.winners), "finished": g.finished,
                         "adjudicated": g.adjudicated, "rounds": g.rounds}
                        for g in result.games],
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
    print("  bot            seats   wins   rate   95% interval (Wilson)")
    for s in result.standings:
        print(f"  {s.bot:<13} {s.games:>6} {s.wins:>6.1f} {s.rate:>6.1%}   "
              f"{s.low:.1%} .. {s.high:.1%}")
    print("  bot           rating   95% interval (bootstrap)   pairs   Bradley-Terry, Elo scale")
    for r in result.ratings:
        print(f"  {r.bot:<13} {r.rating:>6.0f}   {r.low:>6.0f} .. {r.high:<6.0f}"
              f"{'':>14}{r.pairs:>6}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.api:
        from ora_api.bench_api import run_bench_api

        return run_bench_api(args)
    from ora_api.bench import run_bench

    return run_bench(args)


def _specs_describe(args: argparse.Namespace) -> int:
    from ora_rules.views.glossary import describe_building, describe_wonder

    rules = load_rules(args.dir)
    if args.id in rules.wonders:  # a Liesborn wonder tile (LW-01 ..)
        print(describe_wonder(rules.wonders[args.id]))
        return 0
    try:
        spec = rules.building(args.id)
    except KeyError:
        print(f"ora: no building {args.id!r}", file=sys.stderr)
        return 2
    print(describe_building(spec))
    return 0


def _specs_glossary(args: argparse.Namespace) -> int:
    from ora_rules.views.glossary import glossary, wonder_glossary

    rules = load_rules(args.dir)
    Path(args.out).write_text(glossary(rules) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    if rules.wonders:
        Path(args.wonders_out).write_text(wonder_glossary(rules) + "\n", encoding="utf-8")
        print(f"wrote {args.wonders_out}")
    return 0


def _specs_fuzz(args: argparse.Namespace) -> int:
    from ora_api.progress import progress
    from ora_core.errors import SpecError
    from ora_rules.testing.fuzz import fuzz

    path = Path(args.path)
    if not path.is_file():
        print(f"ora: no spec file {args.path}", file=sys.stderr)
        return 2
    try:
        with progress(args.games, "games", quiet=args.json) as done:
            report = fuzz(path, games=args.games, base=Path(args.dir) if args.dir else None,
                          progress=done)
    except SpecError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s)", file=sys.stderr)
        return 1
    finding = report.finding
    if args.json:
        import attrs

        print(orjson.dumps(attrs.asdict(report)).decode())
    elif finding is None:
        print(f"ok: {report.building}: no invariant broken in {report.games} games "
              f"(built {report.builds} times, used {report.uses} times)")
    else:
        players, variant, length = finding.config
        print(f"{report.building}: [{finding.rule}] {finding.detail}\n"
              f"in game {report.games} ({players} players, {variant}, {length}, seed "
              f"{finding.seed}), move {finding.move_number}: {finding.command}\n"
              f"the game up to that move, as a record (docs/records.md):\n")
        sys.stdout.write(finding.record)
    if finding is None and report.uses == 0:
        print(f"ora: {report.building} was never used in {report.games} games; try --games "
              "with more games", file=sys.stderr)
    return 0 if finding is None else 1


def _specs_catalog(args: argparse.Namespace) -> int:
    import cattrs

    from ora_rules.views.catalog import catalog

    data = cattrs.Converter().unstructure(catalog(load_rules(args.dir), args.locale))
    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2 if args.json else 0).decode()
                     + "\n")
    return 0


def _specs_messages(args: argparse.Namespace) -> int:
    from ora_rules.views.i18n import template
    from ora_rules.views.vocabulary import messages

    Path(args.out).write_bytes(template(list(messages(load_rules(args.dir)))))
    print(f"wrote {args.out}")
    return 0


def _render(args: argparse.Namespace) -> int:
    from ora_api.pictures import game_svg
    from ora_api.rpc import RpcError
    from ora_api.service import open_service

    try:
        game_id = uuid.UUID(args.game_id)
    except ValueError:
        print(f"ora: {args.game_id[:40]!r} is not a game id", file=sys.stderr)
        return 2
    svc = open_service(args.store, check_writable=False)  # only reads
    try:
        text = game_svg(svc, game_id, version=args.version, move=args.move, seat=args.seat,
                        locale=args.locale, token=args.token)
    except RpcError as e:
        print(f"ora: {e.data.get('detail')}", file=sys.stderr)
        return 2
    finally:
        svc.close()
    sys.stdout.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ora", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

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
                         help="comma-separated bot names: a level (easy, medium, hard) or a "
                              "raw bot such as mcts:200ms (docs/bots.md)")
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
    bench.set_defaults(func=_bench)

    demo = sub.add_parser("demo", help="one stored 4-player game between bots (./run.sh)")
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--store", default=default_store())
    demo.set_defaults(func=_demo)

    add_record_commands(sub, default_store)  # export, import, verify, show

    list_p = sub.add_parser("list", help="the stored games: id, config, version, moves, "
                                         "finished, scores (a page at a time)")
    list_p.add_argument("--store", default=default_store())
    list_p.add_argument("--limit", type=int, default=50, help="games per page (default 50)")
    list_p.add_argument("--cursor", default=None,
                        help="where the previous page ended (printed on stderr)")
    list_p.add_argument("--json", action="store_true", help="one JSON line per game")
    list_p.set_defaults(func=_list)

    log_p = sub.add_parser("log", help="a stored game in words, one sentence per move")
    log_p.add_argument("game_id")
    log_p.add_argument("--from", dest="first", type=int, default=1, metavar="N",
                       help="the first move (counted from 1)")
    log_p.add_argument("--to", dest="last", type=int, default=None, metavar="M",
                       help="the last move (default: the game's last)")
    log_p.add_argument("--json", action="store_true", help="one JSON line per move")
    log_p.add_argument("--store", default=default_store())
    log_p.set_defaults(func=_log)

    render = sub.add_parser("render", help="a stored game as an SVG picture on stdout")
    render.add_argument("game_id")
    where = render.add_mutually_exclusive_group()
    where.add_argument("--move", type=int, default=None,
                       help="the game after its N-th move (0: before the first)")
    where.add_argument("--version", type=int, default=None, help="the game at a version")
    render.add_argument("--seat", type=int, default=None, help="only this seat's landscape")
    render.add_argument("--locale", default="en", help="en, el or ru (default en)")
    render.add_argument("--token", default=None,
                        help="a seat's or spectator's token (needed for a private game)")
    render.add_argument("--store", default=default_store())
    render.set_defaults(func=_render)

    explain_p = sub.add_parser("explain", help="a stored game's score line by line")
    explain_p.add_argument("game_id")
    explain_p.add_argument("--seat", type=int, default=None, help="only this seat")
    explain_p.add_argument("--move", dest="at", type=int, default=None, metavar="N",
                           help="after move N (0: the set-up); default: now")
    explain_p.add_argument("--json", action="store_true", help="one JSON line per seat")
    explain_p.add_argument("--store", default=default_store())
    explain_p.set_defaults(func=_explain)

    diff_p = sub.add_parser("diff", help="what changed between the states after two moves")
    diff_p.add_argument("game_id")
    diff_p.add_argument("a", type=int, help="move A (0: the set-up)")
    diff_p.add_argument("b", type=int, help="move B")
    diff_p.add_argument("--json", action="store_true")
    diff_p.add_argument("--store", default=default_store())
    diff_p.set_defaults(func=_diff)

    moves_p = sub.add_parser("moves", help="a stored game's legal moves now, as a tree")
    moves_p.add_argument("game_id")
    moves_p.add_argument("path", nargs="*", help="open VERB, or VERB TARGET (its moves)")
    moves_p.add_argument("--limit", type=int, default=50, help="moves shown per target (50)")
    moves_p.add_argument("--json", action="store_true")
    moves_p.add_argument("--store", default=default_store())
    moves_p.set_defaults(func=_moves)

    specs = sub.add_parser("specs", help="spec tools")
    specs_sub = specs.add_subparsers(dest="specs_command", required=True)
    check = specs_sub.add_parser("check", help="validate a spec directory")
    check.add_argument("--dir", default=None)
    check.set_defaults(func=_specs)
    describe = specs_sub.add_parser("describe", help="one building in words")
    describe.add_argument("id")
    describe.add_argument("--dir", default=None)
    describe.set_defaults(func=_specs_describe)
    gloss = specs_sub.add_parser("glossary", help="write the building glossary")
    gloss.add_argument("--out", default="docs/buildings.md")
    gloss.add_argument("--wonders-out", default="docs/wonders.md")
    gloss.add_argument("--dir", default=None)
    gloss.set_defaults(func=_specs_glossary)
    fuzz_p = specs_sub.add_parser(
        "fuzz", help="check a new or changed building spec: the invariant catalogue over random "
        "games that build and use it")
    fuzz_p.add_argument("path", help="the building's spec file (it replaces the spec with its id)")
    fuzz_p.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    fuzz_p.add_argument("--dir", default=None, help="the other specs (default: the committed)")
    fuzz_p.add_argument("--json", action="store_true", help="the report as one JSON line")
    fuzz_p.set_defaults(func=_specs_fuzz)
    cat = specs_sub.add_parser("catalog", help="every card, good, landscape and mode as JSON")
    cat.add_argument("--json", action="store_true", help="indented JSON (the default is one "
                     "line)")
    cat.add_argument("--locale", default="en", help="en, el or ru (default en)")
    cat.add_argument("--dir", default=None)
    cat.set_defaults(func=_specs_catalog)
    msgs = specs_sub.add_parser("messages", help="write the message template ora.pot")
    msgs.add_argument("--out", default="ora_rules/views/locale/ora.pot")
    msgs.add_argument("--dir", default=None)
    msgs.set_defaults(func=_specs_messages)

    rules_p = sub.add_parser("rules", help="look up the rules the engine cites (docs/rules.md)")
    rules_p.add_argument("ids", nargs="*", metavar="ID", help="rule ids: R-BUY-2, AMB-05, ...")
    rules_p.add_argument("--markdown", action="store_true", help="every rule, as docs/rules.md")
    rules_p.add_argument("-o", "--out", default=None, help="with --markdown: write to this file")
    rules_p.add_argument("--dir", default=None, help="the spec directory")
    rules_p.set_defaults(func=_rules)

    mcp_p = sub.add_parser("mcp", help="the API as a Model Context Protocol server on stdio "
                                       "(docs/mcp.md; the 'mcp' extra)")
    mcp_p.add_argument("--store", metavar="URL", default="memory",
                       help="memory (default) | sqlite:PATH | postgres:[DBNAME]")
    mcp_p.set_defaults(func=_mcp)

    serve = sub.add_parser("serve", help="the JSON-RPC server (stdio or HTTP)")
    add_serve_arguments(serve)
    serve.set_defaults(func=_serve)
    return parser


#: Where ``ora serve`` listens unless told otherwise (``./run.sh`` with no arguments).
DEFAULT_HTTP = "127.0.0.1:8765"


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``ora serve`` (here, so the other commands start without the server's
    imports)."""
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true",
                           help="serve one JSON-RPC message per line on stdin/stdout")
    transport.add_argument("--http", metavar="HOST:PORT", default=None,
                           help=f"serve POST /rpc and WebSocket /ws (default {DEFAULT_HTTP})")
    parser.add_argument("--store", metavar="URL", default=None,
                        help="memory | sqlite:PATH | postgres:[DBNAME] (default: "
                             "sqlite:$ORA_DATA/ora.sqlite3, else sqlite:data/ora.sqlite3)")
    public = parser.add_argument_group(
        "running it in public (docs/api.md)",
        "Who may use the HTTP transport and what one client may cost. Defaults suit a server "
        "behind a TLS proxy; each limit refuses or disconnects only the client that passes it.")
    public.add_argument("--allow-origin", action="append", metavar="ORIGIN", default=None,
                        help="a browser origin (https://host[:port]) whose pages may call /rpc "
                             "(CORS) and open /ws; repeatable; none by default (the server's "
                             "own pages and clients that send no Origin are always allowed)")
    public.add_argument("--allow-host", action="append", metavar="NAME", default=None,
                        help="a host name clients reach the server by (the Host header), "
                             "besides localhost and IP addresses; repeatable")
    public.add_argument("--max-request-bytes", type=int, default=None, metavar="N",
                        help="refuse larger messages (default 1 MiB)")
    public.add_argument("--max-reply-bytes", type=int, default=None, metavar="N",
                        help="the largest reply, a whole batch's included (default 8 MiB)")
    public.add_argument("--max-pending-bytes", type=int, default=None, metavar="N",
                        help="bytes waiting for one WebSocket client before it is "
                             "disconnected (default 16 MiB)")
    public.add_argument("--max-connections", type=int, default=None, metavar="N",
                        help="open connections; more get 503 (default 128)")
    public.add_argument("--header-timeout", type=float, default=None, metavar="SECONDS",
                        help="time to send a request's headers (default 10)")
    public.add_argument("--body-timeout", type=float, default=None, metavar="SECONDS",
                        help="time to send a request's body (default 30)")
    public.add_argument("--send-timeout", type=float, default=None, metavar="SECONDS",
                        help="time a WebSocket client may leave a message unread (default 30)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="with --http: N server processes on one socket and one store "
                             "(docs/scaling.md; default 1)")
    parser.add_argument("--log-level", default="warning",
                        choices=["debug", "info", "warning", "error"],
                        help="log level on stderr (default warning)")


def _mcp(args: argparse.Namespace) -> int:
    import asyncio

    from ora_api.service import open_service
    from ora_core.errors import InvalidCommand

    try:
        import mcp  # noqa: F401
    except ImportError:
        raise InvalidCommand("ora mcp needs the MCP SDK: pip install 'ora[mcp]'") from None
    from ora_api.mcp_server import serve_stdio

    try:
        service = open_service(args.store)
    except Exception as e:
        raise InvalidCommand(f"cannot open the store {args.store!r}: {e}") from None
    try:
        asyncio.run(serve_stdio(service))
    finally:
        service.close()
    return 0


def _serve(args: argparse.Namespace) -> int:
    from ora_api.server import run

    return run(args)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except OraError as error:
        print(f"ora: {error.message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (`ora rules --markdown | head`): not an error of ours. Point
        # stdout at /dev/null so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return result


if __name__ == "__main__":
    sys.exit(main())
