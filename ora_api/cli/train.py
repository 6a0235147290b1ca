"""``ora train-eval``: the learned evaluation's shipped model files made again from their
recipes (``ora_rules.bots.training``; docs/bots.md, "The learned evaluation")."""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ora_rules.bots.books import Plan


def add_train_command(sub: Any) -> None:
    """Add ``train-eval`` to the ``ora`` subparsers (the bots load only when it runs)."""
    train = sub.add_parser(
        "train-eval", help="make the learned evaluation's model files from self-play "
                           "(the 'learning' extra)")
    train.add_argument("--model", action="append", metavar="NAME",
                       help="one model, by its recipe's name: solo (repeatable; default: every "
                            "shipped one)")
    _add_making_options(train, "seeds", "games played at once in worker processes", "--model")
    train.set_defaults(func=_train_eval)


def _add_making_options(parser: Any, units: str, jobs: str, one: str) -> None:
    """The options ``train-eval`` and ``train-book`` share: a trial's size, the processes,
    where to write, and the check of a shipped file."""
    parser.add_argument("--games", type=int, default=None, metavar="N",
                        help=f"the recipe's first N {units} only, for a quick run (not the "
                             "shipped file)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help=f"{jobs} (default: the cores); the file is the same whatever N")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help=f"write here instead of the shipped file (one {one} only)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a shipped file would change")


def _check_making_options(verb: str, args: argparse.Namespace, names: list[str],
                          recipes: Any, what: str, one: str, units: str) -> None:
    """One line for each way ``train-eval`` / ``train-book``'s options can be wrong."""
    from ora_core.errors import InvalidCommand

    unknown = sorted(set(names) - set(recipes))
    if unknown:
        raise InvalidCommand(f"{verb}: no {what} {unknown[0]!r}; the recipes are "
                             f"{', '.join(sorted(recipes))}")
    if args.out is not None and len(names) != 1:
        raise InvalidCommand(f"{verb}: --out writes one {what}: name it with {one}")
    if args.games is not None and args.games < 1:
        raise InvalidCommand(f"{verb}: --games takes a number of {units}, at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise InvalidCommand(f"{verb}: --jobs takes a number of processes, at least 1")


def _write_or_check(verb: str, target: Path, text: str, check: bool) -> bool:
    """Write ``text`` to ``target``, or with ``check`` only say whether it would change it;
    True when it would."""
    if check:
        same = target.exists() and target.read_text(encoding="utf-8") == text
        print(f"{verb}: {target} {'is unchanged' if same else 'would change'}")
        return not same
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"{verb}: wrote {target}")
    return False


def _train_eval(args: argparse.Namespace) -> int:
    from ora_rules.bots.training import RECIPES

    names = args.model or sorted(RECIPES)
    _check_making_options("train-eval", args, names, RECIPES, "model", "--model", "seeds")
    # The fit needs numpy: say so now, in one line (ora_api.cli.extras), not after the games.
    if importlib.util.find_spec("numpy") is None:
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")
    from ora_api.tools.arena import default_jobs
    from ora_api.tools.progress import progress
    from ora_rules.bots.training import DATA, fit, residual, samples, tasks
    from ora_rules.setup import make_config

    jobs = args.jobs or default_jobs()
    changed = 0
    for name in names:
        recipe = RECIPES[name]
        mode = make_config(recipe["players"], recipe["variants"][0], recipe["length"], 0).mode
        total = len(tasks(name, recipe, args.games))
        print(f"train-eval: {name}: playing {total} games with {jobs} process(es) ...",
              file=sys.stderr, flush=True)
        began = time.perf_counter()
        with progress(total, "games") as done:
            games = samples(name, recipe, args.games, jobs, on_done=done)
        played = time.perf_counter() - began
        model = fit(games, recipe, mode, name)
        text = model.to_json()
        target = args.out or DATA / f"value_{name}.json"
        print(f"train-eval: {name}: {len(games)} games, {sum(map(len, games))} positions "
              f"({played:.0f} s), {sum(len(w) for w in model.weights)} weights, "
              f"rms error {residual(model, games):.1f} points", file=sys.stderr)
        changed += _write_or_check("train-eval", target, text, args.check)
    return 1 if changed else 0


def add_book_command(sub: Any) -> None:
    """Add ``train-book`` to the ``ora`` subparsers (the bots load only when it runs)."""
    book = sub.add_parser(
        "train-book", help="make the solo books: the best plans of whole solo games found "
                           "offline, where expert starts (docs/bots.md)")
    book.add_argument("--variant", action="append", metavar="NAME",
                      help="one book, by its recipe's name: france or ireland (repeatable; "
                           "default: both)")
    _add_making_options(book, "trials and chained games", "games played at once in worker "
                        "processes (the trials; then the books' chains side by side)",
                        "--variant")
    book.set_defaults(func=_train_book)


def _train_book(args: argparse.Namespace) -> int:
    from ora_rules.bots.books import RECIPES

    names = args.variant or sorted(RECIPES)
    _check_making_options("train-book", args, names, RECIPES, "book", "--variant", "games")
    from ora_api.tools.arena import default_jobs
    from ora_rules.bots.book_making import best, trial_seeds
    from ora_rules.bots.books import book_path, to_json
    from ora_rules.bots.work import in_workers

    jobs = args.jobs or default_jobs()
    trials = [(name, seed) for name in names for seed in trial_seeds(RECIPES[name], args.games)]
    print(f"train-book: making {', '.join(names)} with {jobs} process(es): {len(trials)} "
          f"trial games, then a chain of games a book; a line a game (minutes each) ...",
          file=sys.stderr, flush=True)
    began = time.time()
    played = list(in_workers(_play_trial, [(*task, began) for task in trials], jobs))
    by_name: dict[str, list[Plan]] = {name: [] for name in names}
    for (name, _), plan in zip(trials, played, strict=True):
        by_name[name].append(plan)
    starts = {name: best(plans) for name, plans in by_name.items()}
    for name in names:
        print(f"train-book: {name}: the best trial ends on {starts[name].score}",
              file=sys.stderr, flush=True)
    chained = list(in_workers(_play_chain, [(name, args.games, starts[name], began)
                                            for name in names], min(jobs, len(names))))
    changed = sum(_write_or_check("train-book", args.out or book_path(name),
                                  to_json(name, RECIPES[name], plan), args.check)
                  for name, plan in zip(names, chained, strict=True))
    return 1 if changed else 0


def _play_trial(task: tuple[str, int, float]) -> Plan:
    """One trial game of the book ``name`` (in a worker process: its line to stderr)."""
    from ora_rules.bots.book_making import trial
    from ora_rules.bots.books import RECIPES

    name, seed, began = task
    plan = trial(RECIPES[name], seed)
    print(f"train-book: {name}: the trial from seed {seed} ends on {plan.score} "
          f"({time.time() - began:.0f} s)", file=sys.stderr, flush=True)
    return plan


def _play_chain(task: tuple[str, int | None, Plan, float]) -> Plan:
    """The chain of the book ``name`` from its best trial's plan (in a worker process: a
    line to stderr as each game ends)."""
    from ora_rules.bots.book_making import chain, chain_seeds
    from ora_rules.bots.books import RECIPES

    name, games, start_from, began = task
    total = len(chain_seeds(RECIPES[name], games))

    def done(number: int, plan: Plan) -> None:
        print(f"train-book: {name}: chain game {number} of {total} ends on {plan.score} "
              f"({time.time() - began:.0f} s)", file=sys.stderr, flush=True)

    return chain(RECIPES[name], games, on_done=done, start_from=start_from)
