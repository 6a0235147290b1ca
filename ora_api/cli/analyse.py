"""``ora analyse GAME``: each decision's estimate before and after the move played, the bot's
preferred move and what the played move cost, with marks (docs/analysis.md); ``ora render
GAME --analysis`` draws the estimates (``ora_rules.analysis.plot``).

The decisions are cached beside the game (``ora_api.table.analyses``): a second run reads them
and an interrupted run (Ctrl-C) resumes. Progress on a terminal (``ora_api.tools.progress``).
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import orjson

if TYPE_CHECKING:
    from ora_core.state import State
    from ora_rules.analysis import Analysis, Decision


class Interrupted(Exception):
    """Ctrl-C during an analysis: ``done`` decisions were analysed (or read) and stored."""

    def __init__(self, done: int) -> None:
        super().__init__(done)
        self.done = done


#: The exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def interrupted(error: Interrupted) -> int:
    print(f"ora: interrupted after {error.done} decisions, each stored: the same command "
          "resumes", file=sys.stderr)
    return INTERRUPTED


def add_analysis_arguments(parser: Any) -> None:
    """The flags ``analyse`` and ``render --analysis`` share."""
    parser.add_argument("--bot", default="hard",
                        help="the analysing bot (default hard; docs/bots.md)")
    parser.add_argument("--budget", default="2000",
                        help="positions valued by each estimate's rollout (default 2000); a "
                             "time (1s, 500ms) is allowed but not reproducible")
    parser.add_argument("--seed", type=int, default=0, help="the analysis's random streams")
    parser.add_argument("--from", dest="first", type=int, default=1, metavar="M",
                        help="the first move analysed (counted from 1)")
    parser.add_argument("--to", dest="last", type=int, default=None, metavar="N",
                        help="the last move analysed (default: the game's last)")


def add_analyse_command(sub: Any, default_store: Callable[[], str]) -> None:
    p = sub.add_parser("analyse", help="a stored game's decisions judged by a bot: estimates, "
                                       "better moves, marks (docs/analysis.md)")
    p.add_argument("game_id")
    add_analysis_arguments(p)
    p.add_argument("--json", action="store_true", help="the analysis as one JSON document")
    p.add_argument("--store", default=default_store())
    p.set_defaults(func=_analyse)


def run_analysis(args: argparse.Namespace, *, quiet: bool = False) -> tuple[Analysis, State]:
    """The analysis ``args`` ask for, through the store's cache, and the game's last state."""
    from ora_api.service import open_service
    from ora_api.table.analyses import analyse_stored
    from ora_api.tools.progress import progress
    from ora_core.errors import InvalidCommand
    from ora_core.events import MovePlayed
    from ora_core.evolve import fold
    from ora_rules.analysis import parse_budget

    try:
        game_id = uuid.UUID(args.game_id)
    except ValueError:
        raise InvalidCommand(f"{args.game_id!r} is not a game id") from None
    budget = parse_budget(args.budget)
    service = open_service(args.store)
    done_so_far = [0]
    try:
        events = service.store.fold(game_id, list)
        moves = sum(isinstance(e, MovePlayed) for e in events)
        total = max(0, (moves if args.last is None else args.last) - args.first + 1)
        with progress(total, "decisions analysed", quiet=quiet) as done:
            def seen(n: int, total: int) -> None:
                done_so_far[0] = n
                done(n)

            analysis = analyse_stored(service.lobby, service.rules, game_id, events,
                                      bot=args.bot, budget=budget, seed=args.seed,
                                      first=args.first, last=args.last, progress=seen)
    except KeyboardInterrupt:  # every decision done is stored: the same command resumes
        raise Interrupted(done_so_far[0]) from None
    finally:
        service.close()
    return analysis, fold(events)


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The analysis as JSON (``game.analyse`` answers the same fields)."""
    return {"bot": analysis.bot, "budget": analysis.budget, "seed": analysis.seed,
            "reproducible": analysis.reproducible, "version": analysis.version,
            "moves": analysis.moves, "finished": analysis.finished,
            "seats": list(analysis.seats), "first": analysis.first, "last": analysis.last,
            "start": list(analysis.start), "cached": analysis.cached,
            "complete": analysis.complete,
            "decisions": [d.to_json() for d in analysis.decisions],
            "marked": [d.number for d in analysis.marked()],
            "summary": [attrs.asdict(s) for s in analysis.summary()]}


def _analyse(args: argparse.Namespace) -> int:
    from ora_rules.views.narrate import seat_name

    try:
        analysis, state = run_analysis(args, quiet=args.json)
    except Interrupted as e:
        return interrupted(e)
    if args.json:
        sys.stdout.write(orjson.dumps(analysis_json(analysis)).decode() + "\n")
        return 0
    names = [seat_name(state, seat) for seat in analysis.seats]
    kind = "reproducible" if analysis.reproducible else "NOT reproducible (a budget in time)"
    print(f"analysis by {analysis.bot}, budget {analysis.budget}, seed {analysis.seed} "
          f"({kind}): moves {analysis.first}..{analysis.last} of {analysis.moves}, "
          f"version {analysis.version}, {analysis.cached} from the cache")
    print(f"estimate at the start: {_estimates(names, analysis.start)}")
    for d in analysis.decisions:
        print(_line(state, d, names))
    final = analysis.decisions[-1].after if analysis.decisions else analysis.start
    what = "final score" if analysis.finished and analysis.last == analysis.moves else "estimate"
    print(f"{what} at move {analysis.last}: {_estimates(names, final)}")
    disagree = [d for d in analysis.decisions if d.disagrees]
    print(f"the bot prefers another move at {len(disagree)} of {len(analysis.decisions)} "
          "decisions")
    for s in analysis.summary():
        print(f"  {seat_name(state, s.seat)}: {s.disagreements} of {s.judged} moves judged "
              f"differ, mean loss {s.mean_loss:g}; {s.blunders} blunders, {s.mistakes} "
              f"mistakes, {s.inaccuracies} inaccuracies")
    for d in analysis.marked():
        print(f"  {d.mark} at move {d.number} ({seat_name(state, d.seat)}): {d.played}, "
              f"{d.loss:g} points below {d.best}")
    return 0


def _estimates(names: list[str], values: tuple[float, ...]) -> str:
    return ", ".join(f"{name} {value:g}" for name, value in zip(names, values, strict=True))


def _line(state: State, d: Decision, names: list[str]) -> str:
    from ora_rules.views.narrate import seat_name

    head = f"{d.number}. {seat_name(state, d.seat)} {d.played}  {_estimates(names, d.after)}"
    if d.error is not None:
        return f"{head}  ({d.error})"
    if d.forced:
        return f"{head}  (forced)"
    if not d.disagrees:
        return f"{head}  (the bot's move)"
    mark = f" {d.mark}" if d.mark else ""
    return f"{head}  bot: {d.best} {d.loss:+g}{mark}"
