"""The ``ora`` command line: self-play, stored games, records, specs, the server, benchmarks.

Each family of commands is a module of this package that adds its subparsers
(``add_..._commands``); the defaults they share (the store) are handed to them, so no module
imports this one. Commands import what they run only when they run: ``ora --help`` and the
small commands start without the store, the bots or the server.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from ora_api.cli.analyse import add_analyse_command
from ora_api.cli.audit import add_audit_command
from ora_api.cli.extras import missing_extra
from ora_api.cli.forks import add_fork_commands
from ora_api.cli.games import add_game_commands
from ora_api.cli.play import add_play_commands
from ora_api.cli.records import add_record_commands
from ora_api.cli.serve import add_serve_commands
from ora_api.cli.specs import add_spec_commands
from ora_api.cli.stores import announce_new_store, existing_store
from ora_api.cli.train import add_book_command, add_train_command
from ora_api.cli.trials import add_trial_commands
from ora_core.errors import OraError


def default_store() -> str:
    """The embedded SQLite default: ``$ORA_DATA/ora.sqlite3`` or ``./data/ora.sqlite3``."""
    return "sqlite:" + str(Path(os.environ.get("ORA_DATA", "data")) / "ora.sqlite3")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ora", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    add_play_commands(sub, default_store)  # selfplay, arena, bench, demo
    add_record_commands(sub, default_store)  # export, import, verify, show
    add_audit_command(sub, default_store)  # audit (issue 21)
    add_fork_commands(sub, default_store)  # fork, annotate (issue 35)
    add_game_commands(sub, default_store)  # list, log, render, explain, diff, moves
    add_analyse_command(sub, default_store)  # analyse (issue 35)
    add_spec_commands(sub)  # specs ..., rules
    add_trial_commands(sub)  # trial make, trial check
    add_train_command(sub)  # train-eval (issue 36)
    add_book_command(sub)  # train-book (issue 36)
    add_serve_commands(sub)  # mcp, serve
    return parser


#: The exit status of a failure that is a bug of ``ora``'s, not a mistake of the user's (2).
INTERNAL_ERROR = 70

#: The commands that only read a store, or add to a game already in it (``fork``,
#: ``annotate``; ``analyse`` writes only its cache beside a game that must exist): they never
#: create one (``ora_api.cli.stores``).
READS_ONLY = frozenset({"list", "log", "render", "explain", "diff", "moves", "show", "export",
                        "verify", "audit", "analyse", "fork", "annotate"})


def _internal_error(error: Exception) -> int:
    if os.environ.get("ORA_TRACEBACK"):
        raise error
    print(f"ora: internal error ({type(error).__name__}: {error}); please report it with "
          "the command (ORA_TRACEBACK=1 shows the traceback)", file=sys.stderr)
    return INTERNAL_ERROR


def command_parser(parser: argparse.ArgumentParser,
                   args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the command ``args`` chose (``specs describe``'s, not ``ora``'s)."""
    while True:
        subcommands = [action for action in parser._actions
                       if isinstance(action, argparse._SubParsersAction)]
        chosen = getattr(args, subcommands[0].dest, None) if subcommands else None
        if chosen is None:
            return parser
        parser = subcommands[0].choices[chosen]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # told with the command's own usage, where its options are (exit 2)
        command_parser(parser, args).error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        # serve says so itself, once its options are read (ora_api.cli.serve)
        store = None if args.command == "serve" else getattr(args, "store", None)
        reads_a_file = Path(getattr(args, "game", "") or "").is_file()  # verify/audit FILE
        if store is not None and not reads_a_file:
            (existing_store if args.command in READS_ONLY else announce_new_store)(store)
        result: int = args.func(args)
    except OraError as error:
        print(f"ora: {error.message}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:  # an optional extra not installed, or a bug of ours
        line = missing_extra(error, args.command)
        if line is None:
            return _internal_error(error)
        print(f"ora: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's code for SIGINT
        print(f"ora {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # before OSError, of which it is one
        # The reader went away (`ora rules --markdown | head`): not an error of ours. Point
        # stdout at /dev/null so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ValueError, OSError) as error:  # a bad value the command did not check first
        print(f"ora: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug of ours: one line still, the traceback on request
        return _internal_error(error)
    return result
