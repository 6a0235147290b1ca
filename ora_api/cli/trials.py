"""``ora trial make|check``: the golden trials (ora_rules.testing.trials; docs/verification.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ora_rules.specs import load_rules
from ora_rules.testing.trials import (
    TRIALS,
    TrialError,
    check_trial,
    make_trial,
    read_trial,
    trial_files,
)

DEFAULT_DIR = "tests/trials"


def add_trial_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    trial = sub.add_parser("trial", help="golden trials: stored games with the legal move "
                                         "count of every step (docs/verification.md)")
    trial_sub = trial.add_subparsers(dest="trial_command", required=True)
    make = trial_sub.add_parser("make", help="play and write the trial of each configuration")
    make.add_argument("configs", nargs="*", metavar="CONFIG",
                      help="e.g. 2-france-short, 3-ireland-long-liesborn (default: every "
                           "configuration and the Liesborn games)")
    make.add_argument("--dir", default=DEFAULT_DIR, help=f"where to write (default {DEFAULT_DIR})")
    make.add_argument("--seed", type=int, default=None, help="the game's seed (default: the "
                                                             "trial's own)")
    make.add_argument("--bot", default=None, help="the bot of every seat (default: the trial's)")
    make.set_defaults(func=_make)
    check = trial_sub.add_parser("check", help="replay trials; exit 1 at the first difference")
    check.add_argument("trials", nargs="*", metavar="CONFIG|FILE",
                       help="configurations or .trial files (default: every file in --dir)")
    check.add_argument("--dir", default=DEFAULT_DIR, help=f"where to read (default {DEFAULT_DIR})")
    check.set_defaults(func=_check)


def _make(args: argparse.Namespace) -> int:
    rules = load_rules()
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    for config in args.configs or list(TRIALS):
        trial = make_trial(config, rules, seed=args.seed, bot=args.bot)
        path = folder / f"{config}.trial"
        old = path.read_text() if path.exists() else None
        path.write_text(trial.text())
        status = "new" if old is None else ("unchanged" if old == trial.text() else "CHANGED")
        print(f"{path}: {len(trial.steps)} commands, {status}", flush=True)
    return 0


def _check(args: argparse.Namespace) -> int:
    rules = load_rules()
    folder = Path(args.dir)
    paths = [Path(t) if t.endswith(".trial") else folder / f"{t}.trial" for t in args.trials]
    paths = paths or list(trial_files(folder))
    if not paths:
        raise TrialError(f"no .trial files in {folder}; write them with `ora trial make`")
    failed = 0
    for path in paths:
        if not path.is_file():
            raise TrialError(f"no trial file {path}")
        trial = read_trial(path.read_text(), str(path))
        mismatch = check_trial(trial, rules)
        if mismatch is None:
            print(f"{path}: {len(trial.steps)} commands, every count and the scores agree",
                  flush=True)
        else:
            failed += 1
            print(f"{path}: {mismatch}", file=sys.stderr, flush=True)
    return 1 if failed else 0
