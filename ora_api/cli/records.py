"""The record commands of the ``ora`` command line: ``export``, ``import``, ``verify``, ``show``.

They only call the rules floor (``ora_rules.records``, ``ora_rules.views.text_view``) and the store.
Every failure is one line on stderr and exit 2 (``ora_api.cli.main`` prints ``OraError``s), never
a traceback; ``verify`` exits 1 when the game is intact but today's rules give other events.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import orjson

from ora_core.errors import OraError, UnknownGame
from ora_core.events import GameEvent, MovePlayed
from ora_core.upcasting import Upcast, upcasts

if TYPE_CHECKING:  # the store (and eventsourcing) loads only when a command needs it
    from ora_api.service import GameService
    from ora_core.store import EventStore

T = TypeVar("T")


class CommandError(OraError):
    """A bad argument of a record command (the CLI prints the message, exit 2)."""

    code = "bad_argument"


def add_record_commands(sub: Any, default_store: Callable[[], str]) -> None:
    """Add ``export``, ``import``, ``verify`` and ``show`` to the ``ora`` subparsers."""
    export = sub.add_parser("export", help="write a stored game's record (docs/records.md)")
    export.add_argument("game_id")
    export.add_argument("-o", "--output", default=None, help="the file (default: stdout)")
    export.add_argument("--no-checkpoints", action="store_true",
                        help="write the move lines without their #vN:HASH8 checkpoints")
    export.add_argument("--store", default=default_store())
    export.set_defaults(func=_export)

    imp = sub.add_parser("import", help="store a game from each record; prints the ids")
    imp.add_argument("files", nargs="+", metavar="FILE",
                     help="record files ('-': stdin); with several, one line each")
    imp.add_argument("--from", dest="source", default="ora",
                     help="the record's format: ora (default) or another engine's")
    imp.add_argument("--readings", default=None,
                     help="the named readings of the ambiguities (default: the format's own)")
    imp.add_argument("--as-recorded", action="store_true",
                     help="replay the record under its engine's profile (docs/records.md) and "
                     "list the moves that relied on it")
    imp.add_argument("--json", action="store_true",
                     help="print the import report as JSON (with the seats' tokens)")
    imp.add_argument("--store", default=default_store())
    imp.set_defaults(func=_import)

    verify = sub.add_parser("verify", help="check a stored game's chain and re-decide its "
                            "moves, or replay a record file")
    verify.add_argument("game", help="a stored game's id or a record file")
    verify.add_argument("--json", action="store_true")
    verify.add_argument("--store", default=default_store())
    verify.set_defaults(func=_verify)

    show = sub.add_parser("show", help="a stored game's position, as text (or --json)")
    show.add_argument("game_id")
    at = show.add_mutually_exclusive_group()
    at.add_argument("--at", type=int, default=None, help="the version (number of events)")
    at.add_argument("--move", type=int, default=None,
                    help="the position after this many moves (0: the set-up)")
    show.add_argument("--json", action="store_true", help="the raw state as JSON")
    show.add_argument("--store", default=default_store())
    show.set_defaults(func=_show)


# --- helpers ------------------------------------------------------------------------------------


def _game_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise CommandError(f"not a game id: {text!r} (a UUID such as the one `ora import` "
                           "prints)") from None


def _read_text(path: str) -> str:
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise CommandError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CommandError(f"{path}: not a UTF-8 text file (byte {e.start})") from None


def _open(url: str) -> EventStore[GameEvent]:
    from ora_api.tools.selfplay import open_store

    try:
        return open_store(url)
    except ValueError as e:
        raise CommandError(str(e)) from None


def _fold(url: str, game_id: uuid.UUID, fold_fn: Callable[[Any], T],
          version: int | None = None, *, part: bool = False) -> T:
    """``fold_fn`` over the stored game, every failure one line (tampered, unknown, too far);
    ``part``: ``fold_fn`` reads only the first events (a position by move)."""
    from ora_core.store import TamperedLog

    store = _open(url)
    try:
        if version is not None or part:
            # A part of a game is shown only if the whole chain holds (a tampered game is
            # refused as a whole, like the server does).
            store.fold(game_id, _count)
        return store.fold(game_id, fold_fn, version)
    except TamperedLog as e:
        raise CommandError(f"game {game_id}: {e.message}; refusing to read it") from None
    except UnknownGame:
        raise CommandError(f"unknown game {game_id} in {url}") from None
    except ValueError as e:  # a version beyond the head
        raise CommandError(str(e)) from None
    finally:
        store.close()


def _upcasts(url: str, game_id: uuid.UUID) -> list[Upcast]:
    """The stored events the fold read from an earlier schema version, by type and version."""
    store = _open(url)
    try:
        return upcasts((s.tag, s.data) for s in store.events(game_id))
    finally:
        store.close()


def _count(events: Iterable[GameEvent]) -> int:
    return sum(1 for _ in events)


def _rules() -> Any:
    from ora_rules.specs import load_rules

    return load_rules()


# --- the commands -------------------------------------------------------------------------------


def _export(args: argparse.Namespace) -> int:
    from ora_rules.records import write_record

    game_id = _game_id(args.game_id)
    events = _fold(args.store, game_id, list)
    try:
        text = write_record(events, checkpoints=not args.no_checkpoints, rules=_rules())
    except OraError as e:  # a seat taken during a take-back cannot be written
        raise CommandError(f"game {game_id}: {e.message}") from None
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        raise CommandError(f"cannot write {args.output}: {e.strerror or e}") from None
    print(f"wrote {args.output}: {sum(isinstance(e, MovePlayed) for e in events)} moves",
          file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    """One game per record file; with several files, a progress bar on a terminal and one line
    per file, and exit 2 when any of them stops."""
    from ora_api.service import open_service
    from ora_api.tools.progress import progress

    svc = open_service(args.store)
    worst = 0
    try:
        with progress(len(args.files), "records",
                      quiet=args.json or len(args.files) == 1) as done:
            for n, name in enumerate(args.files, 1):
                worst = max(worst, _import_one(svc, name, args, many=len(args.files) > 1))
                done(n)
    finally:
        svc.close()
    return worst


def _import_one(svc: GameService, name: str, args: argparse.Namespace, *, many: bool) -> int:
    import cattrs

    from ora_api.jsonrpc.rpc import RpcError, Session
    from ora_api.methods.records import ImportParams, game_import

    text = _read_text(name)
    try:
        result = game_import(svc, Session(), ImportParams(
            record=text, source=args.source, readings=args.readings,
            as_recorded=args.as_recorded))
    except RpcError as e:
        detail = (e.data or {}).get("detail", e.message)
        raise CommandError(f"{name}: {detail}") from None
    if args.json:
        sys.stdout.write(orjson.dumps(cattrs.Converter().unstructure(result)).decode() + "\n")
        return 2 if result.stop else 0
    if not many:
        for note in result.notes:
            print(f"note: line {note.line}, move {note.move} {note.source!r} {note.action} "
                  f"{' / '.join(note.commands) or '-'}: {note.why}")
    stop = result.stop
    if stop is not None:
        rule = f" ({stop.rule})" if stop.rule else ""
        reading = f"; the reading {stop.reading!r} would allow it" if stop.reading else ""
        if stop.option:
            reading += f" (its option {stop.option})"
        print(f"ora: {name}: line {stop.line}, move {stop.move_number} {stop.source!r} "
              f"cannot be played: {stop.reason}{rule}: {stop.detail}{reading}; nothing stored",
              file=sys.stderr)
        return 2
    print(f"{name}: {result.game_id} ({len(result.notes)} notes)" if many else result.game_id)
    if not many and result.profile != "rulebook":
        from ora_api.methods.departures import departure_lines

        print("\n".join(departure_lines(result.profile, result.moves, result.departures)))
    return 0


def _verify(args: argparse.Namespace) -> int:
    from ora_rules.records import RecordError, read_record
    from ora_rules.records.ora_format import chain_of, head_tag
    from ora_rules.records.verify import Difference, redecide

    rules = _rules()
    try:
        game_id: uuid.UUID | None = uuid.UUID(args.game)
    except ValueError:
        game_id = None
    difference: Difference | None
    upcast: list[Upcast]
    if game_id is not None:
        events: list[GameEvent] = _fold(args.store, game_id, list)
        what = f"game {game_id}"
        difference = redecide(events, rules)
        upcast = _upcasts(args.store, game_id)
    else:
        if not Path(args.game).is_file():
            raise CommandError(f"{args.game}: neither a game id nor a record file")
        try:
            imported = read_record(_read_text(args.game), rules)
        except RecordError as e:
            raise CommandError(f"{args.game}: {e.message}") from None
        events = list(imported.events)
        what = args.game
        upcast = []  # a record is replayed by today's engine: nothing stored is upcast
        stop = imported.stop
        difference = None if stop is None else Difference(
            len(events) + 1, stop.move_number, stop.source, stop.reason, stop.rule, stop.detail,
            stop.line)
    moves = sum(isinstance(e, MovePlayed) for e in events)
    head = head_tag(chain_of(events)[-1])
    if args.json:
        sys.stdout.write(orjson.dumps({
            "ok": difference is None, "version": len(events), "moves": moves, "head": head,
            "upcast": [{"type": u.tag, "from": u.from_version, "to": u.to_version,
                        "events": u.events} for u in upcast],
            "difference": None if difference is None else {
                "version": difference.version, "move_number": difference.move_number,
                "move": difference.move, "reason": difference.reason, "rule": difference.rule,
                "detail": difference.detail, "line": difference.line}}).decode() + "\n")
    elif difference is None:
        print(f"ok: {what}: {moves} moves, {len(events)} events, head {head}")
    else:
        d = difference
        rule = f" ({d.rule})" if d.rule else ""
        line = "" if d.line is None else f"line {d.line}, "
        print(f"differs: {what}: version {d.version}, {line}move {d.move_number} "
              f"{d.move!r}: {d.reason}{rule}: {d.detail}")
    if upcast and not args.json:
        print("upcast: " + ", ".join(f"{u.events} {u.tag} v{u.from_version}->v{u.to_version}"
                                     for u in upcast))
    return 0 if difference is None else 1


def _show(args: argparse.Namespace) -> int:
    from ora_core.codec import state_to_dict
    from ora_core.evolve import fold
    from ora_rules.records.positions import NoSuchMove, events_to_move
    from ora_rules.views.text_view import text_view

    game_id = _game_id(args.game_id)
    if args.at is not None and args.at < 1:
        raise CommandError(f"--at {args.at}: versions start at 1 (the game's first event)")
    if args.move is not None and args.move < 0:
        raise NoSuchMove(args.move, 0)  # the words of explain, render and diff
    if args.move is not None:
        move = args.move
        state = _fold(args.store, game_id, lambda events: fold(events_to_move(events, move)),
                      part=True)
    else:
        state = _fold(args.store, game_id, fold, version=args.at)
    if args.json:
        sys.stdout.write(orjson.dumps(state_to_dict(state), option=orjson.OPT_INDENT_2).decode()
                         + "\n")
    else:
        sys.stdout.write(text_view(state, move=args.move))
    return 0
